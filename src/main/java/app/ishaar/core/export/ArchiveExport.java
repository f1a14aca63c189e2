package app.ishaar.core.export;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.io.AtomicFileWriter;
import app.ishaar.core.report.SummaryQuery;
import app.ishaar.core.report.SummarySource;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Exports every notification of an archive's query (its taxpayers, filters and search, across all
 * pages) to a file, read from the archive a thousand at a time: the file appears complete,
 * atomically, or not at all. The same file as {@link NotificationExporter} writes from the service,
 * for the windows that read the archive (All taxpayers, a taxpayer's history offline).
 */
public final class ArchiveExport {
    private ArchiveExport() {}

    /** Notifications read from the archive at a time. */
    public static final int CHUNK = 1000;

    /**
     * @param shown the query; its page and page size are not used
     * @param sinks opens the writer of the file's form ({@link NotificationSink#report})
     * @param progress may be null; told after each chunk, on {@code background}
     * @return completes with how many were written once the file is in place; fails with an {@link
     *     ArchiveException} or an {@link IOException} (no file then); cancelling it stops the read
     *     at the next chunk and leaves no file
     */
    public static CompletableFuture<Long> export(
            Archive archive,
            InboxQuery shown,
            NotificationSink.Factory sinks,
            Path target,
            Executor background,
            NotificationExporter.Progress progress) {
        return export(archive, shown, sinks, target, background, progress, null);
    }

    /**
     * As {@link #export(Archive, InboxQuery, NotificationSink.Factory, Path, Executor,
     * NotificationExporter.Progress)}, with the summary of {@code summary}'s period read from the
     * same archive after the rows ({@link SummarySource}, as {@code ishaar report} reads it) and
     * given to the sink ({@link NotificationSink#summary}: the workbook's Summary sheet).
     *
     * @param summary the period and taxpayers to sum up, or null for none
     */
    public static CompletableFuture<Long> export(
            Archive archive,
            InboxQuery shown,
            NotificationSink.Factory sinks,
            Path target,
            Executor background,
            NotificationExporter.Progress progress,
            SummaryQuery summary) {
        Objects.requireNonNull(archive, "archive");
        CompletableFuture<Long> out = new CompletableFuture<>();
        background.execute(
                () -> {
                    try {
                        out.complete(write(archive, shown, sinks, target, out, progress, summary));
                    } catch (ArchiveException | IOException | RuntimeException e) {
                        out.completeExceptionally(e);
                    }
                });
        return out;
    }

    private static long write(
            Archive archive,
            InboxQuery shown,
            NotificationSink.Factory sinks,
            Path target,
            CompletableFuture<Long> out,
            NotificationExporter.Progress progress,
            SummaryQuery summary)
            throws ArchiveException, IOException {
        AtomicFileWriter file = AtomicFileWriter.open(target);
        try (file;
                NotificationSink sink = sinks.open(file.stream())) {
            long written = 0;
            for (int page = 1; ; page++) {
                if (out.isDone()) {
                    throw new CancellationException();
                }
                InboxPage p =
                        archive.query(
                                new InboxQuery(
                                        shown.service(),
                                        shown.taxpayers(),
                                        shown.filters(),
                                        shown.search(),
                                        page,
                                        CHUNK));
                sink.writeArchived(p.items());
                written += p.items().size();
                if (progress != null) {
                    progress.written(written, Math.max(written, p.totalCount()));
                }
                if (p.items().size() < CHUNK) {
                    break;
                }
            }
            if (summary != null) {
                sink.summary(SummarySource.of(archive, summary));
            }
            sink.finish();
            if (out.isDone()) {
                throw new CancellationException();
            }
            file.commit();
            return written;
        } catch (ArchiveException | IOException | RuntimeException e) {
            file.abort();
            throw e;
        }
    }
}
