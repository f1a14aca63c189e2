package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.ui.main.MainWindowViewModel;
import app.ishaar.ui.notifications.HistoryViewModel;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import javafx.scene.Node;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;

/**
 * Log out, then log in again: the same profile finds its window as it left it (filters, columns,
 * where the keyboard was) but starts its new session from page 1 with nothing of the old one;
 * another profile gets a window of its own.
 */
class ReloginFxTest extends FxSandboxTestBase {

    private void logIn(String demo) {
        waitForDemoAccounts();
        logInAsDemo(demo);
        waitUntil("the history is on screen", () -> visible("#history-table"));
    }

    private HistoryViewModel history() {
        return fx(() -> flow.mainViewModel().current().history());
    }

    private Node table() {
        return fx(() -> flow.mainStage().getScene().lookup("#history-table"));
    }

    @Test
    void theSameProfileGetsItsWindowBackFromPageOneAndAnotherProfileAWindowOfItsOwn() {
        logIn("erp-nile-trading");
        MainWindowViewModel first = flow.mainViewModel();
        Node firstTable = table();
        onFx(
                () -> {
                    history().pager().pageSizeProperty().set(10);
                    history().filters().channelProperty().set("email");
                    history().filters().apply();
                });
        waitUntil(
                "only e-mails are listed",
                () ->
                        fx(
                                () ->
                                        !history().requests().loadingProperty().get()
                                                && !history().table().rows().isEmpty()
                                                && history().table().rows().stream()
                                                        .allMatch(
                                                                n -> "email".equals(n.channel()))));
        clickOn("#pager-next");
        waitUntil(
                "page 2 is shown",
                () ->
                        text("#pager-page").equals("2")
                                && !fx(() -> history().requests().loadingProperty().get()));
        // the first row on screen (the table also holds empty rows below the page's, and rows out
        // of view)
        clickOn(
                fx(
                        () ->
                                ((TableView<?>) firstTable)
                                        .lookupAll(".table-row-cell").stream()
                                                .filter(
                                                        n ->
                                                                n
                                                                                instanceof
                                                                                javafx.scene.control
                                                                                                        .TableRow<
                                                                                                ?>
                                                                                        r
                                                                        && r.getIndex() == 0
                                                                        && r.isVisible()
                                                                        && !r.isEmpty())
                                                .findFirst()
                                                .orElseThrow()));
        waitUntil(
                "a row is selected and the table has the keyboard",
                () ->
                        fx(
                                () ->
                                        history().table().selectedProperty().get() != null
                                                && firstTable.isFocused()));

        onFx(() -> flow.mainViewModel().logout());
        waitUntil(
                "the dialog is back",
                () -> flow.loginStage().isShowing() && flow.mainStage() == null);
        assertThat(visible("#main-logged-out")).isTrue();
        assertThat(visible("#main-view")).isFalse();

        logIn("erp-nile-trading");
        assertThat(flow.mainViewModel()).isSameAs(first);
        assertThat(table()).isSameAs(firstTable);
        assertThat(visible("#main-logged-out")).isFalse();
        // the dialog stays (busy) until the window has drawn its first page, then goes
        waitUntil("the dialog is gone", () -> fx(() -> !flow.loginStage().isShowing()));
        // a new session: page 1, nothing selected; the filter is the taxpayer's, so it stays
        assertThat(text("#pager-page")).isEqualTo("1");
        assertThat(fx(() -> history().table().selectedProperty().get())).isNull();
        assertThat(
                        fx(
                                () ->
                                        history().table().rows().stream()
                                                .allMatch(n -> "email".equals(n.channel()))))
                .isTrue();
        assertThat(fx(() -> history().table().rows().size())).isEqualTo(10);
        assertThat(visible("#chip-channel")).isTrue();
        // the keyboard is where it was: Page Down goes on to page 2
        waitUntil("the table has the keyboard again", () -> fx(firstTable::isFocused));
        type(KeyCode.PAGE_DOWN);
        waitUntil(
                "page 2 is shown again",
                () ->
                        text("#pager-page").equals("2")
                                && !fx(() -> history().requests().loadingProperty().get()));

        onFx(() -> flow.mainViewModel().logout());
        waitUntil(
                "the dialog is back",
                () -> flow.loginStage().isShowing() && flow.mainStage() == null);
        logIn("erp-delta-accounting");
        assertThat(flow.mainViewModel()).isNotSameAs(first);
        assertThat(table()).isNotSameAs(firstTable);
        assertThat(text("#header-name")).isEqualTo("Nile Trading Co.");
        assertThat(fx(() -> flow.mainViewModel().taxpayers().entries().size())).isEqualTo(4);
    }

    @Test
    void aLogOutTheMomentTheWindowIsBackLeavesTheNewDialogOpen() throws Exception {
        logIn("erp-nile-trading");
        onFx(() -> flow.mainViewModel().logout());
        waitUntil(
                "the dialog is back",
                () -> flow.loginStage().isShowing() && flow.mainStage() == null);

        // log out in the first pulse that finds the kept window showing its view again, before
        // the window has drawn it (a script, or a shortcut pressed as the window comes back)
        CountDownLatch loggedOut = new CountDownLatch(1);
        onFx(
                () ->
                        new AnimationTimer() {
                            @Override
                            public void handle(long now) {
                                Node view =
                                        flow.mainStage() == null
                                                ? null
                                                : flow.mainStage().getScene().lookup("#main-view");
                                if (view != null && view.isVisible()) {
                                    stop();
                                    flow.mainViewModel().logout();
                                    loggedOut.countDown();
                                }
                            }
                        }.start());
        waitForDemoAccounts();
        clickOn("#demo-erp-nile-trading");
        clickOn("#login-button");
        assertThat(loggedOut.await(20, TimeUnit.SECONDS)).isTrue();

        // what the login had left to do after the window's next frames must not close the new
        // dialog
        waitForPulses(6);
        assertThat(fx(() -> flow.loginStage().isShowing()))
                .as("the new login dialog is open")
                .isTrue();
        assertThat(visible("#login-button")).isTrue();
        logIn("erp-nile-trading");
        assertThat(visible("#main-view")).isTrue();
        waitUntil("the dialog is gone", () -> fx(() -> !flow.loginStage().isShowing()));
    }
}
