package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.inbox.AllTaxpayersViewModel;
import app.ishaar.ui.inbox.InboxRow;
import app.ishaar.ui.inbox.InboxViewModel;
import app.ishaar.ui.inbox.TaxpayerSyncStatus;
import app.ishaar.ui.settings.Screenshots;
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

    private AllTaxpayersViewModel all() {
        return fx(() -> flow.mainView().allTaxpayers());
    }

    private InboxViewModel inbox() {
        return all().inbox();
    }

    private TaxpayerSyncStatus status(String rin) {
        return fx(() -> all().sync().status(Rin.of(rin)));
    }

    private void logInAsIntermediary() {
        waitForDemoAccounts();
        clickOn("#demo-erp-delta-accounting");
        clickOn("#login-button");
        waitForMainWindow();
    }

    /**
     * Whether the table is where the window's keys go. The window's focus owner, not the node's
     * focused state: under the headless toolkit a tooltip shown where the mouse rests takes the
     * window's focus, which on a desktop it does not.
     */
    private boolean tableHasTheKeyboard() {
        Node table = lookup("#inbox-table").query();
        return table.getScene() != null && table.getScene().getFocusOwner() == table;
    }

    private String focusOwner() {
        return fx(
                () -> {
                    Node table = lookup("#inbox-table").query();
                    Node owner = table.getScene() == null ? null : table.getScene().getFocusOwner();
                    return owner == null
                            ? "nothing"
                            : owner.getClass().getSimpleName()
                                    + " #"
                                    + owner.getId()
                                    + " (window focused: "
                                    + table.getScene().getWindow().isFocused()
                                    + "; All taxpayers shown: "
                                    + flow.mainView().allTaxpayers().shownProperty().get()
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
        boolean shownBefore = fx(() -> all().shownProperty().get());
        javafx.beans.value.ChangeListener<Boolean> shownChanged =
                (o, was, now) -> {
                    shownChanges.append(" -> ").append(now);
                    lookup("#inbox-table")
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
        onFx(() -> all().shownProperty().addListener(shownChanged));
        clickOn("#switcher-all");
        waitUntil("All taxpayers shows", () -> visible("#inbox-table"));
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
                        all().sync().status(Rin.of(NILE)).lastSynced() != null
                                && all().sync().status(Rin.of(PHARMA)).lastSynced() != null
                                && all().sync().status(Rin.of(TEXTILES)).problem() != null
                                && !all().sync().runningProperty().get());
        waitUntil(
                "the table holds the synced notifications",
                () -> inbox().totalCountProperty().get() >= 300 && !inbox().rows().isEmpty());
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
                        inbox().rows().stream()
                                .map(r -> r.taxpayer().value())
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
        String cell =
                fx(
                        () -> {
                            TableView<?> t = lookup("#inbox-table").queryTableView();
                            InboxRow first = (InboxRow) t.getItems().get(0);
                            return t.getColumns().get(1).getCellData(0) + "|" + first.taxpayer();
                        });
        assertThat(cell).matches(".+ \\(\\d{9}\\)\\|\\d{9}");
        assertThat(fx(this::taxpayerTooltips))
                .as("the Taxpayer column: the name first, its RIN in the tooltip")
                .isNotEmpty()
                .allMatch(t -> t.matches(".+ — \\d{9}"));

        // Ctrl+F, a search, the words marked in the detail
        press(KeyCode.CONTROL, KeyCode.F).release(KeyCode.F, KeyCode.CONTROL);
        waitUntil("the search has the keyboard", () -> lookup("#inbox-search").query().isFocused());
        write("rejected");
        waitUntil(
                "the search's results",
                () ->
                        !inbox().loadingProperty().get()
                                && inbox().searchTermsProperty().get().equals(List.of("rejected"))
                                && !inbox().rows().isEmpty());
        onFx(() -> inbox().select(inbox().rows().get(0)));
        waitUntil("the words found are marked", () -> visible("#detail-matched"));
        assertThat(matchedWords()).isNotEmpty().allMatch(w -> w.toLowerCase().contains("rejected"));
        Screenshots.take(flow.mainStage(), "all-taxpayers-search-en.png");

        // paging with the keyboard, on the table
        type(KeyCode.ESCAPE);
        waitUntil(
                "the search is cleared",
                () ->
                        inbox().searchTermsProperty().get().isEmpty()
                                && !inbox().loadingProperty().get()
                                && inbox().totalPagesProperty().get() > 1);
        onFx(() -> lookup("#inbox-table").query().requestFocus());
        waitUntil("the table has the keyboard", () -> tableHasTheKeyboard());
        type(KeyCode.PAGE_DOWN);
        waitUntil("page 2", () -> inbox().pageProperty().get() == 2);
        type(KeyCode.PAGE_UP);
        waitUntil("page 1", () -> inbox().pageProperty().get() == 1);

        // Ctrl+I hides the detail pane, as in a taxpayer's history: the table takes its room
        double narrow = fx(() -> lookup("#inbox-table").query().getBoundsInLocal().getWidth());
        press(KeyCode.CONTROL, KeyCode.I).release(KeyCode.I, KeyCode.CONTROL);
        waitUntil(
                "the detail hidden, the table wider",
                () ->
                        ((javafx.scene.control.SplitPane) lookup("#inbox-split").query())
                                                .getItems()
                                                .size()
                                        == 1
                                && lookup("#inbox-table").query().getBoundsInLocal().getWidth()
                                        > narrow + 100
                                && !((javafx.scene.control.ToggleButton)
                                                lookup("#inbox-details").query())
                                        .isSelected());
        clickOn("#inbox-details");
        waitUntil(
                "the detail back, the table as it was ("
                        + narrow
                        + " px; "
                        + fx(
                                () ->
                                        lookup("#inbox-table").query().getBoundsInLocal().getWidth()
                                                + " px, Details "
                                                + ((javafx.scene.control.ToggleButton)
                                                                lookup("#inbox-details").query())
                                                        .isSelected())
                        + ")",
                () ->
                        Math.abs(
                                        lookup("#inbox-table").query().getBoundsInLocal().getWidth()
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
                        all().sync().status(Rin.of(TEXTILES)).phase()
                                        == TaxpayerSyncStatus.Phase.IDLE
                                && all().sync().status(Rin.of(TEXTILES)).problem()
                                        == TaxpayerSyncStatus.Problem.NO_ACCESS
                                && !all().sync().runningProperty().get());
        Screenshots.take(flow.mainStage(), "sync-failure-en.png");

        // the filters and the taxpayer filter
        onFx(() -> all().filters().statusProperty().set("error"));
        clickOn("#filter-apply");
        waitUntil(
                "errors only",
                () ->
                        !inbox().loadingProperty().get()
                                && !inbox().rows().isEmpty()
                                && inbox().rows().stream()
                                        .allMatch(r -> "error".equals(r.notification().status())));
        onFx(
                () ->
                        lookup("#inbox-taxpayer-filter")
                                .<javafx.scene.control.ComboBox<app.ishaar.ui.inbox.InboxTaxpayer>>
                                        query()
                                .getSelectionModel()
                                .select(2)); // every taxpayer, Delta, Nile, Pharma…
        waitUntil(
                "Nile's errors only",
                () ->
                        !inbox().loadingProperty().get()
                                && !inbox().rows().isEmpty()
                                && inbox().rows().stream()
                                        .allMatch(r -> r.taxpayer().value().equals(NILE)));
        onFx(
                () ->
                        lookup("#inbox-taxpayer-filter")
                                .<javafx.scene.control.ComboBox<app.ishaar.ui.inbox.InboxTaxpayer>>
                                        query()
                                .getSelectionModel()
                                .select(0));
        waitUntil("every taxpayer's errors", () -> taxpayersShown().size() > 1);

        // the export of what is shown, with a Taxpayer column
        java.nio.file.Path file = configDir.resolve("errors.csv");
        onFx(
                () ->
                        flow.mainView()
                                .allTaxpayersView()
                                .exportTo(app.ishaar.core.export.ExportFormat.CSV, file));
        waitUntil(
                "exported",
                () ->
                        all().exportProperty().get() != null
                                && !all().exportProperty().get().running());
        assertThat(all().exportProperty().get().failure()).isNull();
        long errors = fx(() -> inbox().totalCountProperty().get());
        assertThat(all().exportProperty().get().written()).isEqualTo(errors);
        List<String> lines = java.nio.file.Files.readAllLines(file);
        assertThat(lines.get(0)).contains("Taxpayer");
        assertThat(String.join("\n", lines)).contains("Nile Trading").contains("Cairo Pharma");
        assertThat(text("#inbox-export-state")).startsWith("Done: " + errors + " notification");

        // a taxpayer chosen narrows the window to it
        clickOnTaxpayer(PHARMA);
        waitUntil("Pharma's history", () -> visible("#history-table"));
        assertThat(fx(() -> all().shownProperty().get())).isFalse();
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
        waitUntil("the search has the keyboard", () -> lookup("#inbox-search").query().isFocused());
        paste("#inbox-search", "الفاتورة");
        waitUntil(
                "the search's results",
                () ->
                        !inbox().loadingProperty().get()
                                && !inbox().searchTermsProperty().get().isEmpty()
                                && !inbox().rows().isEmpty());
        onFx(() -> inbox().select(inbox().rows().get(0)));
        waitUntil("the words found are marked", () -> visible("#detail-matched"));
        assertThat(matchedWords()).isNotEmpty().allMatch(w -> w.contains("فاتور"));
        Screenshots.take(flow.mainStage(), "all-taxpayers-search-ar.png");
        onFx(() -> lookup("#inbox-table").query().requestFocus());
        waitUntil("the table has the keyboard", () -> tableHasTheKeyboard());
        // Alt with the left arrow is forward in Arabic
        press(KeyCode.ALT, KeyCode.LEFT).release(KeyCode.LEFT, KeyCode.ALT);
        waitUntil("page 2", () -> inbox().pageProperty().get() == 2);
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

    /** Whether a node is shown whole inside the main window's scene. */
    private boolean withinTheWindow(String query) {
        return fx(
                () -> {
                    Node n = lookup(query).query();
                    if (n.getScene() == null || !n.isVisible()) {
                        return false;
                    }
                    var at = n.localToScene(n.getLayoutBounds());
                    return at.getMinY() >= 0
                            && at.getMaxY() <= n.getScene().getHeight() + 0.5
                            && at.getMinX() >= -0.5
                            && at.getMaxX() <= n.getScene().getWidth() + 0.5;
                });
    }

    /** Exports what All taxpayers shows, waits for it, and says whether it was written. */
    private boolean exported(java.nio.file.Path file) {
        onFx(
                () ->
                        flow.mainView()
                                .allTaxpayersView()
                                .exportTo(app.ishaar.core.export.ExportFormat.CSV, file));
        waitUntil(
                "exported",
                () ->
                        fx(
                                () ->
                                        all().exportProperty().get() != null
                                                && all().exportProperty().get().file().equals(file)
                                                && !all().exportProperty().get().running()));
        return fx(() -> all().exportProperty().get().failure() == null);
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
        List<String> footer = List.of("#inbox-count", "#inbox-next", "#inbox-export", "#add-pane");
        assertThat(footer).allMatch(this::withinTheWindow);

        assertThat(exported(configDir.resolve("first.csv"))).isTrue();
        waitForPulses(3);
        assertThat(text("#inbox-export-state")).as("the result shown").isNotBlank();
        assertThat(footer)
                .as("the footer and the list's Add, after an export")
                .allMatch(this::withinTheWindow);

        clickOn("#inbox-next");
        waitUntil("page 2", () -> fx(() -> inbox().pageProperty().get() == 2));
        assertThat(exported(configDir.resolve("second.csv"))).isTrue();
        waitForPulses(3);
        assertThat(text("#inbox-export-state")).contains("second.csv");
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
        for (Node n : lookup("#inbox-table").query().lookupAll(".table-cell")) {
            if (n instanceof javafx.scene.control.TableCell<?, ?> c
                    && !c.isEmpty()
                    && c.getTableColumn() != null
                    && "inbox-column-taxpayer".equals(c.getTableColumn().getId())
                    && c.getTooltip() != null) {
                out.add(c.getTooltip().getText());
            }
        }
        return out;
    }
}
