package app.ishaar.ui.notifications;

import app.ishaar.core.archive.SearchText;
import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Notification;
import app.ishaar.core.text.PlainText;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The words of a notification that a search found, as they are written in it, by the archive's
 * rules ({@link SearchText#finds}): a word matches when its normalised form begins or ends with a
 * term or shares its light stem.
 */
final class MatchedWords {
    private MatchedWords() {}

    /** At most this many are marked: a word found everywhere does not fill the pane. */
    static final int MOST = 12;

    /**
     * @param terms the search's terms, normalised ({@link SearchText#terms})
     * @return the matching words of the message (as the detail shows it), the address, the ID and
     *     the delivery attempts' reasons, each once, in their order
     */
    static List<String> in(Notification n, List<String> terms) {
        if (n == null || terms == null || terms.isEmpty()) {
            return List.of();
        }
        StringBuilder all = new StringBuilder(PlainText.of(n.finalMessage()));
        if (n.address() != null) {
            all.append(' ').append(n.address());
        }
        if (n.notificationId() != null) {
            all.append(' ').append(n.notificationId());
        }
        for (DeliveryAttempt a : n.deliveryAttempts()) {
            if (a.statusDetails() != null) {
                all.append(' ').append(a.statusDetails());
            }
        }
        Set<String> found = new LinkedHashSet<>();
        for (String word : rawWords(all.toString())) {
            if (matches(word, terms)) {
                found.add(word);
                if (found.size() == MOST) {
                    break;
                }
            }
        }
        return List.copyOf(found);
    }

    private static boolean matches(String word, List<String> terms) {
        for (String w : SearchText.words(SearchText.normalise(word))) {
            for (String t : terms) {
                if (SearchText.finds(t, w)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The text's words as written: runs of letters, digits and the marks on them (Arabic
     * diacritics), so that a word is marked whole; anything else separates them.
     */
    private static List<String> rawWords(String text) {
        List<String> out = new ArrayList<>();
        int start = -1;
        for (int i = 0; i <= text.length(); i++) {
            boolean part = i < text.length() && partOfWord(text.charAt(i));
            if (part && start < 0) {
                start = i;
            } else if (!part && start >= 0) {
                out.add(text.substring(start, i));
                start = -1;
            }
        }
        return out;
    }

    private static boolean partOfWord(char c) {
        int type = Character.getType(c);
        return Character.isLetterOrDigit(c)
                || type == Character.NON_SPACING_MARK
                || type == Character.COMBINING_SPACING_MARK;
    }
}
