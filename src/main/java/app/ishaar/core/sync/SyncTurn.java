package app.ishaar.core.sync;

import app.ishaar.core.model.Rin;
import java.time.Instant;

/**
 * A taxpayer's next turn in a {@link SyncScheduler}.
 *
 * @param taxpayer as given to the scheduler (null: the ERP system's own)
 * @param place 0: syncing now; 1, 2, …: in line now, in this order; -1: not in line
 * @param at when its turn comes by the clock (past while in line); null: only when asked
 */
public record SyncTurn(Rin taxpayer, int place, Instant at) {}
