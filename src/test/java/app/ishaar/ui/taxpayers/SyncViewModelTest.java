package app.ishaar.ui.taxpayers;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.TaxpayerSummary;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.core.session.LoginBudget;
import app.ishaar.core.session.TaxpayerSessions;
import app.ishaar.core.sync.SyncOptions;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.sandbox.SandboxTaxpayer;
import app.ishaar.ui.notifications.ListedTaxpayer;
import app.ishaar.ui.taxpayers.TaxpayerSyncStatus.Phase;
import app.ishaar.ui.taxpayers.TaxpayerSyncStatus.Problem;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sync as the taxpayer list shows it, against the in-process sandbox over loopback HTTP into a
 * real SQLite archive: synced, refused (no access, not delegated), unreachable, waiting its turn.
 */
class SyncViewModelTest {
    static final Rin NILE = Rin.of("204918573");
    static final Rin CAIRO = Rin.of("287364519");
    static final Rin ALEX = Rin.of("356781204"); // delegated without notification access: 403
    static final Rin GIZA = Rin.of("499201773"); // never delegated to this ERP system

    @TempDir Path dir;
    final List<AutoCloseable> open = new ArrayList<>();
    ExecutorService background = Executors.newCachedThreadPool();
    Deliveries fx = new Deliveries();
    Sandbox sandbox;
    SqliteArchive archive;
    TaxpayerSessions sessions;
    SyncViewModel vm;
    SessionsSchedule own;

