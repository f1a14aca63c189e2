package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppArchiveTest {

    @TempDir Path dir;

    @Test
    void opensOnFirstUseOnceAndClosesWithTheApp() throws Exception {
        AtomicInteger opened = new AtomicInteger();
        Path file = dir.resolve("archive.db");
        AppArchive archive =
                new AppArchive(
                        () -> {
                            opened.incrementAndGet();
                            return SqliteArchive.open(file);
                        });
        assertThat(opened).hasValue(0);
        assertThat(Files.exists(file)).isFalse();
        assertThat(archive.services()).isEmpty();
        assertThat(archive.summaries()).isEmpty();
        assertThat(opened).hasValue(1);
        assertThat(file).exists();
        archive.close();
        assertThatThrownBy(archive::services).isInstanceOf(ArchiveException.class);
    }

    @Test
    void aFileThatIsNotAnArchiveIsReportedAtEachUseAndLeftAsItWas() throws Exception {
        Path file = dir.resolve("archive.db");
        Files.writeString(file, "a letter, not a database");
        AppArchive archive = new AppArchive(AppServices.ArchiveSource.file(file));
        archive.openAhead(); // logged, not thrown
        assertThatThrownBy(archive::services)
                .isInstanceOfSatisfying(
                        ArchiveException.class,
                        e ->
                                assertThat(e.reason())
                                        .isEqualTo(ArchiveException.Reason.NOT_AN_ARCHIVE));
        assertThat(Files.readString(file)).isEqualTo("a letter, not a database");
        // put right while the app runs: the next use opens it
        Files.delete(file);
        assertThat(archive.services()).isEmpty();
        archive.close();
    }

    @Test
    void theSettingsArchiveIsOpenedWhenSetAndAGivenSourceStays() throws Exception {
        Path named = dir.resolve("elsewhere/firm.db");
        AppArchive archive =
                new AppArchive(AppServices.ArchiveSource.usersOwn().named(named.toString()));
        assertThat(archive.services()).isEmpty();
        assertThat(named).exists();
        archive.close();

        Path given = dir.resolve("given.db");
        AppServices.ArchiveSource own = AppServices.ArchiveSource.file(given);
        assertThat(own.named(named.toString())).as("a test's own file stays").isSameAs(own);

        AppArchive shared =
                new AppArchive(
                        AppServices.ArchiveSource.usersOwn()
                                .named("postgresql://alice:s3cret@127.0.0.1:1/x"));
        assertThatThrownBy(shared::services)
                .isInstanceOf(ArchiveException.class)
                .hasMessageContaining("password")
                .hasMessageNotContaining("s3cret");
        shared.close();
    }

    @Test
    void keepingNDaysForgetsOlderNotificationsAsItOpens() throws Exception {
        Path file = dir.resolve("archive.db");
        java.time.Instant now = java.time.Instant.parse("2026-03-01T00:00:00Z");
        java.util.List<java.time.Instant> asked = new java.util.ArrayList<>();
        // the archive as opened, telling which cut-off it was asked to forget before
        AppServices.ArchiveSource counting =
                () -> {
                    app.ishaar.core.archive.Archive real = SqliteArchive.open(file);
                    return (app.ishaar.core.archive.Archive)
                            java.lang.reflect.Proxy.newProxyInstance(
                                    getClass().getClassLoader(),
                                    new Class<?>[] {app.ishaar.core.archive.Archive.class},
                                    (proxy, method, args) -> {
                                        if (method.getName().equals("pruneBefore")) {
                                            asked.add((java.time.Instant) args[0]);
                                        }
                                        return method.invoke(real, args);
                                    });
                };
        java.time.Clock clock = java.time.Clock.fixed(now, java.time.ZoneOffset.UTC);
        AppArchive kept = new AppArchive(counting, 30, clock);
        kept.openAhead();
        assertThat(asked).containsExactly(now.minus(java.time.Duration.ofDays(30)));
        kept.close();

        asked.clear();
        AppArchive forEver = new AppArchive(counting, 0, clock);
        forEver.openAhead();
        assertThat(asked).as("kept for ever: nothing forgotten").isEmpty();
        forEver.close();
    }

    @Test
    void aRuleChangedInTheSettingsIsWhatTheNextSyncApplies() throws Exception {
        var settings =
                new app.ishaar.ui.app.SettingsService(
                        new app.ishaar.core.settings.SettingsStore(dir.resolve("config")),
                        java.time.Duration.ofMillis(10));
        AppArchive archive = new AppArchive(() -> SqliteArchive.open(dir.resolve("rules.db")));
        archive.followHandling(settings);
        var key = app.ishaar.core.archive.ServiceKey.SANDBOX;
        var nile = app.ishaar.core.model.Rin.of("204918573");
        try (var sandbox =
                        app.ishaar.sandbox.Sandbox.start(
                                app.ishaar.sandbox.SandboxConfig.builder()
                                        .notificationsPerTaxpayer(60)
                                        // sent after the first sync: a rule marks them
                                        .anchor(
                                                java.time.Instant.now()
                                                        .plus(java.time.Duration.ofDays(400)))
                                        .build());
                settings) {
            var items = app.ishaar.core.archive.SandboxItems.history(sandbox, nile.value(), nile);
            var older = items.subList(30, items.size()); // newest first: the older half
            var newer = items.subList(0, 30);
            // nothing chosen yet: a first sync of the older half marks none
            settings.update(
                    s ->
                            s.withHandling(
                                    new app.ishaar.core.settings.HandlingSetting(
                                            java.util.List.of(), java.util.List.of())));
            archive.store(new app.ishaar.core.archive.SyncBatch(key, nile, older, "a", true, null));
            // the user chooses: every delivered notification, no type
            settings.update(
                    s ->
                            s.withHandling(
                                    new app.ishaar.core.settings.HandlingSetting(
                                            java.util.List.of(), java.util.List.of("delivered"))));
            archive.store(new app.ishaar.core.archive.SyncBatch(key, nile, newer, "b", true, null));
            var toHandle =
                    archive.query(
                                    new app.ishaar.core.archive.InboxQuery(
                                                    key, java.util.Set.of(), null, null, 1, 100)
                                            .withHandling(
                                                    app.ishaar.core.archive.InboxQuery
                                                            .HandlingFilter.TO_HANDLE))
                            .items();
            long deliveredNewer =
                    newer.stream()
                            .filter(n -> "delivered".equals(n.notification().status()))
                            .count();
            assertThat(deliveredNewer).as("the fixture has some").isPositive();
            assertThat(toHandle)
                    .as("the rule chosen, not the default")
                    .allMatch(n -> "delivered".equals(n.notification().status()))
                    .hasSize((int) deliveredNewer);
        }
        archive.close();
    }

    @Test
    void aRuleGivenWhileTheArchiveOpensDoesNotWaitForItAndReachesIt() throws Exception {
        // the opening stands still until the test lets it go on (its checks and migrations)
        java.util.concurrent.CountDownLatch opening = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch goOn = new java.util.concurrent.CountDownLatch(1);
        java.util.List<app.ishaar.core.archive.HandlingRule> given =
                new java.util.concurrent.CopyOnWriteArrayList<>();
        Path file = dir.resolve("archive.db");
        AppArchive archive =
                new AppArchive(
                        () -> {
                            opening.countDown();
                            try {
                                goOn.await();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                            app.ishaar.core.archive.Archive real = SqliteArchive.open(file);
                            return (app.ishaar.core.archive.Archive)
                                    java.lang.reflect.Proxy.newProxyInstance(
                                            getClass().getClassLoader(),
                                            new Class<?>[] {app.ishaar.core.archive.Archive.class},
                                            (proxy, method, args) -> {
                                                if (method.getName().equals("handleOnArrival")) {
                                                    given.add(
                                                            (app.ishaar.core.archive.HandlingRule)
                                                                    args[0]);
                                                }
                                                return method.invoke(real, args);
                                            });
                        });
        Thread opener = new Thread(archive::openAhead, "opening");
        opener.start();
        assertThat(opening.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        // a login saving its profile changes the settings on the FX thread: it must not wait
        java.util.concurrent.CompletableFuture<Void> change =
                java.util.concurrent.CompletableFuture.runAsync(
                        () -> archive.handleOnArrival(app.ishaar.core.archive.HandlingRule.NONE));
        try {
            change.get(5, java.util.concurrent.TimeUnit.SECONDS);
        } finally {
            goOn.countDown();
        }
        opener.join(10_000);
        assertThat(given)
                .as("the archive opened takes the rule given while it opened")
                .containsExactly(app.ishaar.core.archive.HandlingRule.NONE);
        archive.close();
    }

    @Test
    void theHandlingGoesToTheArchiveOpenedLaterWithTheRuleGivenBefore() throws Exception {
        Path file = dir.resolve("archive.db");
        AppArchive archive = new AppArchive(() -> SqliteArchive.open(file));
        var key = app.ishaar.core.archive.ServiceKey.SANDBOX;
        var nile = app.ishaar.core.model.Rin.of("204918573");
        try (var sandbox =
                app.ishaar.sandbox.Sandbox.start(
                        app.ishaar.sandbox.SandboxConfig.builder()
                                .notificationsPerTaxpayer(30)
                                .build())) {
            var items = app.ishaar.core.archive.SandboxItems.history(sandbox, nile.value(), nile);
            // every notification from the start of time of Nile's types 1 to 9 marked on arrival
            archive.handleOnArrival(
                    new app.ishaar.core.archive.HandlingRule(
                            java.util.Set.of("1", "2", "3", "4", "5", "6", "7", "8", "9"),
                            java.util.Set.of(),
                            java.time.Instant.EPOCH));
            archive.store(new app.ishaar.core.archive.SyncBatch(key, nile, items, "x", true, null));
            var toHandle =
                    new app.ishaar.core.archive.InboxQuery(
                                    key, java.util.Set.of(), null, null, 1, 50)
                            .withHandling(
                                    app.ishaar.core.archive.InboxQuery.HandlingFilter.TO_HANDLE);
            assertThat(archive.query(toHandle).totalCount()).isEqualTo(30);
            String id = items.get(0).notificationId();
            archive.handle(
                    key,
                    java.util.List.of(app.ishaar.core.archive.HandlingTarget.of(nile, id)),
                    new app.ishaar.core.archive.HandlingEdit(null, null, "seen"));
            assertThat(archive.history(key, nile, id)).hasSize(2);
            assertThat(archive.history(key, nile, id).get(1).by()).isEqualTo(archive.person());
        } finally {
            archive.close();
        }
    }
}
