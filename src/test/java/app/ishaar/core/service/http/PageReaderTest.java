package app.ishaar.core.service.http;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The page reader's bound on requests in flight, under pages answered at once from many threads.
 */
class PageReaderTest {

    /** Ten notifications of a page (the last page, 40, has one: it ends the read). */
    static List<Notification> tenOf(int pageNo) {
        List<Notification> items = new ArrayList<>();
        for (int i = 0; i < (pageNo == 40 ? 1 : 10); i++) {
            items.add(
                    new Notification(
                            "p" + pageNo + "-" + i,
                            null,
                            null,
                            null,
                            null,
                            null,
                            null,
                            null,
                            null,
                            null,
                            null));
        }
        return items;
    }

    @Test
    void neverMoreRequestsInFlightThanAllowedWhenPagesArriveOnManyThreadsAtOnce() throws Exception {
        ExecutorService answerers = Executors.newFixedThreadPool(8);
        try {
            int pages = 40;
            int concurrency = 3;
            AtomicInteger inFlight = new AtomicInteger();
            AtomicInteger most = new AtomicInteger();
            for (int run = 0; run < 300; run++) {
                List<Integer> delivered = new ArrayList<>();
                PageReader reader =
                        new PageReader(
                                q -> {
                                    most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                                    CompletableFuture<NotificationPage> f =
                                            new CompletableFuture<>();
                                    answerers.execute(
                                            () -> {
                                                if (ThreadLocalRandom.current().nextBoolean()) {
                                                    Thread.onSpinWait();
                                                }
                                                inFlight.decrementAndGet(); // the service is done
                                                // with it: the answer
                                                // is on its way
                                                f.complete(
                                                        new NotificationPage(
                                                                tenOf(q.pageNo()),
                                                                pages,
                                                                pages * 10L,
                                                                q.pageNo(),
                                                                10));
                                            });
                                    return f;
                                },
                                NotificationQuery.ALL.withPageSize(10),
                                concurrency,
                                p -> delivered.add(p.pageNo()));
                assertThat(reader.start().get(10, TimeUnit.SECONDS)).isEqualTo(391);
                assertThat(delivered).hasSize(pages).isSorted();
            }
            assertThat(most.get())
                    .as("the most requests in flight at once")
                    .isLessThanOrEqualTo(concurrency);
        } finally {
            answerers.shutdownNow();
        }
    }
}
