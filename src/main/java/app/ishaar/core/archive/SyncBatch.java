package app.ishaar.core.archive;

import app.ishaar.core.model.Rin;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What one step of a sync writes, all in one transaction: notifications to insert or update
 * (matched by service, taxpayer and notification ID: an existing one is replaced by the newer
 * answer, e.g. a status that settled; one sent again unchanged keeps its form and takes the new
 * {@link ArchivedNotification#statusCheckedAt()}), and the sync's checkpoint after them. The
 * checkpoint is the sync's own opaque text (the archive keeps it, never reads it), so that an
 * interrupted sync resumes from the last batch that was committed and never from one that was not.
 *
 * @param checkpoint the sync's state after this batch; null keeps the one stored
 * @param complete true once the whole history has been read at least once
 * @param finishedAt set on a sync's last batch: when it finished (shown as "last synced")
 */
public record SyncBatch(
        ServiceKey service,
        Rin taxpayer,
        List<ArchivedNotification> upserts,
        String checkpoint,
        boolean complete,
        Instant finishedAt) {

    public SyncBatch {
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(taxpayer, "taxpayer");
        upserts = List.copyOf(upserts);
    }
}
