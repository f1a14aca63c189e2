package app.ishaar.ui.taxpayers;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.ui.i18n.I18n;
import java.time.Clock;

/** The sync's answers in the UI's language: what the taxpayer list says of each taxpayer's sync. */
public final class SyncTexts {
    private final I18n i18n;

    public SyncTexts(I18n i18n) {
        this.i18n = i18n;
    }

    /** Why the archive could not be read or written; "" for none. */
    public String archiveProblem(ArchiveException.Reason r) {
        if (r == null) {
            return "";
        }
        return i18n.get(app.ishaar.ui.error.Failure.archiveKey(r));
    }

    /** What the list says of a taxpayer's sync, in a few words. */
    public String syncStatus(TaxpayerSyncStatus s, Clock clock) {
        return switch (s.phase()) {
            case SYNCING ->
                    s.total() > 0
                            ? i18n.get("inbox.sync.progress", s.held(), s.total())
                            : i18n.get("inbox.sync.syncing");
            case WAITING ->
                    s.turn() != null
                            ? i18n.get("inbox.sync.turn", i18n.formatTimeToday(s.turn(), clock))
                            : i18n.get("inbox.sync.waiting");
            case IDLE -> idle(s, clock);
        };
    }

    /** Idle: how its last sync ended and, when known, when the next is due ("next at 14:05"). */
    private String idle(TaxpayerSyncStatus s, Clock clock) {
        String next = s.turn() == null ? null : i18n.formatTimeToday(s.turn(), clock);
        if (s.problem() != null) {
            return switch (s.problem()) {
                case NO_ACCESS -> i18n.get("inbox.sync.noAccess");
                case NOT_DELEGATED -> i18n.get("inbox.sync.notDelegated");
                case LOGIN_REFUSED -> i18n.get("inbox.sync.loginRefused");
                case UNREACHABLE ->
                        next == null
                                ? i18n.get("inbox.sync.unreachable")
                                : i18n.get("inbox.sync.unreachable.at", next);
                case ARCHIVE ->
                        archiveProblem(
                                s.archiveReason() != null
                                        ? s.archiveReason()
                                        : ArchiveException.Reason.FAILED);
                case FAILED ->
                        next == null
                                ? i18n.get("inbox.sync.failed")
                                : i18n.get("inbox.sync.failed.at", next);
            };
        }
        if (s.office()) {
            return s.lastSynced() == null
                    ? i18n.get("inbox.sync.office")
                    : i18n.get(
                            "inbox.sync.office.last", i18n.formatTimeToday(s.lastSynced(), clock));
        }
        String last =
                s.lastSynced() == null
                        ? i18n.get("inbox.sync.never")
                        : i18n.get("inbox.sync.last", i18n.formatTimeToday(s.lastSynced(), clock));
        return next == null ? last : i18n.get("inbox.sync.next", last, next);
    }
}
