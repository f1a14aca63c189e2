package app.ishaar.ui.inbox;

import app.ishaar.core.model.Rin;
import java.util.Objects;

/**
 * A taxpayer of the list as the inbox and the sync see it.
 *
 * @param name as the user knows it; blank when none was given
 * @param own the ERP system's own taxpayer, which logs in without {@code onbehalfof}
 */
public record InboxTaxpayer(Rin rin, String name, boolean own) {

    public InboxTaxpayer {
        Objects.requireNonNull(rin, "rin");
        name = name == null ? "" : name.strip();
    }

    /** A represented taxpayer. */
    public static InboxTaxpayer represented(Rin rin, String name) {
        return new InboxTaxpayer(rin, name, false);
    }
}
