package app.ishaar.sync;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.TestArchive;
import app.ishaar.core.archive.postgres.PgTestServer;
import app.ishaar.core.model.Rin;
import app.ishaar.core.office.OfficeSync;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.core.session.LoginBudget;
import app.ishaar.core.session.TaxpayerSessions;
import app.ishaar.core.sync.SyncOptions;
import app.ishaar.core.sync.SyncRunner;
import app.ishaar.core.sync.SyncScheduler;
import app.ishaar.core.sync.TaxpayerResult;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxAccount;
import app.ishaar.sandbox.SandboxConfig;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The command line's sync of several taxpayers and the scheduled sync (the desktop's, the office
 * syncer's) look ahead alike, through one loop: the taxpayer syncing and the next three are held on
 * the shared archive before their logins are asked for, so one another syncer holds costs no login
 * and is reported skipped in its turn; each next login is asked as a sync ends; every taxpayer is
 * let go at the end.
 */
class OneLookAheadTest {

    @Test
    void theCommandLinesSyncLooksAheadExactlyAsTheScheduledSync() throws Exception {
        TestArchive shared = PgTestServer.get().newArchive();
        try (Sandbox sandbox =
                        Sandbox.start(
                                SandboxConfig.builder()
                                        .represented(6)
                                        .notificationsPerTaxpayer(20)
                                        .build());
                Archive other = shared.open()) {
            SandboxAccount many = sandbox.accounts().get(4);
            List<Rin> taxpayers = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                taxpayers.add(Rin.of(many.taxpayers().get(i).rin()));
            }
            ServiceKey service = SyncSandbox.key(sandbox);
            // another syncer of the archive holds the second taxpayer
            Rin held = taxpayers.get(1);
            OfficeSync.Claim elsewhere =
                    OfficeSync.of(other).orElseThrow().claim(service, held).orElseThrow();

            List<String> expected = new ArrayList<>();
            String[] t = taxpayers.stream().map(Rin::value).toArray(String[]::new);
            expected.addAll(List.of("login " + t[0], "login " + t[2], "login " + t[3]));
            expected.addAll(List.of("start " + t[0], "end " + t[0] + " OK", "login " + t[4]));
            expected.addAll(List.of("start " + t[1], "end " + t[1] + " SKIPPED", "login " + t[5]));
            for (int i = 2; i < 6; i++) {
                expected.addAll(List.of("start " + t[i], "end " + t[i] + " OK"));
            }

            List<String> commandLine = sync(sandbox, many, shared, taxpayers, true);
            assertThat(commandLine).containsExactlyElementsOf(expected);
            List<String> scheduled = sync(sandbox, many, shared, taxpayers, false);
            assertThat(scheduled).containsExactlyElementsOf(expected);

            // neither sync kept a taxpayer held: each one is free to claim again
            OfficeSync office = OfficeSync.of(other).orElseThrow();
            for (Rin r : taxpayers) {
                if (!r.equals(held)) {
                    Optional<OfficeSync.Claim> c = office.claim(service, r);
                    assertThat(c).as("%s let go", r).isPresent();
                    c.get().close();
                }
            }
            elsewhere.close();
        }
    }

    /**
     * One sync of the taxpayers with sessions of its own (so that each taxpayer logs in anew), as
     * the command line's {@code sync} ({@link SyncRunner#run}) or a scheduled one ({@link
     * SyncScheduler#syncAll}); what it did, in order.
     */
    static List<String> sync(
            Sandbox sandbox,
            SandboxAccount account,
            TestArchive shared,
            List<Rin> taxpayers,
            boolean commandLine)
            throws Exception {
        List<String> events = Collections.synchronizedList(new ArrayList<>());
        SyncRunner.Listener listener =
                new SyncRunner.Listener() {
                    @Override
                    public void started(Rin taxpayer) {
                        events.add("start " + taxpayer.value());
                    }

                    @Override
                    public void finished(TaxpayerResult r) {
                        events.add("end " + r.taxpayer().value() + " " + r.outcome());
                    }
                };
        try (LoginBudget budget = LoginBudget.perMinute(600);
                ServiceClient client = new ServiceClient(ClientConfig.defaults(), budget);
                TaxpayerSessions sessions =
                        new TaxpayerSessions(
                                (env, credentials) -> {
                                    events.add("login " + credentials.onBehalfOf());
                                    return client.openSession(env, credentials);
                                },
                                Environment.custom(sandbox.authUrl(), sandbox.baseUrl()),
                                new Credentials(
                                        account.clientId(),
                                        account.clientSecret().toCharArray(),
                                        null,
                                        null));
                Archive archive = shared.open()) {
            SyncRunner runner =
                    new SyncRunner(
                            sessions,
                            archive,
                            SyncSandbox.key(sandbox),
                            SyncOptions.defaults(),
                            listener);
            if (commandLine) {
                List<TaxpayerResult> results = runner.run(taxpayers);
                assertThat(results).extracting(TaxpayerResult::taxpayer).isEqualTo(taxpayers);
            } else {
                try (SyncScheduler scheduler =
                        new SyncScheduler(
                                runner,
                                null,
                                null,
                                Clock.systemUTC(),
                                (task, delay) -> () -> {},
                                Runnable::run,
                                null)) {
                    scheduler.taxpayers(taxpayers);
                    scheduler.syncAll();
                    scheduler.start(); // on this thread: returns when all synced
                }
            }
        }
        return events;
    }
}
