package app.ishaar.ui.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.Handling;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.postgres.PgLocation;
import app.ishaar.core.archive.postgres.PgPassword;
import app.ishaar.core.archive.postgres.PgTestServer;
import app.ishaar.core.archive.postgres.PostgresArchive;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.ui.desktop.FileOpener;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.taxpayers.Deliveries;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two desktops on the firm's shared archive (PostgreSQL), each its notification screen under its
 * own database role: a mark made on one shows on the other within 5 seconds without Refresh (the
 * window's one subscription, {@link HandlingNews}); each records its changes as its role, and names
 * people as the administrator named their roles (an assignment typed by that name is the role's); a
 * role not granted a taxpayer sees neither its notifications nor their notes on its screen.
 */
class SharedHandlingScreensTest {
    static final ServiceKey SERVICE = ServiceKey.SANDBOX;
    static final Rin NILE = Rin.of("204918573");
    static final Rin CAIRO = Rin.of("287364519");

    static Sandbox sandbox;
    static List<ArchivedNotification> nile;
    static List<ArchivedNotification> cairo;

    @BeforeAll
    static void data() throws Exception {
        sandbox = Sandbox.start(SandboxConfig.builder().notificationsPerTaxpayer(30).build());
        nile = SandboxItems.history(sandbox, NILE.value(), NILE);
        cairo = SandboxItems.history(sandbox, CAIRO.value(), CAIRO);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    static PostgresArchive as(PgLocation db, String role) throws Exception {
        Map<String, String> env = Map.of(PgPassword.ENV, PgTestServer.passwordOf(role));
        return PostgresArchive.open(
                db.as(role), env::get, (app.ishaar.core.secrets.SecretStore) null);
    }

    /** A desktop's screen over both taxpayers, its first page shown. */
    static HistoryViewModel screen(
            PostgresArchive archive, HandlingNews news, ExecutorService background, Deliveries fx) {
        HistoryViewModel vm =
                new HistoryViewModel(
                        new I18n(AppLanguage.ENGLISH),
                        fx,
                        null,
                        p -> {},
                        Clock.fixed(Instant.parse("2026-03-02T10:00:00Z"), ZoneOffset.UTC),
                        FileOpener.NONE,
                        new ManualTimer(),
                        Duration.ofMillis(250));
        vm.pager().pageSizeProperty().set(100);
        vm.scope(
                Scope.all(
                        List.of(
                                ListedTaxpayer.represented(NILE, "Nile Trading"),
                                ListedTaxpayer.represented(CAIRO, "Cairo Foods"))));
        vm.readFrom(new ArchivePages(archive, SERVICE, background, news));
        fx.until(
                () ->
                        !vm.table().rows().isEmpty()
                                && !vm.requests().loadingProperty().get()
                                && !vm.handling().personProperty().get().isEmpty());
        return vm;
    }

    static Notification row(HistoryViewModel vm, String id) {
        return vm.table().rows().stream()
                .filter(n -> n.notificationId().equals(id))
                .findFirst()
                .orElse(null);
    }

    @Test
    void aMarkOnOneDesktopShowsOnTheOtherWithinFiveSecondsAndAnUngrantedTaxpayerStaysUnseen()
            throws Exception {
        PgTestServer server = PgTestServer.get();
        PgLocation db = server.newDatabase();
        String amira = server.newLoginRole("amira");
        String karim = server.newLoginRole("karim");
        try (PostgresArchive owner = server.open(db)) {
            owner.store(new SyncBatch(SERVICE, NILE, nile, "n", true, null));
            owner.store(new SyncBatch(SERVICE, CAIRO, cairo, "c", true, null));
            owner.grant(amira, NILE);
            owner.grant(karim, NILE);
            owner.grant(karim, CAIRO);
            owner.people(Map.of(amira, "Amira Hassan", karim, "Karim Adel"));
        }
        ExecutorService background = Executors.newFixedThreadPool(4);
        Deliveries fx = new Deliveries();
        try (PostgresArchive a = as(db, amira);
                PostgresArchive k = as(db, karim);
                HandlingNews aNews = new HandlingNews(a, background);
                HandlingNews kNews = new HandlingNews(k, background)) {
            HistoryViewModel amiras = screen(a, aNews, background, fx);
            HistoryViewModel karims = screen(k, kNews, background, fx);
            assertThat(amiras.handling().personProperty().get()).isEqualTo(amira);
            assertThat(karims.handling().personProperty().get()).isEqualTo(karim);
            assertThat(amiras.table().rows())
                    .as("Cairo Foods is not granted to Amira")
                    .hasSize(nile.size())
                    .allMatch(n -> amiras.taxpayerOf(n).rin().equals(NILE));
            assertThat(karims.table().rows()).hasSize(nile.size() + cairo.size());

            // Karim marks two of Nile Trading's handled, and notes one of Cairo Foods'
            String first = nile.get(0).notificationId();
            String second = nile.get(1).notificationId();
            String cairos = cairo.get(0).notificationId();
            karims.handling()
                    .mark(List.of(row(karims, first), row(karims, second)), Handling.State.HANDLED);
            Instant marked = Instant.now();
            fx.until(
                    () ->
                            amiras.handling().of(row(amiras, first)) != null
                                    && amiras.handling().of(row(amiras, second)) != null);
            assertThat(Duration.between(marked, Instant.now()))
                    .as("on Amira's screen within 5 s, no Refresh pressed")
                    .isLessThan(Duration.ofSeconds(5));
            Handling seen = amiras.handling().of(row(amiras, first));
            assertThat(seen.state()).isEqualTo(Handling.State.HANDLED);
            assertThat(seen.changedBy()).isEqualTo(karim);
            assertThat(amiras.labels().cell("handling", row(amiras, first))).isEqualTo("Handled");

            String third = nile.get(2).notificationId();
            // Amira assigns one to Karim by the name the firm gave him; it says so on both screens
            amiras.handling().assign(List.of(row(amiras, third)), "karim adel");
            fx.until(
                    () ->
                            karims.handling().of(row(karims, third)) != null
                                    && karim.equals(
                                            karims.handling().of(row(karims, third)).assignedTo()));
            assertThat(karims.labels().cell("handling", row(karims, third)))
                    .isEqualTo("Assigned to Karim Adel");
            fx.until(
                    () ->
                            "Assigned to Karim Adel"
                                    .equals(amiras.labels().cell("handling", row(amiras, third))));

            karims.table().select(row(karims, cairos));
            karims.handling().noteProperty().set("Cairo Foods: the buyer is called back.");
            karims.handling().addNote();
            fx.until(() -> karims.handling().history().stream().anyMatch(c -> c.note() != null));
            assertThat(a.history(SERVICE, CAIRO, cairos)).as("not Amira's to read").isEmpty();
            amiras.filters().handlingProperty().set(InboxQuery.HandlingFilter.TO_HANDLE);
            amiras.filters().apply();
            fx.until(
                    () ->
                            !amiras.requests().loadingProperty().get()
                                    && amiras.table().rows().size() == 1);
            assertThat(amiras.table().rows().get(0).notificationId())
                    .as("the one assigned to Karim; Cairo Foods' noted one is on his screen only")
                    .isEqualTo(third);
            karims.filters().handlingProperty().set(InboxQuery.HandlingFilter.TO_HANDLE);
            karims.filters().apply();
            fx.until(
                    () ->
                            !karims.requests().loadingProperty().get()
                                    && karims.table().rows().size() == 2);
            assertThat(karims.table().rows().stream().map(Notification::notificationId))
                    .containsExactlyInAnyOrder(third, cairos);
            karims.filters().handlingProperty().set(InboxQuery.HandlingFilter.ASSIGNED_TO_ME);
            karims.filters().apply();
            fx.until(
                    () ->
                            !karims.requests().loadingProperty().get()
                                    && karims.table().rows().size() == 1);
            assertThat(karims.table().rows().get(0).notificationId()).isEqualTo(third);

            amiras.endSession();
            karims.endSession();
        } finally {
            background.shutdownNow();
        }
    }
}
