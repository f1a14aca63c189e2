package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.settings.SettingsStore;
import javafx.geometry.NodeOrientation;
import javafx.scene.Node;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;

/**
 * The settings dialog's login budget, days kept and archive rows, in English and in Arabic: a value
 * that cannot be kept is said under its field (the dialog stays open, the text as typed), a good
 * one is remembered; a location's password is refused. With {@code
 * -Dishaar.screenshots.dir=docs/screenshots} it also writes settings-archive-en.png and
 * settings-archive-ar.png.
 */
class SettingsArchiveFxTest extends FxSandboxTestBase {

    @Test
    void theArchiveRowsCheckWhatIsTypedAndRememberItInEnglishAndArabic() throws Exception {
        waitForDemoAccounts();
        logInAsDemo("erp-nile-trading");
        focusMainWindow();
        press(KeyCode.SHORTCUT, KeyCode.COMMA).release(KeyCode.COMMA, KeyCode.SHORTCUT);
        waitUntil("the settings dialog", () -> visible("#settings-logins"));
        Window dialog = fx(() -> lookup("#settings-dialog").query().getScene().getWindow());
        waitForPulses(2);

        assertThat(text("#settings-logins")).isEqualTo("12");
        assertThat(text("#settings-keep-forever")).isEqualTo("For ever");
        assertThat(text("#settings-archive-own")).isEqualTo("In my data folder");
        assertThat(fx(() -> lookup("#settings-keep-days-field").query().isDisabled())).isTrue();
        assertThat(fx(() -> lookup("#settings-archive-field").query().isDisabled())).isTrue();

        // a budget out of range: said under the field, kept as typed, the dialog stays open
        paste("#settings-logins", "0");
        type(KeyCode.ENTER);
        waitUntil("the problem is shown", () -> visible("#settings-logins-error"));
        assertThat(text("#settings-logins-error"))
                .isEqualTo("Type a number of logins from 1 to 600.");
        clickOn("#settings-close");
        waitForPulses(2);
        assertThat(fx(dialog::isShowing)).as("kept open to show why").isTrue();
        assertThat(text("#settings-logins")).isEqualTo("0");
        assertThat(ctx.settings().get().loginsPerMinute()).isEqualTo(12);
        paste("#settings-logins", "6");
        waitUntil("the problem is gone", () -> !visible("#settings-logins-error"));
        type(KeyCode.ENTER);
        waitUntil("remembered", () -> ctx.settings().get().loginsPerMinute() == 6);

        clickOn("#settings-keep-days");
        waitUntil(
                "the days can be typed",
                () -> fx(() -> lookup("#settings-keep-days-field").query().isFocused()));
        paste("#settings-keep-days-field", "90");
        type(KeyCode.ENTER);
        waitUntil("kept 90 days", () -> ctx.settings().get().keepDays() == 90);

        // a shared archive's location with its password: refused, never remembered
        clickOn("#settings-archive-named");
        paste("#settings-archive-field", "postgresql://alice:s3cret@db.firm.example:5432/ishaar");
        type(KeyCode.ENTER);
        waitUntil("the password is refused", () -> visible("#settings-archive-error"));
        assertThat(text("#settings-archive-error")).contains("Leave the password out");
        assertThat(ctx.settings().get().archive()).isNull();
        screenshot(dialog, "settings-archive-en.png");

        // in Arabic: the rows right to left, the location still left to right
        clickOn("#settings-lang-ar");
        waitUntil("Arabic", () -> text("#settings-archive-own").equals("في مجلد بياناتي"));
        waitForPulses(2);
        assertThat(text("#settings-archive-error"))
                .isEqualTo(
                        "احذف كلمة المرور من الموقع: يقرؤها إشعار من ملف \u200e.pgpass\u200e أو من"
                                + " سلسلة المفاتيح.");
        assertThat(fx(() -> lookup("#settings-dialog").query().getEffectiveNodeOrientation()))
                .isEqualTo(NodeOrientation.RIGHT_TO_LEFT);
        assertThat(
                        fx(
                                () ->
                                        lookup("#settings-archive-field")
                                                .query()
                                                .getEffectiveNodeOrientation()))
                .isEqualTo(NodeOrientation.LEFT_TO_RIGHT);
        assertThat(fullyInside("#settings-archive-field", dialog)).isTrue();
        assertThat(fullyInside("#settings-keep-days-field", dialog)).isTrue();
        assertThat(fullyInside("#settings-close", dialog)).isTrue();
        String file = configDir.resolve("firm/archive.db").toString();
        onFx(() -> lookup("#settings-archive-field").<TextField>query().setText(file));
        waitUntil("the problem is gone", () -> !visible("#settings-archive-error"));
        screenshot(dialog, "settings-archive-ar.png");
        clickOn("#settings-close");
        waitUntil("closed", () -> !fx(dialog::isShowing));
        assertThat(ctx.settings().get().archive()).as("committed on closing").isEqualTo(file);
        ctx.settings().flush();
        var kept = new SettingsStore(configDir).load().settings();
        assertThat(kept.loginsPerMinute()).isEqualTo(6);
        assertThat(kept.keepDays()).isEqualTo(90);
        assertThat(kept.archive()).isEqualTo(file);
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
