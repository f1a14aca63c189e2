package app.ishaar.core.service;

import static app.ishaar.core.service.TestTokens.json;
import static app.ishaar.core.service.TestTokens.notification;
import static app.ishaar.core.service.TestTokens.standardToken;
import static app.ishaar.core.service.TestTokens.tokenResponse;
import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.http.ServiceClient;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Reading every page: order, the concurrency bound, a 401 in the middle, cancellation. */
class ReadAllTest {

    @StartStop final MockWebServer server = new MockWebServer();

    final ServiceClient client = new ServiceClient(ServiceClientTest.fastConfig());

    @AfterEach
    void close() {
        client.close();
    }

    /**
     * A service of {@code total} notifications (ids n0000… newest first) with a latency varying by
     * page.
     */
    final class PagedService extends Dispatcher {
        final int total;
        final AtomicInteger logins = new AtomicInteger();
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger maxInFlight = new AtomicInteger();
        final AtomicInteger apiCalls = new AtomicInteger();
        volatile int unauthorizedOnCall = -1;
        volatile CountDownLatch hold;

        PagedService(int total) {
            this.total = total;
        }

        @Override
        public MockResponse dispatch(RecordedRequest r) throws InterruptedException {
            if (r.getUrl().encodedPath().equals("/connect/token")) {
                return tokenResponse(standardToken("t" + logins.incrementAndGet()));
            }
            int call = apiCalls.incrementAndGet();
            if (call == unauthorizedOnCall) {
                return new MockResponse.Builder().code(401).build();
            }
            int now = inFlight.incrementAndGet();
            maxInFlight.accumulateAndGet(now, Math::max);
            try {
                int pageNo = Integer.parseInt(r.getUrl().queryParameter("pageNo"));
                int size = Integer.parseInt(r.getUrl().queryParameter("pageSize"));
                CountDownLatch h = hold;
                if (h != null && pageNo > 2) {
                    h.await(10, TimeUnit.SECONDS);
                }
                // simulated service latency: later pages of each window answer first
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5 + (7 - pageNo % 7) * 4));
                List<String> items = new ArrayList<>();
                for (int i = (pageNo - 1) * size; i < Math.min(total, pageNo * size); i++) {
                    items.add(
                            notification(
                                    String.format("n%04d", i),
                                    Instant.parse("2026-01-01T00:00:00Z")
                                            .minusSeconds(i)
                                            .toString()));
                }
                int pages = (total + size - 1) / size;
                return json(200, TestTokens.page(pages, total, items.toArray(new String[0])));
            } finally {
                inFlight.decrementAndGet();
            }
        }
    }

    Session session() throws InvalidEndpointException {
        String url = server.url("/").toString();
        return client.openSession(
                Environment.custom(url, url),
                new Credentials("erp-nile", "x".toCharArray(), null, null));
    }

    @Test
    void pagesArriveInOrderWithBoundedConcurrency() throws Exception {
        PagedService svc = new PagedService(1234);
        server.setDispatcher(svc);
        List<Integer> pages = new CopyOnWriteArrayList<>();
        List<String> ids = Collections.synchronizedList(new ArrayList<>());
        long n =
                session()
                        .readAll(
                                NotificationQuery.ALL.withPageSize(50),
                                3,
                                p -> {
                                    pages.add(p.pageNo());
                                    p.result().forEach(x -> ids.add(x.notificationId()));
                                })
                        .get(30, TimeUnit.SECONDS);
        assertThat(n).isEqualTo(1234);
        assertThat(pages).hasSize(25).isSorted();
        assertThat(pages.get(0)).isEqualTo(1);
        assertThat(ids).hasSize(1234).isSorted().doesNotHaveDuplicates();
        assertThat(svc.maxInFlight.get()).isBetween(2, 3);
        assertThat(svc.logins.get()).isEqualTo(1);
    }

    @Test
    void theDefaultIsFourInFlightAndPageSize100() throws Exception {
        PagedService svc = new PagedService(2000);
        server.setDispatcher(svc);
        List<NotificationPage> pages = new CopyOnWriteArrayList<>();
        long n = session().readAll(NotificationQuery.ALL, pages::add).get(30, TimeUnit.SECONDS);
        assertThat(n).isEqualTo(2000);
        assertThat(pages).hasSize(20).allSatisfy(p -> assertThat(p.pageSize()).isEqualTo(100));
        assertThat(svc.maxInFlight.get()).isBetween(2, 4);
    }

    @Test
    void anEmptyHistoryIsOnePageAndZero() throws Exception {
        PagedService svc = new PagedService(0);
        server.setDispatcher(svc);
        List<NotificationPage> pages = new CopyOnWriteArrayList<>();
        assertThat(session().readAll(NotificationQuery.ALL, pages::add).get(10, TimeUnit.SECONDS))
                .isZero();
        assertThat(pages).hasSize(1);
        assertThat(svc.apiCalls.get()).isEqualTo(1);
    }

    @Test
    void a401MidPagingLogsInAgainExactlyOnce() throws Exception {
        PagedService svc = new PagedService(1000);
        svc.unauthorizedOnCall = 5;
        server.setDispatcher(svc);
        List<String> ids = Collections.synchronizedList(new ArrayList<>());
        long n =
                session()
                        .readAll(
                                NotificationQuery.ALL,
                                4,
                                p -> p.result().forEach(x -> ids.add(x.notificationId())))
                        .get(30, TimeUnit.SECONDS);
        assertThat(n).isEqualTo(1000);
        assertThat(ids).isSorted().doesNotHaveDuplicates().hasSize(1000);
        assertThat(svc.logins.get()).isEqualTo(2);
    }

    @Test
    void cancellingStopsCleanly() throws Exception {
        PagedService svc = new PagedService(5000);
        svc.hold = new CountDownLatch(1);
        server.setDispatcher(svc);
        List<Integer> delivered = new CopyOnWriteArrayList<>();
        CountDownLatch secondPage = new CountDownLatch(1);
        CompletableFuture<Long> f =
                session()
                        .readAll(
                                NotificationQuery.ALL,
                                4,
                                p -> {
                                    delivered.add(p.pageNo());
                                    if (p.pageNo() == 2) {
                                        secondPage.countDown();
                                    }
                                });
        assertThat(secondPage.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(f.cancel(true)).isTrue();
        svc.hold.countDown();
        // every call made before the cancel has ended (cancelled), and no page came after it
        org.testfx.util.WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> client.activeCalls() == 0);
        assertThat(delivered).containsExactly(1, 2);
        assertThat(f).isCancelled();
        assertThat(svc.apiCalls.get()).isLessThanOrEqualTo(2 + 4 + 4);
    }

    @Test
    void aFailingPageFailsTheReadWithItsError() throws Exception {
        server.setDispatcher(
                new Dispatcher() {
                    @Override
                    public MockResponse dispatch(RecordedRequest r) {
                        if (r.getUrl().encodedPath().equals("/connect/token")) {
                            return tokenResponse(standardToken("t"));
                        }
                        if ("3".equals(r.getUrl().queryParameter("pageNo"))) {
                            return json(
                                    403, "{\"error\":{\"code\":\"Forbidden\",\"message\":\"no\"}}");
                        }
                        return json(
                                200,
                                TestTokens.page(
                                        5,
                                        5,
                                        notification(
                                                "n" + r.getUrl().queryParameter("pageNo"),
                                                "2026-01-01T00:00:00Z")));
                    }
                });
        List<Notification> got = new CopyOnWriteArrayList<>();
        CompletableFuture<Long> f =
                session()
                        .readAll(
                                NotificationQuery.ALL.withPageSize(1),
                                2,
                                p -> got.addAll(p.result()));
        try {
            f.get(10, TimeUnit.SECONDS);
            throw new AssertionError("expected a failure");
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(NotPermittedException.class);
        }
        // pages before the failed one may or may not have been handed over; nothing at or after it
        // was
        assertThat(got)
                .extracting(Notification::notificationId)
                .startsWith("n1")
                .isSubsetOf("n1", "n2");
    }
}
