package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * An archive file that cannot be opened (another program's file): the app starts, each taxpayer's
 * history works from the service, and All taxpayers says why it has nothing, inline, leaving the
 * file as it was.
 */
class ArchiveRefusedFxTest extends FxSandboxTestBase {

    private Path file() {
        return configDir.resolve("not-an-archive.db");
    }

    @Override
    protected AppServices.ArchiveSource archiveSource() {
        return AppServices.ArchiveSource.file(file());
    }

    @Override
    protected void beforeLaunch() throws Exception {
        Files.writeString(file(), "a letter, not a database");
    }

    @Test
    void theTaxpayersScreenAndAllTaxpayersSayTheArchiveCannotBeRead() throws Exception {
        waitForDemoAccounts();
        clickOn("#demo-erp-delta-accounting");
        clickOn("#login-button");
        waitForMainWindow();
        // the screens read the archive: its fault is said in words, never as a bug
        waitUntil("the taxpayer's screen says why", () -> visible("#history-error"));
        assertThat(text("#history-error"))
                .isEqualTo("The archive file is not an archive of Ishaar; it was left untouched.");
        clickOn("#switcher-all");
        waitUntil(
                "All taxpayers says it too",
                () ->
                        fx(() -> flow.mainViewModel().allShownProperty().get())
                                && fx(
                                        () ->
                                                flow.mainView().allTaxpayersView().root().getScene()
                                                        != null)
                                && visible("#history-error"));
        assertThat(text("#history-error"))
                .isEqualTo("The archive file is not an archive of Ishaar; it was left untouched.");
        assertThat(Files.readString(file())).isEqualTo("a letter, not a database");
    }
}
