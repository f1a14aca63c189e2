package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.Notification;
import app.ishaar.ui.main.MainWindowViewModel;
import app.ishaar.ui.notifications.HistoryViewModel;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.control.TextInputControl;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;

/**
 * What a logged-out session showed is let go: its session, the notifications it read, the used
 * login dialogs. The main window keeps its view and view models, emptied of every piece of the
 * service's data, for the next login of the same profile; a login of another profile lets go of
 * them too. The app's one I18n lives for the whole run, so anything that listens to it must not be
 * kept alive by it: else every log in/log out would keep a whole window of nodes in memory, and
 * every later language switch would still update them.
 */
class SessionsLetGoFxTest extends FxSandboxTestBase {

    @Test
    void aLoggedOutSessionsDataIsLetGoAndAnotherProfilesLoginLetsGoOfTheKeptScreens() {
        List<WeakReference<Object>> gone = new ArrayList<>();
        List<WeakReference<Object>> keptScreens = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            waitForDemoAccounts();
            gone.add(new WeakReference<>(flow.loginViewModel()));
            logInAsDemo("erp-nile-trading");
            MainWindowViewModel main = flow.mainViewModel();
            HistoryViewModel history = fx(() -> main.current().history());
            onFx(() -> history.table().selectedProperty().set(history.table().rows().get(0)));
            waitUntil(
                    "the detail pane shows the first row",
                    () -> visible("#detail-id") && !text("#detail-id").isBlank());
            Object view = fx(() -> (Object) flow.mainStage().getScene().lookup("#main-view"));
            Object table = fx(() -> (Object) flow.mainStage().getScene().lookup("#history-table"));
            if (round == 0) {
                keptScreens.add(new WeakReference<>(main));
                keptScreens.add(new WeakReference<>(history));
                keptScreens.add(new WeakReference<>(view));
                keptScreens.add(new WeakReference<>(table));
            } else {
                // the same profile again: the same screens, shown again
                assertThat(main).isSameAs(keptScreens.get(0).get());
                assertThat(history).isSameAs(keptScreens.get(1).get());
                assertThat(view).isSameAs(keptScreens.get(2).get());
                assertThat(table).isSameAs(keptScreens.get(3).get());
            }
            List<String> shownData = new ArrayList<>();
            for (Notification n : fx(() -> List.copyOf(history.table().rows()))) {
                gone.add(new WeakReference<>(n));
                shownData.add(n.notificationId());
                if (n.address() != null && n.address().length() > 3) {
                    shownData.add(n.address());
                }
            }
            gone.add(new WeakReference<>(fx(() -> main.current().session().orElseThrow())));

            onFx(main::logout);
            waitUntil(
                    "the dialog is back",
                    () -> flow.loginStage().isShowing() && flow.mainStage() == null);
            assertThat(visible("#main-logged-out")).isTrue();
            assertThat(fx(() -> ((Node) view).isVisible())).isFalse();
            assertThat(
                            fx(
                                    () ->
                                            history.table().rows().isEmpty()
                                                    && history.table().selectedProperty().get()
                                                            == null
                                                    && history.requests().errorProperty().get()
                                                            == null))
                    .isTrue();
            // nothing the service sent is still written anywhere in the kept (hidden) window,
            // once the table's cells have been laid out again (the next pulse)
            waitUntil(
                    "nothing the service sent is written in the hidden window",
                    () -> {
                        List<String> texts = fx(() -> textsUnder((Parent) view));
                        return shownData.stream()
                                .noneMatch(d -> texts.stream().anyMatch(t -> t.contains(d)));
                    });
        }
        // another profile: a window of its own, and the kept one is let go
        gone.addAll(keptScreens);
        keptScreens.clear();
        waitForDemoAccounts();
        gone.add(new WeakReference<>(flow.loginViewModel()));
        logInAsDemo("erp-delta-accounting");
        // the language switched after them: what is let go is not updated (nor kept) by it
        clickOn("#main-lang-ar");
        clickOn("#main-lang-en");
        waitUntil(
                "everything of the logged-out sessions is collected",
                () -> {
                    System.gc();
                    return gone.stream().allMatch(r -> r.get() == null);
                });
    }

    /**
     * Every text of the nodes under a parent: labels, fields, text nodes (table cells included).
     */
    private static List<String> textsUnder(Parent parent) {
        List<String> out = new ArrayList<>();
        if (parent == null) {
            return out;
        }
        List<Node> todo = new ArrayList<>(List.of(parent));
        while (!todo.isEmpty()) {
            Node n = todo.remove(todo.size() - 1);
            if (n instanceof Labeled l && l.getText() != null) {
                out.add(l.getText());
            } else if (n instanceof TextInputControl t && t.getText() != null) {
                out.add(t.getText());
            } else if (n instanceof Text t && t.getText() != null) {
                out.add(t.getText());
            }
            if (n instanceof Parent p) {
                todo.addAll(p.getChildrenUnmodifiable());
            }
        }
        return out;
    }
}
