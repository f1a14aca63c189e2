package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.notifications.ExportDialog;
import app.ishaar.ui.notifications.ExportViewModel;
import app.ishaar.ui.notifications.HistoryViewModel;
import app.ishaar.ui.notifications.ListedTaxpayer;
import app.ishaar.ui.settings.Screenshots;
import app.ishaar.ui.taxpayers.SyncViewModel;
import app.ishaar.ui.taxpayers.TaxpayerSyncStatus;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.FlowPane;
import org.junit.jupiter.api.Test;

/**
 * All taxpayers in the main window against the sandbox (arrivals on): the intermediary's list
 * synced into the archive, the refusal of a taxpayer without notification access said in the list,
 * one table across the taxpayers with a Taxpayer column, Ctrl+F and a search whose words are marked
 * in the detail, paging with the keyboard, Sync now for one, and a taxpayer chosen narrowing the
 * window to it; in English and in Arabic (screenshots {@code all-taxpayers-search-en.png} and
 * {@code -ar.png}, {@code sync-failure-en.png} and {@code -ar.png} with {@code
 * -Dishaar.screenshots.dir}).
 */
class AllTaxpayersFxTest extends FxSandboxTestBase {

    private static final String NILE = "204918573";
    private static final String PHARMA = "287364519";
    private static final String TEXTILES = "356781204"; // delegated, no notification access

    @Override
    protected SandboxConfig sandboxConfig() {
        return SandboxConfig.builder().notificationsPerTaxpayer(150).arrivalsPerHour(120).build();
    }

    /** All taxpayers: the notification screen over the list's taxpayers. */
    private HistoryViewModel all() {
        return fx(() -> flow.mainViewModel().allTaxpayers());
    }

    private HistoryViewModel inbox() {
        return all();
    }

    private SyncViewModel sync() {
        return fx(() -> flow.mainViewModel().listSync());
    }

    private boolean allShown() {
        return fx(() -> flow.mainViewModel().allShownProperty().get());
    }

    private String rinOf(app.ishaar.core.model.Notification n) {
        return inbox().taxpayerOf(n).rin().value();
    }

    private TaxpayerSyncStatus status(String rin) {
        return fx(() -> sync().status(Rin.of(rin)));
    }

    private void logInAsIntermediary() {
        waitForDemoAccounts();
        clickOn("#demo-erp-delta-accounting");
        clickOn("#login-button");
        waitForMainWindow();
        // a laptop's screen, as the screenshots show it
        onFx(
                () -> {
                    flow.mainStage().setWidth(1366);
                    flow.mainStage().setHeight(768);
                });
        waitForPulses(2);
    }

    /**
     * Whether the table is where the window's keys go. The window's focus owner, not the node's
     * focused state: under the headless toolkit a tooltip shown where the mouse rests takes the
     * window's focus, which on a desktop it does not.
     */
    private boolean tableHasTheKeyboard() {
        Node table = lookup("#history-table").query();
        return table.getScene() != null && table.getScene().getFocusOwner() == table;
    }

    private String focusOwner() {
        return fx(
                () -> {
                    Node table = lookup("#history-table").query();
                    Node owner = table.getScene() == null ? null : table.getScene().getFocusOwner();
                    return owner == null
                            ? "nothing"
                            : owner.getClass().getSimpleName()
                                    + " #"
                                    + owner.getId()
                                    + " (window focused: "
                                    + table.getScene().getWindow().isFocused()
                                    + "; All taxpayers shown: "
                                    + flow.mainViewModel().allShownProperty().get()
                                    + "; the table visible: "
                                    + table.isVisible()
                                    + ", disabled: "
                                    + table.isDisabled()
                                    + ")";
                });
    }

