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
}
