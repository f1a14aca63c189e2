package app.ishaar.ui;

import app.ishaar.ui.history.HistoryViewModel;
import app.ishaar.ui.main.MainWindowViewModel;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a logged-out session showed is let go: its main-window view and view models, its history
 * screen with the rows it had read, and the used login dialogs. The app's one I18n lives for the
 * whole run, so anything that listens to it must not be kept alive by it: else every log in/log out
 * would keep a whole window of nodes (and the notifications it showed) in memory, and every later
 * language switch would still update them.
 */
class SessionsLetGoFxTest extends FxSandboxTestBase {

    @Test
    void aLoggedOutSessionsScreensAndDataAreLetGo() {
        List<WeakReference<Object>> gone = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            waitForDemoAccounts();
            gone.add(new WeakReference<>(flow.loginViewModel()));
            clickOn("#demo-erp-nile-trading");
            clickOn("#login-button");
            waitForMainWindow();
            waitUntil("the first page is shown", () -> fx(() -> {
                HistoryViewModel h = flow.mainViewModel().current().history();
                return !h.rows().isEmpty() && !h.loadingProperty().get();
            }));
            MainWindowViewModel main = flow.mainViewModel();
            gone.add(new WeakReference<>(main));
            gone.add(new WeakReference<>(fx(() -> main.current().history())));
            gone.add(new WeakReference<>(fx(() -> (Object) flow.mainStage().getScene().lookup("#main-view"))));
            gone.add(new WeakReference<>(fx(() -> (Object) flow.mainStage().getScene().lookup("#history-table"))));
            onFx(main::logout);
            waitUntil("the dialog is back", () -> flow.loginStage().isShowing() && flow.mainStage() == null);
        }
        // the language switched after them: what is let go is not updated (nor kept) by it
        clickOn("#lang-ar");
        clickOn("#lang-en");
        waitUntil("everything of the logged-out sessions is collected", () -> {
            System.gc();
            return gone.stream().allMatch(r -> r.get() == null);
        });
    }
}