    /** Chooses All taxpayers, syncs every taxpayer, and waits until the sync has gone round. */
    private void allTaxpayersSynced() {
        FocusTrail trail = fx(() -> new FocusTrail(lookup("#switcher-all").query().getScene()));
        StringBuffer shownChanges = new StringBuffer();
        boolean shownBefore = allShown();
        javafx.beans.value.ChangeListener<Boolean> shownChanged =
                (o, was, now) -> {
                    shownChanges.append(" -> ").append(now);
                    lookup("#history-table")
                            .tryQuery()
                            .ifPresent(
                                    t -> {
                                        boolean showing = t.getScene() != null;
                                        for (Node n = t; n != null; n = n.getParent()) {
                                            showing &= n.isVisible();
                                        }
                                        shownChanges.append(" (table showing ").append(showing);
                                        shownChanges
                                                .append(", focus ")
                                                .append(
                                                        t.getScene() == null
                                                                ? null
                                                                : t.getScene().getFocusOwner())
                                                .append(")");
                                    });
                };
        onFx(() -> flow.mainViewModel().allShownProperty().addListener(shownChanged));
        clickOn("#switcher-all");
        waitUntil("All taxpayers shows", () -> visible("#history-table"));
        try {
            waitUntil("the keyboard on the table", () -> tableHasTheKeyboard());
        } catch (AssertionError e) {
            throw new AssertionError(
                    e.getMessage()
                            + "; the keyboard is on "
                            + focusOwner()
                            + "; it went:"
                            + fx(trail::moves)
                            + "; All taxpayers shown before the click: "
                            + shownBefore
                            + ", then"
                            + shownChanges,
                    e);
        } finally {
            onFx(trail::stop);
        }
        clickOn("#switcher-sync-all");
        waitUntil(
                "the taxpayers synced, Textiles refused",
                60,
                () ->
                        sync().status(Rin.of(NILE)).lastSynced() != null
                                && sync().status(Rin.of(PHARMA)).lastSynced() != null
                                && sync().status(Rin.of(TEXTILES)).problem() != null
                                && !sync().runningProperty().get());
        waitUntil(
                "the table holds the synced notifications",
                () ->
                        inbox().pager().totalCountProperty().get() >= 300
                                && !inbox().table().rows().isEmpty());
    }

    private String syncText(String rin) {
        return fx(
                () ->
                        ((Label) lookup("#taxpayer-" + rin).query().lookup("#taxpayer-sync"))
                                .getText());
    }

    private Set<String> taxpayersShown() {
        return fx(
                () ->
                        inbox().table().rows().stream()
                                .map(r -> rinOf(r))
                                .collect(Collectors.toSet()));
    }

    private List<String> matchedWords() {
        return fx(
                () ->
                        ((FlowPane) lookup("#detail-matched-words").query())
                                .getChildren().stream().map(n -> ((Label) n).getText()).toList());
    }

    private static javafx.scene.control.MenuItem shownMenuItem(String id) {
        return javafx.stage.Window.getWindows().stream()
                .filter(w -> w instanceof javafx.scene.control.ContextMenu m && m.isShowing())
                .flatMap(w -> ((javafx.scene.control.ContextMenu) w).getItems().stream())
                .filter(i -> id.equals(i.getId()))
                .findFirst()
                .orElse(null);
    }

