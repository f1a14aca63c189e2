package app.ishaar.ui.settings;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.settings.Settings;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.ui.app.SettingsService;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.settings.ArchiveRowsViewModel.Problem;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The settings dialog's archive rows without the FX toolkit: what is remembered, when, and what a
 * value that cannot be kept says (the text typed stays as it was).
 */
class ArchiveRowsViewModelTest {
    @TempDir Path configDir;
    @TempDir Path data;

    private final I18n i18n = new I18n(AppLanguage.ENGLISH);
    private SettingsService settings;

    @BeforeEach
    void setUp() {
        settings = new SettingsService(new SettingsStore(configDir), Duration.ZERO);
    }

    @AfterEach
    void tearDown() {
        settings.close();
    }

    private ArchiveRowsViewModel rows() {
        return new ArchiveRowsViewModel(i18n, settings);
    }

    private Settings remembered() {
        settings.flush();
        return new SettingsStore(configDir).load().settings();
    }

    @Test
    void theDefaultsAreTwelveLoginsForEverAndTheDataFolder() {
        ArchiveRowsViewModel rows = rows();
        assertThat(rows.loginsProperty().get()).isEqualTo("12");
        assertThat(rows.keepForeverProperty().get()).isTrue();
        assertThat(rows.ownArchiveProperty().get()).isTrue();
        assertThat(rows.commit()).isTrue();
        assertThat(remembered().archive()).isNull();
        assertThat(remembered().keepDays()).isZero();
    }

    @Test
    void loginsPerMinuteAreRememberedWhenCommittedAndCheckedInline() {
        ArchiveRowsViewModel rows = rows();
        rows.loginsProperty().set("0");
        assertThat(rows.loginsProblemProperty().get()).as("no complaint while typing").isNull();
        rows.commitLogins();
        assertThat(rows.loginsProblemProperty().get()).isEqualTo(Problem.LOGINS);
        assertThat(rows.errorText(rows.loginsProblemProperty()).get()).contains("1 to 600");
        assertThat(rows.loginsProperty().get()).as("what was typed stays").isEqualTo("0");
        assertThat(remembered().loginsPerMinute()).isEqualTo(12);
        rows.loginsProperty().set("six");
        assertThat(rows.loginsProblemProperty().get()).isEqualTo(Problem.LOGINS);
        rows.loginsProperty().set("6");
        assertThat(rows.loginsProblemProperty().get()).as("fixed: the message goes").isNull();
        rows.commitLogins();
        assertThat(remembered().loginsPerMinute()).isEqualTo(6);
        rows.loginsProperty().set("٣٠"); // Arabic-Indic digits
        rows.commitLogins();
        assertThat(remembered().loginsPerMinute()).isEqualTo(30);
        assertThat(rows().loginsProperty().get()).as("a new dialog shows it").isEqualTo("30");
    }

    @Test
    void keepingNDaysOrForEver() {
        ArchiveRowsViewModel rows = rows();
        rows.keepForeverProperty().set(false);
        assertThat(remembered().keepDays()).as("no days typed yet").isZero();
        rows.daysProperty().set("40000");
        assertThat(rows.commit()).isFalse();
        assertThat(rows.daysProblemProperty().get()).isEqualTo(Problem.DAYS);
        assertThat(rows.daysProperty().get()).isEqualTo("40000");
        rows.daysProperty().set("90");
        assertThat(rows.commit()).isTrue();
        assertThat(remembered().keepDays()).isEqualTo(90);
        ArchiveRowsViewModel again = rows();
        assertThat(again.keepForeverProperty().get()).isFalse();
        assertThat(again.daysProperty().get()).isEqualTo("90");
        again.keepForeverProperty().set(true);
        assertThat(remembered().keepDays()).isZero();
        again.keepForeverProperty().set(false);
        assertThat(remembered().keepDays()).as("the days typed apply again").isEqualTo(90);
    }

    @Test
    void theArchiveIsAFullPathOrASharedLocationWithoutItsPassword() {
        ArchiveRowsViewModel rows = rows();
        rows.ownArchiveProperty().set(false);
        assertThat(rows.commit()).isFalse();
        assertThat(rows.archiveProblemProperty().get()).isEqualTo(Problem.EMPTY);
        rows.archiveProperty().set("archive.db");
        assertThat(rows.archiveProblemProperty().get()).isEqualTo(Problem.NOT_ABSOLUTE);
        rows.archiveProperty().set("postgresql://alice:s3cret@db.firm.example:5432/ishaar");
        assertThat(rows.archiveProblemProperty().get()).isEqualTo(Problem.PASSWORD);
        assertThat(rows.errorText(rows.archiveProblemProperty()).get())
                .contains("password")
                .doesNotContain("s3cret");
        rows.commitArchive();
        assertThat(remembered().archive()).as("never kept").isNull();
        assertThat(settings.get().toString()).doesNotContain("s3cret");
        rows.archiveProperty().set("postgresql://db.firm.example:5432/ishaar?password=x");
        assertThat(rows.archiveProblemProperty().get()).isEqualTo(Problem.PASSWORD);
        rows.archiveProperty().set("postgresql://db.firm.example:5432");
        assertThat(rows.archiveProblemProperty().get()).isEqualTo(Problem.BAD_LOCATION);
        rows.archiveProperty().set("postgresql://alice@db.firm.example:5432/ishaar");
        assertThat(rows.commit()).isTrue();
        assertThat(remembered().archive())
                .isEqualTo("postgresql://alice@db.firm.example:5432/ishaar");

        String file = data.resolve("firm/archive.db").toString();
        rows.archiveProperty().set("  " + file + " ");
        rows.commitArchive();
        assertThat(remembered().archive()).isEqualTo(file);
        assertThat(rows().ownArchiveProperty().get()).isFalse();
        rows.ownArchiveProperty().set(true);
        assertThat(remembered().archive()).as("back to the data folder").isNull();
        assertThat(rows.archiveProperty().get()).as("the text stays").contains(file);
    }

    @Test
    void problemsAreSaidInTheUiLanguage() {
        ArchiveRowsViewModel rows = rows();
        rows.loginsProperty().set("");
        rows.commitLogins();
        String english = rows.errorText(rows.loginsProblemProperty()).get();
        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(rows.errorText(rows.loginsProblemProperty()).get())
                .isNotEqualTo(english)
                .isEqualTo(i18n.get("settingsDialog.logins.error"));
    }
}
