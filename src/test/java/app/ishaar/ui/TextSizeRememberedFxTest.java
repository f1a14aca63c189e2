package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import app.ishaar.core.settings.Settings;
import app.ishaar.core.settings.SettingsStore;
import javafx.scene.control.Labeled;
import org.junit.jupiter.api.Test;

/**
 * A text size chosen in an earlier run: the first window opens at it, as wide as its text needs.
 */
class TextSizeRememberedFxTest extends FxSandboxTestBase {

    @Override
    protected void beforeLaunch() throws Exception {
        new SettingsStore(configDir).save(Settings.defaults().withTextSize(150));
    }

    @Test
    void theLoginDialogOpensAtTheRememberedTextSize() {
        waitForDemoAccounts();
        assertThat(fx(() -> ctx.textSize().percentProperty().get())).isEqualTo(150);
        assertThat(fx(() -> lookup("#login-button").<Labeled>query().getFont().getSize()))
                .isCloseTo(19.5, within(0.01));
        // 560 pixels at the normal size
        assertThat(fx(() -> flow.loginStage().getScene().getWidth()))
                .isCloseTo(560 * 1.5, within(2.0));
    }
}
