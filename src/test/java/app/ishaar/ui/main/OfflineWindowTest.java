package app.ishaar.ui.main;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.core.secrets.InMemorySecretStore;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.LoginError;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.settings.Profile;
import app.ishaar.core.settings.RepresentedTaxpayer;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.testing.MutableClock;
import app.ishaar.ui.app.SettingsService;
import app.ishaar.ui.fakes.FakeOpener;
import app.ishaar.ui.fakes.FakeSession;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.login.LoginViewModel;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The main window opened offline (the service could not be reached at login, or Work offline),
 * without the FX toolkit: the archive read, nothing logged in, the banner, and back online by
 * itself once the service answers.
 */
class OfflineWindowTest {

    private static final Executor DIRECT = Runnable::run;
    private static final String NILE = "204918573";
    private static final String PHARMA = "287364519";
    private static final Instant SYNCED = Instant.parse("2026-01-09T16:45:00Z");

    @TempDir Path configDir;

    private final I18n i18n = new I18n(AppLanguage.ENGLISH);
    private final FakeOpener opener = new FakeOpener();
    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-10T10:00:00Z"));
    private SettingsService settings;
    private SqliteArchive archive;
    private Profile profile;
    private Environment env;
    private MainWindowViewModel vm;

    @BeforeEach
    void setUp() throws Exception {
        i18n.zoneProperty().set(java.time.ZoneOffset.UTC);
        archive = SqliteArchive.temporary();
        settings = new SettingsService(new SettingsStore(configDir), Duration.ZERO);
        env = Environment.sandbox("http://127.0.0.1:1", "http://127.0.0.1:2");
        profile =
                new Profile(
                        "SANDBOX|erp-delta-accounting",
                        Environment.Kind.SANDBOX,
                        null,
                        null,
                        "erp-delta-accounting",
                        null,
                        false,
                        List.of(
                                new RepresentedTaxpayer(NILE, "Nile Trading Co."),
                                new RepresentedTaxpayer(PHARMA, "Cairo Pharma Industries")),
                        NILE);
        settings.update(s -> s.withProfile(profile));
        // Nile's history is synced; Pharma's never was
        String raw =
                "{\"notificationId\":\"n-1\",\"receivedDateTime\":\"2026-01-09T10:00:00Z\","
                        + "\"finalMessage\":\"Document received\",\"status\":\"delivered\"}";
        archive.store(
                new SyncBatch(
                        ServiceKey.SANDBOX,
                        Rin.of(NILE),
                        List.of(ArchivedNotification.fromRaw(Rin.of(NILE), raw)),
                        "c",
                        true,
                        SYNCED));
        Credentials c =
                new Credentials(
                        "erp-delta-accounting", "sandbox-secret-2".toCharArray(), NILE, null);
        vm = window(new LoginViewModel.LoginResult(null, null, profile, c, env));
    }

    /** The main window a login opens (offline: no session). */
    private MainWindowViewModel window(LoginViewModel.LoginResult login) {
        return new MainWindowViewModel(
                i18n,
                DIRECT,
                DIRECT,
                opener,
                new InMemorySecretStore(),
                settings,
                archive,
                clock,
                WindowDesktop.NONE,
                login,
                null,
                // the window's sync, once online, syncs only when asked: it logs in for nobody
                // behind the test's back
                (worker, every, listener) ->
                        new app.ishaar.core.sync.SyncScheduler(
                                worker,
                                null,
                                null,
                                clock,
                                (task, delay) -> () -> {},
                                Runnable::run,
                                listener));
    }

    @AfterEach
    void tearDown() throws Exception {
        settings.close();
        archive.close();
    }

    private TaxpayerEntry entry(String rin) {
        return vm.taxpayers().entries().stream()
                .filter(e -> rin.equals(e.rin()))
                .findFirst()
                .orElseThrow();
    }

    private void tickAfter(Duration later) {
        clock.advance(later);
        vm.tick();
    }

