package app.ishaar.core.office;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.postgres.PgLocation;
import app.ishaar.core.archive.postgres.PgPassword;
import app.ishaar.core.archive.postgres.PgTestServer;
import app.ishaar.core.archive.postgres.PostgresArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.core.secrets.SecretStore;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The office syncer and the desktops of one shared archive: a desktop, connected as an accountant's
 * role, sees which of its taxpayers a live syncer keeps (not those of other roles, nor a syncer
 * gone or silent), and its Sync now reaches the syncer at once and gets the syncer's answer.
 */
class OfficeSyncTest {

    static final ServiceKey SERVICE = ServiceKey.SANDBOX;
    static final Rin NILE = Rin.of("204918573");
    static final Rin CAIRO = Rin.of("287364519");
    static final Rin ALEX = Rin.of("356781204");

    @Test
    void aDesktopSeesTheLiveSyncerAndItsSyncNowIsServed() throws Exception {
        PgTestServer server = PgTestServer.get();
        PgLocation db = server.newDatabase();
        String amira = server.newLoginRole("amira");
        LinkedBlockingQueue<Optional<Rin>> asked = new LinkedBlockingQueue<>();
        try (PostgresArchive syncer = server.open(db)) {
            syncer.grant(amira, NILE);
            syncer.grant(amira, CAIRO);
            OfficeSync office = OfficeSync.of(syncer).orElseThrow();
            try (PostgresArchive desktopArchive =
                    PostgresArchive.open(
                            db.as(amira),
                            Map.of(PgPassword.ENV, PgTestServer.passwordOf(amira))::get,
                            (SecretStore) null)) {
                OfficeSync desktop = OfficeSync.of(desktopArchive).orElseThrow();
                assertThat(desktop.kept(SERVICE, List.of(NILE, CAIRO))).isEmpty();

                try (OfficeSync.Announcement running =
                        office.announce(
                                SERVICE,
                                List.of(NILE, ALEX),
                                Duration.ofSeconds(30),
                                r -> asked.add(Optional.ofNullable(r)))) {
                    // the syncer keeps Nile (and Alex, which is not Amira's to see)
                    assertThat(desktop.kept(SERVICE, List.of(NILE, CAIRO, ALEX)))
                            .containsExactly(NILE);
                    assertThat(
                                    desktop.kept(
                                            new ServiceKey("https://api.invoicing.example"),
                                            List.of(NILE)))
                            .isEmpty();

                    // Sync now: the syncer hears of it at once (well before its next beat)
                    long request = desktop.request(SERVICE, NILE);
                    assertThat(desktop.served(request)).isEmpty();
                    assertThat(asked.poll(10, TimeUnit.SECONDS)).contains(NILE);
                    running.served(NILE, true, null);
                    assertThat(desktop.served(request)).contains(new OfficeSync.Served(true, null));

                    // a failed sync is answered as such
                    long again = desktop.request(SERVICE, NILE);
                    assertThat(asked.poll(10, TimeUnit.SECONDS)).contains(NILE);
                    running.served(NILE, false, "the service is unavailable");
                    assertThat(desktop.served(again))
                            .contains(new OfficeSync.Served(false, "the service is unavailable"));

                    // a role asks only for its own taxpayers
                    assertThatThrownBy(() -> desktop.request(SERVICE, ALEX))
                            .isInstanceOf(ArchiveException.class);
                }
                // a syncer stopped is gone at once
                assertThat(desktop.kept(SERVICE, List.of(NILE))).isEmpty();

                // a syncer that stopped beating (killed) is gone after three beats
                try (OfficeSync.Announcement killed =
                        office.announce(SERVICE, List.of(CAIRO), Duration.ofMinutes(1), r -> {})) {
                    assertThat(desktop.kept(SERVICE, List.of(CAIRO))).containsExactly(CAIRO);
                    try (Connection admin = server.admin(db.database());
                            Statement s = admin.createStatement()) {
                        s.execute("UPDATE syncer SET seen_ms = seen_ms - 3 * 60 * 1000 - 1");
                    }
                    assertThat(desktop.kept(SERVICE, List.of(CAIRO))).isEmpty();
                }
            }
        }
    }
}
