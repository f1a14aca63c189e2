package app.ishaar.core.export;

import app.ishaar.core.io.AtomicFileWriter;
import app.ishaar.core.io.IoProblem;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import app.ishaar.core.support.SupportLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/**
 * Exports every notification of a query to a file, streaming page by page from {@link
 * Session#readAll}: the file appears complete, atomically, or not at all.
 */
public final class NotificationExporter {
    private NotificationExporter() {}

    private static final System.Logger LOG = System.getLogger(NotificationExporter.class.getName());

    /**
     * Progress after each page: notifications written so far and the total the service announced.
     */
    @FunctionalInterface
    public interface Progress {
        void written(long written, long total);
    }

    /**
     * @param sinks opens the writer of the file's form: {@link NotificationSink#report} (the
     *     desktop app's XLSX and CSV) or {@link NotificationSink#csvForPrograms}
     * @param concurrency pages in flight (see {@link Session#readAll})
     * @param progress may be null; called on a client thread
     * @return completes with the number of notifications written once the file is in place; fails
     *     with a ServiceException or an IOException; cancelling it stops the read and leaves no
     *     file
     */
    public static CompletableFuture<Long> export(
            Session session,
            NotificationQuery query,
            NotificationSink.Factory sinks,
            Path target,
            int concurrency,
            Progress progress) {
        CompletableFuture<Long> out = new CompletableFuture<>();
        String id = SupportLog.newId();
        long start = System.nanoTime();
        LOG.log(System.Logger.Level.INFO, "export {0}: started", id);
        out.whenComplete((n, e) -> logEnd(id, start, n, e));
        AtomicFileWriter file;
        NotificationSink sink;
        try {
            file = AtomicFileWriter.open(target);
            try {
                sink = sinks.open(file.stream());
                LOG.log(
                        System.Logger.Level.INFO,
                        "export {0}: writing {1}",
                        id,
                        sink.getClass().getSimpleName());
            } catch (IOException | RuntimeException e) {
                file.abort();
                throw e;
            }
        } catch (IOException e) {
            out.completeExceptionally(e);
            return out;
        }
        long[] written = {0};
        CompletableFuture<Long> read =
                session.readAll(
                        query,
                        concurrency,
                        page -> {
                            synchronized (file) {
                                if (out.isDone()) {
                                    return;
                                }
                                try {
                                    sink.write(page.result());
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                                written[0] += page.result().size();
                                if (progress != null) {
                                    progress.written(written[0], page.totalCount());
                                }
                            }
                        });
        read.whenComplete(
                (n, e) -> {
                    synchronized (file) {
                        if (e != null || out.isDone()) {
                            release(sink);
                            file.abort();
                            Throwable c =
                                    ServiceException.unwrap(
                                            e == null
                                                    ? new java.util.concurrent
                                                            .CancellationException()
                                                    : e);
                            if (c instanceof UncheckedIOException u) {
                                c = u.getCause();
                            }
                            out.completeExceptionally(c);
                            return;
                        }
                        try {
                            sink.finish();
                            release(sink);
                            file.commit();
                            out.complete(n);
                        } catch (IOException | RuntimeException ex) {
                            release(sink);
                            file.abort();
                            out.completeExceptionally(ex);
                        }
                    }
                });
        out.whenComplete(
                (v, e) -> {
                    if (out.isCancelled()) {
                        read.cancel(true);
                        synchronized (file) {
                            release(sink);
                            file.abort();
                        }
                    }
                });
        return out;
    }

    /** Releases what the sink holds besides the file (its temporary rows); never throws. */
    private static void release(NotificationSink sink) {
        try {
            sink.close();
        } catch (IOException | RuntimeException e) {
            // a temporary file left in the system's temporary folder is all this can leave
        }
    }

    /** The export's last support-log line: how many in how long, or what stopped it, in words. */
    private static void logEnd(String id, long start, Long written, Throwable e) {
        long ms = (System.nanoTime() - start) / 1_000_000;
        Throwable c = e == null ? null : ServiceException.unwrap(e);
        if (c == null) {
            LOG.log(
                    System.Logger.Level.INFO,
                    "export {0}: {1} notifications written in {2} ms",
                    id,
                    written,
                    ms);
        } else if (c instanceof java.util.concurrent.CancellationException) {
            LOG.log(System.Logger.Level.INFO, "export {0}: cancelled after {1} ms", id, ms);
        } else {
            LOG.log(
                    System.Logger.Level.INFO,
                    "export {0}: failed after {1} ms: {2} ({3})",
                    id,
                    ms,
                    c instanceof IOException io ? IoProblem.of(io).words() : c.getMessage(),
                    c.getClass().getSimpleName());
        }
    }
}
