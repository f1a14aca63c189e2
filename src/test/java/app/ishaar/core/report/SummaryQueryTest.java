package app.ishaar.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SummaryQueryTest {

    private static SummaryQuery between(LocalDate from, LocalDate to) {
        return new SummaryQuery(
                SummaryFixture.SANDBOX,
                Set.of(),
                from.atStartOfDay(SummaryFixture.CAIRO).toInstant(),
                to.atStartOfDay(SummaryFixture.CAIRO).toInstant(),
                SummaryFixture.CAIRO,
                SummaryFixture.NOW);
    }

    @Test
    void twoMonthsAreCountedByDayLongerByWeekYearsByMonth() {
        SummaryQuery days = between(LocalDate.of(2026, 1, 1), LocalDate.of(2026, 3, 1));
        assertThat(days.unit()).isEqualTo(SummaryQuery.Unit.DAY);
        assertThat(days.starts()).hasSize(59);

        SummaryQuery weeks = between(LocalDate.of(2026, 1, 1), LocalDate.of(2026, 7, 1));
        assertThat(weeks.unit()).isEqualTo(SummaryQuery.Unit.WEEK);
        assertThat(weeks.starts()).first().isEqualTo(LocalDate.of(2026, 1, 1));
        assertThat(weeks.starts()).element(1).isEqualTo(LocalDate.of(2026, 1, 8));

        SummaryQuery months = between(LocalDate.of(2024, 1, 15), LocalDate.of(2026, 3, 1));
        assertThat(months.unit()).isEqualTo(SummaryQuery.Unit.MONTH);
        assertThat(months.starts()).first().isEqualTo(LocalDate.of(2024, 1, 1));
        assertThat(months.starts()).last().isEqualTo(LocalDate.of(2026, 2, 1));
    }

    @Test
    void aDayStartsAtCairosMidnightAcrossTheSummerTimeChange() {
        // Egypt moves its clocks forward on Friday 24 April 2026 at midnight
        SummaryQuery q = between(LocalDate.of(2026, 4, 23), LocalDate.of(2026, 4, 26));
        assertThat(q.boundaries())
                .extracting(Object::toString)
                .containsExactly("2026-04-23T22:00:00Z", "2026-04-24T21:00:00Z");
    }

    @Test
    void aPeriodThatEndsBeforeItBeginsIsRefused() {
        assertThatThrownBy(() -> between(LocalDate.of(2026, 3, 2), LocalDate.of(2026, 3, 1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
