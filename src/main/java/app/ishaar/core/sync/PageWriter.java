package app.ishaar.core.sync;

import app.ishaar.core.archive.ArchiveException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Stores the pages a sync has read on a thread of its own, so that the next pages are fetched while
 * one batch is written. Whatever pages are waiting when the writer comes round are stored together,
 * in one transaction. After each batch (or its failure) the writer tells the reader on the reader's
 * own queue of events, so that the reader waits on one queue for both answers and stored pages, and
 * can hold back its requests while too many pages wait (the heap stays bounded).
 *
 * @param <P> a page as read
 */
final class PageWriter<P> {

    /** Stores some pages, in the order read, in one transaction. */
    @FunctionalInterface
    interface Store<P> {
        void store(List<P> pages) throws ArchiveException;
    }

    /** Told to the reader: this many pages stored, or the failure that stopped the writer. */
    record Stored(int pages, Throwable failure) {}

    private static final Object END = new Object();

    private final BlockingQueue<Object> waiting = new LinkedBlockingQueue<>();
    private final Thread thread;

    /**
     * Starts the writer; {@code events} receives a {@link Stored} after each batch, and at most
     * {@code maxBatch} pages go into one transaction.
     */
    PageWriter(Store<P> store, int maxBatch, BlockingQueue<? super Stored> events) {
        thread =
                new Thread(
                        () -> {
                            List<Object> batch = new ArrayList<>(maxBatch);
                            boolean failed = false;
                            while (true) {
                                batch.clear();
                                try {
                                    batch.add(waiting.take());
                                } catch (InterruptedException e) {
                                    return;
                                }
                                waiting.drainTo(batch, maxBatch - 1);
                                boolean end = batch.remove(END);
                                if (!batch.isEmpty() && !failed) {
                                    @SuppressWarnings("unchecked")
                                    List<P> pages = (List<P>) (List<?>) batch;
                                    try {
                                        store.store(pages);
                                        events.add(new Stored(pages.size(), null));
                                    } catch (ArchiveException | RuntimeException | Error e) {
                                        // what waits behind a failed batch is never stored: its
                                        // checkpoint would claim the failed one's positions
                                        failed = true;
                                        events.add(new Stored(pages.size(), e));
                                    }
                                }
                                if (end) {
                                    return;
                                }
                            }
                        },
                        "sync-writer");
        thread.setDaemon(true);
        thread.start();
    }

    /** Hands a page on to be stored; never blocks. */
    void add(P page) {
        waiting.add(page);
    }

    /**
     * Lets the writer store what it was handed, then waits for it to end (also when interrupted:
     * the store under way is one transaction, committed or rolled back soon).
     */
    void finish() {
        waiting.add(END);
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
