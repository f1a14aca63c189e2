package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javafx.event.Event;
import javafx.event.EventTarget;
import javafx.event.EventType;
import javafx.scene.Scene;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import org.junit.jupiter.api.Test;

/**
 * Shortcuts on an Arabic keyboard layout with no Latin layout beside it. JavaFX on Linux then
 * delivers Ctrl+C as an undefined key whose text is ؤ (checked under Xvfb with {@code setxkbmap
 * ara} and keys sent by key code); the tests fire the keys as it delivers them, at the focused
 * node, as the scene does.
 */
class ArabicLayoutKeysFxTest extends FxSandboxTestBase {

    /**
     * The key with this Arabic letter pressed and released, with Ctrl or not, as JavaFX delivers it
     * from the Arabic layout alone.
     */
    private static void key(Scene scene, String letter, boolean ctrl) {
        onFx(
                () -> {
                    EventTarget at = scene.getFocusOwner() != null ? scene.getFocusOwner() : scene;
                    for (EventType<KeyEvent> type :
                            List.of(KeyEvent.KEY_PRESSED, KeyEvent.KEY_RELEASED)) {
                        Event.fireEvent(
                                at,
                                new KeyEvent(
                                        null,
                                        at,
                                        type,
                                        KeyEvent.CHAR_UNDEFINED,
                                        letter,
                                        KeyCode.UNDEFINED,
                                        false,
                                        ctrl,
                                        false,
                                        false));
                    }
                });
    }

    private Scene loginScene() {
        return fx(() -> flow.loginStage().getScene());
    }

    private Scene mainScene() {
        return fx(() -> flow.mainStage().getScene());
    }

    private TextInputControl field(String query) {
        return fx(() -> lookup(query).<TextInputControl>query());
    }

    @Test
    void aTextFieldsCopyPasteAndSelectAllWorkWithCtrlAndTheArabicLettersOnTheirKeys() {
        waitForDemoAccounts();
        paste("#clientId", "erp-nile-trading");
        TextInputControl clientId = field("#clientId");
        onFx(
                () -> {
                    clientId.requestFocus();
                    clientId.positionCaret(3);
                });
        waitUntil("the field has the keyboard", () -> fx(clientId::isFocused));

        key(loginScene(), "ش", false);
        assertThat(fx(clientId::getSelectedText)).as("without Ctrl, ش is not select all").isEmpty();

        key(loginScene(), "ش", true); // Ctrl+A
        assertThat(fx(clientId::getSelectedText))
                .as("Ctrl on the A key selects all")
                .isEqualTo("erp-nile-trading");
        onFx(() -> Clipboard.getSystemClipboard().clear());
        key(loginScene(), "ؤ", true); // Ctrl+C
        assertThat(fx(() -> Clipboard.getSystemClipboard().getString()))
                .as("Ctrl on the C key copies")
                .isEqualTo("erp-nile-trading");

        onFx(clientId::clear);
        key(loginScene(), "ر", true); // Ctrl+V
        assertThat(text("#clientId")).as("Ctrl on the V key pastes").isEqualTo("erp-nile-trading");
    }

    @Test
    void theMainWindowsShortcutsWorkWithCtrlAndTheArabicLettersOnTheirKeys() {
        waitForDemoAccounts();
        logInAsDemo("erp-delta-accounting");
        assertThat(fx(() -> flow.mainViewModel().settings().taxpayerListShownProperty().get()))
                .isTrue();

        key(mainScene(), "\uFEFB", true); // Ctrl+B, the View menu's taxpayer list
        waitUntil(
                "Ctrl on the B key hides the taxpayer list",
                () -> fx(() -> !flow.mainViewModel().settings().taxpayerListShownProperty().get()));
        key(mainScene(), "لا", true); // the same key, where it types two letters
        waitUntil(
                "and shows it again",
                () -> fx(() -> flow.mainViewModel().settings().taxpayerListShownProperty().get()));

        key(mainScene(), "ب", true); // Ctrl+F
        waitUntil(
                "Ctrl on the F key takes the keyboard to the search",
                () -> fx(() -> lookup("#search").query().isFocused()));

        key(mainScene(), "و", true); // Ctrl+,
        waitUntil(
                "Ctrl on the comma key opens the settings",
                () ->
                        fx(
                                () ->
                                        lookup("#settings-dialog")
                                                .tryQuery()
                                                .map(n -> n.getScene().getWindow().isShowing())
                                                .orElse(false)));
    }
}
