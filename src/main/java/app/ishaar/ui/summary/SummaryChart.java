package app.ishaar.ui.summary;

import app.ishaar.core.model.Status;
import app.ishaar.core.report.Summary;
import app.ishaar.core.report.SummaryQuery;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DecimalStyle;
import java.util.List;
import java.util.Locale;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.StackedBarChart;
import javafx.scene.chart.XYChart;
import javafx.util.StringConverter;

/**
 * The summary's chart: the period's notifications per day (per week, per month for long periods),
 * each bar stacked by status in the statuses' colours (the style sheet's {@code .status-…} series).
 * Its dates and numbers are written in the interface's language and digits; in Arabic the scene's
 * right-to-left orientation mirrors it, so that time runs from right to left and the count's axis
 * stands on the right.
 */
final class SummaryChart {

    /** The statuses stacked, from the bottom: the settled first, the failed on top. */
    static final List<Status> STACKED =
            List.of(Status.DELIVERED, Status.PENDING, Status.BATCHED, Status.ERROR);

    private final I18n i18n;
    private final CategoryAxis days = new CategoryAxis();
    private final NumberAxis counts = new NumberAxis();
    private final StackedBarChart<String, Number> chart = new StackedBarChart<>(days, counts);

    SummaryChart(I18n i18n) {
        this.i18n = i18n;
        chart.setId("summary-chart");
        chart.getStyleClass().add("summary-chart");
        chart.setAnimated(false); // a new period's bars at once, not grown from nothing
        chart.setLegendVisible(true);
        chart.setCategoryGap(4);
        chart.setMinHeight(220);
        chart.setPrefHeight(280);
        counts.setAutoRanging(false);
        counts.setMinorTickVisible(false);
        counts.setLowerBound(0);
        counts.setTickLabelFormatter(
                new StringConverter<>() {
                    @Override
                    public String toString(Number n) {
                        return n == null ? "" : i18n.formatNumber(n.longValue());
                    }

                    @Override
                    public Number fromString(String s) {
                        return null; // never typed
                    }
                });
        days.setGapStartAndEnd(true);
    }

    StackedBarChart<String, Number> chart() {
        return chart;
    }

    /** Draws {@code s}'s counts (none: an empty chart). */
    void show(Summary s) {
        chart.getData().clear();
        if (s == null) {
            return;
        }
        SummaryQuery.Unit unit = s.query().unit();
        chart.setTitle(
                switch (unit) {
                    case DAY -> i18n.get("summary.chart.DAY");
                    case WEEK -> i18n.get("summary.chart.WEEK");
                    case MONTH -> i18n.get("summary.chart.MONTH");
                });
        List<String> names = s.counts().stream().map(c -> name(c.start(), unit)).toList();
        days.getCategories().setAll(names);
        long most = 0;
        for (Summary.Count c : s.counts()) {
            most = Math.max(most, c.all());
        }
        long step = step(most);
        counts.setTickUnit(step);
        counts.setUpperBound(Math.max(step, ((most + step - 1) / step) * step));
        for (Status status : STACKED) {
            XYChart.Series<String, Number> series = new XYChart.Series<>();
            series.setName(i18n.get("status." + status.wire()));
            for (int i = 0; i < names.size(); i++) {
                series.getData()
                        .add(new XYChart.Data<>(names.get(i), s.counts().get(i).status(status)));
            }
            chart.getData().add(series);
        }
    }

    /** A day's, a week's or a month's name on the axis, in the interface's words and digits. */
    private String name(LocalDate start, SummaryQuery.Unit unit) {
        Locale loc = i18n.formatLocale();
        String pattern =
                unit == SummaryQuery.Unit.MONTH
                        ? "MMM y"
                        : i18n.language() == AppLanguage.ARABIC ? "d MMMM" : "EEE d MMM";
        if (unit == SummaryQuery.Unit.DAY && i18n.language() == AppLanguage.ARABIC) {
            pattern = "EEEE d/M";
        }
        DateTimeFormatter f =
                DateTimeFormatter.ofPattern(pattern, loc).withDecimalStyle(DecimalStyle.of(loc));
        return I18n.stripMarks(f.format(start));
    }

    /** A round step for the count's axis, about five ticks up to {@code most}. */
    static long step(long most) {
        long[] nice = {1, 2, 5};
        long scale = 1;
        while (true) {
            for (long n : nice) {
                if (most <= n * scale * 5) {
                    return n * scale;
                }
            }
            scale *= 10;
        }
    }
}
