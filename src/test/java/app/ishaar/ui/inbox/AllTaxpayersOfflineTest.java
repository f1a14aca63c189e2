package app.ishaar.ui.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.sync.SyncTurn;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * All taxpayers' Sync now and Sync all while the window is offline: not offered (the service cannot
 * be reached, each sync would only fail), and offered again once the window is online. Without the
 * toolkit, the window's sync replaced by one that records what it is asked.
 */
class AllTaxpayersOfflineTest {
    private static final Rin NILE = Rin.of("204918573");

    @TempDir Path dir;
    private SqliteArchive archive;
    private AllTaxpayersViewModel all;
    private final List<String> asked = new ArrayList<>();
    private final Deliveries fx = new Deliveries();

    @BeforeEach
    void open() throws Exception {
        archive = SqliteArchive.open(dir.resolve("archive.db"));
        all =
                AllTaxpayersViewModel.forWindow(
                        archive,
                        ServiceKey.SANDBOX,
                        null,
                        new I18n(AppLanguage.ENGLISH),
                        Clock.fixed(Instant.parse("2026-03-15T10:00:00Z"), ZoneOffset.UTC),
                        Runnable::run,
                        fx);
        all.sync()
                .follow(
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
        all.taxpayers(List.of(InboxTaxpayer.represented(NILE, "Nile")));
        fx.drain();
    }

    @AfterEach
    void close() throws Exception {
        all.dispose();
        archive.close();
    }

    @Test
    void offlineNeitherSyncAllNorARowsSyncNowIsOfferedOrAskedAndOnlineBothAreAgain() {
        assertThat(all.canSyncAllProperty().get()).as("online").isTrue();
        assertThat(all.canSyncNow(NILE)).isTrue();

        all.offlineProperty().set(true);
        assertThat(all.canSyncAllProperty().get()).as("offline").isFalse();
        assertThat(all.canSyncNow(NILE)).isFalse();
        all.syncAll();
        all.syncNow(NILE);
        assertThat(asked).as("nothing asked of the sync while offline").isEmpty();

        all.offlineProperty().set(false);
        assertThat(all.canSyncAllProperty().get()).as("online again").isTrue();
        assertThat(all.canSyncNow(NILE)).isTrue();
        all.syncNow(NILE);
        all.syncAll();
        assertThat(asked).containsExactly("now 204918573", "all");
    }

    @Test
    void aTaxpayerWhoseRinIsNotKnownCannotBeSynced() {
        assertThat(all.canSyncNow(null)).isFalse();
    }
}