    @AfterEach
    void close() throws Exception {
        if (vm != null) {
            vm.dispose();
            own.close();
        }
        // a sync still waiting its turn is interrupted, its logins fail as the sessions close;
        // the archive closes only after its thread ended
        background.shutdownNow();
        if (sessions != null) {
            sessions.close();
        }
        assertThat(background.awaitTermination(20, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    void start(SandboxConfig config, String clientId, String secret, LoginBudget budget)
            throws Exception {
        sandbox = Sandbox.start(config);
        open.add(sandbox);
        archive = SqliteArchive.open(dir.resolve("archive.db"));
        open.add(archive);
        ServiceClient client = new ServiceClient(ClientConfig.defaults(), budget);
        open.add(client);
        open.add(budget);
        sessions =
                new TaxpayerSessions(
                        client::openSession,
                        Environment.custom(sandbox.authUrl(), sandbox.baseUrl()),
                        new Credentials(clientId, secret.toCharArray(), null, null));
        open.add(sessions);
        own =
                SessionsSchedule.make(
                        archive,
                        service(),
                        sessions,
                        budget,
                        SyncOptions.defaults(),
                        background,
                        fx);
        vm = own.vm();
    }

    ServiceKey service() {
        return ServiceKey.of(URI.create(sandbox.baseUrl()));
    }

    static SandboxConfig.Builder config() {
        return SandboxConfig.builder()
                .seed(4)
                .anchor(Instant.parse("2026-03-01T10:00:00Z"))
                .notificationsPerTaxpayer(30);
    }

    void delta() throws Exception {
        start(
                config().build(),
                "erp-delta-accounting",
                "sandbox-secret-2",
                LoginBudget.perMinute(600));
        vm.taxpayersProperty()
                .set(
                        List.of(
                                ListedTaxpayer.represented(NILE, "Nile"),
                                ListedTaxpayer.represented(CAIRO, "Cairo"),
                                ListedTaxpayer.represented(ALEX, "Alex"),
                                ListedTaxpayer.represented(GIZA, "Giza")));
    }

    void untilIdle() {
        fx.until(
                () ->
                        !vm.runningProperty().get()
                                && vm.statuses().values().stream()
                                        .allMatch(s -> s.phase() == Phase.IDLE));
    }

    @Test
    void syncAllSaysPerTaxpayerSyncedNoAccessOrNotDelegatedAndTheOthersStillSync()
            throws Exception {
        delta();
        assertThat(vm.statuses().keySet()).containsExactly(NILE, CAIRO, ALEX, GIZA);
        assertThat(vm.statuses().values())
                .allSatisfy(
                        s -> {
                            assertThat(s.phase()).isEqualTo(Phase.IDLE);
                            assertThat(s.lastSynced()).isNull();
                        });
        Instant before = Instant.now();
        vm.syncAll();
        assertThat(vm.runningProperty().get()).isTrue();
        assertThat(vm.statuses().values()).allMatch(s -> s.phase() != Phase.IDLE);
        List<Phase> seen = new ArrayList<>();
        vm.statuses()
                .addListener(
                        (javafx.collections.MapChangeListener<Rin, TaxpayerSyncStatus>)
                                c -> {
                                    if (c.wasAdded() && c.getKey().equals(NILE)) {
                                        seen.add(c.getValueAdded().phase());
                                    }
                                });
        untilIdle();

        assertThat(seen).as("Nile was seen syncing").contains(Phase.SYNCING);
        assertThat(vm.status(NILE).problem()).isNull();
        assertThat(vm.status(NILE).lastSynced()).isAfterOrEqualTo(before);
        assertThat(vm.status(CAIRO).problem()).isNull();
        assertThat(vm.status(ALEX).problem()).isEqualTo(Problem.NO_ACCESS);
        assertThat(vm.status(ALEX).lastSynced()).isNull();
        assertThat(vm.status(GIZA).problem())
                .as(vm.statuses().toString())
                .isEqualTo(Problem.NOT_DELEGATED);
        assertThat(vm.status(GIZA).message()).isNotBlank();
        assertThat(vm.archiveChangesProperty().get()).isEqualTo(2);
        Map<Rin, Long> counts =
                archive.summaries().stream()
                        .collect(
                                Collectors.toMap(
                                        TaxpayerSummary::taxpayer, TaxpayerSummary::count));
        assertThat(counts).containsEntry(NILE, 30L).containsEntry(CAIRO, 30L);

        // Sync all again leaves the refused alone: no login is spent on them
        long logins = sandbox.logins().size();
        vm.syncAll();
        assertThat(vm.status(ALEX).phase()).isEqualTo(Phase.IDLE);
        assertThat(vm.status(GIZA).phase()).isEqualTo(Phase.IDLE);
        untilIdle();
        assertThat(sandbox.logins()).as("the sessions' tokens reused").hasSize((int) logins);
        assertThat(vm.archiveChangesProperty().get()).as("nothing new").isEqualTo(2);

        // Sync now on a refused taxpayer asks again
        vm.syncNow(ALEX);
        assertThat(vm.status(ALEX).phase()).isNotEqualTo(Phase.IDLE);
        untilIdle();
        assertThat(sandbox.logins().size()).isGreaterThan((int) logins);
        assertThat(vm.status(ALEX).problem()).isEqualTo(Problem.NO_ACCESS);
    }

    @Test
    void lastSyncedComesFromTheArchiveAndRefusalsFromTheSessions() throws Exception {
        delta();
        vm.syncNow(NILE);
        untilIdle();
        Instant synced = vm.status(NILE).lastSynced();

        SessionsSchedule anotherSchedule =
                SessionsSchedule.make(
                        archive, service(), sessions, null, SyncOptions.defaults(), background, fx);
        SyncViewModel another = anotherSchedule.vm();
        sessions.session(GIZA).handle((s, e) -> null).get(); // refused, and remembered
        another.taxpayersProperty()
                .set(
                        List.of(
                                ListedTaxpayer.represented(NILE, "Nile"),
                                ListedTaxpayer.represented(GIZA, "Giza")));
        assertThat(another.status(GIZA).problem()).isEqualTo(Problem.NOT_DELEGATED);
        assertThat(another.status(NILE).problem()).isNull();
        another.load();
        fx.until(() -> another.status(NILE).lastSynced() != null);
        assertThat(another.status(NILE).lastSynced())
                .isBetween(synced.minusSeconds(5), synced.plusSeconds(5));
        assertThat(another.status(GIZA).lastSynced()).isNull();
        assertThat(another.status(GIZA).problem()).isEqualTo(Problem.NOT_DELEGATED);
        another.dispose();
        anotherSchedule.close();
    }

    @Test
    void aServiceThatCannotBeReachedIsSaidSoPerTaxpayer() throws Exception {
        delta();
        vm.syncNow(NILE);
        untilIdle();
        sandbox.close();
        vm.syncNow(CAIRO);
        untilIdle();
        assertThat(vm.status(CAIRO).problem()).isEqualTo(Problem.UNREACHABLE);
        assertThat(vm.status(CAIRO).lastSynced()).isNull();
        assertThat(vm.status(NILE).problem()).as("Nile's last sync went through").isNull();
    }

    @Test
    void waitingTaxpayersSayWhenTheirTurnInTheLoginBudgetComes() throws Exception {
        LoginBudget budget = LoginBudget.of(1, Duration.ofSeconds(3));
        start(config().represented(4).build(), "erp-pyramids-advisers", "sandbox-secret-5", budget);
        List<SandboxTaxpayer> firms = sandbox.accounts().get(4).taxpayers();
        List<ListedTaxpayer> listed = new ArrayList<>();
        for (SandboxTaxpayer f : firms) {
            listed.add(ListedTaxpayer.represented(Rin.of(f.rin()), f.nameEn()));
        }
        vm.taxpayersProperty().set(listed);
        Instant asked = Instant.now();
        vm.syncAll();
        Rin first = listed.get(0).rin();
        Rin last = listed.get(3).rin();
        fx.until(() -> vm.status(first).lastSynced() != null);
        assertThat(vm.status(first).problem()).isNull();
        // one login in three seconds: the others wait, the last about nine seconds from the start
        assertThat(vm.status(last).phase()).isEqualTo(Phase.WAITING);
        assertThat(vm.status(last).turn()).isBetween(asked.plusSeconds(9), asked.plusSeconds(20));
        assertThat(vm.nextTurnProperty().get())
                .isBetween(asked.plusSeconds(3), asked.plusSeconds(14));
        assertThat(vm.runningProperty().get()).isTrue();

        untilIdle();
        assertThat(vm.statuses().values()).allMatch(s -> s.problem() == null);
        assertThat(vm.nextTurnProperty().get()).as("no one waits").isNull();
        assertThat(vm.status(last).turn()).isNull();
    }

    @Test
    void theListPromisesNoNextSyncOfflineNorOneWhoseTimeHasPassed() throws Exception {
        archive = SqliteArchive.open(dir.resolve("archive.db"));
        open.add(archive);
        Instant now = Instant.parse("2026-03-01T10:00:00Z");
        Map<Rin, Instant> due = new java.util.HashMap<>();
        due.put(NILE, now.plusSeconds(120));
        due.put(CAIRO, now.minusSeconds(30));
        SyncViewModel list =
                new SyncViewModel(
                        archive,
                        ServiceKey.SANDBOX,
                        null,
                        java.time.Clock.fixed(now, java.time.ZoneOffset.UTC),
                        Runnable::run,
                        Runnable::run);
        list.follow(
                new SyncViewModel.Schedule() {
                    @Override
                    public void syncNow(Rin key) {}

                    @Override
                    public void syncAll() {}

                    @Override
                    public java.util.Optional<app.ishaar.core.sync.SyncTurn> turn(Rin key) {
                        return java.util.Optional.of(
                                new app.ishaar.core.sync.SyncTurn(key, -1, due.get(key)));
                    }

                    @Override
                    public String clientId() {
                        return null;
                    }

                    @Override
                    public java.util.Optional<? extends app.ishaar.core.service.ServiceException>
                            refusal(Rin key) {
                        return java.util.Optional.empty();
                    }
                });
        list.taxpayersProperty()
                .set(
                        List.of(
                                ListedTaxpayer.represented(NILE, "Nile"),
                                ListedTaxpayer.represented(CAIRO, "Cairo")));
        list.syncAll(); // (asks the schedule, and reads the turns again)
        assertThat(list.status(NILE).turn()).as("online, in two minutes").isEqualTo(due.get(NILE));
        assertThat(list.status(CAIRO).turn()).as("a time already passed").isNull();

        list.offlineProperty().set(true);
        assertThat(list.status(NILE).turn()).as("offline no sync runs").isNull();
        list.offlineProperty().set(false);
        assertThat(list.status(NILE).turn()).isEqualTo(due.get(NILE));
    }
}
