package app.ishaar.ui.main;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.core.secrets.InMemorySecretStore;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.settings.Profile;
import app.ishaar.core.settings.RepresentedTaxpayer;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.core.sync.SyncTurn;
import app.ishaar.testing.MutableClock;
import app.ishaar.ui.app.SettingsService;
import app.ishaar.ui.fakes.FakeOpener;
import app.ishaar.ui.fakes.FakeSession;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.login.LoginViewModel;
import app.ishaar.ui.taxpayers.SyncViewModel;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * All taxpayers' Sync now and Sync all while the window is offline: not offered (the service cannot
 * be reached, each sync would only fail), and offered again once the window is online by itself.
 * The main window opened offline, without the toolkit, its list's sync as All taxpayers hosts it;
 * the window's sync replaced by one that records what it is asked.
 */
class AllTaxpayersOfflineTest {
    private static final Executor DIRECT = Runnable::run;
    private static final String NILE = "204918573";
    private static final Rin PHARMA = Rin.of("287364519");

    @TempDir Path configDir;

    private final I18n i18n = new I18n(AppLanguage.ENGLISH);
    private final FakeOpener opener = new FakeOpener();
    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-15T10:00:00Z"));
    private SettingsService settings;
    private SqliteArchive archive;
    private MainWindowViewModel window;
    private SyncViewModel sync;
    private final List<String> asked = new ArrayList<>();

    @BeforeEach
    void open() throws Exception {
        archive = SqliteArchive.temporary();
        settings = new SettingsService(new SettingsStore(configDir), Duration.ZERO);
        Environment env = Environment.sandbox("http://127.0.0.1:1", "http://127.0.0.1:2");
        Profile profile =
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
                                new RepresentedTaxpayer(PHARMA.value(), "Cairo Pharma")),
                        NILE);
        settings.update(s -> s.withProfile(profile));
        Credentials c =
                new Credentials(
                        "erp-delta-accounting", "sandbox-secret-2".toCharArray(), NILE, null);
        // opened offline: the login found no service
        window =
                new MainWindowViewModel(
                        i18n,
                        DIRECT,
                        DIRECT,
                        opener,
                        new InMemorySecretStore(),
                        settings,
                        archive,
                        clock,
                        WindowDesktop.NONE,
                        new LoginViewModel.LoginResult(null, null, profile, c, env),
                        null,
                        (worker, every, listener) ->
                                new app.ishaar.core.sync.SyncScheduler(
                                        worker,
                                        null,
                                        null,
                                        clock,
                                        (task, delay) -> () -> {},
                                        Runnable::run,
                                        listener));
        // the list's sync asks a schedule that only records what was asked
        sync = window.listSync();
        sync.follow(
                new SyncViewModel.Schedule() {
                    @Override
                    public void syncNow(Rin key) {
                        asked.add("now " + (key == null ? "own" : key.value()));
                    }

                    @Override
                    public void syncAll() {
                        asked.add("all");
                    }

                    @Override
                    public Optional<SyncTurn> turn(Rin key) {
                        return Optional.empty();
                    }

                    @Override
                    public String clientId() {
                        return null;
                    }

                    @Override
                    public Optional<? extends ServiceException> refusal(Rin key) {
                        return Optional.empty();
                    }
                });
    }

    @AfterEach
    void close() throws Exception {
        sync.dispose();
        settings.close();
        archive.close();
    }

    private void tickAfter(Duration later) {
        clock.advance(later);
        window.tick();
    }

    @Test
    void offlineNeitherSyncAllNorARowsSyncNowIsOfferedOrAskedAndOnlineBothAreAgain() {
        assertThat(sync.taxpayersProperty().get())
                .as("the list, as All taxpayers sees it")
                .extracting(t -> t.rin().value())
                .containsExactly(NILE, PHARMA.value());
        assertThat(window.offline().offlineProperty().get()).as("the window").isTrue();
        assertThat(sync.offlineProperty().get()).as("the list's sync").isTrue();
        assertThat(sync.canSyncAllProperty().get()).as("offline").isFalse();
        sync.syncAll();
        sync.syncNow(PHARMA);
        assertThat(asked).as("nothing asked of the sync while offline").isEmpty();

        // the service answers the window's probe: online by itself
        opener.onOpen(
                s ->
                        s.loginCall.complete(
                                FakeSession.token(NILE, null, clock.instant().plusSeconds(3600))));
        tickAfter(OfflineViewModel.probeEvery());
        assertThat(window.offline().offlineProperty().get()).as("the service answered").isFalse();
        assertThat(sync.offlineProperty().get()).as("the list's sync online again").isFalse();
        assertThat(sync.canSyncAllProperty().get()).as("online again").isTrue();
        sync.syncNow(PHARMA);
        sync.syncAll();
        assertThat(asked).containsExactly("now 287364519", "all");
    }

    @Test
    void aTaxpayerWhoseRinIsNotKnownCannotBeSynced() {
        opener.onOpen(
                s ->
                        s.loginCall.complete(
                                FakeSession.token(NILE, null, clock.instant().plusSeconds(3600))));
        tickAfter(OfflineViewModel.probeEvery());
        assertThat(sync.offlineProperty().get()).isFalse();
        sync.syncNow(null);
        sync.syncNow(Rin.of("499201773")); // not in the list
        assertThat(asked).isEmpty();
        sync.syncNow(PHARMA);
        assertThat(asked).as("a listed one is").containsExactly("now 287364519");
    }

    @Test
    void offlineByTheServiceFailingAProbeStillOffersNothing() {
        opener.onOpen(
                s ->
                        s.loginCall.completeExceptionally(
                                new NetworkException(
                                        NetworkException.Kind.UNREACHABLE, "127.0.0.1", null)));
        tickAfter(OfflineViewModel.probeEvery());
        assertThat(window.offline().offlineProperty().get()).isTrue();
        assertThat(sync.canSyncAllProperty().get()).isFalse();
        sync.syncAll();
        assertThat(asked).isEmpty();
    }
}
