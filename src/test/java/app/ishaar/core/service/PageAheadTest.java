package app.ishaar.core.service;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.NotificationQuery;
import app.ishaar.ui.fakes.FakeSession;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/**
 * A page asked for ahead: given once, to the same session asking for the same page; cancelled when
 * nobody does.
 */
class PageAheadTest {

    private static final NotificationQuery FIRST =
            new NotificationQuery(
                    Instant.parse("2026-11-20T00:00:00Z"), null, null, null, null, null, 1, 50);

    private static FakeSession session() throws InvalidEndpointException {
        FakeSession s =
                new FakeSession(
                        Environment.sandbox("http://127.0.0.1:1", "http://127.0.0.1:2"),
                        new Credentials(
                                "erp-nile-trading", "sandbox-secret-1".toCharArray(), null, null));
        s.holdPages = true;
        return s;
    }

    @Test
    void theSameSessionAskingForTheSamePageTakesItOnceAndNothingIsAskedTwice() throws Exception {
        FakeSession s = session();
        PageAhead ahead = PageAhead.fetch(s, FIRST);
        assertThat(s.fetched).containsExactly(FIRST);

        NotificationQuery same =
                new NotificationQuery(FIRST.dateFrom(), null, null, null, null, null, 1, 50);
        assertThat(ahead.take(s, same)).isSameAs(s.pages.get(0));
        assertThat(ahead.take(s, same)).as("taken once").isNull();
        ahead.discard();
        assertThat(s.pages.get(0))
                .as("a taken page is its taker's: discarding leaves it")
                .isNotCancelled();
    }

    @Test
    void anotherPageOrAnotherSessionGetsNothingAndTheRequestIsCancelledWhenDiscarded()
            throws Exception {
        FakeSession s = session();
        PageAhead ahead = PageAhead.fetch(s, FIRST);
        assertThat(ahead.take(s, FIRST.withPage(2))).as("another page").isNull();
        assertThat(
                        ahead.take(
                                s,
                                new NotificationQuery(
                                        FIRST.dateFrom(), null, null, null, null, null, 1, 100)))
                .as("another page size")
                .isNull();
        assertThat(ahead.take(session(), FIRST)).as("another session").isNull();

        ahead.discard();
        assertThat(s.pages.get(0)).isCancelled();
        assertThat(ahead.take(s, FIRST)).as("nothing after a discard").isNull();
    }

    @Test
    void aRequestThatCannotBeMadeIsTheTakersFailureAsItsOwnWouldBe() throws Exception {
        FakeSession s = session();
        IllegalStateException refused = new IllegalStateException("no client");
        s.fetchThrows = refused;
        PageAhead ahead = PageAhead.fetch(s, FIRST);
        assertThat(ahead.take(s, FIRST))
                .failsWithin(Duration.ZERO)
                .withThrowableOfType(ExecutionException.class)
                .withCause(refused);
    }
}
