package app.ishaar.faults;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.secrets.InMemorySecretStore;
import app.ishaar.core.secrets.SecretStore;
import app.ishaar.core.service.Session;
import app.ishaar.testing.LogCapture;
import app.ishaar.ui.FxSandboxTestBase;
import app.ishaar.ui.notifications.DatePreset;
import app.ishaar.ui.notifications.ExportViewModel;
import app.ishaar.ui.notifications.HistoryViewModel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javafx.scene.control.CheckBox;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The desktop app's whole scripted session (issue #9), headless against the sandbox: log in with
 * "remember" on (in-memory keychain), browse (next page, a filter), export as CSV and XLSX, log
 * out, then a failed login with a wrong secret. Afterwards no file the app wrote (settings folder,
 * exports) and no log record at any level holds the secret, the wrong secret, or the session's
 * access token (whole, payload, signature, or any JWT at all). {@code SecretHygieneFxTest} covers
 * remember on/off alone; {@code SecretsAfterASessionTest} the command line.
 */
class UiSecretsSessionFxTest extends FxSandboxTestBase {

    private static final String SECRET = "sandbox-secret-1";
    private static final String WRONG = "wrong-secret-\u0635\u0648";

    @TempDir Path exports;

    private final InMemorySecretStore keychain = new InMemorySecretStore();
    private LogCapture logs;

    @Override
    protected SecretStore secretStore() {
        return keychain;
    }

    @Override
    protected void beforeLaunch() {
        logs = LogCapture.install("", "app.ishaar", "app.ishaar.core", "app.ishaar.ui", "okhttp3");
    }

    @AfterEach
    void stopCapture() {
        if (logs != null) {
            logs.close();
        }
    }

    @Test
    void noFileAndNoLogRecordHoldsTheSecretOrTheToken() throws Exception {
        waitForDemoAccounts();
        waitUntil(
                "the keychain is found available", () -> !lookup("#remember").query().isDisabled());
        paste("#clientId", "erp-nile-trading");
        typeInto("#secret", SECRET);
        if (!fx(() -> lookup("#remember").<CheckBox>query().isSelected())) {
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
                                .flatMap(Session::accessToken)
                                .isPresent());
        String token =
                fx(
                        () ->
                                flow.mainViewModel()
                                        .current()
                                        .session()
                                        .flatMap(Session::accessToken)
                                        .orElseThrow());
        assertThat(keychain.contains("SANDBOX|erp-nile-trading")).isTrue();

        // browse: the first page, the next, a filter
        HistoryViewModel history = fx(() -> flow.mainViewModel().current().history());
        waitUntil(
                "rows",
                () ->
                        !history.requests().loadingProperty().get()
                                && !history.table().rows().isEmpty());
        onFx(() -> history.pager().next());
        waitUntil(
                "page 2",
                () ->
                        !history.requests().loadingProperty().get()
                                && history.pager().pageProperty().get() == 2);
        onFx(
                () -> {
                    history.filters().statusProperty().set("error");
                    // a period that begins: the report (PDF) of it is one of the exports
                    history.filters().presetProperty().set(DatePreset.CUSTOM);
                    history.filters().fromDateProperty().set(java.time.LocalDate.of(2000, 1, 1));
                    history.filters().apply();
                });
        waitUntil(
                "filtered",
                () ->
                        !history.requests().loadingProperty().get()
                                && history.table().rows().stream()
                                        .allMatch(n -> "error".equals(n.status())));

        // export every format
        for (ExportViewModel.Format format : ExportViewModel.Format.values()) {
            ExportViewModel export = fx(history::newExport);
            Path file = exports.resolve("history." + format.extension());
            onFx(
                    () -> {
                        export.formatProperty().set(format);
                        export.start(file);
                    });
            waitUntil(
                    "exported as " + format,
                    () -> export.stateProperty().get() == ExportViewModel.State.DONE);
            assertThat(file).isNotEmptyFile();
        }

        onFx(() -> flow.mainViewModel().logout());
        waitUntil(
                "back at the dialog",
                () -> flow.loginStage().isShowing() && flow.mainStage() == null);

        // a failed login
        paste("#clientId", "erp-nile-trading");
        paste("#secret", WRONG);
        clickOn("#login-button");
        waitUntil(
                "refused",
                () ->
                        flow.loginViewModel().attempts().failureProperty().get() != null
                                && !flow.loginViewModel().attempts().busyProperty().get());
        ctx.settings().flush();

        String[] parts = token.split("\\.");
        List<String> secrets = List.of(SECRET, WRONG, token, parts[1], parts[2], "eyJ");
        List<Path> files = new ArrayList<>();
        for (Path root : List.of(configDir, exports)) {
            try (Stream<Path> walk = Files.walk(root)) {
                walk.filter(Files::isRegularFile).forEach(files::add);
            }
        }
        assertThat(files).as("settings and both exports").hasSizeGreaterThanOrEqualTo(3);
        for (Path f : files) {
            byte[] bytes = Files.readAllBytes(f);
            String content =
                    new String(bytes, StandardCharsets.UTF_8)
                            + new String(bytes, StandardCharsets.ISO_8859_1);
            for (String s : secrets) {
                assertThat(content).as("%s holds a secret", f.getFileName()).doesNotContain(s);
            }
            assertThat(content).doesNotContainIgnoringCase("bearer ");
        }
        List<String> lines = logs.lines();
        assertThat(lines).as("the session was logged").anyMatch(l -> l.contains("logging in"));
        for (String line : lines) {
            for (String s : secrets) {
                assertThat(line).doesNotContain(s);
            }
        }
    }
}
