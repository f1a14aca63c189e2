package app.ishaar.ui.notifications;

import app.ishaar.core.model.Rin;
import java.util.Objects;

/**
 * A taxpayer of the list as the notification screen and the sync see it.
 *
 * @param name as the list shows it in the interface's language; blank when none was given
 * @param own the ERP system's own taxpayer, which logs in without {@code onbehalfof}
 */
public record ListedTaxpayer(Rin rin, String name, boolean own) {

    public ListedTaxpayer {
        Objects.requireNonNull(rin, "rin");
        name = name == null ? "" : name.strip();
    }

    /** A represented taxpayer. */
    public static ListedTaxpayer represented(Rin rin, String name) {
        return new ListedTaxpayer(rin, name, false);
    }
}
