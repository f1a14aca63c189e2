package app.ishaar.core.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsStoreTest {

    @TempDir Path dir;

    private final Clock clock = Clock.fixed(Instant.parse("2026-11-21T08:30:00Z"), ZoneOffset.UTC);

    private static Settings sample() {
        Profile delta =
                new Profile(
                        Profile.idOf(
                                app.ishaar.core.service.Environment.Kind.SANDBOX,
                                null,
                                "erp-delta-accounting"),
                        app.ishaar.core.service.Environment.Kind.SANDBOX,
                        null,
                        null,
                        "erp-delta-accounting",
                        null,
                        true,
                        List.of(new RepresentedTaxpayer("287364519", "Cairo Pharma")),
                        "287364519");
        HistoryPrefs prefs =
                new HistoryPrefs(
                        "LAST_7_DAYS",
                        null,
                        null,
                        "7",
                        "ar",
                        "error",
                        "sms",
                        50,
                        List.of(
                                new HistoryPrefs.ColumnPref("sent", 160, true),
                                new HistoryPrefs.ColumnPref("address", 90, false)),
                        0.6,
                        true,
                        "/home/accountant/Clients/Cairo Pharma",
                        "XLSX",
                        null,
                        null);
        return Settings.defaults()
                .withLanguage("ar", true)
                .withProfile(delta)
                .withHistory(Settings.historyKey(delta.id(), "287364519"), prefs)
                .withTaxpayerListHidden(delta.id(), true);
    }

    @Test
    void whatIsSavedIsWhatIsLoaded() throws Exception {
        SettingsStore store = new SettingsStore(dir, clock);
        store.save(sample());

        SettingsStore.Loaded loaded = new SettingsStore(dir, clock).load();

        assertThat(loaded.setAside()).isEmpty();
        assertThat(loaded.settings()).isEqualTo(sample());
    }

    @Test
    void aFirstStartHasDefaults() {
        SettingsStore.Loaded loaded = new SettingsStore(dir.resolve("never-created"), clock).load();
        assertThat(loaded.settings()).isEqualTo(Settings.defaults());
        assertThat(loaded.setAside()).isEmpty();
    }

    @Test
    void aCorruptFileIsSetAsideAndReportedNotFatal() throws Exception {
        Files.writeString(
                dir.resolve("settings.json"),
                "{\"language\": \"ar\", \"profiles\": [",
                StandardCharsets.UTF_8);

        SettingsStore.Loaded loaded = new SettingsStore(dir, clock).load();

        assertThat(loaded.settings()).isEqualTo(Settings.defaults());
        assertThat(loaded.setAside())
                .contains(dir.resolve("settings.json.corrupt-20261121-083000"));
        assertThat(Files.readString(loaded.setAside().orElseThrow()))
                .startsWith("{\"language\": \"ar\"");
        assertThat(dir.resolve("settings.json")).doesNotExist();
    }

    @Test
    void fieldsFromANewerVersionAreIgnored() throws Exception {
        Files.writeString(
                dir.resolve("settings.json"),
                "{\"version\":2,\"language\":\"ar\",\"theme\":\"dark\"}",
                StandardCharsets.UTF_8);
        SettingsStore.Loaded loaded = new SettingsStore(dir, clock).load();
        assertThat(loaded.setAside()).isEmpty();
        assertThat(loaded.settings().language()).isEqualTo("ar");
    }

    @Test
    void savingLeavesNoTemporaryFilesAndNoSecretFields() throws Exception {
        new SettingsStore(dir, clock).save(sample());
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("settings.json");
        }
        String json = Files.readString(dir.resolve("settings.json"));
        assertThat(json)
                .doesNotContainIgnoringCase("\"clientSecret\"")
                .doesNotContainIgnoringCase("token")
                .contains("\"rememberSecret\" : true");
    }
}
