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
}
