package app.ishaar.ui.notifications;

import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.service.ServiceException;
import app.ishaar.ui.error.Failure;
import app.ishaar.ui.fx.LatestTask;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.ObjIntConsumer;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * Asks for the screen's pages of the archive ({@link HistoryPages}). A newer request supersedes an
 * older one: the older future is cancelled and its result, should it still arrive, is dropped. A
 * failure shows in {@link #errorProperty()} and leaves the shown page as it is; a page that came is
 * handed over to be shown before {@link #loadingProperty()} turns false.
 */
public final class PageRequests {
    /** Logged under the history screen's name, with its other messages. */
    private static final Logger LOG = System.getLogger(HistoryViewModel.class.getName());

    private final Supplier<HistoryPages> source;
    private final PagerViewModel pager;
    private final Runnable beforeRequest;
    private final ObjIntConsumer<InboxPage> onPage;
    private final Consumer<InboxPage> prepare;

    /** The page asked for last: a newer request cancels it, and only its page is shown. */
    private final LatestTask pages;

    /** The shown page read again after a sync, to update its rows in place. */
    private final LatestTask rereads;

    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyObjectWrapper<Throwable> error =
            new ReadOnlyObjectWrapper<>(this, "error");

    private PageQuery lastQuery;

    /** Whether a reading of the shown page is under way, and what gets the one asked meanwhile. */
    private boolean rereading;

    private Consumer<InboxPage> rereadAgain;

    /**
     * {@code fx}: where results are delivered; {@code source}: where pages come from now (not
     * {@link HistoryPages#ready} while the taxpayer or the service is not known); {@code
     * beforeRequest}: run as a request goes out; {@code onPage}: shows a page that came, with the
     * page number it was asked for; {@code prepare}: given each page on the thread that read it,
     * before it is handed to the FX thread (what the cells show made there, not on the FX thread).
     */
    PageRequests(
            Executor fx,
            Supplier<HistoryPages> source,
            PagerViewModel pager,
            Runnable beforeRequest,
            ObjIntConsumer<InboxPage> onPage,
            Consumer<InboxPage> prepare) {
        this.prepare = prepare;
        this.pages = new LatestTask(fx);
        this.rereads = new LatestTask(fx);
        this.source = source;
        this.pager = pager;
        this.beforeRequest = beforeRequest;
        this.onPage = onPage;
    }

    /** True while a page is being fetched (the shown rows stay until it arrives). */
    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    /** The last failure, until dismissed, retried successfully or superseded by a success. */
    public ReadOnlyObjectProperty<Throwable> errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** Shows a failure that came from elsewhere (the sync's) as the last failure. */
    void fail(Throwable cause) {
        error.set(cause);
    }

    void dismissError() {
        error.set(null);
    }

    /** The query asked for last (null: none since the session's end). */
    PageQuery lastQuery() {
        return lastQuery;
    }

    /** Forgets the last query and failure (the session ended). */
    void forget() {
        lastQuery = null;
        error.set(null);
    }

    /**
     * Asks for {@code q}'s page where pages come from, if it can be asked now; the pager shows it
     * asked.
     */
    void issue(PageQuery q) {
        HistoryPages from = source.get();
        lastQuery = q;
        pager.requested(q.pageNo());
        if (!from.ready()) {
            return;
        }
        stopRereading();
        beforeRequest.run();
        loading.set(true);
        pages.run(read(from, q), (page, failure) -> completed(q, page, failure));
    }

    /**
     * Reads the shown page ({@link #lastQuery}) again, quietly: no loading shown, a failure only
     * logged (the next page asked says what is wrong); {@code onPage} gets it unless a page was
     * asked for meanwhile. Asked again while a reading is under way, it reads once more after that
     * one is shown, never in its place: a first sync lands its pages faster than a busy machine
     * reads them, and each new reading replacing the last would show none until the sync ended.
     * False when it cannot be read quietly now (none shown, one being asked for, or a failure
     * said).
     */
    boolean reread(Consumer<InboxPage> onPage) {
        if (rereading) {
            rereadAgain = onPage;
            return true;
        }
        HistoryPages from = source.get();
        PageQuery q = lastQuery;
        if (q == null || !from.ready() || loading.get() || error.get() != null) {
            return false;
        }
        rereading = true;
        rereads.run(
                read(from, q),
                (page, failure) -> {
                    rereading = false;
                    if (failure != null) {
                        LOG.log(
                                Level.DEBUG,
                                "history page not read again: {0}",
                                ServiceException.unwrap(failure).toString());
                    } else if (q == lastQuery) {
                        onPage.accept(page);
                    }
                    Consumer<InboxPage> again = rereadAgain;
                    rereadAgain = null;
                    if (again != null) {
                        reread(again);
                    }
                });
        return true;
    }

    /** {@code q}'s page from {@code from}, prepared on the thread that read it. */
    private CompletableFuture<InboxPage> read(HistoryPages from, PageQuery q) {
        CompletableFuture<InboxPage> read = from.page(q);
        CompletableFuture<InboxPage> prepared =
                read.thenApply(
                        page -> {
                            prepare.accept(page);
                            return page;
                        });
        // a newer request cancels this one: its read too, not only its preparing
        prepared.whenComplete(
                (page, failure) -> {
                    if (prepared.isCancelled()) {
                        read.cancel(true);
                    }
                });
        return prepared;
    }

    private void stopRereading() {
        rereads.cancel();
        rereading = false;
        rereadAgain = null;
    }

    /** Cancels the request in flight; its result, should it still arrive, is dropped. */
    void cancel() {
        pages.cancel();
        stopRereading();
        loading.set(false);
    }

    /** The page asked for last came, or failed (a newer request's supersedes it unseen). */
    private void completed(PageQuery q, InboxPage page, Throwable failure) {
        if (failure != null) {
            loading.set(false);
            if (Failure.isCancellation(failure)) {
                pager.requestFailed();
                return;
            }
            Throwable cause = ServiceException.unwrap(failure);
            LOG.log(Level.DEBUG, "history page failed: {0}", cause.toString());
            pager.requestFailed();
            error.set(cause);
            return;
        }
        int asked = q.pageNo();
        if (page.items().isEmpty() && page.totalPages() > 0 && asked > page.totalPages()) {
            // the history shrank (or the page size grew) under us: show its last page instead
            issue(q.withPage(page.totalPages()));
            return;
        }
        error.set(null);
        onPage.accept(page, asked);
        loading.set(false); // last: whoever waits for the load sees the new rows
    }
}