    @Test
    void allTaxpayersInEnglish() throws Exception {
        logInAsIntermediary();
        allTaxpayersSynced();
        assertThat(status(TEXTILES).problem()).isEqualTo(TaxpayerSyncStatus.Problem.NO_ACCESS);
        assertThat(syncText(TEXTILES)).isEqualTo("Refused: no access to its notifications");
        assertThat(syncText(NILE)).startsWith("Synced ");
        assertThat(taxpayersShown()).as("one table across the taxpayers").contains(NILE, PHARMA);
        String firstName =
                fx(
                        () -> {
                            TableView<?> t = lookup("#history-table").queryTableView();
                            assertThat(t.getColumns().get(1).getId()).isEqualTo("taxpayer");
                            return inbox().taxpayerOf(inbox().table().rows().get(0)).name();
                        });
        assertThat(firstName).as("the list's name of the first row's taxpayer").isNotBlank();
        assertThat(fx(this::taxpayerTooltips))
                .as("the Taxpayer column: the name first, its RIN in the tooltip")
                .isNotEmpty()
                .allMatch(t -> t.matches(".+ — \\d{9}"));

        // Ctrl+F, a search, the words marked in the detail
        press(KeyCode.CONTROL, KeyCode.F).release(KeyCode.F, KeyCode.CONTROL);
        waitUntil("the search has the keyboard", () -> lookup("#search").query().isFocused());
        write("rejected");
        waitUntil(
                "the search's results",
                () ->
                        !inbox().requests().loadingProperty().get()
                                && inbox().search()
                                        .termsProperty()
                                        .get()
                                        .equals(List.of("rejected"))
                                && !inbox().table().rows().isEmpty());
        onFx(() -> inbox().table().select(inbox().table().rows().get(0)));
        waitUntil("the words found are marked", () -> visible("#detail-matched"));
        assertThat(matchedWords()).isNotEmpty().allMatch(w -> w.toLowerCase().contains("rejected"));
        Screenshots.take(flow.mainStage(), "all-taxpayers-search-en.png");

        // paging with the keyboard, on the table
        type(KeyCode.ESCAPE);
        waitUntil(
                "the search is cleared",
                () ->
                        inbox().search().termsProperty().get().isEmpty()
                                && !inbox().requests().loadingProperty().get()
                                && inbox().pager().totalPagesProperty().get() > 1);
        onFx(() -> lookup("#history-table").query().requestFocus());
        waitUntil("the table has the keyboard", () -> tableHasTheKeyboard());
        type(KeyCode.PAGE_DOWN);
        waitUntil("page 2", () -> inbox().pager().pageProperty().get() == 2);
        type(KeyCode.PAGE_UP);
        waitUntil("page 1", () -> inbox().pager().pageProperty().get() == 1);

        // a row chosen brings the detail pane; Ctrl+I hides it, as in a taxpayer's screen: the
        // table takes its room
        onFx(() -> inbox().table().select(inbox().table().rows().get(0)));
        waitUntil(
                "the detail beside the table",
                () ->
                        ((javafx.scene.control.SplitPane) lookup("#history-split").query())
                                        .getItems()
                                        .size()
                                == 2);
        waitForPulses(2);
        double narrow = fx(() -> lookup("#history-table").query().getBoundsInLocal().getWidth());
        press(KeyCode.CONTROL, KeyCode.I).release(KeyCode.I, KeyCode.CONTROL);
        waitUntil(
                "the detail hidden, the table wider",
                () ->
                        ((javafx.scene.control.SplitPane) lookup("#history-split").query())
                                                .getItems()
                                                .size()
                                        == 1
                                && lookup("#history-table").query().getBoundsInLocal().getWidth()
                                        > narrow + 100
                                && !((javafx.scene.control.ToggleButton)
                                                lookup("#history-details").query())
                                        .isSelected());
        onFx(() -> lookup("#history-details").<javafx.scene.control.ToggleButton>query().fire());
        waitUntil(
                "the detail back, the table as it was ("
                        + narrow
                        + " px; "
                        + fx(
                                () ->
                                        lookup("#history-table")
                                                        .query()
                                                        .getBoundsInLocal()
                                                        .getWidth()
                                                + " px, Details "
                                                + ((javafx.scene.control.ToggleButton)
                                                                lookup("#history-details").query())
                                                        .isSelected())
                        + ")",
                () ->
                        Math.abs(
                                        lookup("#history-table")
                                                        .query()
                                                        .getBoundsInLocal()
                                                        .getWidth()
                                                - narrow)
                                < 5); // (the divider's place is a share, laid out to a pixel)

        // Sync now for one: the refused taxpayer is asked again, and refuses again
        // (from the keyboard: Monocle's right click asks for no menu)
        onFx(
                () -> {
                    ListView<app.ishaar.ui.taxpayers.TaxpayerEntry> list =
                            lookup("#switcher-list").query();
                    list.requestFocus();
                    list.getItems().stream()
                            .filter(t -> TEXTILES.equals(t.rin()))
                            .findFirst()
                            .ifPresent(t -> list.getSelectionModel().select(t));
                });
        press(KeyCode.SHIFT, KeyCode.F10).release(KeyCode.F10, KeyCode.SHIFT);
        waitUntil("its menu", () -> shownMenuItem("sync-" + TEXTILES) != null);
        onFx(
                () -> {
                    javafx.scene.control.MenuItem item = shownMenuItem("sync-" + TEXTILES);
                    item.getParentPopup().hide();
                    item.fire();
                });
        waitUntil(
                "asked again and refused again",
                30,
                () ->
                        sync().status(Rin.of(TEXTILES)).phase() == TaxpayerSyncStatus.Phase.IDLE
                                && sync().status(Rin.of(TEXTILES)).problem()
                                        == TaxpayerSyncStatus.Problem.NO_ACCESS
                                && !sync().runningProperty().get());
        Screenshots.take(flow.mainStage(), "sync-failure-en.png");

        // the filters and the taxpayer filter
        onFx(() -> all().filters().statusProperty().set("error"));
        clickOn("#filter-apply");
        waitUntil(
                "errors only",
                () ->
                        !inbox().requests().loadingProperty().get()
                                && !inbox().table().rows().isEmpty()
                                && inbox().table().rows().stream()
                                        .allMatch(r -> "error".equals(r.status())));
        onFx(
                () -> {
                    javafx.scene.control.ComboBox<ListedTaxpayer> only =
                            lookup("#inbox-taxpayer-filter").query();
                    assertThat(only.getItems())
                            .as(
                                    "every taxpayer, then the list's, the intermediary's own login not among them")
                            .noneMatch(t -> t != null && t.own());
                    only.getItems().stream()
                            .filter(t -> t != null && t.rin().value().equals(NILE))
                            .findFirst()
                            .ifPresent(t -> only.getSelectionModel().select(t));
                });
        waitUntil(
                "Nile's errors only",
                () ->
                        !inbox().requests().loadingProperty().get()
                                && !inbox().table().rows().isEmpty()
                                && inbox().table().rows().stream()
                                        .allMatch(r -> rinOf(r).equals(NILE)));
        onFx(
                () ->
                        lookup("#inbox-taxpayer-filter")
                                .<javafx.scene.control.ComboBox<ListedTaxpayer>>query()
                                .getSelectionModel()
                                .select(0));
        waitUntil("every taxpayer's errors", () -> taxpayersShown().size() > 1);

        // the export of what is shown, with a Taxpayer column
        java.nio.file.Path file = configDir.resolve("errors.csv");
        assertThat(exported(file)).isTrue();
        long errors = fx(() -> inbox().pager().totalCountProperty().get());
        assertThat(fx(() -> lastExport().viewModel().writtenProperty().get())).isEqualTo(errors);
        List<String> lines = java.nio.file.Files.readAllLines(file);
        assertThat(lines.get(0)).contains("Taxpayer");
        assertThat(String.join("\n", lines)).contains("Nile Trading").contains("Cairo Pharma");
        assertThat(text("#export-status")).contains(String.valueOf(errors));
        closeExport();

        // a taxpayer chosen narrows the window to it
        clickOnTaxpayer(PHARMA);
        waitUntil("Pharma's history", () -> visible("#history-table"));
        assertThat(allShown()).isFalse();
        assertThat(
                        fx(
                                () ->
                                        lookup("#switcher-all")
                                                .queryAs(javafx.scene.control.ToggleButton.class)
                                                .isSelected()))
                .isFalse();
    }