    @Test
    void offlineTheWindowReadsTheArchiveUnderItsBannerAndLogsNobodyIn() {
        assertThat(vm.offline().offlineProperty().get()).isTrue();
        assertThat(vm.offline().bannerText().get())
                .isEqualTo("Offline: showing what was synced at 9 Jan 2026, 16:45:00.");
        assertThat(vm.current()).isSameAs(entry(NILE));
        assertThat(entry(NILE).history().pagesProperty().get().ready()).isTrue();
        assertThat(entry(NILE).history().table().rows())
                .extracting(n -> n.notificationId())
                .containsExactly("n-1");

        vm.switchTo(entry(PHARMA));
        assertThat(entry(PHARMA).history().pagesProperty().get().ready())
                .as("never synced: its screen reads the archive all the same")
                .isTrue();
        assertThat(entry(PHARMA).history().table().rows()).as("nothing archived of it").isEmpty();
        assertThat(entry(PHARMA).history().reachProperty().get())
                .as("and it says so")
                .isEqualTo(new app.ishaar.ui.notifications.Reach(false, null));
        assertThat(opener.opened).as("nothing logged in while offline").isEmpty();

        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(vm.offline().bannerText().get()).startsWith("غير متصل: ");
    }

    @Test
    void aTaxpayersOwnSystemOfflineShowsItsOwnSyncedHistoryAsItsLastLoginNamedIt()
            throws Exception {
        Profile own = app.ishaar.testing.SandboxProfiles.nileTrading();
        settings.update(s -> s.withProfile(own));
        Credentials c =
                new Credentials("erp-nile-trading", "sandbox-secret-1".toCharArray(), null, null);
        // a login online: its token names the own taxpayer
        FakeSession session = new FakeSession(env, c.copy());
        session.loginCall.complete(
                FakeSession.token(NILE, null, clock.instant().plusSeconds(3600), false));
        MainWindowViewModel online =
                window(
                        new LoginViewModel.LoginResult(
                                session, session.loginCall.join(), own, c, env));
        assertThat(online.current().label()).isEqualTo("Demo ERP");
        online.logout();
        Profile saved = settings.get().profile(own.id()).orElseThrow();
        assertThat(saved.ownAsLoggedIn()).isEqualTo(new RepresentedTaxpayer(NILE, "Demo ERP"));

        // offline, there is no token to say whose history the own taxpayer's is
        MainWindowViewModel window =
                window(new LoginViewModel.LoginResult(null, null, saved, c.copy(), env));
        assertThat(window.offline().offlineProperty().get()).isTrue();
        TaxpayerEntry shown = window.current();
        assertThat(shown.isOwn()).isTrue();
        assertThat(shown.label()).isEqualTo("Demo ERP");
        assertThat(shown.displayRinProperty().get()).isEqualTo(NILE);
        assertThat(shown.history().pagesProperty().get().ready())
                .as("its synced history, not \"needs the service\"")
                .isTrue();
        assertThat(shown.history().table().rows())
                .extracting(n -> n.notificationId())
                .containsExactly("n-1");
    }

    @Test
    void offlineAgainAfterALogoutATaxpayerSyncedSinceReadsTheArchive() throws Exception {
        vm.switchTo(entry(PHARMA));
        assertThat(entry(PHARMA).history().table().rows())
                .as("nothing archived of it yet")
                .isEmpty();
        // its first sync completes (the window's, while it was online)
        String raw =
                "{\"notificationId\":\"p-1\",\"receivedDateTime\":\"2026-01-09T11:00:00Z\","
                        + "\"finalMessage\":\"Document received\",\"status\":\"delivered\"}";
        archive.store(
                new SyncBatch(
                        ServiceKey.SANDBOX,
                        Rin.of(PHARMA),
                        List.of(ArchivedNotification.fromRaw(Rin.of(PHARMA), raw)),
                        "c",
                        true,
                        SYNCED));

        vm.logout();
        Credentials c =
                new Credentials(
                        "erp-delta-accounting", "sandbox-secret-2".toCharArray(), NILE, null);
        LoginViewModel.LoginResult offline =
                new LoginViewModel.LoginResult(null, null, profile, c, env);
        assertThat(vm.canReopen(offline)).as("the same window opens again").isTrue();
        vm.reopen(offline);

        vm.switchTo(entry(PHARMA));
        assertThat(entry(PHARMA).history().pagesProperty().get().ready())
                .as("its history from the archive, not \"needs the service\"")
                .isTrue();
        assertThat(entry(PHARMA).history().table().rows())
                .extracting(n -> n.notificationId())
                .containsExactly("p-1");
    }

