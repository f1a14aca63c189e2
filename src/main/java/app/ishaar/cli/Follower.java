package app.ishaar.cli;

import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.ServiceUnavailableException;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.UnexpectedResponseException;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code notifications --follow}: prints the notifications that come from now on, oldest first, as
 * they come. Every interval it reads the newest pages of the filter until it reaches what is older
 * than the newest it knows by more than {@link #LATE} (a notification may enter the history a
 * little after its sent time), and prints those it has not seen. A fault of the service or the
 * network is said on stderr and asked again at the next interval; anything else ends the command.
 */
final class Follower {
    /** How late a notification may enter the history after its sent time and still be printed. */
    static final Duration LATE = Duration.ofMinutes(10);

    private static final int PAGE_SIZE = 100;

    /** At most this many pages are read at a time (1,000 notifications in one interval). */
    private static final int MAX_PAGES = 10;

    /** Waits for the next interval (the command's own clock; tests do not wait). */
    @FunctionalInterface
    interface Pause {
        void sleep(Duration d) throws InterruptedException;
    }

    private final Session session;
    private final NotificationQuery query;
    private final NotificationOutput sink;
    private final Duration every;
    private final Long count;
    private final PrintStream err;
    private final boolean verbose;
    private final Pause pause;

    /**
     * Those printed, or known when following began, by ID, with their sent times: not printed
     * again.
     */
    private final Map<String, Instant> seen = new HashMap<>();

    private Instant newest;

    Follower(
            Session session,
            NotificationQuery query,
            NotificationOutput sink,
            Duration every,
            Long count,
            PrintStream err,
            boolean verbose,
            Pause pause) {
        this.session = session;
        this.query = query;
        this.sink = sink;
        this.every = every;
        this.count = count;
        this.err = err;
        this.verbose = verbose;
        this.pause = pause;
    }

    int run() throws Exception {
        for (Notification n : newestPages()) {
            know(n);
        }
        if (verbose) {
            err.println(
                    "ishaar: following from "
                            + (newest == null ? "the first notification" : newest.toString())
                            + ", asked every "
                            + every.toSeconds()
                            + " s");
        }
        long printed = 0;
        while (true) {
            pause.sleep(every);
            List<Notification> fresh = new ArrayList<>();
            try {
                for (Notification n : newestPages()) {
                    if (!seen.containsKey(n.notificationId())) {
                        fresh.add(n);
                    }
                }
            } catch (NetworkException
                    | ServiceUnavailableException
                    | UnexpectedResponseException e) {
                err.println(
                        "ishaar: "
                                + e.getMessage()
                                + "; asking again in "
                                + every.toSeconds()
                                + " s");
                continue;
            }
            Collections.reverse(fresh); // the service gives them newest first
            for (Notification n : fresh) {
                if (count != null && printed >= count) {
                    break;
                }
                sink.page(new NotificationPage(List.of(n), 1, 1, 1, 1));
                know(n);
                printed++;
            }
            if (count != null && printed >= count) {
                return ExitCodes.OK;
            }
            forgetOld();
        }
    }

    /**
     * The newest notifications of the filter, newest first, down to {@link #LATE} before the newest
     * known.
     */
    private List<Notification> newestPages() throws Exception {
        List<Notification> out = new ArrayList<>();
        Instant cutoff = null;
        for (int p = 1; p <= MAX_PAGES; p++) {
            NotificationPage page =
                    Runner.await(session.fetch(query.withPage(p).withPageSize(PAGE_SIZE)));
            for (Notification n : page.result()) {
                Instant sent = n.receivedDateTime();
                if (cutoff == null) {
                    // what may still come late: since the newest known (when following began, the
                    // newest there is)
                    Instant known = newest != null ? newest : sent;
                    cutoff = known == null ? null : known.minus(LATE);
                }
                if (cutoff != null && sent != null && sent.isBefore(cutoff)) {
                    return out;
                }
                out.add(n);
            }
            if (page.result().size() < PAGE_SIZE || p >= page.totalPages()) {
                break;
            }
        }
        return out;
    }

    private void know(Notification n) {
        seen.put(n.notificationId(), n.receivedDateTime());
        if (n.receivedDateTime() != null
                && (newest == null || n.receivedDateTime().isAfter(newest))) {
            newest = n.receivedDateTime();
        }
    }

    /** What is older than the pages read can reach need not be remembered. */
    private void forgetOld() {
        if (newest != null) {
            Instant cutoff = newest.minus(LATE).minus(LATE);
            seen.values().removeIf(sent -> sent != null && sent.isBefore(cutoff));
        }
    }
}
