package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.core.model.Status;
import app.ishaar.core.report.Summary;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxAccount;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.sandbox.SandboxTaxpayer;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.notifications.ExportDialog;
import app.ishaar.ui.notifications.ExportViewModel;
import app.ishaar.ui.notifications.HistoryViewModel;
import app.ishaar.ui.settings.Screenshots;
import app.ishaar.ui.summary.SummaryViewModel;
import java.time.Instant;
import javafx.geometry.NodeOrientation;
import javafx.scene.Node;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.StackedBarChart;
import javafx.scene.control.Hyperlink;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;

/**
 * The summary beside All taxpayers' table on a laptop's 1366×768, with 300 represented taxpayers
 * whose histories the archive holds, in English and Arabic, light and dark: Table | Summary and its
 * key, the totals, the taxpayers needing attention and the reasons, each count a link to the table
 * showing as many rows; the chart's days in the interface's digits, running right to left in Arabic
 * (screenshots {@code summary-en.png}, {@code -ar}, {@code -en-dark}, {@code -ar-dark} with {@code
 * -Dishaar.screenshots.dir}).
 */
class SummaryFxTest extends FxSandboxTestBase {

    private static final int REPRESENTED = 300;
    private static final String INTERMEDIARY = "erp-pyramids-advisers";

    @Override
    protected SandboxConfig sandboxConfig() {
        return SandboxConfig.builder().notificationsPerTaxpayer(6).represented(REPRESENTED).build();
    }

    /** The intermediary's taxpayers' whole histories, archived as their first syncs leave them. */
    @Override
    protected void beforeLaunch() throws Exception {
        try (Sandbox s = Sandbox.start(sandboxConfig());
                SqliteArchive archive = SqliteArchive.open(configDir.resolve("archive.db"))) {
            SandboxAccount intermediary =
                    s.accounts().stream()
                            .filter(a -> INTERMEDIARY.equals(a.clientId()))
                            .findFirst()
                            .orElseThrow();
            for (SandboxTaxpayer t : intermediary.taxpayers()) {
                archive.store(
                        new SyncBatch(
                                ServiceKey.SANDBOX,
                                Rin.of(t.rin()),
                                SandboxItems.history(s, t.rin(), Rin.of(t.rin())),
                                "c",
                                true,
                                Instant.now()));
            }
        }
    }

    private HistoryViewModel all() {
        return fx(() -> flow.mainViewModel().allTaxpayers());
    }

    private SummaryViewModel summary() {
        return fx(() -> flow.mainViewModel().summaries().of(all()));
    }

