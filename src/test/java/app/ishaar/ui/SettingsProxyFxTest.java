package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.settings.ProxyChoice;
import app.ishaar.core.settings.SettingsStore;
import javafx.geometry.NodeOrientation;
import javafx.scene.Node;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;

/**
 * The settings dialog's Proxy row, in English and in Arabic: its three choices, a typed proxy
 * checked inline (the dialog does not close on one that is no proxy's address), and a good one
 * remembered and followed by the one service client at once. With {@code
 * -Dishaar.screenshots.dir=docs/screenshots} it also writes settings-en.png and settings-ar.png.
 */
class SettingsProxyFxTest extends FxSandboxTestBase {

    @Test
    void theProxyRowIsShownInEnglishAndArabicChecksWhatIsTypedAndAppliesAtOnce() throws Exception {
        waitForDemoAccounts();
        logInAsDemo("erp-nile-trading");
        focusMainWindow();
        press(KeyCode.SHORTCUT, KeyCode.COMMA).release(KeyCode.COMMA, KeyCode.SHORTCUT);
        waitUntil("the settings dialog", () -> visible("#settings-proxy-system"));
        Window dialog = fx(() -> lookup("#settings-dialog").query().getScene().getWindow());
        waitForPulses(2);

        assertThat(text("#settings-proxy-system")).isEqualTo("Use the system's proxy settings");
        assertThat(text("#settings-proxy-none")).isEqualTo("No proxy");
        assertThat(text("#settings-proxy-manual")).isEqualTo("This proxy:");
        assertThat(selected("#settings-proxy-system")).as("the default").isTrue();
        assertThat(fx(() -> lookup("#settings-proxy-address").query().isDisabled())).isTrue();
        assertThat(fullyInside("#settings-proxy-manual", dialog)).isTrue();
        assertThat(fullyInside("#settings-proxy-address", dialog)).isTrue();
        screenshot(dialog, "settings-en.png");

        // a proxy without its port: said under the field, and the dialog stays open on Close
        clickOn("#settings-proxy-manual");
        waitUntil(
                "the field can be typed in",
                () -> fx(() -> lookup("#settings-proxy-address").query().isFocused()));
        write("proxy.example.com");
        type(KeyCode.ENTER);
        waitUntil("the problem is shown", () -> visible("#settings-proxy-error"));
        assertThat(text("#settings-proxy-error"))
                .isEqualTo("Add the proxy's port after a colon, such as :3128.");
        clickOn("#settings-close");
        waitForPulses(2);
        assertThat(fx(dialog::isShowing)).as("kept open to show why").isTrue();
        assertThat(ctx.settings().get().proxy()).isEqualTo(ProxyChoice.SYSTEM_SETTINGS);

        waitUntil(
                "the field has the keyboard again",
                () -> fx(() -> lookup("#settings-proxy-address").query().isFocused()));
        paste("#settings-proxy-address", "proxy.example.com:3128");
        waitUntil("the problem is gone", () -> !visible("#settings-proxy-error"));
        type(KeyCode.ENTER);
        ProxyChoice manual = ProxyChoice.manual("proxy.example.com", 3128);
        waitUntil("remembered", () -> ctx.settings().get().proxy().equals(manual));
        assertThat(ctx.client().proxies().toString())
                .as("the one client follows at once")
                .isEqualTo("http://proxy.example.com:3128");
        ctx.settings().flush();
        assertThat(new SettingsStore(configDir).load().settings().proxy()).isEqualTo(manual);

        // in Arabic: the same row, right to left; the address still reads left to right
        clickOn("#settings-lang-ar");
        waitUntil(
                "Arabic",
                () ->
                        text("#settings-proxy-system")
                                .equals("استخدام إعدادات الخادم الوكيل في النظام"));
        waitForPulses(2);
        assertThat(text("#settings-proxy-none")).isEqualTo("بلا خادم وكيل");
        assertThat(text("#settings-proxy-manual")).isEqualTo("هذا الخادم الوكيل:");
        assertThat(fx(() -> lookup("#settings-dialog").query().getEffectiveNodeOrientation()))
                .isEqualTo(NodeOrientation.RIGHT_TO_LEFT);
        assertThat(
                        fx(
                                () ->
                                        lookup("#settings-proxy-address")
                                                .query()
                                                .getEffectiveNodeOrientation()))
                .isEqualTo(NodeOrientation.LEFT_TO_RIGHT);
        assertThat(text("#settings-proxy-address")).isEqualTo("proxy.example.com:3128");
        assertThat(fullyInside("#settings-proxy-manual", dialog)).isTrue();
        assertThat(fullyInside("#settings-proxy-address", dialog)).isTrue();
        screenshot(dialog, "settings-ar.png");
        // the Arabic message for a port out of range
        onFx(
                () ->
                        lookup("#settings-proxy-address")
                                .<TextField>query()
                                .setText("proxy.example.com:70000"));
        onFx(
                () ->
                        lookup("#settings-proxy-address")
                                .<TextField>query()
                                .fireEvent(new javafx.event.ActionEvent()));
        waitUntil("the problem in Arabic", () -> visible("#settings-proxy-error"));
        assertThat(text("#settings-proxy-error")).isEqualTo("المنفذ رقم من 1 إلى 65535.");

        clickOn("#settings-proxy-none");
        waitUntil("no proxy", () -> ctx.settings().get().proxy().equals(ProxyChoice.DIRECT));
        assertThat(visible("#settings-proxy-error")).isFalse();
        assertThat(ctx.client().proxies().toString()).isEqualTo("none");
        clickOn("#settings-close");
        waitUntil("closed", () -> !fx(dialog::isShowing));
    }

    private boolean selected(String query) {
        return fx(() -> lookup(query).<RadioButton>query().isSelected());
    }

    /** Whether a node is drawn whole within the dialog's scene (not cut at its edge). */
    private boolean fullyInside(String query, Window dialog) {
        return fx(
                () -> {
                    Node n = lookup(query).query();
                    javafx.geometry.Bounds b = n.localToScene(n.getLayoutBounds());
                    return b.getMinX() >= 0
                            && b.getMinY() >= 0
                            && b.getMaxX() <= dialog.getScene().getWidth() + 0.5
                            && b.getMaxY() <= dialog.getScene().getHeight() + 0.5;
                });
    }

    private static void screenshot(Window dialog, String name) throws Exception {
        app.ishaar.ui.settings.Screenshots.take(dialog, name);
    }
}
