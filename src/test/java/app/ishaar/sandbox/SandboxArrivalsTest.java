package app.ishaar.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * New notifications arrive as the sandbox's clock passes their sent time, after the fixed history.
 */
class SandboxArrivalsTest {
    static final Instant ANCHOR = Instant.parse("2026-03-01T10:00:00Z");
    static final String NILE = "204918573";

    private static Sandbox start(double arrivalsPerHour) throws Exception {
        return Sandbox.start(
                SandboxConfig.builder()
                        .seed(11)
                        .anchor(ANCHOR)
                        .arrivalsPerHour(arrivalsPerHour)
                        .build());
    }

    /** Sets the sandbox's clock to this instant. */
    private static void clockAt(Sandbox s, Instant at) {
        s.knobs().clockOffset(Duration.between(Instant.now(), at));
    }

    private static List<SandboxNotification> all(Sandbox s) {
        return s.query(NILE, SandboxQuery.all().withPage(1, 5000)).result();
    }

    @Test
    void arrivalsComeAfterTheAnchorAsTheClockPassesThemAndLeaveTheHistoryBeforeItAsItWas()
            throws Exception {
        try (Sandbox fixed = start(0);
                Sandbox live = start(60)) {
            clockAt(fixed, ANCHOR.plus(Duration.ofHours(1)));
            clockAt(live, ANCHOR.plus(Duration.ofHours(1)));
            List<SandboxNotification> before = all(fixed);
            List<SandboxNotification> firstHour = all(live);
            Instant now = live.now();

            int arrived = firstHour.size() - before.size();
            assertThat(arrived).as("about 60 in the hour").isBetween(35, 90);
            assertThat(live.notificationCount(NILE)).isEqualTo(firstHour.size());
            List<SandboxNotification> arrivals = firstHour.subList(0, arrived);
            assertThat(arrivals)
                    .allSatisfy(
                            n ->
                                    assertThat(n.receivedDateTime())
                                            .isAfterOrEqualTo(ANCHOR)
                                            .isBefore(now));
            assertThat(firstHour.subList(arrived, firstHour.size()))
                    .usingRecursiveFieldByFieldElementComparator()
                    .isEqualTo(before);
            assertThat(
                            arrivals.stream()
                                    .map(SandboxNotification::notificationId)
                                    .distinct()
                                    .count())
                    .isEqualTo(arrived);

            // half an hour later: more came, newest first, ahead of the first hour's
            clockAt(live, ANCHOR.plus(Duration.ofMinutes(90)));
            List<SandboxNotification> later = all(live);
            assertThat(later.size()).isGreaterThan(firstHour.size());
            assertThat(later.subList(later.size() - firstHour.size(), later.size()))
                    .extracting(SandboxNotification::notificationId)
                    .containsExactlyElementsOf(
                            firstHour.stream().map(SandboxNotification::notificationId).toList());
            assertThat(later.get(0).receivedDateTime())
                    .isAfter(firstHour.get(0).receivedDateTime());

            // a fixed history stays as it is whatever the clock says
            clockAt(fixed, ANCHOR.plus(Duration.ofDays(3)));
            assertThat(all(fixed)).hasSize(before.size());
        }
    }

    @Test
    void anArrivalIsPendingWithNoAttemptForItsFirstTwoMinutesThenHasTheOneAttemptItTook()
            throws Exception {
        try (Sandbox live = start(600)) {
            clockAt(live, ANCHOR.plus(Duration.ofMinutes(30)));
            Instant now = live.now();
            List<SandboxNotification> arrivals =
                    all(live).stream().filter(n -> !n.receivedDateTime().isBefore(ANCHOR)).toList();
            List<SandboxNotification> fresh =
                    arrivals.stream()
                            .filter(
                                    n ->
                                            n.receivedDateTime()
                                                    .isAfter(now.minus(Duration.ofSeconds(115))))
                            .toList();
            List<SandboxNotification> settled =
                    arrivals.stream()
                            .filter(
                                    n ->
                                            n.receivedDateTime()
                                                    .isBefore(now.minus(Duration.ofSeconds(125))))
                            .toList();
            assertThat(fresh).isNotEmpty();
            assertThat(fresh)
                    .allSatisfy(
                            n -> {
                                assertThat(n.status()).isEqualTo("pending");
                                assertThat(n.deliveryAttempts()).isEmpty();
                            });
            assertThat(settled)
                    .extracting(SandboxNotification::status)
                    .contains("delivered", "error")
                    .doesNotContain("batched");
            assertThat(settled)
                    .filteredOn(n -> !n.status().equals("pending"))
                    .allSatisfy(
                            n -> {
                                assertThat(n.deliveryAttempts()).hasSize(1);
                                assertThat(n.deliveryAttempts().get(0).attemptDateTime())
                                        .isAfter(n.receivedDateTime())
                                        .isBefore(now);
                            });
            // the status filter sees them as they are now
            long pendingNow = arrivals.stream().filter(n -> n.status().equals("pending")).count();
            SandboxPage pending =
                    live.query(
                            NILE,
                            SandboxQuery.all()
                                    .withStatus("pending")
                                    .withDates(ANCHOR, null)
                                    .withPage(1, 100));
            assertThat(pending.totalCount()).isEqualTo(pendingNow);
        }
    }
}