    private void theSummary(AppLanguage language, boolean dark) throws Exception {
        waitForDemoAccounts();
        onFx(() -> ctx.i18n().languageProperty().set(language));
        onFx(() -> ctx.scenes().theme().darkProperty().set(dark));
        // the dialog restyled and laid out again before the robot reads where to click
        waitForPulses(3);
        waitUntilClickable("#demo-" + INTERMEDIARY);
        clickOn("#demo-" + INTERMEDIARY);
        clickOn("#login-button");
        waitForMainWindow();
        onFx(
                () -> {
                    flow.mainStage().setWidth(1366);
                    flow.mainStage().setHeight(768);
                });
        clickOn("#switcher-all");
        waitUntil(
                "All taxpayers reads the archive",
                60,
                () ->
                        fx(
                                () ->
                                        all().scopeProperty().get().taxpayers().size()
                                                        >= REPRESENTED
                                                && !all().table().rows().isEmpty()
                                                && !all().requests().loadingProperty().get()));

        // Table | Summary, by the key
        assertThat(visible("#history-table")).isTrue();
        press(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.SHIFT)
                .press(javafx.scene.input.KeyCode.S)
                .release(javafx.scene.input.KeyCode.S)
                .release(javafx.scene.input.KeyCode.SHIFT, javafx.scene.input.KeyCode.CONTROL);
        waitUntil("the summary", () -> visible("#summary"));
        assertThat(visible("#history-table")).as("the summary in the table's place").isFalse();
        // the last 30 days: a month of bars, each day's
        onFx(
                () -> {
                    summary().chosenFromProperty().set(java.time.LocalDate.now().minusDays(29));
                    summary().chosenToProperty().set(java.time.LocalDate.now());
                    summary().periodProperty().set(SummaryViewModel.Period.CHOSEN);
                });
        waitUntil(
                "the month summed up",
                60,
                () ->
                        fx(
                                () ->
                                        summary().summaryProperty().get() != null
                                                && summary().summaryProperty().get().counts().size()
                                                        == 30
                                                && !summary().loadingProperty().get()));
        Summary s = fx(() -> summary().summaryProperty().get());
        assertThat(s.totals().all()).as("notifications in the month").isPositive();
        assertThat(s.byTaxpayer()).as("taxpayers needing attention").isNotEmpty();
        waitForPulses(3);

        // the chart: days in the interface's digits; in Arabic the first day at the right
        StackedBarChart<?, ?> chart = fx(() -> lookup("#summary-chart").query());
        String firstDay = fx(() -> ((CategoryAxis) chart.getXAxis()).getCategories().get(0));
        if (language == AppLanguage.ARABIC) {
            assertThat(firstDay).matches(".*[\u0660-\u0669].*").doesNotMatch(".*[0-9].*");
            assertThat(fx(chart::getEffectiveNodeOrientation))
                    .isEqualTo(NodeOrientation.RIGHT_TO_LEFT);
        } else {
            assertThat(firstDay).matches(".*[0-9].*");
        }
        double firstX = dayOnScreen(chart, 0);
        double lastX = dayOnScreen(chart, 29);
        if (language == AppLanguage.ARABIC) {
            assertThat(firstX).as("time runs right to left").isGreaterThan(lastX);
        } else {
            assertThat(firstX).as("time runs left to right").isLessThan(lastX);
        }
        assertThat(withinTheWindow("#summary-failed-" + s.byTaxpayer().get(0).rin().value()))
                .isTrue();
        Screenshots.take(
                flow.mainStage(),
                "summary-"
                        + (language == AppLanguage.ARABIC ? "ar" : "en")
                        + (dark ? "-dark" : "")
                        + ".png");

        // the first taxpayer's failed deliveries: the table shows as many rows
        Summary.TaxpayerCounts first = s.byTaxpayer().get(0);
        clickOn("#summary-failed-" + first.rin().value());
        waitUntil(
                "the table of the taxpayer's failed deliveries",
                () ->
                        visible("#history-table")
                                && fx(
                                        () ->
                                                !all().requests().loadingProperty().get()
                                                        && all().pager().knownProperty().get()
                                                        && first.rin()
                                                                .equals(all().onlyProperty().get())
                                                        && all().pager().totalCountProperty().get()
                                                                == first.failed()));
        assertThat(fx(() -> all().table().rows()))
                .allMatch(n -> Status.ERROR.wire().equals(n.status()));

        // back to the summary: its commonest reason opens as many failed deliveries
        clickOn("#screen-summary");
        waitUntil("the summary again", () -> visible("#summary-reasons"));
        Summary.Reason reason = s.reasons().get(0);
        Hyperlink link = fx(() -> lookup("#summary-reason-0").query());
        onFx(link::fire);
        waitUntil(
                "the failed deliveries giving the reason",
                () ->
                        visible("#history-table")
                                && fx(
                                        () ->
                                                !all().requests().loadingProperty().get()
                                                        && all().onlyProperty().get() == null
                                                        && all().pager().totalCountProperty().get()
                                                                == reason.count()));

        // Report (PDF)… of the summary: the period's report, written where exports go
        clickOn("#screen-summary");
        waitUntil("the summary again", () -> visible("#summary-report"));
        // (fired: at 1366 px its place may lie beyond the headless screen's edge)
        onFx(() -> lookup("#summary-report").queryButton().fire());
        waitUntil("the report's dialog", () -> fx(() -> summaryView().lastReportDialog() != null));
        ExportDialog dialog = fx(() -> summaryView().lastReportDialog());
        waitUntil("shown", () -> fx(() -> dialog.stage().isShowing()));
        assertThat(fx(() -> dialog.viewModel().formatProperty().get()))
                .isEqualTo(ExportViewModel.Format.PDF);
        waitForPulses(3);
        Screenshots.take(
                dialog.stage(),
                "summary-report-dialog-" + (language == AppLanguage.ARABIC ? "ar" : "en") + ".png");
        java.nio.file.Path pdf = configDir.resolve("report.pdf");
        onFx(() -> dialog.viewModel().start(pdf));
        waitUntil(
                "the report written",
                60,
                () ->
                        fx(
                                () ->
                                        dialog.viewModel().stateProperty().get()
                                                == ExportViewModel.State.DONE));
        assertThat(java.nio.file.Files.size(pdf)).isPositive();
        assertThat(fx(() -> dialog.viewModel().writtenProperty().get()))
                .isEqualTo(s.totals().all());
        onFx(() -> dialog.stage().close());
    }

    /** All taxpayers' summary view, as the window shows it. */
    private app.ishaar.ui.summary.SummaryView summaryView() {
        return (app.ishaar.ui.summary.SummaryView)
                lookup("#summary")
                        .query()
                        .getProperties()
                        .get(app.ishaar.ui.summary.SummaryView.class);
    }

    /** Where the middle of a day's name is drawn, across the screen. */
    private double dayOnScreen(StackedBarChart<?, ?> chart, int day) {
        return fx(
                () -> {
                    String name = ((CategoryAxis) chart.getXAxis()).getCategories().get(day);
                    for (Node n : chart.getXAxis().lookupAll(".text")) {
                        if (n instanceof Text t && name.equals(t.getText()) && t.isVisible()) {
                            return t.localToScreen(t.getBoundsInLocal()).getCenterX();
                        }
                    }
                    // a name left out where there is no room: the axis's place for it
                    double at = ((CategoryAxis) chart.getXAxis()).getDisplayPosition(name);
                    return chart.getXAxis().localToScreen(at, 0).getX();
                });
    }

    @Test
    void theSummaryInEnglish() throws Exception {
        theSummary(AppLanguage.ENGLISH, false);
    }

    @Test
    void theSummaryInArabic() throws Exception {
        theSummary(AppLanguage.ARABIC, false);
    }

    @Test
    void theSummaryInEnglishInTheDarkTheme() throws Exception {
        theSummary(AppLanguage.ENGLISH, true);
    }

    @Test
    void theSummaryInArabicInTheDarkTheme() throws Exception {
        theSummary(AppLanguage.ARABIC, true);
    }
}
