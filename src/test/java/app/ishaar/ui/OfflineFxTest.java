package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.Environment;
import app.ishaar.core.settings.Profile;
import app.ishaar.core.settings.RepresentedTaxpayer;
import app.ishaar.core.settings.Settings;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxAccount;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.settings.Screenshots;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import app.ishaar.ui.taxpayers.TaxpayerEntry.State;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import javafx.geometry.NodeOrientation;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCode;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * Offline: Work offline on the login dialog, and a service that cannot be reached at login, open
 * the main window on the archive of the saved profile's taxpayers under the offline banner; once
 * the service answers, the window goes online by itself.
 */
class OfflineFxTest extends FxSandboxTestBase {

    private static final String CLIENT = "erp-delta-accounting";
    private static final String SECRET = "sandbox-secret-2";
    private static final Instant SYNCED = Instant.parse("2026-11-27T16:45:00Z");

    private String synced;
    private String neverSynced;
    private String authUrl;
    private String baseUrl;
    private Sandbox service;

    /** The test's method: the service-down one logs in to a server of its own. */
    private final boolean serviceDown;

    OfflineFxTest(TestInfo test) {
        this.serviceDown = test.getTestMethod().orElseThrow().getName().startsWith("aService");
    }

    @Override
    protected void beforeLaunch() throws Exception {
        if (serviceDown) {
            authUrl = "http://127.0.0.1:" + freePort();
            baseUrl = "http://127.0.0.1:" + freePort();
            System.setProperty("ishaar.offlineProbeSeconds", "1");
        }
        try (Sandbox s = Sandbox.start(sandboxConfig());
                SqliteArchive archive = SqliteArchive.open(configDir.resolve("archive.db"))) {
            SandboxAccount delta =
                    s.accounts().stream()
                            .filter(a -> a.clientId().equals(CLIENT))
                            .findFirst()
                            .orElseThrow();
            synced = delta.taxpayers().get(0).rin();
            neverSynced = delta.taxpayers().get(1).rin();
            ServiceKey key = serviceDown ? ServiceKey.of(URI.create(baseUrl)) : ServiceKey.SANDBOX;
            archive.store(
                    new SyncBatch(
                            key,
                            Rin.of(synced),
                            SandboxItems.history(s, synced, Rin.of(synced)),
                            "c",
                            true,
                            SYNCED));
            Environment.Kind kind =
                    serviceDown ? Environment.Kind.CUSTOM : Environment.Kind.SANDBOX;
            new SettingsStore(configDir)
                    .save(
                            Settings.defaults()
                                    .withProfile(
                                            new Profile(
                                                    Profile.idOf(kind, authUrl, CLIENT),
                                                    kind,
                                                    authUrl,
                                                    baseUrl,
                                                    CLIENT,
                                                    null,
                                                    false,
                                                    List.of(
                                                            new RepresentedTaxpayer(
                                                                    synced, "Synced Co."),
                                                            new RepresentedTaxpayer(
                                                                    neverSynced,
                                                                    "Never Synced Co.")),
                                                    synced)));
        }
    }

