package app.ishaar.ui.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.NotificationQuery;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The export dialog's logic without the toolkit or a service: state, progress, cancel, failures.
 */
class ExportViewModelTest {

    private final I18n i18n = new I18n(AppLanguage.ENGLISH);
    private CompletableFuture<Long> job;
    private ExportViewModel.Progress progress;
    private NotificationQuery asked;

    private ExportViewModel export() {
        i18n.zoneProperty().set(ZoneId.of("Africa/Cairo"));
        return new ExportViewModel(
                i18n,
                Runnable::run,
                new PageQuery(Scope.NONE, NotificationQuery.ALL.withType("7"), null, null),
                (q, f, t, p) -> {
                    asked = q.filters();
                    progress = p;
                    job = new CompletableFuture<>();
                    return job;
                },
                Clock.fixed(Instant.parse("2026-03-15T10:00:00Z"), ZoneOffset.UTC));
    }

    @Test
    void progressThenDone() {
        ExportViewModel e = export();
        assertThat(e.suggestedFileName()).isEqualTo("notifications-20260315-1200.csv");
        e.start(Path.of("out.csv"));
        assertThat(asked.type()).isEqualTo("7");
        assertThat(e.runningProperty().get()).isTrue();
        assertThat(e.progressProperty().get())
                .isEqualTo(-1); // indeterminate until the service says how many
        progress.written(100, 400);
        assertThat(e.progressProperty().get()).isEqualTo(0.25);
        assertThat(e.messageProperty().get()).isEqualTo("Notifications written: 100 of 400…");
        job.complete(400L);
        assertThat(e.stateProperty().get()).isEqualTo(ExportViewModel.State.DONE);
        assertThat(e.messageProperty().get())
                .isEqualTo("Done: 400 notifications written to out.csv.");
    }

    @Test
    void aSingleNotificationIsCountedInTheSingularInEnglishAndArabic() {
        ExportViewModel e = export();
        e.start(Path.of("one.csv"));
        progress.written(1, 1);
        assertThat(e.messageProperty().get()).isEqualTo("Notifications written: 1 of 1…");
        job.complete(1L);
        assertThat(e.messageProperty().get()).isEqualTo("Done: 1 notification written to one.csv.");
        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(e.messageProperty().get()).isEqualTo("تم التصدير إلى one.csv: إشعار واحد.");
    }

    @Test
    void manyNotificationsInArabicNameTheFileThenTheCount() {
        ExportViewModel e = export();
        i18n.languageProperty().set(AppLanguage.ARABIC);
        e.start(Path.of("out.csv"));
        progress.written(400, 400);
        job.complete(400L);
        assertThat(e.messageProperty().get())
                .isEqualTo("تم التصدير إلى out.csv. عدد الإشعارات: ٤٠٠.");
    }

    @Test
    void cancelStopsTheJobAndIgnoresLateNews() {
        ExportViewModel e = export();
        e.start(Path.of("out.xlsx"));
        progress.written(100, 400);
        e.cancel();
        assertThat(job.isCancelled()).isTrue();
        assertThat(e.stateProperty().get()).isEqualTo(ExportViewModel.State.CANCELLED);
        progress.written(200, 400); // a page that was already on its way
        assertThat(e.writtenProperty().get()).isEqualTo(100);
        assertThat(e.stateProperty().get()).isEqualTo(ExportViewModel.State.CANCELLED);
    }

    @Test
    void aFileErrorIsReportedInWords() {
        ExportViewModel e = export();
        e.start(Path.of("/no/such/dir/out.csv"));
        job.completeExceptionally(new java.nio.file.NoSuchFileException("/no/such/dir"));
        assertThat(e.stateProperty().get()).isEqualTo(ExportViewModel.State.FAILED);
        assertThat(e.messageProperty().get())
                .startsWith("The export failed and no file was written.")
                .contains("there is no such file or folder")
                .doesNotContain("Exception");
        e.start(Path.of("again.csv")); // may start again after a failure
        assertThat(e.runningProperty().get()).isTrue();
        job.completeExceptionally(new IOException("No space left on device"));
        assertThat(e.messageProperty().get()).contains("the disk is full");
        e.start(Path.of("link.csv"));
        job.completeExceptionally(
                new app.ishaar.core.io.NotARegularFileException(
                        "link.csv", app.ishaar.core.io.NotARegularFileException.Kind.LINK));
        assertThat(e.messageProperty().get()).contains("symbolic link");
    }
}
