package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.ui.main.MainWindowViewModel;
import org.junit.jupiter.api.Test;

/**
 * A new user (no settings yet) on the built-in sandbox: choosing a demo account makes that
 * account's main window while the user moves to Log in, and the login opens in it; choosing another
 * account makes that one's instead.
 */
class NewUserDemoFxTest extends FxSandboxTestBase {

    private MainWindowViewModel madeFor(String clientId) {
        String id = "SANDBOX|" + clientId;
        waitUntil(
                "the main window of " + clientId + " is made",
                () ->
                        fx(
                                () ->
                                        flow.keptViewModel() != null
                                                && flow.keptViewModel().profile().id().equals(id)));
        return fx(() -> flow.keptViewModel());
    }

    @Test
    void aChosenDemoAccountsMainWindowIsMadeBeforeLogInAndTheLoginOpensInIt() {
        waitForDemoAccounts();
        assertThat(fx(() -> flow.keptViewModel()))
                .as("a new user's dialog has no profile to make a window for")
                .isNull();

        clickOn("#demo-erp-nile-trading");
        MainWindowViewModel nile = madeFor("erp-nile-trading");
        clickOn("#demo-erp-delta-accounting");
        MainWindowViewModel delta = madeFor("erp-delta-accounting");
        assertThat(delta)
                .as("another account's window replaces the one made for the first")
                .isNotSameAs(nile);
        java.lang.ref.WeakReference<MainWindowViewModel> replaced =
                new java.lang.ref.WeakReference<>(nile);
        nile = null;
        assertThat(fx(() -> delta.loggedOutProperty().get()))
                .as("made ahead, holding no session")
                .isTrue();
        assertThat(fx(() -> delta.entries().stream().map(e -> e.rin()).toList()))
                .as("the intermediary's taxpayers, as its login will save them")
                .contains("204918573", "287364519", "356781204");
        assertThat(flow.mainStage() == null || !fx(() -> flow.mainStage().isShowing()))
                .as("not shown before the login")
                .isTrue();

        clickOn("#login-button");
        waitForMainWindow();
        assertThat(flow.mainViewModel())
                .as("the login opened in the window made ahead")
                .isSameAs(delta);
        waitUntil(
                "its first page is shown",
                () ->
                        fx(() -> !delta.current().history().rows().isEmpty())
                                && visible("#history-table"));
        assertThat(text("#header-rin")).isEqualTo("204918573");
        waitUntil("the dialog is gone", () -> fx(() -> !flow.loginStage().isShowing()));
        waitUntil("the session's time left shows", () -> !text("#session-time").isEmpty());
        // the replaced window is let go (JavaFX keeps a node taken out of a window that has not yet
        // shown until that window's first frame; a made-ahead window runs no timer before its
        // login)
        waitUntil(
                "the replaced window is collected",
                () -> {
                    System.gc();
                    return replaced.get() == null;
                });
    }

    /** How far the window made ahead has come, as a pulse sees it. */
    private int madeAheadStage() {
        if (flow.keptView() == null) {
            return 0; // not begun
        }
        javafx.scene.Node n = flow.keptView().root().lookup("#history-table");
        if (!(n instanceof javafx.scene.control.TableView<?> table) || table.getSkin() == null) {
            return 1; // made, not styled
        }
        return table.getWidth() > 0 ? 3 : 2; // laid out, or styled only
    }

    @Test
    void theDialogGoesOnDrawingBetweenMakingStylingAndLayingOutTheWindowMadeAhead() {
        waitForDemoAccounts();
        java.util.List<Integer> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        javafx.animation.AnimationTimer watch =
                new javafx.animation.AnimationTimer() {
                    @Override
                    public void handle(long now) {
                        int stage = madeAheadStage();
                        if (seen.isEmpty() || seen.get(seen.size() - 1) != stage) {
                            seen.add(stage);
                        }
                    }
                };
        interact(watch::start);
        clickOn("#demo-erp-nile-trading");
        waitUntil(
                "the window made ahead is laid out",
                () -> !seen.isEmpty() && seen.get(seen.size() - 1) == 3);
        interact(watch::stop);
        // each step a frame of its own (in one go, the dialog was frozen for half a second after a
        // new user's click), and in order
        assertThat(seen).containsExactly(0, 1, 2, 3);
        assertThat(flow.mainStage()).as("not shown before the login").isNull();
    }

    @Test
    void aFormChangedAfterTheDemoAccountLogsInToAWindowOfItsOwn() {
        waitForDemoAccounts();
        clickOn("#demo-erp-delta-accounting");
        MainWindowViewModel delta = madeFor("erp-delta-accounting");
        // another ERP's credentials typed over the demo account's: not the profile the window was
        // made for
        paste("#clientId", "erp-nile-trading");
        paste("#secret", "sandbox-secret-1");
        paste("#onBehalfOf", "");
        assertThat(fx(() -> flow.loginViewModel().demoProfileProperty().get())).isNull();
        clickOn("#login-button");
        waitForMainWindow();
        assertThat(flow.mainViewModel()).isNotSameAs(delta);
        assertThat(fx(() -> flow.mainViewModel().profile().id()))
                .isEqualTo("SANDBOX|erp-nile-trading");
        waitUntil(
                "its first page is shown",
                () ->
                        fx(() -> !flow.mainViewModel().current().history().rows().isEmpty())
                                && visible("#history-table"));
        assertThat(text("#header-rin")).isEqualTo("204918573");
    }
}
