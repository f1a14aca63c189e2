package app.ishaar;

import app.ishaar.core.service.Environment;
import app.ishaar.core.service.InvalidEndpointException;
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
 * The desktop app's built-in sandbox: started in-process on first need (first login on Sandbox, or
 * when the login dialog lists the demo accounts), once, off the FX thread; closed on exit. Lists the
 * sandbox's own demo accounts, so no secret is written into the UI's code.
 */
public final class DesktopSandbox implements SandboxProvider, DemoAccounts, AutoCloseable {

    private static final System.Logger LOG = System.getLogger(DesktopSandbox.class.getName());
    private final Supplier<SandboxConfig> config;
    private Sandbox sandbox;

    public DesktopSandbox(Supplier<SandboxConfig> config) {
        this.config = config;
    }

    /** The running sandbox, started if needed. */
    public synchronized Sandbox sandbox() throws IOException {
        if (sandbox == null) {
            long t0 = System.nanoTime();
            sandbox = Sandbox.start(config.get());
            LOG.log(System.Logger.Level.INFO, "sandbox started in {0} ms: {1} {2}", (System.nanoTime() - t0) / 1_000_000, sandbox.authUrl(),
                    sandbox.baseUrl());
        }
        return sandbox;
    }

    @Override
    public Environment environment() throws ServiceException {
        Sandbox s;
        try {
            s = sandbox();
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "sandbox could not start: {0}", e.toString());
            throw new InvalidEndpointException("sandbox", "", InvalidEndpointException.Reason.MISSING);
        }
        return Environment.sandbox(s.authUrl(), s.baseUrl());
    }

    @Override
    public List<DemoAccount> list(String language) throws IOException {
        boolean arabic = "ar".equals(language);
        List<DemoAccount> out = new ArrayList<>();
        for (SandboxAccount a : sandbox().accounts()) {
            List<RepresentedTaxpayer> taxpayers = new ArrayList<>();
            for (SandboxTaxpayer t : a.taxpayers()) {
                taxpayers.add(new RepresentedTaxpayer(t.rin(), arabic && t.nameAr() != null ? t.nameAr() : t.nameEn()));
            }
            out.add(new DemoAccount(a.clientId(), a.clientSecret(), DemoAccount.kindOf(a.kind()), taxpayers));
        }
        return out;
    }

    @Override
    public synchronized void close() {
        if (sandbox != null) {
            sandbox.close();
            sandbox = null;
        }
    }
}
