package app.ishaar.ui.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.SearchText;
import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Notification;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class MatchedWordsTest {

    private static Notification with(String message, String address) {
        return new Notification(
                "n-1",
                Instant.parse("2026-01-05T10:00:00Z"),
                null,
                "2",
                "Document rejected",
                message,
                "email",
                address,
                "ar",
                "delivered",
                List.of());
    }

    private static List<String> found(Notification n, String typed) {
        return MatchedWords.in(n, SearchText.terms(typed));
    }

    @Test
    void theWordsAsWrittenThatBeginOrEndWithATermAreMarkedOnceEach() {
        Notification n =
                with(
                        "<p>Your invoice INV-2026-004512 was rejected. Rejected again: see"
                                + " validation.</p>",
                        "finance@nile.com.eg");
        assertThat(found(n, "rejected")).containsExactly("rejected", "Rejected");
        assertThat(found(n, "valid 4512")).containsExactly("004512", "validation");
        assertThat(found(n, "nile")).containsExactly("nile");
        assertThat(found(n, "tags")).as("not the HTML's tags").isEmpty();
    }

    @Test
    void arabicWordsAreFoundByTheArchivesRulesAndMarkedWithTheirDiacritics() {
        Notification n =
                with(
                        "تم التحقق من صحة فاتورتكم. رَمْزُ التحقق ٢٠٢٥ منظومة الفاتورة الإلكترونية",
                        null);
        // as the archive finds them: by the word's beginning or end, or by its light stem
        assertThat(found(n, "فاتورة")).containsExactly("فاتورتكم", "الفاتورة");
        assertThat(found(n, "رمز")).containsExactly("رَمْزُ");
        assertThat(found(n, "الالكترونية")).containsExactly("الإلكترونية");
        assertThat(found(n, "2025")).containsExactly("٢٠٢٥");
    }

    @Test
    void aReasonADeliveryAttemptGaveIsMarkedAsTheArchiveFindsIt() {
        Notification n =
                new Notification(
                        "n-2",
                        Instant.parse("2026-01-05T10:00:00Z"),
                        null,
                        "2",
                        "Document rejected",
                        "<p>Your invoice was rejected.</p>",
                        "email",
                        "finance@nile.com.eg",
                        "en",
                        "error",
                        List.of(
                                new DeliveryAttempt(
                                        Instant.parse("2026-01-05T10:01:00Z"),
                                        "error",
                                        "552 5.2.2 Mailbox full")));
        assertThat(found(n, "mailbox")).containsExactly("Mailbox");
    }

    @Test
    void noSearchMarksNothing() {
        assertThat(MatchedWords.in(with("anything", null), List.of())).isEmpty();
        assertThat(MatchedWords.in(null, List.of("x"))).isEmpty();
    }
}
