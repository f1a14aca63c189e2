package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.secrets.InMemorySecretStore;
import app.ishaar.core.secrets.SecretStore;
import app.ishaar.testing.LogCapture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Logs in with "remember" on, then off, and scans the settings folder and everything logged (at
 * every level) for the secret, a token (any JWT: they all start with "eyJ") and a Bearer header.
 */
class SecretHygieneFxTest extends FxSandboxTestBase {

    private static final String SECRET = "sandbox-secret-1";
    private final InMemorySecretStore keychain = new InMemorySecretStore();
    private LogCapture logs;

    @Override
    protected SecretStore secretStore() {
        return keychain;
    }

    @Override
    protected void beforeLaunch() {
        // "app.ishaar" too: the command line (in an earlier test of the same JVM) may have left it
        // at WARNING
        logs = LogCapture.install("", "app.ishaar");
    }

    @AfterEach
    void stopCapture() {
        if (logs != null) {
            logs.close();
        }
    }

    private void loginAndLogOut(boolean remember) {
        waitForDemoAccounts();
        paste("#clientId", "erp-nile-trading");
        typeInto("#secret", SECRET);
        boolean ticked =
                fx(() -> lookup("#remember").<javafx.scene.control.CheckBox>query().isSelected());
        if (ticked != remember) {
            clickOn("#remember");
        }
        clickOn("#login-button");
        waitForMainWindow();
        waitUntil(
                "the token is there",
                () ->
                        flow.mainViewModel()
                                .current()
                                .session()
                                .flatMap(s -> s.tokenInfo())
                                .isPresent());
        onFx(() -> flow.mainViewModel().logout());
        waitUntil(
                "back at the dialog",
                () -> flow.loginStage().isShowing() && flow.mainStage() == null);
    }

    @Test
    void neitherTheSecretNorATokenReachesTheSettingsFolderOrTheLogs() throws Exception {
        waitUntil(
                "the keychain is found available", () -> !lookup("#remember").query().isDisabled());
        loginAndLogOut(true);
        assertThat(keychain.contains("SANDBOX|erp-nile-trading"))
                .as("remembered in the keychain")
                .isTrue();
        waitUntil(
                "the next dialog fills the remembered secret",
                () -> SECRET.equals(text("#secret")));
        onFx(() -> flow.loginViewModel().form().secretProperty().set(""));

        loginAndLogOut(false);
        assertThat(keychain.contains("SANDBOX|erp-nile-trading"))
                .as("forgotten when unticked")
                .isFalse();
        assertThat(text("#secret")).isEmpty();
        ctx.settings().flush();

        List<Path> files;
        try (Stream<Path> walk = Files.walk(configDir)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        assertThat(files)
                .as("the settings file was written")
                .anyMatch(p -> p.getFileName().toString().equals("settings.json"));
        for (Path f : files) {
            assertClean(f.toString(), read(f));
        }
        assertThat(read(configDir.resolve("settings.json"))).contains("erp-nile-trading");
        List<String> lines = logs.lines();
        assertThat(lines).as("something was logged").isNotEmpty();
        assertClean("the logs", String.join("\n", lines));
    }

    private static String read(Path f) throws IOException {
        return new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1)
                + new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
    }

    private static void assertClean(String where, String content) {
        assertThat(content).as(where + " holds the secret").doesNotContain(SECRET);
        assertThat(content).as(where + " holds a token").doesNotContain("eyJ");
        assertThat(content)
                .as(where + " holds an Authorization header")
                .doesNotContainIgnoringCase("bearer ");
    }
}
