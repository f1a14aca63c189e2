package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.settings.Profile;
import app.ishaar.core.settings.Settings;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.ui.main.MainWindowViewModel;
import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;

/**
 * A returning user: the dialog opens on the last profile, with the cursor in the secret, and Enter
 * logs in to that profile's first page.
 */
class ReturningUserFxTest extends FxSandboxTestBase {

    @Override
    protected void beforeLaunch() throws Exception {
        Profile nile = app.ishaar.testing.SandboxProfiles.nileTrading();
        new SettingsStore(configDir).save(Settings.defaults().withProfile(nile));
    }

    @Test
    void theCursorWaitsInTheSecretAndEnterLogsIn() {
        waitUntil("the dialog shows", () -> flow.loginStage().isShowing());
        assertThat(text("#clientId")).isEqualTo("erp-nile-trading");
        waitUntil(
                "the secret field has the focus",
                () -> {
                    Node owner = flow.loginStage().getScene().getFocusOwner();
                    return owner != null && "secret".equals(owner.getId());
                });
        write("sandbox-secret-1");
        type(KeyCode.ENTER);
        waitForMainWindow();
        MainWindowViewModel opened = fx(() -> flow.mainViewModel());
        assertThat(fx(() -> opened.settings().profile().id()))
                .isEqualTo("SANDBOX|erp-nile-trading");
        waitUntil(
                "its first page is shown",
                () ->
                        fx(() -> !opened.current().history().table().rows().isEmpty())
                                && visible("#history-table"));
        // the Sandbox badge names the service; its loopback host would say nothing more
        assertThat(text("#env-badge")).startsWith("Sandbox");
        assertThat(visible("#header-host")).isFalse();
        assertThat(text("#header-rin")).isEqualTo("204918573");
        waitUntil("the dialog is gone", () -> fx(() -> !flow.loginStage().isShowing()));
    }

    @Test
    void aDialogClosedTheMomentItShowsLeavesNothingToRunAfterIt() {
        // a second run's windows, opened and closed in one go: before the dialog's first frame
        WindowFlow[] closed = new WindowFlow[1];
        onFx(
                () -> {
                    closed[0] = new WindowFlow(ctx, new Stage(), () -> {});
                    closed[0].showLogin();
                    closed[0].quit();
                });
        waitForPulses(8);
        // what the dialog leaves for after its first frame does not run for a closed one
        assertThat(fx(() -> closed[0].keptViewModel()))
                .as("a main window made after the close")
                .isNull();
        assertThat(fx(() -> closed[0].loginStage().isShowing())).isFalse();
    }
}
