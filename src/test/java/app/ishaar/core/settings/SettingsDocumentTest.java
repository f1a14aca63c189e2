package app.ishaar.core.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The settings document as the store writes and reads it ({@link SettingsStore#read}): what it
 * writes it reads back exactly, a hand-edited document is read as Jackson's plain data binding
 * reads it, and a document of the wrong shape is not read.
 */
class SettingsDocumentTest {

    /** Jackson's plain data binding, unknown members skipped. */
    private static final ObjectMapper DATABIND =
            new ObjectMapper()
                    .registerModule(new JavaTimeModule())
                    .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    @Property(tries = 300)
    void whatTheStoreWritesIsReadBackExactly(@ForAll("settings") Settings settings)
            throws IOException {
        Path dir = Files.createTempDirectory("settings-reader");
        try {
            SettingsStore store = new SettingsStore(dir);
            store.save(settings);
            assertThat(SettingsStore.read(Files.readAllBytes(store.file()))).isEqualTo(settings);
            SettingsStore.Loaded loaded = store.load();
            assertThat(loaded.setAside()).isEmpty();
            assertThat(loaded.settings()).isEqualTo(settings);
        } finally {
            try (var files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
            }
            Files.delete(dir);
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{}",
                "{\"taxpayerListHidden\":true}",
                "{\"taxpayerListHiddenIn\":[\"SANDBOX|b\",null,\"SANDBOX|a\",\"SANDBOX|b\",5]}",
                "{\"taxpayerListHiddenIn\":null}",
                "{\"taxpayerListShownIn\":[\"SANDBOX|b\",null,\"SANDBOX|a\"],\"taxpayerListHiddenIn\":[\"SANDBOX|c\"]}",
                "{\"version\":1,\"language\":\"ar\",\"latinDigits\":true,\"theme\":\"dark\",\"window\":{\"x\":[1,2,{\"y\":null}]}}",
                "{\"version\":\"2\",\"language\":5,\"latinDigits\":\"true\",\"lastProfileId\":null,\"profiles\":null,\"history\":null}",
                "{\"profiles\":[{\"id\":\"SANDBOX|a\",\"environment\":\"SANDBOX\",\"clientId\":\"a\",\"rememberSecret\":true,\"extra\":[1],"
                        + "\"taxpayers\":[{\"rin\":\"204918573\",\"name\":\"شركة النيل\"},{\"rin\":\"287364519\"}],\"lastTaxpayerRin\":\"204918573\"}]}",
                "{\"profiles\":[{\"id\":\"SANDBOX|n\",\"clientId\":\"n\",\"ownAsLoggedIn\":{\"rin\":\"204918573\",\"name\":\"Nile ERP\",\"x\":1}},"
                        + "{\"id\":\"SANDBOX|m\",\"clientId\":\"m\",\"ownAsLoggedIn\":null}]}",
                "{\"history\":{\"p|-\":{\"datePreset\":\"CUSTOM\",\"customFrom\":\"2026-03-01T10:00:00Z\",\"customTo\":\"2026-03-02T10:00:00.123456789Z\","
                        + "\"pageSize\":\"100\",\"detailWidth\":380,\"detailDivider\":0.64,\"detailVisible\":false,\"columns\":[{\"id\":\"sent\",\"width\":160,\"visible\":true},"
                        + "{\"id\":\"type\",\"width\":\"90.5\"}]}}}",
                "{\"history\":{\"p|1\":{\"customFrom\":1772359200,\"customTo\":1772359200.5,\"pageSize\":null,\"detailWidth\":null,\"detailVisible\":null}}}",
                "{\"profiles\":[],\"history\":{}}",
                "{\"textSize\":125}",
                "{\"textSize\":\"150\"}",
                "{\"textSize\":null}",
                "{\"textSize\":0}",
                "{\"checkMinutes\":0}",
                "{\"checkMinutes\":\"5\"}",
                "{\"checkMinutes\":null}",
                "{\"checkMinutes\":-3}",
                "{\"checkMinutes\":999}",
                "{\"theme\":\"dark\"}",
                "{\"theme\":\"light\"}",
                "{\"theme\":\"DARK\"}",
                "{\"theme\":null}",
                "{\"theme\":\"purple\"}",
                "{\"theme\":5}",
                "{\"desktopNotify\":false}",
                "{\"desktopNotify\":true}",
                "{\"desktopNotify\":\"false\"}",
                "{\"desktopNotify\":null}",
                "{\"proxy\":null}",
                "{\"proxy\":{}}",
                "{\"proxy\":{\"mode\":\"none\"}}",
                "{\"proxy\":{\"mode\":\"NONE\",\"host\":\"ignored\",\"port\":3128}}",
                "{\"proxy\":{\"mode\":\"system\"}}",
                "{\"proxy\":{\"mode\":\"manual\",\"host\":\"proxy.example.com\",\"port\":3128}}",
                "{\"proxy\":{\"mode\":\"manual\",\"host\":\" proxy.example.com \",\"port\":\"8080\",\"user\":\"x\"}}",
                "{\"proxy\":{\"mode\":\"manual\",\"host\":\"::1\",\"port\":3128}}",
                "{\"proxy\":{\"mode\":\"manual\"}}",
                "{\"proxy\":{\"mode\":\"manual\",\"host\":\"proxy.example.com\"}}",
                "{\"proxy\":{\"mode\":\"manual\",\"host\":\"proxy.example.com\",\"port\":70000}}",
                "{\"proxy\":{\"mode\":\"manual\",\"host\":\"a b\",\"port\":3128}}",
                "{\"proxy\":{\"mode\":\"socks\",\"host\":\"proxy.example.com\",\"port\":1080}}",
                "{\"proxy\":{\"mode\":5}}",
                "{\"loginsPerMinute\":6,\"keepDays\":365,\"archive\":\"/srv/ishaar/archive.db\"}",
                "{\"loginsPerMinute\":\"30\",\"keepDays\":\"90\",\"archive\":\" /tmp/a.db \"}",
                "{\"loginsPerMinute\":0,\"keepDays\":-1,\"archive\":\"  \"}",
                "{\"loginsPerMinute\":601,\"keepDays\":40000,\"archive\":null}",
                "{\"loginsPerMinute\":null,\"keepDays\":null,\"archive\":5}"
            })
    void aHandEditedDocumentIsReadAsTheDataBindingReadsIt(String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        assertThat(SettingsStore.read(bytes)).isEqualTo(DATABIND.readValue(bytes, Settings.class));
    }

    @Test
    void anOlderDocumentReadsTheSyncSettingsDefaultsAndBadValuesFallBackToThem()
            throws IOException {
        Settings old =
                SettingsStore.read(
                        "{\"version\":1,\"checkMinutes\":5}".getBytes(StandardCharsets.UTF_8));
        assertThat(old.checkMinutes()).as("the sync's interval, as the check's was").isEqualTo(5);
        assertThat(old.loginsPerMinute()).isEqualTo(Settings.DEFAULT_LOGINS_PER_MINUTE);
        assertThat(old.keepDays()).as("kept for ever").isZero();
        assertThat(old.archive()).as("the user's data folder").isNull();

        Settings bad =
                SettingsStore.read(
                        "{\"loginsPerMinute\":-4,\"keepDays\":99999,\"archive\":\"   \"}"
                                .getBytes(StandardCharsets.UTF_8));
        assertThat(bad.loginsPerMinute()).isEqualTo(12);
        assertThat(bad.keepDays()).isZero();
        assertThat(bad.archive()).isNull();

        Settings set =
                Settings.defaults()
                        .withLoginsPerMinute(6)
                        .withKeepDays(365)
                        .withArchive(" /srv/ishaar/archive.db ");
        assertThat(set.loginsPerMinute()).isEqualTo(6);
        assertThat(set.keepDays()).isEqualTo(365);
        assertThat(set.archive()).isEqualTo("/srv/ishaar/archive.db");
    }

    @Test
    void aProfileKeepsItsEnvironmentByNameAndAnUnknownOneReadsAsTheSandbox() throws IOException {
        Settings read =
                SettingsStore.read(
                        ("{\"profiles\":[{\"id\":\"PROD|a\",\"environment\":\"PROD\",\"clientId\":\"a\"},"
                                        + "{\"id\":\"x|b\",\"environment\":\"STAGING\",\"clientId\":\"b\"},"
                                        + "{\"id\":\"c\",\"clientId\":\"c\"}]}")
                                .getBytes(StandardCharsets.UTF_8));
        assertThat(read.profiles())
                .extracting(Profile::environment)
                .containsExactly(
                        app.ishaar.core.service.Environment.Kind.PROD,
                        app.ishaar.core.service.Environment.Kind.SANDBOX,
                        app.ishaar.core.service.Environment.Kind.SANDBOX);
        assertThat(new String(DATABIND.writeValueAsBytes(read), StandardCharsets.UTF_8))
                .contains("\"environment\":\"PROD\"");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "null",
                "[]",
                "\"settings\"",
                "{\"language\": \"ar\", \"profiles\": [",
                "{} {}",
                "{\"profiles\":{}}",
                "{\"language\":{\"en\":1}}",
                "{\"profiles\":[{\"taxpayers\":{}}]}",
                "{\"history\":{\"p|-\":{\"customFrom\":\"yesterday\"}}}",
                "{\"history\":{\"p|-\":{\"pageSize\":\"many\"}}}",
                "{\"latinDigits\":\"maybe\"}",
                "{\"textSize\":\"large\"}",
                "{\"checkMinutes\":\"often\"}",
                "{\"theme\":[\"dark\"]}",
                "{\"desktopNotify\":\"maybe\"}",
                "{\"proxy\":\"http://proxy:3128\"}",
                "{\"proxy\":{\"mode\":\"manual\",\"host\":\"p\",\"port\":\"many\"}}",
                "{\"proxy\":{\"host\":[\"p\"]}}",
                "{\"history\":{\"p|-\":{\"columns\":[{\"width\":{}}]}}}"
            })
    void aDocumentOfTheWrongShapeIsNotRead(String json) {
        assertThatThrownBy(() -> SettingsStore.read(json.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IOException.class);
    }

    @Test
    void aFileWithoutAProxyGoesThroughTheSystemsSettingsAndAManualOneIsKept() throws IOException {
        assertThat(read("{\"language\":\"ar\"}").proxy()).isEqualTo(ProxyChoice.SYSTEM_SETTINGS);
        assertThat(read("{\"proxy\":{\"mode\":\"none\"}}").proxy()).isEqualTo(ProxyChoice.DIRECT);
        ProxyChoice manual =
                read("{\"proxy\":{\"mode\":\"Manual\",\"host\":\"proxy.example.com\",\"port\":\"3128\"}}")
                        .proxy();
        assertThat(manual).isEqualTo(ProxyChoice.manual("proxy.example.com", 3128));
        assertThat(manual.address()).isEqualTo("proxy.example.com:3128");
        // a manual entry naming no usable proxy is as if there were none: the system's settings
        assertThat(read("{\"proxy\":{\"mode\":\"manual\",\"port\":3128}}").proxy())
                .isEqualTo(ProxyChoice.SYSTEM_SETTINGS);
        assertThat(read("{\"proxy\":{\"mode\":\"manual\",\"host\":\"p\",\"port\":0}}").proxy())
                .isEqualTo(ProxyChoice.SYSTEM_SETTINGS);
    }

    @Test
    void aProxyChoiceIsWrittenAsItsModeHostAndPortOnly() throws IOException {
        Path dir = Files.createTempDirectory("settings-reader");
        try {
            SettingsStore store = new SettingsStore(dir);
            Settings s =
                    Settings.defaults().withProxy(ProxyChoice.manual("proxy.example.com", 3128));
            store.save(s);
            String json = Files.readString(store.file());
            assertThat(DATABIND.readTree(json).get("proxy").toString())
                    .isEqualTo(
                            "{\"mode\":\"manual\",\"host\":\"proxy.example.com\",\"port\":3128}");
            assertThat(store.load().settings()).isEqualTo(s);
            assertThat(store.load().settings().withProxy(ProxyChoice.DIRECT).proxy())
                    .isEqualTo(ProxyChoice.DIRECT);
        } finally {
            try (var files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
            }
            Files.delete(dir);
        }
    }

    private static Settings read(String json) throws IOException {
        return SettingsStore.read(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aWrongShapeIsSetAsideLikeAnyUnreadableFile() throws IOException {
        Path dir = Files.createTempDirectory("settings-reader");
        Files.writeString(
                dir.resolve("settings.json"),
                "{\"profiles\":{\"not\":\"a list\"}}",
                StandardCharsets.UTF_8);
        SettingsStore.Loaded loaded = new SettingsStore(dir).load();
        assertThat(loaded.settings()).isEqualTo(Settings.defaults());
        assertThat(loaded.setAside()).isPresent();
    }

    // ---- generators ----

    @Provide
    Arbitrary<Settings> settings() {
        Arbitrary<String> text =
                Arbitraries.oneOf(
                                Arbitraries.strings()
                                        .withCharRange('\u0000', '\uD7FF')
                                        .ofMaxLength(12),
                                Arbitraries.of("شركة النيل للتجارة", "a\"b\\c\n\td", "‏٢٠٤٩"))
                        .injectNull(0.2);
        Arbitrary<String> rin = Arbitraries.strings().numeric().ofLength(9);
        Arbitrary<RepresentedTaxpayer> taxpayer =
                Combinators.combine(rin, text).as(RepresentedTaxpayer::new);
        Arbitrary<Profile> profile =
                Combinators.combine(
                                text,
                                Arbitraries.of(app.ishaar.core.service.Environment.Kind.values()),
                                text,
                                text,
                                text,
                                text,
                                Arbitraries.of(true, false),
                                taxpayer.list().ofMaxSize(4))
                        .as(
                                (id, env, auth, base, client, scope, remember, tps) ->
                                        new Profile(
                                                id,
                                                env,
                                                auth,
                                                base,
                                                client,
                                                scope,
                                                remember,
                                                tps,
                                                tps.isEmpty() ? null : tps.get(0).rin()))
                        .flatMap(p -> text.map(p::withOwnName))
                        .flatMap(p -> taxpayer.injectNull(0.5).map(p::withOwnAsLoggedIn));
        Arbitrary<Instant> instant =
                Arbitraries.longs()
                        .between(0, 4_102_444_800L)
                        .flatMap(
                                s ->
                                        Arbitraries.integers()
                                                .between(0, 999_999_999)
                                                .map(n -> Instant.ofEpochSecond(s, n)))
                        .injectNull(0.3);
        Arbitrary<HistoryPrefs.ColumnPref> column =
                Combinators.combine(
                                text,
                                Arbitraries.doubles().between(0, 2000).ofScale(3),
                                Arbitraries.of(true, false))
                        .as(HistoryPrefs.ColumnPref::new);
        Arbitrary<HistoryPrefs> prefs =
                Combinators.combine(
                                Combinators.combine(text, instant, instant, text, text, text, text)
                                        .as(java.util.Arrays::<Object>asList),
                                Arbitraries.integers().between(1, 100).injectNull(0.3),
                                column.list().ofMaxSize(8),
                                Arbitraries.doubles().between(0, 1).injectNull(0.3),
                                Arbitraries.of(true, false).injectNull(0.3),
                                Combinators.combine(text, text)
                                        .as(java.util.Arrays::<String>asList))
                        .as(
                                (f, size, cols, divider, visible, export) ->
                                        new HistoryPrefs(
                                                (String) f.get(0),
                                                (Instant) f.get(1),
                                                (Instant) f.get(2),
                                                (String) f.get(3),
                                                (String) f.get(4),
                                                (String) f.get(5),
                                                (String) f.get(6),
                                                size,
                                                cols,
                                                divider,
                                                visible,
                                                export.get(0),
                                                export.get(1),
                                                null,
                                                null))
                        .flatMap(
                                h ->
                                        instant.map(
                                                visit ->
                                                        new HistoryPrefs(
                                                                h.datePreset(),
                                                                h.customFrom(),
                                                                h.customTo(),
                                                                h.type(),
                                                                h.language(),
                                                                h.status(),
                                                                h.channel(),
                                                                h.pageSize(),
                                                                h.columns(),
                                                                h.detailWidth(),
                                                                h.detailVisible(),
                                                                h.exportFolder(),
                                                                h.exportFormat(),
                                                                visit,
                                                                null)));
        Arbitrary<Map<String, HistoryPrefs>> history =
                Arbitraries.maps(
                                Arbitraries.strings().withCharRange(' ', '\u07FF').ofMaxLength(20),
                                prefs)
                        .ofMaxSize(4);
        Arbitrary<Double> coordinate = Arbitraries.doubles().between(-4000, 8000).ofScale(2);
        Arbitrary<WindowBounds> window =
                Combinators.combine(
                                coordinate,
                                coordinate,
                                Arbitraries.doubles().between(0, 8000).ofScale(2),
                                Arbitraries.doubles().between(0, 8000).ofScale(2),
                                Arbitraries.of(true, false))
                        .as(WindowBounds::new)
                        .injectNull(0.3);
        return Combinators.combine(
                        Arbitraries.integers().between(0, 3),
                        Arbitraries.of("en", "ar"),
                        Arbitraries.of(true, false),
                        text,
                        profile.list().ofMaxSize(3),
                        history,
                        window,
                        Combinators.combine(
                                        text.list().ofMaxSize(3),
                                        text.list().ofMaxSize(3),
                                        Arbitraries.of(100, 110, 125, 150, 175),
                                        Arbitraries.of(0, 1, 2, 5, 15),
                                        Arbitraries.of(Settings.LIGHT, Settings.DARK),
                                        Arbitraries.of(true, false))
                                .as(
                                        (hiddenIn, shownIn, size, check, theme, notify) ->
                                                new Object[] {
                                                    hiddenIn, shownIn, size, check, theme, notify
                                                }))
                .as(
                        (version, language, latin, last, profiles, h, w, rest) ->
                                new Settings(
                                        version,
                                        language,
                                        latin,
                                        last,
                                        profiles,
                                        h,
                                        w,
                                        uncheckedList(rest[0]),
                                        uncheckedList(rest[1]),
                                        (Integer) rest[2],
                                        (Integer) rest[3],
                                        (String) rest[4],
                                        (Boolean) rest[5],
                                        null,
                                        null,
                                        null,
                                        null,
                                        null))
                .flatMap(s -> proxyChoices().map(s::withProxy))
                .flatMap(
                        s ->
                                Combinators.combine(
                                                Arbitraries.of(1, 6, 12, 600),
                                                Arbitraries.of(0, 30, 365, Settings.MAX_KEEP_DAYS),
                                                Arbitraries.of(
                                                        "", "/srv/ishaar/archive.db", "C:\\a.db"),
                                                Arbitraries.of(
                                                        HandlingSetting.DEFAULT,
                                                        new HandlingSetting(List.of(), List.of()),
                                                        new HandlingSetting(
                                                                List.of("9", "1"),
                                                                List.of("pending", "error"))))
                                        .as(
                                                (logins, days, file, handling) ->
                                                        s.withLoginsPerMinute(logins)
                                                                .withKeepDays(days)
                                                                .withArchive(file)
                                                                .withHandling(handling)));
    }

    private static Arbitrary<ProxyChoice> proxyChoices() {
        return Arbitraries.oneOf(
                Arbitraries.of(ProxyChoice.SYSTEM_SETTINGS, ProxyChoice.DIRECT),
                Combinators.combine(
                                Arbitraries.of("proxy.example.com", "10.0.0.7", "::1", "PROXY-1"),
                                Arbitraries.integers().between(1, 65535))
                        .as(ProxyChoice::manual));
    }

    @SuppressWarnings("unchecked")
    private static List<String> uncheckedList(Object list) {
        return (List<String>) list;
    }
}
