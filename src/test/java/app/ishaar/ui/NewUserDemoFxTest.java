package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.ui.main.MainWindowViewModel;
import org.junit.jupiter.api.Test;

/**
 * A new user (no settings yet) on the built-in sandbox: a demo account chosen logs in to its first
 * taxpayer's first page; a form changed after choosing one logs in with what it holds.
 */
class NewUserDemoFxTest extends FxSandboxTestBase {

    @Test
    void aChosenDemoIntermediaryLogsInToItsFirstTaxpayersFirstPage() {
        waitForDemoAccounts();
        clickOn("#demo-erp-nile-trading");
        clickOn("#demo-erp-delta-accounting");
        clickOn("#login-button");
        waitForMainWindow();
        MainWindowViewModel delta = fx(() -> flow.mainViewModel());
        assertThat(fx(() -> delta.settings().profile().id()))
                .isEqualTo("SANDBOX|erp-delta-accounting");
        assertThat(fx(() -> delta.taxpayers().entries().stream().map(e -> e.rin()).toList()))
                .as("the intermediary's taxpayers")
                .contains("204918573", "287364519", "356781204");
        waitUntil(
                "its first page is shown",
                () ->
                        fx(() -> !delta.current().history().table().rows().isEmpty())
                                && visible("#history-table"));
        assertThat(text("#header-rin")).isEqualTo("204918573");
        waitUntil("the dialog is gone", () -> fx(() -> !flow.loginStage().isShowing()));
        waitUntil("the session's time left shows", () -> !text("#session-time").isEmpty());
    }

    @Test
    void aFormChangedAfterTheDemoAccountLogsInWithWhatItHolds() {
        waitForDemoAccounts();
        clickOn("#demo-erp-delta-accounting");
        // another ERP's credentials typed over the demo account's
        paste("#clientId", "erp-nile-trading");
        paste("#secret", "sandbox-secret-1");
        paste("#onBehalfOf", "");
        clickOn("#login-button");
        waitForMainWindow();
        assertThat(fx(() -> flow.mainViewModel().settings().profile().id()))
                .isEqualTo("SANDBOX|erp-nile-trading");
        waitUntil(
                "its first page is shown",
                () ->
                        fx(() -> !flow.mainViewModel().current().history().table().rows().isEmpty())
                                && visible("#history-table"));
        assertThat(text("#header-rin")).isEqualTo("204918573");
    }
}
