package app.ishaar.ui.login;

import java.util.List;

/** Lists the built-in sandbox's demo accounts; may start the sandbox, so call it off the FX thread. */
@FunctionalInterface
public interface DemoAccounts {
    List<DemoAccount> list() throws Exception;

    DemoAccounts NONE = List::of;
}
