package app.ishaar.core.service.http;

import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.ServiceException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Reads every page of a query: page 1 first, then the rest with at most {@code concurrency}
 * requests in flight, buffering at most {@code 2 × concurrency} pages ahead of delivery, and
 * handing pages to the consumer strictly in order, one at a time.
 *
 * <p>It stops on what it has seen, never because the service claims more: the last page is the
 * first one with fewer items than asked for, or none, or only items already delivered, or one that
 * says it is the last ({@code pageNo >= totalPages} in its own metadata). A claimed {@code
 * totalPages} otherwise only bounds how far ahead pages are asked for; past it, pages are asked for
 * one by one while they come full. Items are delivered once each, by {@code notificationId}: the
 * history is newest first and paged by number, so items shift to the next page as notifications
 * arrive during the read, and would otherwise come twice. A delivered page holds only its new items
 * (page 1 is delivered even when empty, for its totals).
 */
final class PageReader {
    private final Function<NotificationQuery, CompletableFuture<NotificationPage>> fetch;
    private final NotificationQuery query;
    private final int pageSize;
    private final int concurrency;
    private final Consumer<NotificationPage> onPage;
    private final CompletableFuture<Long> result = new CompletableFuture<>();

    private final Object lock = new Object();
    private final Map<Integer, CompletableFuture<NotificationPage>> inFlight = new HashMap<>();
    private final Map<Integer, NotificationPage> ready = new HashMap<>();

    /** Ids delivered so far; touched only by the one delivering thread. */
    private final Set<String> seen = new HashSet<>();

    /** The number of pages the latest answer claims, or -1 before page 1. */
    private int claimed = -1;

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
        this.pageSize = query.pageSize() == null ? HttpSession.MAX_PAGE_SIZE : query.pageSize();
        this.concurrency = concurrency;
        this.onPage = onPage;
    }

    CompletableFuture<Long> start() {
        result.whenComplete((v, e) -> cancelAll());
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
     * room for one more. Null once the result is in.
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
            claimed = page.totalPages();
            ready.put(pageNo, page);
        }
        drain();
        fillWindow();
    }

    /**
     * Delivers every page that is next in order, new items only, and ends the read at the last
     * page; only one thread delivers at a time.
     */
    private void drain() {
        while (true) {
            NotificationPage page;
            synchronized (lock) {
                if (delivering || result.isDone()) {
                    return;
                }
                page = ready.remove(nextToDeliver);
                if (page == null) {
                    return;
                }
                delivering = true;
            }
            List<Notification> fresh = new ArrayList<>(page.result().size());
            for (Notification n : page.result()) {
                if (n.notificationId() == null || seen.add(n.notificationId())) {
                    fresh.add(n);
                }
            }
            boolean last =
                    page.result().size() < pageSize
                            || fresh.isEmpty()
                            || (page.totalPages() > 0 && page.pageNo() >= page.totalPages());
            try {
                if (!fresh.isEmpty() || page.pageNo() == 1) {
                    onPage.accept(
                            fresh.size() == page.result().size()
                                    ? page
                                    : new NotificationPage(
                                            fresh,
                                            page.totalPages(),
                                            page.totalCount(),
                                            page.pageNo(),
                                            page.pageSize()));
                }
            } catch (RuntimeException ex) {
                synchronized (lock) {
                    delivering = false;
                }
                result.completeExceptionally(ex);
                return;
            }
            synchronized (lock) {
                delivering = false;
                delivered += fresh.size();
                nextToDeliver++;
                if (last) {
                    result.complete(delivered);
                    return;
                }
            }
        }
    }

    private void fillWindow() {
        while (true) {
            int pageNo;
            CompletableFuture<NotificationPage> f;
            synchronized (lock) {
                if (result.isDone() || claimed < 0) {
                    return;
                }
                // ahead only as far as the service claims there are pages; past that, one at a time
                int horizon = Math.max(claimed, nextToDeliver);
                boolean room =
                        inFlight.size() < concurrency
                                && nextToRequest - nextToDeliver < 2 * concurrency;
                if (!room || nextToRequest > horizon) {
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
