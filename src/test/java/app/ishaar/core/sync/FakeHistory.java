package app.ishaar.core.sync;

import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.SessionKey;
import app.ishaar.core.service.TokenInfo;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A taxpayer's history as the service pages it (newest first, by page number), answering each page
 * a little later on another thread, so that several pages in flight come back in any order. {@link
 * #beforeAnswer} runs before each answer is made: a test adds arrivals there, which shift every
 * page as they do at the real service.
 */
final class FakeHistory implements Session {
    static final Instant BASE = Instant.parse("2026-01-01T00:00:00Z");
    static final ObjectMapper JSON = new ObjectMapper();

    /** Newest first. */
    private final List<Notification> items = new ArrayList<>();

    final AtomicInteger requests = new AtomicInteger();
    volatile Consumer<FakeHistory> beforeAnswer = h -> {};
    volatile int failAtRequest = -1;
    private int next;

    FakeHistory(int initial) {
        for (int i = 0; i < initial; i++) {
            arrive("delivered");
        }
    }

    static Notification notification(int i, String status) {
        return new Notification(
                "n" + i,
                BASE.plusSeconds(i),
                null,
                "7",
                "Document Validated",
                "Document INV-" + i + " validated",
                "email",
                "a@b.c",
                "en",
                status,
                List.of());
    }

    static String raw(Notification n) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("notificationId", n.notificationId());
        m.put("receivedDateTime", n.receivedDateTime().toString());
        m.put("typeId", n.typeId());
        m.put("finalMessage", n.finalMessage());
        m.put("status", n.status());
        m.put("someFutureMember", 1);
        try {
            return JSON.writeValueAsString(m);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A new notification, the newest. */
    synchronized Notification arrive(String status) {
        Notification n = notification(next++, status);
        items.add(0, n);
        return n;
    }

    /** A notification sent long ago that shows up only now, below the top. */
    synchronized void insertOld(int position, String id) {
        Notification below = items.get(position);
        items.add(
                position,
                new Notification(
                        id,
                        below.receivedDateTime().plusMillis(1),
                        null,
                        "7",
                        "x",
                        "late",
                        "email",
                        "a",
                        "en",
                        "delivered",
                        List.of()));
    }

    /** The notification with this ID now has this status. */
    synchronized void settle(String id, String status) {
        for (int i = 0; i < items.size(); i++) {
            Notification n = items.get(i);
            if (n.notificationId().equals(id)) {
                items.set(
                        i,
                        new Notification(
                                n.notificationId(),
                                n.receivedDateTime(),
                                n.receivedDateTime().plusSeconds(5),
                                n.typeId(),
                                n.typeName(),
                                n.finalMessage(),
                                n.channel(),
                                n.address(),
                                n.language(),
                                status,
                                n.deliveryAttempts()));
            }
        }
    }

    synchronized List<Notification> all() {
        return new ArrayList<>(items);
    }

    synchronized int size() {
        return items.size();
    }

    /** The queries with dates asked, as asked. */
    final List<NotificationQuery> byDate = new java.util.concurrent.CopyOnWriteArrayList<>();

    private synchronized NotificationPage page(NotificationQuery q) {
        int pageNo = q.pageNo();
        int size = q.pageSize();
        List<Notification> matching = new ArrayList<>();
        for (Notification n : items) {
            Instant at = n.receivedDateTime();
            if ((q.dateFrom() == null || !at.isBefore(q.dateFrom()))
                    && (q.dateTo() == null || !at.isAfter(q.dateTo()))) {
                matching.add(n);
            }
        }
        int from = (pageNo - 1) * size;
        List<Notification> result = new ArrayList<>();
        List<String> raws = new ArrayList<>();
        for (int i = from; i < Math.min(matching.size(), from + size); i++) {
            result.add(matching.get(i));
            raws.add(raw(matching.get(i)));
        }
        int pages = (matching.size() + size - 1) / size;
        return new NotificationPage(result, pages, matching.size(), pageNo, size, raws);
    }

    @Override
    public CompletableFuture<NotificationPage> fetchRaw(NotificationQuery q) {
        int n = requests.incrementAndGet();
        CompletableFuture<NotificationPage> out = new CompletableFuture<>();
        CompletableFuture.delayedExecutor(
                        ThreadLocalRandom.current().nextInt(3), TimeUnit.MILLISECONDS)
                .execute(
                        () -> {
                            if (n == failAtRequest) {
                                out.completeExceptionally(
                                        new NetworkException(
                                                NetworkException.Kind.CONNECTION_LOST,
                                                "api.test",
                                                null));
                                return;
                            }
                            beforeAnswer.accept(this);
                            if (q.dateFrom() != null || q.dateTo() != null) {
                                byDate.add(q);
                            }
                            out.complete(page(q));
                        });
        return out;
    }

    @Override
    public CompletableFuture<NotificationPage> fetch(NotificationQuery q) {
        return fetchRaw(q);
    }

    @Override
    public SessionKey key() {
        return new SessionKey(Environment.production(), "erp", null);
    }

    @Override
    public Environment environment() {
        return Environment.production();
    }

    @Override
    public CompletableFuture<TokenInfo> login() {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public Optional<TokenInfo> tokenInfo() {
        return Optional.empty();
    }

    @Override
    public CompletableFuture<Long> readAll(
            NotificationQuery query, int concurrency, Consumer<NotificationPage> onPage) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void close() {}
}
