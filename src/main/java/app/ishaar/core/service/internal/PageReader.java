package app.ishaar.core.service.internal;

import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.ServiceException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Reads every page of a query: page 1 first (it tells the number of pages), then the rest with at
 * most {@code concurrency} requests in flight, buffering at most {@code 2 × concurrency} pages
 * ahead of delivery, and handing pages to the consumer strictly in order, one at a time.
 */
final class PageReader {
    private final Function<NotificationQuery, CompletableFuture<NotificationPage>> fetch;
    private final NotificationQuery query;
    private final int concurrency;
    private final Consumer<NotificationPage> onPage;
    private final CompletableFuture<Long> result = new CompletableFuture<>();

    private final Object lock = new Object();
    private final Map<Integer, CompletableFuture<NotificationPage>> inFlight = new HashMap<>();
    private final Map<Integer, NotificationPage> ready = new HashMap<>();
    private int totalPages = -1;
    private int nextToRequest = 2;
    private int nextToDeliver = 1;
    private long delivered;
    private boolean delivering;

    PageReader(
            Function<NotificationQuery, CompletableFuture<NotificationPage>> fetch,
            NotificationQuery query,
            int concurrency,
            Consumer<NotificationPage> onPage) {
        this.fetch = fetch;
        this.query = query;
        this.concurrency = concurrency;
        this.onPage = onPage;
    }

    CompletableFuture<Long> start() {
        result.whenComplete(
                (v, e) -> {
                    if (result.isDone()) {
                        cancelAll();
                    }
                });
        CompletableFuture<NotificationPage> first;
        synchronized (lock) {
            first = issue(1);
        }
        if (first != null) {
            first.whenComplete((page, e) -> arrived(1, page, e));
        }
        return result;
    }

    /**
     * Asks for a page and counts it in flight, in one step under the lock (the caller holds it): a
     * page chosen under the lock but counted only later let another thread, between the two, see
     * room for one more, and a fourth request went out with three allowed. Null once the result is
     * in.
     */
    private CompletableFuture<NotificationPage> issue(int pageNo) {
        if (result.isDone()) {
            return null;
        }
        CompletableFuture<NotificationPage> f = fetch.apply(query.withPage(pageNo));
        inFlight.put(pageNo, f);
        return f;
    }

    private void arrived(int pageNo, NotificationPage page, Throwable e) {
        if (e != null) {
            Throwable c = ServiceException.unwrap(e);
            if (c instanceof CancellationException && result.isDone()) {
                return;
            }
            result.completeExceptionally(c);
            return;
        }
        synchronized (lock) {
            inFlight.remove(pageNo);
            if (result.isDone()) {
                return;
            }
            if (pageNo == 1) {
                totalPages = page.totalPages();
            }
            ready.put(pageNo, page);
        }
        drain();
        fillWindow();
    }

    /** Delivers every page that is next in order; only one thread delivers at a time. */
    private void drain() {
        while (true) {
            NotificationPage page;
            synchronized (lock) {
                if (delivering || result.isDone()) {
                    return;
                }
                page = ready.remove(nextToDeliver);
                if (page == null) {
                    if (totalPages >= 0 && nextToDeliver > Math.max(1, totalPages)) {
                        result.complete(delivered);
                    }
                    return;
                }
                delivering = true;
            }
            try {
                onPage.accept(page);
            } catch (RuntimeException ex) {
                synchronized (lock) {
                    delivering = false;
                }
                result.completeExceptionally(ex);
                return;
            }
            synchronized (lock) {
                delivering = false;
                delivered += page.result().size();
                nextToDeliver++;
            }
        }
    }

    private void fillWindow() {
        while (true) {
            int pageNo;
            CompletableFuture<NotificationPage> f;
            synchronized (lock) {
                if (result.isDone() || totalPages < 0) {
                    return;
                }
                boolean room =
                        inFlight.size() < concurrency
                                && nextToRequest - nextToDeliver < 2 * concurrency;
                if (!room || nextToRequest > totalPages) {
                    if (inFlight.isEmpty()
                            && ready.isEmpty()
                            && nextToDeliver > Math.max(1, totalPages)
                            && !delivering) {
                        result.complete(delivered);
                    }
                    return;
                }
                pageNo = nextToRequest++;
                f = issue(pageNo);
            }
            if (f == null) {
                return;
            }
            f.whenComplete((page, e) -> arrived(pageNo, page, e));
        }
    }

    private void cancelAll() {
        CompletableFuture<?>[] all;
        synchronized (lock) {
            all = inFlight.values().toArray(new CompletableFuture<?>[0]);
            inFlight.clear();
            ready.clear();
        }
        for (CompletableFuture<?> f : all) {
            f.cancel(true);
        }
    }
}
