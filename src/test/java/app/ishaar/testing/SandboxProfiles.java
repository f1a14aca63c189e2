package app.ishaar.testing;

import app.ishaar.core.service.Environment;
import app.ishaar.core.settings.Profile;
import java.util.List;

/** Saved profiles of the built-in sandbox's accounts, as a first login leaves them. */
public final class SandboxProfiles {
    private SandboxProfiles() {}

    /** The taxpayer's own ERP system, {@code erp-nile-trading}: no taxpayers listed. */
    public static Profile nileTrading() {
        return new Profile(
                Profile.idOf(Environment.Kind.SANDBOX, null, "erp-nile-trading"),
                Environment.Kind.SANDBOX,
                null,
                null,
                "erp-nile-trading",
                null,
                false,
                List.of(),
                null);
    }
}
