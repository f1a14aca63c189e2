package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxAccount;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.sandbox.SandboxTaxpayer;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.notifications.ExportDialog;
import app.ishaar.ui.notifications.ExportViewModel;
import app.ishaar.ui.notifications.HistoryViewModel;
import app.ishaar.ui.notifications.ListedTaxpayer;
import app.ishaar.ui.settings.Screenshots;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;

/**
 * The intermediary's day on a laptop's 1366×768, in English and in Arabic, with 300 represented
 * taxpayers whose histories the archive holds: All taxpayers is the one notification screen over
 * them; two taxpayers whose names differ only after their first 12 letters read apart in its
 * Taxpayer column; no detail pane takes room until a row is chosen; an export, another page and
 * another export leave the footer where it was with the result shown; and after Log out → Work
 * offline the rows show without Refresh (screenshots {@code one-screen-en.png} and {@code -ar.png}
 * with {@code -Dishaar.screenshots.dir}).
 */
class OneScreenLaptopFxTest extends FxSandboxTestBase {

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
            for (SandboxTaxpayer t : intermediary(s).taxpayers()) {
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

    private static SandboxAccount intermediary(Sandbox s) {
        return s.accounts().stream()
                .filter(a -> INTERMEDIARY.equals(a.clientId()))
                .findFirst()
                .orElseThrow();
    }

    private HistoryViewModel all() {
        return fx(() -> flow.mainViewModel().allTaxpayers());
    }

    private int splitItems() {
        return fx(() -> lookup("#history-split").<SplitPane>query().getItems().size());
    }

    /** The Taxpayer cell of the first row as drawn: its text after any cut. */
    private String firstTaxpayerCellAsDrawn() {
        return fx(
                () -> {
                    for (Node n : lookup("#history-table").query().lookupAll(".table-cell")) {
                        if (n instanceof TableCell<?, ?> c
                                && !c.isEmpty()
                                && c.getIndex() == 0
                                && c.getTableColumn() != null
                                && "taxpayer".equals(c.getTableColumn().getId())
                                && c.lookup(".text") instanceof Text t) {
                            return t.getText();
                        }
                    }
                    return null;
                });
    }

    /** Shows only this taxpayer's rows (the taxpayer filter) and says how its cell is drawn. */
    private String drawnFor(ListedTaxpayer t) {
        onFx(
                () ->
                        lookup("#inbox-taxpayer-filter")
                                .<ComboBox<ListedTaxpayer>>query()
                                .getSelectionModel()
                                .select(t));
        waitUntil(
                t.name() + "'s rows",
                () ->
                        fx(
                                () ->
                                        !all().requests().loadingProperty().get()
                                                && !all().table().rows().isEmpty()
                                                && all().table().rows().stream()
                                                        .allMatch(
                                                                n ->
                                                                        all().taxpayerOf(n)
                                                                                .rin()
                                                                                .equals(t.rin()))));
        waitForPulses(3);
        return firstTaxpayerCellAsDrawn();
    }

    /** Two taxpayers of the list whose names are alike in their first 12 letters only. */
    private List<ListedTaxpayer> twoAlike() {
        List<ListedTaxpayer> listed = fx(() -> all().scopeProperty().get().taxpayers());
        for (int i = 0; i < listed.size(); i++) {
            for (int j = i + 1; j < listed.size(); j++) {
                String a = listed.get(i).name();
                String b = listed.get(j).name();
                if (a.length() > 12
                        && b.length() > 12
                        && a.substring(0, 12).equals(b.substring(0, 12))
                        && !a.equals(b)) {
                    return List.of(listed.get(i), listed.get(j));
                }
            }
        }
        throw new AssertionError("no two names alike in their first 12 letters among " + listed);
    }

    private ExportDialog lastExport() {
        return fx(() -> flow.mainView().allTaxpayersView().lastExportDialog());
    }

    /** Export… of what is shown, to {@code file}: the dialog's result once written. */
    private String exported(Path file) {
        ExportDialog before = lastExport();
        onFx(() -> lookup("#history-export").queryButton().fire());
        waitUntil("the export dialog", () -> lastExport() != before);
        onFx(() -> lastExport().viewModel().start(file));
        waitUntil(
                "written",
                60,
                () ->
                        fx(
                                () ->
                                        lastExport().viewModel().stateProperty().get()
                                                == ExportViewModel.State.DONE));
        String result = text("#export-status");
        onFx(() -> lastExport().stage().close());
        return result;
    }

    private void theDay(AppLanguage language) throws Exception {
        waitForDemoAccounts();
        onFx(() -> ctx.i18n().languageProperty().set(language));
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
        waitForPulses(3);
        assertThat(fx(() -> lookup("#history-table").<TableView<?>>query().getColumns().get(1)))
                .extracting(c -> c.getId())
                .isEqualTo("taxpayer");
        assertThat(splitItems()).as("no detail pane until a row is chosen").isEqualTo(1);

        // two names alike in their first 12 letters read apart
        List<ListedTaxpayer> pair = twoAlike();
        String first = drawnFor(pair.get(0));
        String second = drawnFor(pair.get(1));
        assertThat(first).as("drawn for " + pair.get(0).name()).isNotBlank();
        assertThat(second).as("drawn for " + pair.get(1).name()).isNotBlank().isNotEqualTo(first);
        // the two found among 300 by typing what their names share
        String shared = pair.get(0).name().substring(0, 12);
        clickOn("#inbox-taxpayer-filter");
        waitUntil("the picker's search field", () -> visible("#taxpayer-filter-search"));
        write(shared);
        List<String> offered =
                fx(
                        () -> {
                            ComboBox<?> picker = lookup("#inbox-taxpayer-filter").query();
                            ComboBox<?> narrowed =
                                    (ComboBox<?>)
                                            picker.getChildrenUnmodifiable().stream()
                                                    .filter(ComboBox.class::isInstance)
                                                    .findFirst()
                                                    .orElseThrow();
                            return narrowed.getItems().stream()
                                    .filter(ListedTaxpayer.class::isInstance)
                                    .map(t -> ((ListedTaxpayer) t).name())
                                    .toList();
                        });
        assertThat(offered)
                .as("the picker narrowed to the names holding what was typed")
                .contains(pair.get(0).name(), pair.get(1).name())
                .allMatch(n -> n.contains(shared))
                .hasSizeLessThan(REPRESENTED / 10);
        waitForPulses(3);
        assertThat(
                        fx(
                                () ->
                                        javafx.stage.Window.getWindows().stream()
                                                .filter(w -> w instanceof javafx.stage.PopupWindow)
                                                .filter(javafx.stage.Window::isShowing)
                                                .flatMap(
                                                        w ->
                                                                w
                                                                        .getScene()
                                                                        .getRoot()
                                                                        .lookupAll(".list-cell")
                                                                        .stream())
                                                .map(n -> ((javafx.scene.control.ListCell<?>) n))
                                                .filter(c -> c.isVisible() && c.getText() != null)
                                                .map(javafx.scene.control.ListCell::getText)
                                                .toList()))
                .as("the list's rows as drawn: the names found, no other words")
                .isNotEmpty()
                .allMatch(text -> text.contains(shared));
        Screenshots.take(
                flow.mainStage(),
                language == AppLanguage.ARABIC
                        ? "taxpayer-picker-ar.png"
                        : "taxpayer-picker-en.png");
        type(javafx.scene.input.KeyCode.ESCAPE);
        onFx(
                () ->
                        lookup("#inbox-taxpayer-filter")
                                .<ComboBox<ListedTaxpayer>>query()
                                .getSelectionModel()
                                .select(null));
        waitUntil(
                "every taxpayer's rows again",
                () ->
                        fx(
                                () ->
                                        !all().requests().loadingProperty().get()
                                                && all().pager().totalPagesProperty().get() > 2));

        // a row chosen brings the detail, its room taken from the table only then
        double wide = fx(() -> lookup("#history-table").query().getBoundsInLocal().getWidth());
        onFx(() -> all().table().select(all().table().rows().get(0)));
        waitUntil("the detail beside the table", () -> splitItems() == 2);
        waitForPulses(3);
        assertThat(fx(() -> lookup("#history-table").query().getBoundsInLocal().getWidth()))
                .isLessThan(wide - 100);
        assertThat(withinTheWindow("#detail-id")).isTrue();
        Screenshots.take(
                flow.mainStage(),
                language == AppLanguage.ARABIC ? "one-screen-ar.png" : "one-screen-en.png");

        // export, another page, export again: the footer stays, each result said
        List<String> footer =
                List.of("#pager-total", "#pager-next", "#history-export", "#add-pane");
        assertThat(footer).allMatch(this::withinTheWindow);
        assertThat(exported(configDir.resolve("first.csv"))).isNotBlank();
        assertThat(footer).as("after an export").allMatch(this::withinTheWindow);
        onFx(() -> all().pager().next());
        waitUntil("page 2", () -> fx(() -> all().pager().pageProperty().get() == 2));
        assertThat(exported(configDir.resolve("second.csv"))).contains("second.csv");
        waitForPulses(3);
        assertThat(footer).as("after a page and another export").allMatch(this::withinTheWindow);

        // a smaller laptop's 1280×720: the same screen fits, the detail's ID whole
        onFx(
                () -> {
                    flow.mainStage().setWidth(1280);
                    flow.mainStage().setHeight(720);
                });
        waitForPulses(3);
        onFx(() -> all().table().select(all().table().rows().get(1)));
        waitUntil("the detail beside the table", () -> splitItems() == 2);
        waitForPulses(3);
        assertThat(footer).as("at 1280×720").allMatch(this::withinTheWindow);
        assertThat(withinTheWindow("#detail-id")).as("the ID at 1280×720").isTrue();
        assertThat(
                        fx(
                                () ->
                                        lookup("#history-table")
                                                .<TableView<?>>query()
                                                .getColumns()
                                                .get(1)
                                                .getWidth()))
                .as("the Taxpayer column at 1280×720")
                .isGreaterThanOrEqualTo(200);
        Screenshots.take(
                flow.mainStage(),
                language == AppLanguage.ARABIC
                        ? "one-screen-1280-ar.png"
                        : "one-screen-1280-en.png");

        // Log out, Work offline: the rows come without Refresh
        long online = fx(() -> all().pager().totalCountProperty().get());
        onFx(() -> flow.mainViewModel().logout());
        waitUntil("the dialog is back", () -> flow.loginStage().isShowing());
        waitUntil("Work offline is offered", () -> visible("#work-offline"));
        clickOn("#work-offline");
        waitForMainWindow();
        clickOn("#switcher-all");
        waitUntil(
                "offline, every archived row, no Refresh pressed",
                60,
                () ->
                        fx(
                                () ->
                                        flow.mainViewModel().offline().offlineProperty().get()
                                                && !all().table().rows().isEmpty()
                                                && all().pager().totalCountProperty().get()
                                                        == online));
    }

    @Test
    void theIntermediarysDayOnALaptopInEnglish() throws Exception {
        theDay(AppLanguage.ENGLISH);
    }

    @Test
    void theIntermediarysDayOnALaptopInArabic() throws Exception {
        theDay(AppLanguage.ARABIC);
    }
}
