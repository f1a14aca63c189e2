package app.ishaar.core.archive;

import app.ishaar.core.model.Rin;
import java.util.List;

/**
 * What a change of some notifications' handling did: every one changed (in one transaction), and
 * those whose changer had not seen the latest change before theirs. Theirs is still recorded and is
 * now the latest; the change they had not seen stays in the history.
 *
 * @param changed how many notifications the change was recorded for
 */
public record HandlingResult(int changed, List<Overtaken> overtaken) {

    public HandlingResult {
        overtaken = List.copyOf(overtaken);
    }

    /**
     * A notification changed by someone else after its changer looked: {@code seen} was the latest
     * change they saw ({@link HandlingTarget#NONE_SEEN}: none), {@code unseen} the latest one
     * before theirs, by {@code unseenBy}.
     */
    public record Overtaken(
            Rin taxpayer, String notificationId, long seen, long unseen, String unseenBy) {}
}
