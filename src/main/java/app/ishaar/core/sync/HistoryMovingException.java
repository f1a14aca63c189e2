package app.ishaar.core.sync;

import app.ishaar.core.model.Rin;

/**
 * The history kept changing under the sync: pages still missing after many rounds of reading them
 * (notifications arriving faster than pages can be read, or pages whose size does not fit their
 * total). What was read is kept; the next sync goes on from there.
 */
public final class HistoryMovingException extends Exception {
    private static final long serialVersionUID = 1L;

    public HistoryMovingException(Rin taxpayer, int gaps) {
        super(
                "the history of taxpayer "
                        + taxpayer
                        + " kept changing while it was read ("
                        + gaps
                        + " stretches still missing); the next sync goes on from here");
    }
}