    @Test
    void allTaxpayersInArabic() throws Exception {
        onFx(() -> ctx.i18n().languageProperty().set(AppLanguage.ARABIC));
        logInAsIntermediary();
        allTaxpayersSynced();
        assertThat(syncText(TEXTILES)).isEqualTo("مرفوض: لا صلاحية للاطلاع على إشعاراته");
        assertThat(text("#switcher-all")).isEqualTo("جميع الممولين");
        // a name longer than the list is wide
        onFx(
                () -> {
                    var list = flow.mainViewModel().taxpayers();
                    list.rename(
                            list.entries().stream()
                                    .filter(e -> NILE.equals(e.rin()))
                                    .findFirst()
                                    .orElseThrow(),
                            "شركة النيل للتجارة والتوزيع والاستيراد والتصدير والخدمات اللوجستية");
                });
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        assertThat(
                        fx(
                                () ->
                                        lookup("#switcher-list")
                                                .query()
                                                .lookupAll(".scroll-bar")
                                                .stream()
                                                .anyMatch(
                                                        n ->
                                                                n
                                                                                instanceof
                                                                                javafx.scene.control
                                                                                                .ScrollBar
                                                                                        b
                                                                        && b.getOrientation()
                                                                                == javafx.geometry
                                                                                        .Orientation
                                                                                        .HORIZONTAL
                                                                        && b.isVisible())))
                .as(
                        "the taxpayer list's rows as wide as the list, their sync words cut short: "
                                + fx(
                                        () -> {
                                            Node l = lookup("#switcher-list").query();
                                            StringBuilder b =
                                                    new StringBuilder(
                                                            "list "
                                                                    + l.getBoundsInLocal()
                                                                            .getWidth());
                                            for (Node c : l.lookupAll(".list-cell")) {
                                                b.append(", cell ")
                                                        .append(
                                                                ((javafx.scene.layout.Region) c)
                                                                        .getWidth())
                                                        .append('/')
                                                        .append(
                                                                ((javafx.scene.layout.Region) c)
                                                                        .prefWidth(-1));
                                            }
                                            return b.toString();
                                        }))
                .isFalse();
        press(KeyCode.CONTROL, KeyCode.F).release(KeyCode.F, KeyCode.CONTROL);
        waitUntil("the search has the keyboard", () -> lookup("#search").query().isFocused());
        paste("#search", "الفاتورة");
        waitUntil(
                "the search's results",
                () ->
                        !inbox().requests().loadingProperty().get()
                                && !inbox().search().termsProperty().get().isEmpty()
                                && !inbox().table().rows().isEmpty());
        onFx(() -> inbox().table().select(inbox().table().rows().get(0)));
        waitUntil("the words found are marked", () -> visible("#detail-matched"));
        assertThat(matchedWords()).isNotEmpty().allMatch(w -> w.contains("فاتور"));
        Screenshots.take(flow.mainStage(), "all-taxpayers-search-ar.png");
        onFx(() -> lookup("#history-table").query().requestFocus());
        waitUntil("the table has the keyboard", () -> tableHasTheKeyboard());
        // Alt with the left arrow is forward in Arabic
        press(KeyCode.ALT, KeyCode.LEFT).release(KeyCode.LEFT, KeyCode.ALT);
        waitUntil("page 2", () -> inbox().pager().pageProperty().get() == 2);
        Screenshots.take(flow.mainStage(), "sync-failure-ar.png");
        assertThat(
                        fx(
                                () ->
                                        lookup("#switcher-list")
                                                .<ListView<?>>query()
                                                .getSelectionModel()
                                                .isEmpty()))
                .as("no one taxpayer chosen")
                .isTrue();
    }

