package app.ishaar.core.settings;

import app.ishaar.core.archive.HandlingRule;
import java.util.List;
import java.util.Set;

/**
 * What needs handling when it arrives (Settings → Handling): the notification types (their IDs) and
 * the statuses (as the service writes them) that are marked to handle as they are archived. The
 * start is each taxpayer's first sync, so that older notifications are not swept in.
 *
 * @param types the types' IDs, sorted; never null
 * @param statuses the statuses, sorted; never null
 */
public record HandlingSetting(List<String> types, List<String> statuses) {

    /** A failed delivery, and a document rejected or cancelled ({@link HandlingRule#DEFAULT}). */
    public static final HandlingSetting DEFAULT =
            new HandlingSetting(
                    List.copyOf(HandlingRule.DEFAULT.types()),
                    List.copyOf(HandlingRule.DEFAULT.statuses()));

    public HandlingSetting {
        types = types == null ? List.of() : sorted(types);
        statuses = statuses == null ? List.of() : sorted(statuses);
    }

    private static List<String> sorted(List<String> values) {
        return values.stream()
                .filter(v -> v != null && !v.isBlank())
                .map(String::strip)
                .distinct()
                .sorted()
                .toList();
    }

    /** The same with this type chosen or not. */
    public HandlingSetting withType(String id, boolean chosen) {
        return new HandlingSetting(with(types, id, chosen), statuses);
    }

    /** The same with this status chosen or not. */
    public HandlingSetting withStatus(String status, boolean chosen) {
        return new HandlingSetting(types, with(statuses, status, chosen));
    }

    private static List<String> with(List<String> values, String value, boolean chosen) {
        List<String> out = new java.util.ArrayList<>(values);
        out.remove(value);
        if (chosen) {
            out.add(value);
        }
        return out;
    }

    /** The rule the archive applies on arrival, from each taxpayer's first sync. */
    public HandlingRule rule() {
        return new HandlingRule(Set.copyOf(types), Set.copyOf(statuses), null);
    }
}