    @Test
    void theServiceIsAskedNowAndThenAndTheWindowGoesOnlineOnceItAnswers() {
        opener.onOpen(
                s ->
                        s.loginCall.completeExceptionally(
                                new NetworkException(
                                        NetworkException.Kind.UNREACHABLE, "127.0.0.1", null)));
        tickAfter(Duration.ofSeconds(5));
        assertThat(opener.opened).as("not asked before its time").isEmpty();
        tickAfter(OfflineViewModel.probeEvery());
        assertThat(opener.opened).hasSize(1);
        assertThat(opener.last().closed).as("the failed probe's session closed").isTrue();
        assertThat(vm.offline().offlineProperty().get()).isTrue();
        assertThat(vm.offline().refusedProperty().get()).isFalse();

        opener.onOpen(
                s ->
                        s.loginCall.complete(
                                FakeSession.token(NILE, null, clock.instant().plusSeconds(3600))));
        tickAfter(OfflineViewModel.probeEvery());
        assertThat(vm.offline().offlineProperty().get()).as("the service answered").isFalse();
        assertThat(vm.offline().bannerText().get()).isEmpty();
        assertThat(vm.current()).isSameAs(entry(NILE));
        assertThat(entry(NILE).stateProperty().get()).isEqualTo(TaxpayerEntry.State.READY);
        assertThat(entry(NILE).session().orElseThrow().key())
                .as("the sessions' handle of the probe's session")
                .isEqualTo(opener.opened.get(1).key());
        assertThat(entry(NILE).session().orElseThrow().tokenInfo().orElseThrow())
                .isSameAs(opener.opened.get(1).tokenInfo().orElseThrow());
        assertThat(vm.sessions()).isNotNull();

        // online, choosing a taxpayer logs in for it again
        vm.switchTo(entry(PHARMA));
        assertThat(opener.opened).hasSize(3);
    }

    @Test
    void aRefusalStopsTheAskingAndTheBannerSaysToLogInAgain() {
        theServiceRefusesEachLogin();
        vm.offline().probeNow();
        assertThat(vm.offline().refusedProperty().get()).isTrue();
        assertThat(vm.offline().withoutSecretProperty().get())
                .as("the secret was there: the service refused it")
                .isFalse();
        assertThat(vm.offline().offlineProperty().get()).isTrue();
        tickAfter(OfflineViewModel.probeEvery().multipliedBy(3));
        assertThat(opener.opened).as("asked once").hasSize(1);

        vm.logout();
        assertThat(vm.offline().offlineProperty().get()).isFalse();
    }

    @Test
    void offlineWithNoSecretSavedTheBannerAsksForTheSecretNotThatTheServiceRefused() {
        vm.logout();
        Credentials noSecret = new Credentials("erp-delta-accounting", new char[0], NILE, null);
        LoginViewModel.LoginResult offline =
                new LoginViewModel.LoginResult(null, null, profile, noSecret, env);
        vm.reopen(offline);
        theServiceRefusesEachLogin();
        vm.offline().probeNow();
        assertThat(vm.offline().refusedProperty().get()).as("Log in is offered").isTrue();
        assertThat(vm.offline().withoutSecretProperty().get()).isTrue();
    }

    /** The service answers, and refuses the client (as it does a wrong or missing secret). */
    private void theServiceRefusesEachLogin() {
        opener.onOpen(
                s ->
                        s.loginCall.completeExceptionally(
                                new LoginRejectedException(
                                        LoginError.INVALID_CLIENT,
                                        "invalid_client",
                                        null,
                                        null,
                                        null)));
    }
}