    @AfterEach
    void stopTheService() {
        System.clearProperty("ishaar.offlineProbeSeconds");
        if (service != null) {
            service.close();
        }
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** The window shows the synced taxpayer's archive under the offline banner. */
    private void offlineOnTheArchive() {
        waitForMainWindow();
        waitUntil("the offline banner", () -> visible("#offline-banner"));
        waitUntil(
                "the synced taxpayer's history, from the archive",
                () ->
                        fx(
                                        () -> {
                                            var h = flow.mainViewModel().current().history();
                                            return h.pagesProperty().get().ready()
                                                    && !h.table().rows().isEmpty();
                                        })
                                && visible("#history-table"));
        waitUntil(
                "when it was synced",
                () -> text("#offline-text").startsWith("Offline: showing what was synced at "));
        assertThat(fx(() -> flow.mainViewModel().current().rin())).isEqualTo(synced);
        assertThat(fx(() -> flow.mainViewModel().current().stateProperty().get()))
                .isNotEqualTo(State.READY);
    }

    /**
     * The synced taxpayer's row's Sync now item, its menu opened from the keyboard (Monocle's right
     * click asks for no menu) and closed again: whether it is disabled, and its text.
     */
    private String rowsSyncNow() {
        onFx(
                () -> {
                    ListView<TaxpayerEntry> list = lookup("#switcher-list").query();
                    list.requestFocus();
                    list.getItems().stream()
                            .filter(t -> synced.equals(t.rin()))
                            .findFirst()
                            .ifPresent(t -> list.getSelectionModel().select(t));
                });
        press(KeyCode.SHIFT, KeyCode.F10).release(KeyCode.F10, KeyCode.SHIFT);
        waitUntil("the row's menu", () -> fx(() -> shownMenuItem("sync-" + synced) != null));
        return fx(
                () -> {
                    MenuItem item = shownMenuItem("sync-" + synced);
                    String said = (item.isDisable() ? "disabled: " : "enabled: ") + item.getText();
                    item.getParentPopup().hide();
                    return said;
                });
    }

    private static MenuItem shownMenuItem(String id) {
        return Window.getWindows().stream()
                .filter(w -> w instanceof ContextMenu m && m.isShowing())
                .flatMap(w -> ((ContextMenu) w).getItems().stream())
                .filter(i -> id.equals(i.getId()))
                .findFirst()
                .orElse(null);
    }

    private String syncAll() {
        return fx(
                () -> {
                    Button b = lookup("#switcher-sync-all").queryButton();
                    return (b.isDisabled() ? "disabled: " : "enabled: ") + b.getTooltip().getText();
                });
    }

    @Test
    void workOfflineOpensTheArchiveUnderTheBannerInBothLanguagesAndTryNowGoesOnline()
            throws Exception {
        waitUntil("Work offline is offered", () -> visible("#work-offline"));
        paste("#secret", SECRET); // (as the keychain fills it in): it logs in once online
        clickOn("#work-offline");
        offlineOnTheArchive();
        onFx(
                () -> {
                    flow.mainStage().setWidth(1366);
                    flow.mainStage().setHeight(768);
                });
        waitForPulses(2);
        // nothing can be synced offline: Sync all and the row's Sync now are disabled, saying why
        assertThat(syncAll())
                .isEqualTo(
                        "disabled: Offline: the service cannot be reached, so nothing can be"
                                + " synced now. The window goes online by itself once it"
                                + " answers.");
        assertThat(rowsSyncNow()).isEqualTo("disabled: Sync now (offline)");
        Screenshots.take(flow.mainStage(), "offline-en.png");
        onFx(() -> ctx.i18n().languageProperty().set(AppLanguage.ARABIC));
        waitUntil("the banner in Arabic", () -> text("#offline-text").startsWith("غير متصل: "));
        assertThat(syncAll()).startsWith("disabled: غير متصل: تعذّر الوصول إلى الخدمة");
        assertThat(rowsSyncNow()).isEqualTo("disabled: زامن الآن (غير متصل)");
        assertThat(fx(() -> lookup("#offline-banner").query().getEffectiveNodeOrientation()))
                .isEqualTo(NodeOrientation.RIGHT_TO_LEFT);
        waitForPulses(3);
        Screenshots.take(flow.mainStage(), "offline-ar.png");
        onFx(() -> ctx.i18n().languageProperty().set(AppLanguage.ENGLISH));

        // a taxpayer never synced says it needs the service
        clickOnTaxpayer(neverSynced);
        waitUntil("it needs the service", () -> visible("#offline-needs-service"));
        assertThat(text("#offline-needs-service"))
                .isEqualTo(
                        "Never Synced Co. has not been synced yet: its history needs the"
                                + " service, which cannot be reached now.");

        // All taxpayers reads the archive
        clickOn("#switcher-all");
        waitUntil(
                "All taxpayers shows the archive",
                () -> fx(() -> !flow.mainViewModel().allTaxpayers().table().rows().isEmpty()));
        // the header and the window's title name All taxpayers, not the taxpayer shown before
        waitUntil(
                "the header names All taxpayers",
                () -> text("#header-name").equals("All taxpayers"));
        assertThat(visible("#header-rin")).isFalse();
        assertThat(fx(() -> flow.mainStage().getTitle())).startsWith("All taxpayers — ");
        waitForPulses(3);
        Screenshots.take(flow.mainStage(), "offline-all-en.png");
        onFx(() -> ctx.i18n().languageProperty().set(AppLanguage.ARABIC));
        waitUntil("in Arabic", () -> text("#header-name").equals("جميع الممولين"));
        assertThat(fx(() -> flow.mainStage().getTitle())).startsWith("جميع الممولين — ");
        waitForPulses(3);
        Screenshots.take(flow.mainStage(), "offline-all-ar.png");
        onFx(() -> ctx.i18n().languageProperty().set(AppLanguage.ENGLISH));

        clickOnTaxpayer(synced);
        waitUntil(
                "the header names the taxpayer again",
                () -> text("#header-name").equals("Synced Co."));
        assertThat(text("#header-rin")).isEqualTo(synced);
        clickOn("#offline-try");
        waitUntil(
                "online: the banner gone, the taxpayer logged in",
                30,
                () ->
                        !visible("#offline-banner")
                                && fx(
                                        () ->
                                                flow.mainViewModel().current().stateProperty().get()
                                                        == State.READY));
        // online, both sync again
        waitUntil(
                "Sync all offered again",
                30,
                () -> syncAll().startsWith("enabled: Bring every taxpayer's archive up to date"));
        assertThat(rowsSyncNow()).isEqualTo("enabled: Sync now");
    }

    @Test
    void afterALogOutWorkOfflineShowsTheSyncedTaxpayersRowsAtOnceWithoutRefresh() {
        waitUntil("the dialog shows", () -> flow.loginStage().isShowing());
        paste("#secret", SECRET);
        clickOn("#login-button");
        waitForMainWindow();
        waitUntil(
                "online, the synced taxpayer's rows",
                30,
                () ->
                        fx(
                                () -> {
                                    var h = flow.mainViewModel().current().history();
                                    return !h.table().rows().isEmpty()
                                            && !h.requests().loadingProperty().get();
                                }));
        long shownOnline =
                fx(
                        () ->
                                flow.mainViewModel()
                                        .current()
                                        .history()
                                        .pager()
                                        .totalCountProperty()
                                        .get());

        onFx(() -> flow.mainViewModel().logout());
        waitUntil("the dialog is back", () -> flow.loginStage().isShowing());
        waitUntil("Work offline is offered", () -> visible("#work-offline"));
        clickOn("#work-offline");
        // no Refresh pressed: the rows come by themselves, with their count
        offlineOnTheArchive();
        assertThat(
                        fx(
                                () ->
                                        flow.mainViewModel()
                                                .current()
                                                .history()
                                                .pager()
                                                .totalCountProperty()
                                                .get()))
                .as("the whole synced history, as online")
                .isEqualTo(shownOnline);
        assertThat(visible("#history-banner")).as("no failure said").isFalse();
    }

    @Test
    void aServiceDownAtLoginOpensOfflineAndTheWindowGoesOnlineOnceItAnswers() throws Exception {
        waitUntil("the dialog shows", () -> flow.loginStage().isShowing());
        assertThat(text("#clientId")).isEqualTo(CLIENT);
        paste("#secret", SECRET);
        clickOn("#login-button");
        offlineOnTheArchive();
        assertThat(fx(() -> flow.mainViewModel().offline().offlineProperty().get())).isTrue();

        // the service comes back where the profile says it is
        service =
                Sandbox.start(
                        sandboxConfig().toBuilder()
                                .authPort(URI.create(authUrl).getPort())
                                .apiPort(URI.create(baseUrl).getPort())
                                .build());
        waitUntil(
                "online by itself: the banner gone, the taxpayer logged in",
                30,
                () ->
                        !visible("#offline-banner")
                                && fx(
                                        () ->
                                                flow.mainViewModel().current().stateProperty().get()
                                                        == State.READY));
        assertThat(fx(() -> flow.mainViewModel().current().rin())).isEqualTo(synced);
        assertThat(service.logins()).isNotEmpty();
    }
}