    private ExportDialog lastExport() {
        return fx(() -> flow.mainView().allTaxpayersView().lastExportDialog());
    }

    /**
     * Exports what All taxpayers shows through its Export… dialog (the file chooser's answer
     * given), waits for it, and says whether it was written; the dialog stays open with its result.
     */
    private boolean exported(java.nio.file.Path file) {
        ExportDialog before = lastExport();
        // (fired: a tooltip the pointer left over the footer may take a click)
        onFx(() -> lookup("#history-export").queryButton().fire());
        waitUntil(
                "the export dialog",
                () -> lastExport() != before && lastExport().stage().isShowing());
        onFx(() -> lastExport().viewModel().start(file));
        waitUntil(
                "exported",
                () ->
                        fx(
                                () ->
                                        lastExport().viewModel().stateProperty().get()
                                                        != ExportViewModel.State.RUNNING
                                                && file.equals(
                                                        lastExport()
                                                                .viewModel()
                                                                .targetProperty()
                                                                .get())));
        return fx(
                () -> lastExport().viewModel().stateProperty().get() == ExportViewModel.State.DONE);
    }

    /** Closes the export dialog, as its Close button does. */
    private void closeExport() {
        onFx(() -> lastExport().stage().close());
        waitUntil("the dialog closed", () -> !lastExport().stage().isShowing());
    }

    /** Export, then another page, then export again, on a laptop's 1366×768: nothing moves out. */
    private void anExportLeavesTheScreenAsItWas(AppLanguage language) throws Exception {
        logInAsIntermediary();
        onFx(
                () -> {
                    flow.mainStage().setWidth(1366);
                    flow.mainStage().setHeight(768);
                    ctx.i18n().languageProperty().set(language);
                });
        allTaxpayersSynced();
        waitForPulses(3);
        List<String> footer =
                List.of("#pager-total", "#pager-next", "#history-export", "#add-pane");
        assertThat(footer).allMatch(this::withinTheWindow);

        assertThat(exported(configDir.resolve("first.csv"))).isTrue();
        waitForPulses(3);
        assertThat(text("#export-status")).as("the result shown").isNotBlank();
        closeExport();
        assertThat(footer)
                .as("the footer and the list's Add, after an export")
                .allMatch(this::withinTheWindow);

        clickOn("#pager-next");
        waitUntil("page 2", () -> fx(() -> inbox().pager().pageProperty().get() == 2));
        assertThat(exported(configDir.resolve("second.csv"))).isTrue();
        waitForPulses(3);
        assertThat(
                        fx(
                                () ->
                                        lastExport()
                                                .viewModel()
                                                .targetProperty()
                                                .get()
                                                .getFileName()
                                                .toString()))
                .isEqualTo("second.csv");
        assertThat(text("#export-status")).as("the result shown").isNotBlank();
        closeExport();
        assertThat(footer).as("after a page and another export").allMatch(this::withinTheWindow);
    }

    @Test
    void anExportLeavesTheScreenAsItWasInEnglish() throws Exception {
        anExportLeavesTheScreenAsItWas(AppLanguage.ENGLISH);
    }

    @Test
    void anExportLeavesTheScreenAsItWasInArabic() throws Exception {
        anExportLeavesTheScreenAsItWas(AppLanguage.ARABIC);
    }

    /** The tooltips of the Taxpayer column's filled cells. */
    private List<String> taxpayerTooltips() {
        List<String> out = new java.util.ArrayList<>();
        for (Node n : lookup("#history-table").query().lookupAll(".table-cell")) {
            if (n instanceof javafx.scene.control.TableCell<?, ?> c
                    && !c.isEmpty()
                    && c.getTableColumn() != null
                    && "taxpayer".equals(c.getTableColumn().getId())
                    && c.getTooltip() != null) {
                out.add(c.getTooltip().getText());
            }
        }
        return out;
    }
}
