package app.ishaar;

import app.ishaar.core.service.Environment;
import app.ishaar.core.service.SandboxProvider;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.settings.RepresentedTaxpayer;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxAccount;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.sandbox.SandboxTaxpayer;
import app.ishaar.ui.login.DemoAccount;
import app.ishaar.ui.login.DemoAccounts;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The desktop app's view of the built-in sandbox: an {@link EmbeddedSandbox} (started on first
 * need, off the FX thread) that also lists the sandbox's own demo accounts for the login dialog, so
 * no secret is written into the UI's code.
 */
public final class DesktopSandbox implements SandboxProvider, DemoAccounts, AutoCloseable {

    /**
     * New notifications a taxpayer gets an hour in the app's sandbox: one every five minutes, on
     * average.
     */
    public static final double ARRIVALS_PER_HOUR = 12;

    private final EmbeddedSandbox embedded;

    /**
     * The app's sandbox: the defaults, with new notifications arriving, so that the history's check
     * for them has something to find while the app is tried.
     */
    public static SandboxConfig appConfig() {
        return SandboxConfig.builder().arrivalsPerHour(ARRIVALS_PER_HOUR).build();
    }

    public DesktopSandbox(Supplier<SandboxConfig> config) {
        this.embedded = new EmbeddedSandbox(config);
    }

    /** The running sandbox, started if needed. */
    public Sandbox sandbox() throws IOException {
        return embedded.sandbox();
    }

    @Override
    public Environment environment() throws ServiceException {
        return embedded.environment();
    }

    @Override
    public List<DemoAccount> list(String language) throws IOException {
        List<DemoAccount> out = new ArrayList<>();
        for (SandboxAccount a : embedded.sandbox().accounts()) {
            List<RepresentedTaxpayer> taxpayers = new ArrayList<>();
            for (SandboxTaxpayer t : a.taxpayers()) {
                // both names: the list shows each in its language
                taxpayers.add(new RepresentedTaxpayer(t.rin(), t.nameEn(), t.nameAr()));
            }
            out.add(
                    new DemoAccount(
                            a.clientId(),
                            a.clientSecret(),
                            DemoAccount.kindOf(a.kind()),
                            taxpayers));
        }
        return out;
    }

    @Override
    public void close() {
        embedded.close();
    }
}
