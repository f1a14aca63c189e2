package app.ishaar.ui.inbox;

import app.ishaar.core.model.Rin;

/**
 * What the inbox shows: every taxpayer of the list ({@link #ALL}), or one taxpayer.
 *
 * @param taxpayer the one taxpayer, or null for all
 */
public record InboxScope(Rin taxpayer) {

    /** All taxpayers of the list in one table. */
    public static final InboxScope ALL = new InboxScope(null);

    public static InboxScope of(Rin taxpayer) {
        return taxpayer == null ? ALL : new InboxScope(taxpayer);
    }

    public boolean isAll() {
        return taxpayer == null;
    }
}
