package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.settings.Profile;
import app.ishaar.core.settings.Settings;
import app.ishaar.core.settings.SettingsStore;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;

/** A returning user: the dialog opens on the last profile, with the cursor in the secret, and Enter logs in. */
class ReturningUserFxTest extends FxSandboxTestBase {

    @Override
    protected void beforeLaunch() throws Exception {
        Profile nile = new Profile(Profile.idOf("SANDBOX", null, "erp-nile-trading"), "SANDBOX", null, null, "erp-nile-trading", null, false,
                List.of(), null);
        new SettingsStore(configDir).save(Settings.defaults().withProfile(nile));
    }

    @Test
    void theCursorWaitsInTheSecretAndEnterLogsIn() {
        waitUntil("the dialog shows", () -> flow.loginStage().isShowing());
        assertThat(text("#clientId")).isEqualTo("erp-nile-trading");
        waitUntil("the secret field has the focus", () -> {
            Node owner = flow.loginStage().getScene().getFocusOwner();
            return owner != null && "secret".equals(owner.getId());
        });
        write("sandbox-secret-1");
        type(KeyCode.ENTER);
        waitForMainWindow();
    }
}
