package app.ishaar.ui.login;

import java.util.List;

/**
 * Lists the built-in sandbox's demo accounts; may start the sandbox, so call it off the FX thread.
 */
@FunctionalInterface
public interface DemoAccounts {
    /**
     * The accounts, with taxpayer names in the given UI language ("en" or "ar") where the sandbox
     * has them.
     */
    List<DemoAccount> list(String language) throws Exception;

    DemoAccounts NONE = language -> List.of();
}
