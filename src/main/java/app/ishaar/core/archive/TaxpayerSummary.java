package app.ishaar.core.archive;

import app.ishaar.core.model.Rin;
import java.time.Instant;

/**
 * What the archive holds of one taxpayer of one service ({@code archive info}).
 *
 * @param oldest received date-time of the oldest archived notification, null when none
 * @param newest received date-time of the newest, null when none
 * @param lastSynced when a sync of this taxpayer last finished, null when never
 * @param complete whether a first sync has read the whole history (an interrupted first sync is not
 *     complete)
 */
public record TaxpayerSummary(
        ServiceKey service,
        Rin taxpayer,
        long count,
        Instant oldest,
        Instant newest,
        Instant lastSynced,
        boolean complete) {}
