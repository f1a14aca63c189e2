package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/**
 * A settings file that cannot be read: the dialog says where it was kept, once, and the user can
 * dismiss that.
 */
class SettingsNoticeFxTest extends FxSandboxTestBase {

    @Override
    protected void beforeLaunch() throws Exception {
        Files.writeString(
                configDir.resolve("settings.json"),
                "{\"language\": \"ar\", \"profiles\": [",
                StandardCharsets.UTF_8);
    }

    @Test
    void anUnreadableSettingsFileIsReportedAndTheNoticeCanBeDismissed() {
        waitUntil("the notice shows", () -> visible("#settings-notice"));
        assertThat(text("#settings-notice"))
                .startsWith("The settings file could not be read. It was kept aside as ")
                .contains("settings.json.corrupt-");
        assertThat(visible("#failure")).as("not a login failure").isFalse();
        clickOn("Dismiss");
        waitUntil(
                "the notice is gone",
                () -> !fx(() -> lookup("#settings-notice").query().getParent().isVisible()));
        assertThat(flow.loginViewModel().savedProfiles().setAsideProperty().get()).isNull();
        // the dialog works with the default settings
        waitForDemoAccounts();
        clickOn("#demo-erp-nile-trading");
        clickOn("#login-button");
        waitForMainWindow();
    }
}
