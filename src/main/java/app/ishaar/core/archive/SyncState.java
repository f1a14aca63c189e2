package app.ishaar.core.archive;

import java.time.Instant;

/**
 * What the archive keeps of a taxpayer's sync: the last committed checkpoint (null before any),
 * whether a first sync has read the whole history, and when a sync last finished (null when never).
 */
public record SyncState(String checkpoint, boolean complete, Instant lastSynced) {

    public static final SyncState NONE = new SyncState(null, false, null);
}
