package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.service.Session;
import app.ishaar.core.settings.HistoryPrefs;
import app.ishaar.core.settings.Settings;
import app.ishaar.ui.main.MainWindowViewModel;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import app.ishaar.ui.taxpayers.TaxpayerEntry.State;
import com.sun.javafx.scene.input.DragboardHelper;
import com.sun.javafx.tk.TKClipboard;
import java.io.File;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.AccessControlContext;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import javafx.event.Event;
import javafx.geometry.NodeOrientation;
import javafx.geometry.Point2D;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.image.Image;
import javafx.scene.input.DataFormat;
import javafx.scene.input.DragEvent;
import javafx.scene.input.Dragboard;
import javafx.scene.input.KeyCode;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.Region;
import javafx.util.Pair;
import org.junit.jupiter.api.Test;

/**
 * The main window against the real sandbox: switching among represented taxpayers, language, log
 * out.
 */
class MainWindowFxTest extends FxSandboxTestBase {

    private static final String NILE = "204918573";
    private static final String PHARMA = "287364519";
    private static final String TEXTILES = "356781204";
    private static final String GIZA = "499201773";

    private MainWindowViewModel main() {
        return flow.mainViewModel();
    }

    private TaxpayerEntry entry(String rin) {
        return fx(
                () ->
                        main().taxpayers().entries().stream()
                                .filter(e -> rin.equals(e.rin()))
                                .findFirst()
                                .orElseThrow());
    }

    private void loginAsIntermediary() {
        waitForDemoAccounts();
        clickOn("#demo-erp-delta-accounting");
        assertThat(text("#onBehalfOf")).isEqualTo(NILE);
        clickOn("#login-button");
        waitForMainWindow();
    }

    private void switchBySearch(String query, String expectedRin) {
        press(KeyCode.CONTROL, KeyCode.T).release(KeyCode.T, KeyCode.CONTROL);
        waitUntil(
                "the switcher's search has the focus",
                () -> lookup("#switcher-search").query().isFocused());
        write(query);
        type(KeyCode.ENTER);
        waitUntil(
                "switched to " + expectedRin,
                () ->
                        main().current() != null
                                && expectedRin.equals(main().current().rin())
                                && main().current().stateProperty().get() != State.CONNECTING);
    }

    @Test
    void aTaxpayersOwnSystemNamesItsTaxpayerWithF2AndTheHeaderShowsAndRemembersThatName() {
        waitForDemoAccounts();
        clickOn("#demo-erp-nile-trading");
        clickOn("#login-button");
        waitForMainWindow();
        waitUntil(
                "its history is on screen",
                () ->
                        main().current() != null
                                && main().current().stateProperty().get() == State.READY);
        assertThat(text("#header-name"))
                .as("the ERP system's registered name, from the token")
                .isEqualTo("Nile Trading ERP");
        press(KeyCode.CONTROL, KeyCode.T).release(KeyCode.T, KeyCode.CONTROL);
        waitUntil("the list is shown", () -> visible("#taxpayer-own"));
        clickOn("#taxpayer-own");
        type(KeyCode.F2);
        waitUntil(
                "the name is being edited",
                () ->
                        fx(
                                        () ->
                                                lookup("#switcher-list")
                                                        .<ListView<TaxpayerEntry>>query()
                                                        .getEditingIndex())
                                == 0);
        TextField editor = fx(() -> (TextField) lookup("#switcher-list .text-field").query());
        assertThat(fx(() -> editor.getText()))
                .as("from the name it shows")
                .isEqualTo("Nile Trading ERP");
        onFx(editor::selectAll);
        write("Nile Trading Co.");
        type(KeyCode.ENTER);
        waitUntil("the header says it", () -> text("#header-name").equals("Nile Trading Co."));
        assertThat(ctx.settings().get().profile("SANDBOX|erp-nile-trading").orElseThrow().ownName())
                .isEqualTo("Nile Trading Co.");
        // no Remove for it in its menu (from the keyboard: Monocle's right click asks for no menu)
        clickOn("#taxpayer-own");
        press(KeyCode.SHIFT, KeyCode.F10).release(KeyCode.F10, KeyCode.SHIFT);
        waitUntil("its menu", () -> fx(() -> anyMenuItemShown("rename-own")));
        assertThat(fx(() -> menuItemVisible("remove-own"))).as("no Remove").isEqualTo(false);
        type(KeyCode.ESCAPE);
    }

    private static boolean anyMenuItemShown(String id) {
        return javafx.stage.Window.getWindows().stream()
                .anyMatch(
                        w ->
                                w instanceof javafx.scene.control.ContextMenu m
                                        && m.isShowing()
                                        && m.getItems().stream()
                                                .anyMatch(i -> id.equals(i.getId())));
    }

    private static boolean menuItemVisible(String id) {
        return javafx.stage.Window.getWindows().stream()
                .filter(w -> w instanceof javafx.scene.control.ContextMenu m && m.isShowing())
                .flatMap(w -> ((javafx.scene.control.ContextMenu) w).getItems().stream())
                .filter(i -> id.equals(i.getId()))
                .anyMatch(javafx.scene.control.MenuItem::isVisible);
    }

    @Test
    void aTaxpayerRemovedWithDeleteComesBackWithCtrlZOrUndoAtItsPlace() {
        loginAsIntermediary();
        List<String> before =
                fx(
                        () ->
                                lookup("#switcher-list")
                                        .<ListView<TaxpayerEntry>>query()
                                        .getItems()
                                        .stream()
                                        .map(TaxpayerEntry::rin)
                                        .toList());
        assertThat(visible("#switcher-undo-bar")).isFalse();
        clickOnTaxpayer(PHARMA);
        waitUntil("switched to Pharma", () -> PHARMA.equals(main().current().rin()));
        type(KeyCode.DELETE);
        waitUntil("Pharma is gone", () -> lookup("#taxpayer-" + PHARMA).tryQuery().isEmpty());
        assertThat(visible("#switcher-undo-bar")).isTrue();
        assertThat(text("#switcher-removed"))
                .isEqualTo("Removed Cairo Pharma Industries (287364519).");

        press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
        waitUntil("Pharma is back", () -> lookup("#taxpayer-" + PHARMA).tryQuery().isPresent());
        assertThat(
                        fx(
                                () ->
                                        lookup("#switcher-list")
                                                .<ListView<TaxpayerEntry>>query()
                                                .getItems()
                                                .stream()
                                                .map(TaxpayerEntry::rin)
                                                .toList()))
                .as("at its place")
                .isEqualTo(before);
        assertThat(
                        fx(
                                () ->
                                        lookup("#switcher-list")
                                                .<ListView<TaxpayerEntry>>query()
                                                .getSelectionModel()
                                                .getSelectedItem()
                                                .rin()))
                .as("selected, the list keeping the keyboard")
                .isEqualTo(PHARMA);
        assertThat(fx(() -> lookup("#switcher-list").query().isFocused())).isTrue();
        assertThat(visible("#switcher-undo-bar")).isFalse();

        clickOnTaxpayer(TEXTILES);
        type(KeyCode.DELETE);
        waitUntil("Textiles is gone", () -> lookup("#taxpayer-" + TEXTILES).tryQuery().isEmpty());
        clickOn("#switcher-undo");
        waitUntil("Textiles is back", () -> lookup("#taxpayer-" + TEXTILES).tryQuery().isPresent());
        assertThat(
                        ctx.settings()
                                .get()
                                .profile("SANDBOX|erp-delta-accounting")
                                .orElseThrow()
                                .taxpayers())
                .extracting(t -> t.rin())
                .containsExactly(NILE, PHARMA, TEXTILES);

        // the offer can be put away: the taxpayer stays removed, and Ctrl+Z no longer brings it
        // back
        clickOnTaxpayer(TEXTILES);
        type(KeyCode.DELETE);
        waitUntil(
                "Textiles is gone again",
                () -> lookup("#taxpayer-" + TEXTILES).tryQuery().isEmpty());
        assertThat(fx(() -> lookup("#switcher-undo-dismiss").query().getAccessibleText()))
                .isEqualTo("Dismiss");
        clickOn("#switcher-undo-dismiss");
        waitUntil("the bar is gone", () -> !visible("#switcher-undo-bar"));
        assertThat(fx(() -> lookup("#switcher-list").query().isFocused()))
                .as("the list has the keyboard")
                .isTrue();
        press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
        waitForPulses(2);
        assertThat(lookup("#taxpayer-" + TEXTILES).tryQuery()).isEmpty();
        assertThat(
                        ctx.settings()
                                .get()
                                .profile("SANDBOX|erp-delta-accounting")
                                .orElseThrow()
                                .taxpayers())
                .extracting(t -> t.rin())
                .containsExactly(NILE, PHARMA);
    }

    @Test
    void
            rowsCopiedFromASpreadsheetAndPastedIntoTheNumberAddATaxpayerEachAndTheFormSaysWhichWereLeftOut() {
        loginAsIntermediary();
        clickOn("#add-pane");
        assertThat(text("#add-hint")).startsWith("To add several at once, paste rows");
        onFx(
                () -> {
                    javafx.scene.input.ClipboardContent c =
                            new javafx.scene.input.ClipboardContent();
                    c.putString(
                            "RIN\tName\n"
                                    + GIZA
                                    + "\tGiza Foods\n"
                                    + PHARMA
                                    + "\tCairo again\n500123456\tAlexandria Ports\n");
                    javafx.scene.input.Clipboard.getSystemClipboard().setContent(c);
                });
        clickOn("#add-rin");
        press(KeyCode.CONTROL, KeyCode.V).release(KeyCode.V, KeyCode.CONTROL);
        waitUntil(
                "both new ones are listed",
                () ->
                        lookup("#taxpayer-" + GIZA).tryQuery().isPresent()
                                && lookup("#taxpayer-500123456").tryQuery().isPresent());
        assertThat(
                        fx(
                                () ->
                                        lookup("#switcher-list")
                                                .<ListView<TaxpayerEntry>>query()
                                                .getItems()
                                                .stream()
                                                .map(TaxpayerEntry::label)
                                                .toList()))
                .endsWith("Giza Foods", "Alexandria Ports");
        assertThat(text("#add-error"))
                .isEqualTo("Added 2 taxpayers. Left out: row 3 (already listed).");
        assertThat(fx(() -> lookup("#add-error").query().getStyleClass())).contains("error-text");
        assertThat(text("#add-rin")).as("nothing pasted into the field itself").isEmpty();
        assertThat(
                        ctx.settings()
                                .get()
                                .profile("SANDBOX|erp-delta-accounting")
                                .orElseThrow()
                                .taxpayers())
                .extracting(t -> t.rin())
                .containsExactly(NILE, PHARMA, TEXTILES, GIZA, "500123456");

        // the message follows the language; one number pasted is just pasted
        clickOn("#main-lang-ar");
        waitUntil(
                "in Arabic",
                () ->
                        text("#add-error")
                                .equals(
                                        "عدد الممولين المضافين: ٢. لم يُضف: الصف ٣ (موجود بالفعل في القائمة)."));
        onFx(
                () -> {
                    javafx.scene.input.ClipboardContent c =
                            new javafx.scene.input.ClipboardContent();
                    c.putString("600111222");
                    javafx.scene.input.Clipboard.getSystemClipboard().setContent(c);
                });
        clickOn("#add-rin");
        press(KeyCode.CONTROL, KeyCode.V).release(KeyCode.V, KeyCode.CONTROL);
        waitUntil("pasted as typed", () -> text("#add-rin").equals("600111222"));
    }

    @Test
    void aListFileDroppedOnTheTaxpayersIsAddedAndTheFormSaysFromWhichFileWhatItAddedOrWhyNothing()
            throws Exception {
        loginAsIntermediary();
        // Excel's plain CSV on an Arabic Windows (windows-1256), as the file manager hands it over
        Path csv = configDir.resolve("clients.csv");
        Files.write(
                csv,
                ("الرقم,الاسم\r\n"
                                + GIZA
                                + ",شركة الجيزة للأغذية\r\n500123456,Alexandria Ports\r\n")
                        .getBytes(Charset.forName("windows-1256")));
        assertThat(fx(() -> lookup("#add-file").<Button>query().getText()))
                .isEqualTo("From a file…");
        assertThat(visible("#switcher-drop-note")).isFalse();

        // as the scene delivers a drag from outside: entered (the switcher), over and dropped (the
        // node under the mouse)
        drag("#switcher", DragEvent.DRAG_ENTERED, csv);
        assertThat(visible("#switcher-drop-note")).as("the list says to drop it").isTrue();
        assertThat(text("#switcher-drop-note .label"))
                .isEqualTo("Drop the file to add the taxpayers it lists");
        assertThat(drag("#switcher-list", DragEvent.DRAG_OVER, csv).getAcceptedTransferMode())
                .as("a file is taken")
                .isEqualTo(TransferMode.COPY);
        drag("#switcher", DragEvent.DRAG_EXITED, csv);
        assertThat(visible("#switcher-drop-note")).as("gone with the drag").isFalse();
        drag("#switcher", DragEvent.DRAG_ENTERED, csv, configDir.resolve("settings.json"));
        assertThat(
                        drag(
                                        "#switcher-list",
                                        DragEvent.DRAG_OVER,
                                        csv,
                                        configDir.resolve("settings.json"))
                                .getAcceptedTransferMode())
                .as("two files at once are not")
                .isNull();
        assertThat(visible("#switcher-drop-note")).isFalse();
        drag("#switcher", DragEvent.DRAG_EXITED, csv, configDir.resolve("settings.json"));

        drag("#switcher", DragEvent.DRAG_ENTERED, csv);
        drag("#switcher-list", DragEvent.DRAG_OVER, csv);
        drag("#switcher-list", DragEvent.DRAG_DROPPED, csv);
        waitUntil(
                "both listed",
                () ->
                        lookup("#taxpayer-" + GIZA).tryQuery().isPresent()
                                && lookup("#taxpayer-500123456").tryQuery().isPresent());
        assertThat(visible("#switcher-drop-note")).isFalse();
        assertThat(
                        fx(
                                () ->
                                        lookup("#switcher-list")
                                                .<ListView<TaxpayerEntry>>query()
                                                .getItems()
                                                .stream()
                                                .map(TaxpayerEntry::label)
                                                .toList()))
                .endsWith("شركة الجيزة للأغذية", "Alexandria Ports");
        waitUntil("the form says so", () -> visible("#add-error"));
        assertThat(fx(() -> lookup("#add-pane").<TitledPane>query().isExpanded()))
                .as("the form opened to say it")
                .isTrue();
        assertThat(text("#add-error")).isEqualTo("From “clients.csv”: Added 2 taxpayers.");
        assertThat(fx(() -> lookup("#add-error").query().getStyleClass()))
                .contains("muted")
                .doesNotContain("error-text");

        // the files come from the other app, and reading them can run the toolkit's events: a drop
        // and its exit that come meanwhile end the drag, and the note does not stay behind
        Path more = configDir.resolve("more.csv");
        Files.writeString(more, "600111222,Port Said Shipping\n");
        fx(
                () -> {
                    Region box = lookup("#switcher").query();
                    Region list = lookup("#switcher-list").query();
                    Runnable dropMeanwhile =
                            () -> {
                                Dragboard b =
                                        DragboardHelper.createDragboard(
                                                new FileManagerDrag(List.of(more.toFile()), null));
                                DragboardHelper.setDataAccessRestriction(b, false);
                                Event.fireEvent(
                                        list,
                                        new DragEvent(
                                                DragEvent.DRAG_DROPPED,
                                                b,
                                                0,
                                                0,
                                                0,
                                                0,
                                                TransferMode.COPY,
                                                null,
                                                null,
                                                null));
                                Event.fireEvent(
                                        box,
                                        new DragEvent(
                                                DragEvent.DRAG_EXITED,
                                                b,
                                                0,
                                                0,
                                                0,
                                                0,
                                                TransferMode.COPY,
                                                null,
                                                null,
                                                null));
                            };
                    Dragboard board =
                            DragboardHelper.createDragboard(
                                    new FileManagerDrag(List.of(more.toFile()), dropMeanwhile));
                    DragboardHelper.setDataAccessRestriction(board, false);
                    Event.fireEvent(
                            box,
                            new DragEvent(
                                    DragEvent.DRAG_ENTERED,
                                    board,
                                    0,
                                    0,
                                    0,
                                    0,
                                    TransferMode.COPY,
                                    null,
                                    null,
                                    null));
                    return null;
                });
        waitUntil("added", () -> lookup("#taxpayer-600111222").tryQuery().isPresent());
        waitForPulses(2);
        assertThat(visible("#switcher-drop-note")).isFalse();

        // a workbook is not read: the form says what to do instead, in the UI's language
        Path workbook = configDir.resolve("clients.xlsx");
        Files.write(workbook, new byte[] {'P', 'K', 3, 4, 20, 0, 0, 0});
        drag("#switcher", DragEvent.DRAG_ENTERED, workbook);
        drag("#switcher-list", DragEvent.DRAG_DROPPED, workbook);
        waitUntil(
                "refused",
                () -> text("#add-error").startsWith("“clients.xlsx” is a spreadsheet workbook"));
        assertThat(fx(() -> lookup("#add-error").query().getStyleClass())).contains("error-text");
        clickOn("#main-lang-ar");
        waitUntil(
                "in Arabic",
                () -> text("#add-error").startsWith("«clients.xlsx» مصنف جدول بيانات"));
    }

    /**
     * A drag of files from outside, as a file manager starts one, fired at a node of the switcher.
     */
    private DragEvent drag(String at, javafx.event.EventType<DragEvent> type, Path... files) {
        return fx(
                () -> {
                    Dragboard board =
                            DragboardHelper.createDragboard(
                                    new FileManagerDrag(
                                            Arrays.stream(files).map(Path::toFile).toList(), null));
                    DragboardHelper.setDataAccessRestriction(board, false);
                    Region target = lookup(at).query();
                    Point2D scene =
                            target.localToScene(target.getWidth() / 2, target.getHeight() / 2);
                    Point2D screen =
                            target.localToScreen(target.getWidth() / 2, target.getHeight() / 2);
                    DragEvent e =
                            new DragEvent(
                                    type,
                                    board,
                                    scene.getX(),
                                    scene.getY(),
                                    screen.getX(),
                                    screen.getY(),
                                    TransferMode.COPY,
                                    null,
                                    null,
                                    null);
                    Event.fireEvent(target, e);
                    return e;
                });
    }

    /**
     * What a file manager's drag holds: files, to copy, move or link. {@code onFirstRead}, if
     * given, runs when the files are first read, as the toolkit's events run while it fetches them.
     */
    private static final class FileManagerDrag implements TKClipboard {
        private final List<File> files;
        private Runnable onFirstRead;

        FileManagerDrag(List<File> files, Runnable onFirstRead) {
            this.files = files;
            this.onFirstRead = onFirstRead;
        }

        @Override
        @SuppressWarnings("removal") // JavaFX's interface still names it
        public void setSecurityContext(AccessControlContext context) {}

        @Override
        public Set<DataFormat> getContentTypes() {
            return Set.of(DataFormat.FILES);
        }

        @Override
        @SafeVarargs
        public final boolean putContent(Pair<DataFormat, Object>... content) {
            return false;
        }

        @Override
        public Object getContent(DataFormat format) {
            Runnable meanwhile = onFirstRead;
            onFirstRead = null;
            if (meanwhile != null) {
                meanwhile.run();
            }
            return format == DataFormat.FILES ? files : null;
        }

        @Override
        public boolean hasContent(DataFormat format) {
            return format == DataFormat.FILES;
        }

        @Override
        public Set<TransferMode> getTransferModes() {
            return EnumSet.of(TransferMode.COPY, TransferMode.MOVE, TransferMode.LINK);
        }

        @Override
        public void setDragView(Image image) {}

        @Override
        public void setDragViewOffsetX(double offset) {}

        @Override
        public void setDragViewOffsetY(double offset) {}

        @Override
        public Image getDragView() {
            return null;
        }

        @Override
        public double getDragViewOffsetX() {
            return 0;
        }

        @Override
        public double getDragViewOffsetY() {
            return 0;
        }
    }

    @Test
    void whatWasSentSinceTheLastVisitIsBoldAndTheBarSaysSinceWhenWhileThePageShowsSome()
            throws Exception {
        // the user last saw Nile's history just after its fourth newest notification was sent
        List<app.ishaar.sandbox.SandboxNotification> newest =
                sandbox()
                        .query(
                                NILE,
                                new app.ishaar.sandbox.SandboxQuery(
                                        null, null, null, null, null, null, 1, 50))
                        .result();
        Instant lastVisit = newest.get(3).receivedDateTime().plusMillis(1);
        onFx(
                () ->
                        ctx.settings()
                                .update(
                                        st ->
                                                st.withHistory(
                                                        Settings.historyKey(
                                                                "SANDBOX|erp-delta-accounting",
                                                                NILE),
                                                        new HistoryPrefs(
                                                                null, null, null, null, null, null,
                                                                null, null, null, null, null, null,
                                                                null, lastVisit, null))));
        loginAsIntermediary();
        waitUntil("page 1", () -> boldRows().size() + plainRows().size() >= 10);
        assertThat(boldRows())
                .as("the three sent since")
                .containsExactlyElementsOf(
                        newest.subList(0, 3).stream()
                                .map(app.ishaar.sandbox.SandboxNotification::notificationId)
                                .toList());
        assertThat(plainRows())
                .contains(newest.get(3).notificationId(), newest.get(4).notificationId());
        assertThat(visible("#history-new-since")).isTrue();
        assertThat(text("#history-new-since")).startsWith("In bold: sent since your last visit (");
        assertThat(
                        fx(
                                () ->
                                        lookup("#history-table")
                                                .queryAs(javafx.scene.control.TableView.class)
                                                .lookupAll(".table-row-cell")
                                                .stream()
                                                .filter(
                                                        n ->
                                                                n.getPseudoClassStates()
                                                                        .contains(
                                                                                javafx.css
                                                                                        .PseudoClass
                                                                                        .getPseudoClass(
                                                                                                "new")))
                                                .map(javafx.scene.Node::getAccessibleHelp)
                                                .distinct()
                                                .toList()))
                .as("said to a screen reader")
                .containsExactly("Sent since your last visit");
        // this visit is remembered for the next; this one's rows stay bold while it lasts
        waitUntil(
                "this visit remembered",
                () ->
                        ctx.settings()
                                .get()
                                .history()
                                .get(Settings.historyKey("SANDBOX|erp-delta-accounting", NILE))
                                .lastVisit()
                                .isAfter(lastVisit));

        press(KeyCode.ALT, KeyCode.RIGHT).release(KeyCode.RIGHT, KeyCode.ALT);
        waitUntil("page 2", () -> text("#pager-page").equals("2"));
        waitUntil(
                "nothing new on it", () -> boldRows().isEmpty() && !visible("#history-new-since"));
        press(KeyCode.ALT, KeyCode.LEFT).release(KeyCode.LEFT, KeyCode.ALT);
        waitUntil(
                "page 1 again, still bold",
                () -> boldRows().size() == 3 && visible("#history-new-since"));

        // the sent date's Since your last visit shows just those, counted by the service
        clickOn("#filter-date");
        clickOn("Since your last visit");
        clickOn("#filter-apply");
        waitUntil(
                "only the new ones",
                () -> text("#pager-total").equals("3 notifications") && plainRows().isEmpty());
        assertThat(boldRows()).hasSize(3);

        // Mark as seen: none is new any more, and Since your last visit starts from now
        clickOn("#filter-reset");
        waitUntil("all again", () -> boldRows().size() == 3 && plainRows().size() >= 10);
        clickOn("#history-mark-seen");
        waitUntil("plain", () -> boldRows().isEmpty() && !visible("#history-new-since"));
        assertThat(fx(() -> lookup("#history-table").query().isFocused()))
                .as("the keyboard goes to the table")
                .isTrue();
        assertThat(
                        ctx.settings()
                                .get()
                                .history()
                                .get(Settings.historyKey("SANDBOX|erp-delta-accounting", NILE))
                                .lastVisit())
                .isAfter(newest.get(0).receivedDateTime());
    }

    /** The IDs of the shown rows in bold (:new), and of the others, in the table's order. */
    private List<String> boldRows() {
        return shownRows(true);
    }

    private List<String> plainRows() {
        return shownRows(false);
    }

    private List<String> shownRows(boolean bold) {
        return fx(
                () ->
                        lookup("#history-table")
                                .queryAs(javafx.scene.control.TableView.class)
                                .lookupAll(".table-row-cell")
                                .stream()
                                .map(n -> (javafx.scene.control.TableRow<?>) n)
                                .filter(
                                        r ->
                                                r.isVisible()
                                                        && r.getItem()
                                                                instanceof
                                                                app.ishaar.core.model.Notification
                                                        && r.getPseudoClassStates()
                                                                        .contains(
                                                                                javafx.css
                                                                                        .PseudoClass
                                                                                        .getPseudoClass(
                                                                                                "new"))
                                                                == bold)
                                .sorted(
                                        java.util.Comparator.comparingInt(
                                                javafx.scene.control.TableRow::getIndex))
                                .map(
                                        r ->
                                                ((app.ishaar.core.model.Notification) r.getItem())
                                                        .notificationId())
                                .toList());
    }

    @Test
    void anIntermediarySwitchesAmongItsTaxpayersAndAFailureStaysWithItsTaxpayer() {
        loginAsIntermediary();
        assertThat(text("#header-name")).isEqualTo("Nile Trading Co.");
        assertThat(
                        fx(
                                () ->
                                        lookup("#switcher-list")
                                                .<ListView<TaxpayerEntry>>query()
                                                .getItems()
                                                .stream()
                                                .map(TaxpayerEntry::rin)
                                                .toList()))
                .containsExactly(null, NILE, PHARMA, TEXTILES);
        Session nileSession = entry(NILE).session().orElseThrow();

        switchBySearch("Pharma", PHARMA);
        assertThat(entry(PHARMA).stateProperty().get()).isEqualTo(State.READY);
        assertThat(text("#header-name")).isEqualTo("Cairo Pharma Industries");
        assertThat(text("#header-rin")).isEqualTo(PHARMA);
        assertThat(fx(() -> flow.mainStage().getTitle()))
                .startsWith("Cairo Pharma Industries (287364519)");

        // the non-granting taxpayer: login on its behalf works (its history answers 403, shown by
        // the history screen)
        switchBySearch("3567", TEXTILES);
        assertThat(entry(TEXTILES).stateProperty().get()).isEqualTo(State.READY);
        waitUntil(
                "its screen says access was not granted (the sync's refusal)",
                () -> visible("#history-banner") && !text("#history-error").isBlank());
        assertThat(text("#history-error")).isNotBlank();
        assertThat(text("#history-error-detail"))
                .as("the service's own words under the message")
                .isEqualTo("The taxpayer has not granted this system access to its notifications.");

        // a taxpayer that never delegated: added by the user, fails on its own
        clickOn("#add-pane");
        typeInto("#add-rin", "12345");
        clickOn("#add-button");
        waitUntil("the RIN is refused", () -> visible("#add-error"));
        assertThat(text("#add-error")).isEqualTo("A registration number has exactly 9 digits.");
        typeInto("#add-rin", GIZA);
        typeInto("#add-name", "Giza Foods");
        clickOn("#add-button");
        waitUntil("Giza is listed", () -> lookup("#taxpayer-" + GIZA).tryQuery().isPresent());
        clickOnTaxpayer(GIZA);
        waitUntil("Giza failed", () -> entry(GIZA).stateProperty().get() == State.FAILED);
        waitUntil("its failure is shown", () -> visible("#taxpayer-failure"));
        assertThat(text("#taxpayer-failure"))
                .isEqualTo(
                        "Taxpayer 499201773 has not delegated this ERP system to act on its behalf.");
        assertThat(text("#taxpayer-failure-detail")).contains("499201773");

        // the others' sessions live on, and switching back reuses them
        assertThat(entry(PHARMA).session().orElseThrow().tokenInfo()).isPresent();
        clickOnTaxpayer(NILE);
        waitUntil("back on Nile", () -> NILE.equals(main().current().rin()));
        assertThat(entry(NILE).stateProperty().get()).isEqualTo(State.READY);
        assertThat(entry(NILE).session().orElseThrow()).isSameAs(nileSession);
        assertThat(nileSession.tokenInfo()).isPresent();
        assertThat(
                        ctx.settings()
                                .get()
                                .profile("SANDBOX|erp-delta-accounting")
                                .orElseThrow()
                                .taxpayers())
                .extracting(t -> t.rin())
                .containsExactly(NILE, PHARMA, TEXTILES, GIZA);

        // rename with F2, remove with Delete
        clickOnTaxpayer(GIZA);
        FocusTrail trail = fx(() -> new FocusTrail(lookup("#switcher-list").query().getScene()));
        type(KeyCode.F2);
        waitUntil(
                "the name is being edited",
                () ->
                        fx(
                                        () ->
                                                lookup("#switcher-list")
                                                        .<ListView<TaxpayerEntry>>query()
                                                        .getEditingIndex())
                                >= 0);
        write("Giza Foods Co.");
        type(KeyCode.ENTER);
        try {
            waitUntil("renamed", () -> "Giza Foods Co.".equals(entry(GIZA).nameProperty().get()));
        } catch (AssertionError e) {
            throw new AssertionError(
                    e.getMessage()
                            + "; the name is \""
                            + entry(GIZA).nameProperty().get()
                            + "\", the row edited "
                            + fx(
                                    () ->
                                            lookup("#switcher-list")
                                                    .<ListView<TaxpayerEntry>>query()
                                                    .getEditingIndex())
                            + ", the search field says \""
                            + fx(() -> lookup("#switcher-search").<TextField>query().getText())
                            + "\"; the keyboard went:"
                            + fx(trail::moves),
                    e);
        } finally {
            onFx(trail::stop);
        }
        // the row's menu from the keyboard (Shift+F10) too, under the selected row
        clickOnTaxpayer(GIZA);
        press(KeyCode.SHIFT, KeyCode.F10).release(KeyCode.F10, KeyCode.SHIFT);
        waitUntil(
                "its menu opens", () -> fx(() -> lookup("#remove-" + GIZA).tryQuery().isPresent()));
        javafx.geometry.Bounds rowOnScreen =
                fx(
                        () ->
                                lookup("#taxpayer-" + GIZA)
                                        .query()
                                        .localToScreen(
                                                lookup("#taxpayer-" + GIZA)
                                                        .query()
                                                        .getLayoutBounds()));
        javafx.geometry.Bounds menuOnScreen =
                fx(
                        () -> {
                            javafx.scene.Node item = lookup("#remove-" + GIZA).query();
                            javafx.scene.Node content = item.getParent();
                            while (!(content
                                    instanceof com.sun.javafx.scene.control.ContextMenuContent)) {
                                content = content.getParent();
                            }
                            return content.localToScreen(content.getLayoutBounds());
                        });
        assertThat(menuOnScreen.getMinY())
                .as("under the row")
                .isCloseTo(rowOnScreen.getMaxY(), org.assertj.core.data.Offset.offset(2.0));
        type(KeyCode.ESCAPE);
        waitUntil(
                "its menu closes", () -> fx(() -> lookup("#remove-" + GIZA).tryQuery().isEmpty()));
        clickOnTaxpayer(GIZA);
        type(KeyCode.DELETE);
        waitUntil(
                "removed",
                () -> main().taxpayers().entries().stream().noneMatch(e -> GIZA.equals(e.rin())));
        assertThat(
                        ctx.settings()
                                .get()
                                .profile("SANDBOX|erp-delta-accounting")
                                .orElseThrow()
                                .taxpayers())
                .extracting(t -> t.rin())
                .containsExactly(NILE, PHARMA, TEXTILES);
    }

    @Test
    void anIntermediarysOwnEntryIsItsLoginAndTheServicesEnglishWordsReadLeftToRightInArabic() {
        loginAsIntermediary();
        clickOn("#taxpayer-own");
        waitUntil("it says what it is", () -> visible("#taxpayer-intermediary"));
        assertThat(text("#taxpayer-intermediary"))
                .isEqualTo(
                        "This is the intermediary's own login. The service opens notifications only"
                                + " on behalf of a taxpayer it acts for: choose one in the list, or"
                                + " add one under \"Add a taxpayer\".");
        assertThat(visible("#taxpayer-failure")).as("no failure, nothing to try again").isFalse();
        assertThat(visible("#taxpayer-retry")).isFalse();
        assertThat(main().taxpayers().own().stateProperty().get()).isEqualTo(State.READY);

        // a taxpayer that never delegated: the service's own words under its failure
        clickOn("#add-pane");
        typeInto("#add-rin", GIZA);
        typeInto("#add-name", "Giza Foods");
        clickOn("#add-button");
        waitUntil("Giza is listed", () -> lookup("#taxpayer-" + GIZA).tryQuery().isPresent());
        clickOnTaxpayer(GIZA);
        waitUntil("its failure is shown", () -> visible("#taxpayer-failure"));
        clickOn("#main-lang-ar");
        waitUntil(
                "the failure is in Arabic",
                () ->
                        !text("#taxpayer-failure").equals(text("#taxpayer-failure-detail"))
                                && text("#taxpayer-failure")
                                        .codePoints()
                                        .anyMatch(c -> c >= 0x0600 && c <= 0x06FF));
        assertThat(fx(() -> lookup("#taxpayer-failure").query().getEffectiveNodeOrientation()))
                .isEqualTo(NodeOrientation.RIGHT_TO_LEFT);
        assertThat(
                        fx(
                                () ->
                                        lookup("#taxpayer-failure-detail")
                                                .query()
                                                .getEffectiveNodeOrientation()))
                .as("the service's English sentence, its full stop at its end")
                .isEqualTo(NodeOrientation.LEFT_TO_RIGHT);
    }

    @Test
    void aTaxpayersScreenLetGoForOthersComesBackAsItWasLeft() {
        loginAsIntermediary();
        fx(
                () -> {
                    flow.mainView().keepScreens(1);
                    return null;
                });
        // on Nile, once its first sync has archived its history: page 2, a row chosen
        waitUntil(
                "Nile's history archived",
                () ->
                        fx(
                                () ->
                                        app.ishaar.ui.notifications.Reach.COMPLETE.equals(
                                                main().current().history().reachProperty().get())));
        clickOn("#pager-next");
        waitUntil(
                "Nile's page 2",
                () ->
                        main().current().history().pager().pageProperty().get() == 2
                                && !main().current().history().requests().loadingProperty().get());
        interact(() -> lookup("#history-table").queryTableView().getSelectionModel().select(3));
        String chosen =
                fx(
                        () ->
                                main().current()
                                        .history()
                                        .table()
                                        .selectedProperty()
                                        .get()
                                        .notificationId());
        java.lang.ref.WeakReference<Object> nileScreen =
                new java.lang.ref.WeakReference<>(fx(() -> lookup("#history").query()));

        // the screens of two other taxpayers in turn, one kept at a time: Nile's is let go, then
        // Pharma's, where no row was chosen (the detail it would make then waits for none)
        switchBySearch("Pharma", PHARMA);
        waitUntil(
                "Pharma's screen",
                () -> lookup("#history").tryQuery().map(n -> n != nileScreen.get()).orElse(false));
        java.lang.ref.WeakReference<Object> pharmaScreen =
                new java.lang.ref.WeakReference<>(fx(() -> lookup("#history").query()));
        // on Pharma, its history archived, the rows are scrolled down, none chosen
        waitUntil(
                "Pharma's history archived",
                () ->
                        fx(
                                () ->
                                        app.ishaar.ui.notifications.Reach.COMPLETE.equals(
                                                main().current().history().reachProperty().get())));
        waitUntil(
                "Pharma's first page",
                () ->
                        !main().current().history().requests().loadingProperty().get()
                                && main().current().history().table().rows().size() == 50);
        interact(() -> lookup("#history-table").queryTableView().scrollTo(30));
        waitUntil("Pharma's table shows its 31st row first", () -> firstRowInView() == 30);
        switchBySearch("3567", TEXTILES);
        // (JavaFX's scene remembers the nodes of the last click until the next one)
        clickOn("#switcher-search");
        waitUntil(
                "Nile's and Pharma's screens are collected",
                () -> {
                    System.gc();
                    return nileScreen.get() == null && pharmaScreen.get() == null;
                });

        // back on Nile: a screen made again shows the page and the row it showed
        clickOnTaxpayer(NILE);
        waitUntil(
                "back on Nile",
                () ->
                        NILE.equals(main().current().rin())
                                && lookup("#pager-page").tryQuery().isPresent());
        assertThat(text("#pager-page")).isEqualTo("2");
        assertThat(
                        fx(
                                () ->
                                        ((javafx.scene.control.TableView<?>)
                                                        lookup("#history-table").queryTableView())
                                                .getSelectionModel()
                                                .getSelectedIndex()))
                .isEqualTo(3);
        assertThat(text("#detail-id")).isEqualTo(chosen);
        assertThat(fx(() -> main().current().history().pager().pageProperty().get())).isEqualTo(2);

        // back on Pharma, whose screen was let go too: its rows from the one it showed first
        clickOnTaxpayer(PHARMA);
        waitUntil(
                "back on Pharma",
                () ->
                        PHARMA.equals(main().current().rin())
                                && lookup("#pager-page").tryQuery().isPresent());
        waitForPulses(2);
        assertThat(firstRowInView()).as("the rows in view as they were left").isEqualTo(30);
        assertThat(
                        fx(
                                () ->
                                        lookup("#history-table")
                                                .queryTableView()
                                                .getSelectionModel()
                                                .isEmpty()))
                .isTrue();
    }

    /** The index of the first row the shown history table shows (partly, maybe). */
    private int firstRowInView() {
        return fx(
                () -> {
                    javafx.scene.control.skin.VirtualFlow<?> flow =
                            (javafx.scene.control.skin.VirtualFlow<?>)
                                    lookup("#history-table .virtual-flow").query();
                    return flow.getFirstVisibleCell() == null
                            ? -1
                            : flow.getFirstVisibleCell().getIndex();
                });
    }

    @Test
    void theSelectedTaxpayersStateAndRinAreDrawnInItsRowsTextColour() {
        loginAsIntermediary();
        clickOnTaxpayer(NILE); // the list has the keyboard: its selection bar is the accent
        // colour
        waitUntil(
                "the list has the focus",
                () -> fx(() -> lookup("#switcher-list").query().isFocused()));
        String row = "#taxpayer-" + NILE;
        waitUntil("Nile is connected", () -> entry(NILE).stateProperty().get() == State.READY);
        javafx.scene.paint.Paint text =
                fx(() -> lookup(row + " .taxpayer-name").<Label>query().getTextFill());
        // the ready dot (the accent colour elsewhere) and the grey RIN would vanish on the accent
        // bar
        assertThat(fx(() -> lookup(row + " .taxpayer-state").<Label>query().getTextFill()))
                .isEqualTo(text);
        assertThat(fx(() -> lookup(row + " .muted").<Label>query().getTextFill())).isEqualTo(text);
        assertThat(
                        fx(
                                () ->
                                        lookup("#taxpayer-" + PHARMA + " .taxpayer-name")
                                                .<Label>query()
                                                .getTextFill()))
                .as("an unselected row")
                .isNotEqualTo(text);
    }

    @Test
    void aTaxpayersOwnSystemIsToldItLogsInForItselfInsteadOfOfferedToAddTaxpayers() {
        waitForDemoAccounts();
        clickOn("#demo-erp-nile-trading");
        clickOn("#login-button");
        waitForMainWindow();
        waitUntil(
                "its history is on screen",
                () ->
                        main().current() != null
                                && main().current().stateProperty().get() == State.READY);
        assertThat(visible("#switcher"))
                .as("its list, hidden: nothing but its own taxpayer in it")
                .isFalse();
        onFx(() -> main().settings().taxpayerListShownProperty().set(true));
        waitUntil("the list is shown", () -> visible("#switcher"));
        assertThat(visible("#switcher-own-only"))
                .as("the sandbox's token for a taxpayer's own system says IsIntermediary 0")
                .isTrue();
        assertThat(text("#switcher-own-only"))
                .isEqualTo(
                        "This ERP system is not an intermediary: it logs in for its own taxpayer only.");
        assertThat(visible("#add-pane"))
                .as("no form to add a taxpayer that could only fail")
                .isFalse();
        assertThat(fx(() -> lookup("#add-pane").query().isManaged()))
                .as("nor the room it took")
                .isFalse();
        onFx(() -> ctx.i18n().languageProperty().set(app.ishaar.ui.i18n.AppLanguage.ARABIC));
        waitUntil(
                "said in Arabic",
                () ->
                        text("#switcher-own-only")
                                .equals(
                                        "نظام ERP هذا ليس وسيطًا: يسجّل الدخول لحساب الممول صاحبه فقط."));
    }

    @Test
    void anIntermediaryIsOfferedToAddTaxpayersAndNotToldItActsForItselfOnly() {
        loginAsIntermediary();
        assertThat(visible("#add-pane")).isTrue();
        assertThat(visible("#switcher-own-only")).isFalse();
    }

    @Test
    void aLanguageChangeRenamesTheUnnamedTaxpayerAndKeepsARenameUnderWay() {
        loginAsIntermediary();
        clickOn("#add-pane");
        typeInto("#add-rin", GIZA);
        clickOn("#add-button");
        waitUntil("Giza is listed", () -> lookup("#taxpayer-" + GIZA).tryQuery().isPresent());
        assertThat(
                        fx(
                                () ->
                                        lookup("#taxpayer-" + GIZA + " .taxpayer-name")
                                                .<Label>query()
                                                .getText()))
                .isEqualTo("Unnamed taxpayer");
        // a rename of Textiles under way, from the keyboard (Nile, Pharma, Textiles)
        clickOnTaxpayer(NILE);
        type(KeyCode.DOWN, 2);
        waitUntil(
                "Textiles is selected",
                () ->
                        fx(() ->
                                        lookup("#switcher-list")
                                                .<ListView<TaxpayerEntry>>query()
                                                .getSelectionModel()
                                                .getSelectedItem()
                                                .rin())
                                .equals(TEXTILES));
        type(KeyCode.F2);
        waitUntil(
                "the name is being edited",
                () ->
                        fx(
                                        () ->
                                                lookup("#switcher-list")
                                                        .<ListView<TaxpayerEntry>>query()
                                                        .getEditingIndex())
                                >= 0);
        write("Alex");
        onFx(() -> ctx.i18n().languageProperty().set(app.ishaar.ui.i18n.AppLanguage.ARABIC));
        waitUntil(
                "Giza's name in Arabic",
                () ->
                        fx(() ->
                                        lookup("#taxpayer-" + GIZA + " .taxpayer-name")
                                                .<Label>query()
                                                .getText())
                                .equals("ممول بلا اسم"));
        assertThat(fx(() -> lookup("#switcher-list .text-field").<TextField>query().getText()))
                .as("the rename under way")
                .isEqualTo("Alex");
        type(KeyCode.ESCAPE);
    }

    /**
     * The window's sync off (only Sync now and Sync all): it would otherwise log the taxpayers in,
     * and sync them, before they are chosen, and none would be opened on its choice.
     */
    private void syncOnlyWhenAsked() {
        ctx.settings().update(s -> s.withCheckMinutes(0));
    }

    @Test
    void aTaxpayerBeingLoggedInShowsItsArchivedNotificationsAtOnceNotALoggingInScreen()
            throws Exception {
        syncOnlyWhenAsked();
        loginAsIntermediary();
        // what the connecting screen shows the instant it takes the window's content
        java.util.List<Boolean> saidAtOnce = new java.util.ArrayList<>();
        onFx(
                () ->
                        lookup("#content")
                                .<javafx.scene.layout.StackPane>query()
                                .getChildren()
                                .addListener(
                                        (javafx.collections.ListChangeListener<javafx.scene.Node>)
                                                c -> {
                                                    for (javafx.scene.Node n : c.getList()) {
                                                        javafx.scene.Node said =
                                                                n.lookup("#connecting");
                                                        if (said != null) {
                                                            saidAtOnce.add(
                                                                    said.isVisible()
                                                                            || n.lookup(
                                                                                            "#connecting-progress")
                                                                                    .isVisible());
                                                        }
                                                    }
                                                }));
        sandbox().knobs().latency(java.time.Duration.ofMillis(1500));
        try {
            clickOnTaxpayer(PHARMA);
            waitUntil(
                    "Pharma's notifications, from the archive, while it logs in",
                    () ->
                            entry(PHARMA).stateProperty().get() == State.CONNECTING
                                    && visible("#history-table"));
        } finally {
            sandbox().knobs().latency(java.time.Duration.ZERO);
        }
        waitUntil(
                "Pharma is open",
                () ->
                        entry(PHARMA).stateProperty().get() == State.READY
                                && visible("#history-table"));
        assertThat(fx(() -> java.util.List.copyOf(saidAtOnce)))
                .as("no logging-in screen between the two: the archive needs no login")
                .isEmpty();
    }

    @Test
    void aRenameUnderWayKeepsItsTextWhileAnotherTaxpayerConnects() throws Exception {
        syncOnlyWhenAsked();
        loginAsIntermediary();
        sandbox().knobs().latency(java.time.Duration.ofMillis(800));
        try {
            clickOnTaxpayer(PHARMA);
            waitUntil(
                    "Pharma is connecting",
                    () -> entry(PHARMA).stateProperty().get() == State.CONNECTING);
            // meanwhile the user renames Textiles, one row down, from the keyboard
            type(KeyCode.DOWN);
            waitUntil(
                    "Textiles is selected",
                    () ->
                            fx(() ->
                                            lookup("#switcher-list")
                                                    .<ListView<TaxpayerEntry>>query()
                                                    .getSelectionModel()
                                                    .getSelectedItem()
                                                    .rin())
                                    .equals(TEXTILES));
            type(KeyCode.F2);
            waitUntil(
                    "the name is being edited",
                    () ->
                            fx(
                                            () ->
                                                    lookup("#switcher-list")
                                                            .<ListView<TaxpayerEntry>>query()
                                                            .getEditingIndex())
                                    >= 0);
            write("Alex Textiles");
            waitUntil(
                    "Pharma is connected",
                    () -> entry(PHARMA).stateProperty().get() == State.READY);
            // the state change redrew Pharma's row; the row being edited keeps its editor and text
            assertThat(
                            fx(
                                    () ->
                                            lookup("#switcher-list")
                                                    .<ListView<TaxpayerEntry>>query()
                                                    .getEditingIndex()))
                    .as("still editing")
                    .isGreaterThanOrEqualTo(0);
            assertThat(fx(() -> lookup("#switcher-list .text-field").<TextField>query().getText()))
                    .isEqualTo("Alex Textiles");
            assertThat(
                            fx(
                                    () ->
                                            lookup("#taxpayer-" + PHARMA + " .taxpayer-state")
                                                    .<Label>query()
                                                    .getText()))
                    .as("Pharma's state shown")
                    .isEqualTo("●");
            type(KeyCode.ENTER);
            waitUntil(
                    "renamed", () -> "Alex Textiles".equals(entry(TEXTILES).nameProperty().get()));
            waitUntil(
                    "the new name is shown",
                    () ->
                            fx(() ->
                                            lookup("#taxpayer-" + TEXTILES + " .taxpayer-name")
                                                    .<Label>query()
                                                    .getText())
                                    .equals("Alex Textiles"));
        } finally {
            sandbox().knobs().latency(java.time.Duration.ZERO);
        }
    }

    @Test
    void whenASessionEndsTheBannerLogsInAgainAndTheScreenKeepsItsPage() throws Exception {
        loginAsIntermediary();
        waitUntil(
                "the first page shows",
                () -> visible("#pager-next") && !lookup("#pager-next").query().isDisabled());
        clickOn("#pager-next");
        waitUntil("page 2", () -> "2".equals(text("#pager-page")) && !visible("#history-progress"));
        Session before = entry(NILE).session().orElseThrow();

        // what the history screen reports when a renewal fails
        onFx(
                () ->
                        app.ishaar.core.session.SessionEnding.of(
                                flow.mainViewModel().sessions(),
                                app.ishaar.core.model.Rin.of(NILE)));
        waitUntil("the banner asks to log in again", () -> visible("#expired-banner"));
        assertThat(text("#expired-text")).startsWith("The session for Nile Trading Co. has ended.");
        assertThat(visible("#relogin-secret"))
                .as("the secret is asked for: it is not remembered")
                .isTrue();
        typeInto("#relogin-secret", "sandbox-secret-2");
        // a login again that takes a while shows its spinner once it has taken a moment, not at the
        // click
        boolean[] spinnerAtTheClick = {true};
        onFx(
                () ->
                        main().relogin()
                                .busyProperty()
                                .addListener(
                                        (o, was, busy) -> {
                                            if (busy) {
                                                spinnerAtTheClick[0] =
                                                        lookup("#relogin-progress")
                                                                .query()
                                                                .isVisible();
                                            }
                                        }));
        sandbox().knobs().latency(java.time.Duration.ofMillis(1500));
        try {
            clickOn("#relogin");
            waitUntil(
                    "the spinner shows while the login again takes its time",
                    () -> visible("#relogin-progress"));
        } finally {
            sandbox().knobs().latency(java.time.Duration.ZERO);
        }
        assertThat(spinnerAtTheClick[0]).as("the spinner shows at the click").isFalse();
        waitUntil("logged in again", () -> !visible("#expired-banner"));
        assertThat(visible("#relogin-progress")).isFalse();
        assertThat(text("#relogin-secret")).isEmpty();
        Session after = entry(NILE).session().orElseThrow();
        assertThat(after).isNotSameAs(before);
        assertThat(before.tokenInfo()).as("the ended session is closed").isEmpty();
        waitUntil(
                "the same page is shown with the new session",
                () -> "2".equals(text("#pager-page")) && !visible("#history-progress"));
        assertThat(visible("#history-banner")).isFalse();
    }

    private javafx.scene.control.CheckMenuItem taxpayerListItem() {
        return ((javafx.scene.control.MenuBar) lookup("#menubar").query())
                .getMenus().stream()
                        .flatMap(m -> m.getItems().stream())
                        .filter(i -> "menu-taxpayer-list".equals(i.getId()))
                        .map(javafx.scene.control.CheckMenuItem.class::cast)
                        .findFirst()
                        .orElseThrow();
    }

    @Test
    void f6MovesTheKeyboardFromPartToPartOfTheWindowAndShiftF6Back() {
        loginAsIntermediary();
        waitUntil(
                "the first page",
                () ->
                        fx(() -> !main().current().history().table().rows().isEmpty())
                                && visible("#history-table"));
        onFx(
                () ->
                        lookup("#history-table")
                                .<javafx.scene.control.TableView<?>>query()
                                .getSelectionModel()
                                .select(0));
        waitUntil("the detail shows it", () -> visible("#detail-id"));
        onFx(() -> lookup("#history-table").query().requestFocus());
        waitUntil("the table has the keyboard", () -> focused("history-table"));

        // table, detail, pager, taxpayers, search, filters, table again
        for (String part :
                java.util.List.of(
                        "detail-id",
                        "pager-page",
                        "switcher-list",
                        "search",
                        "filter-date",
                        "history-table")) {
            type(KeyCode.F6);
            waitUntil("F6 gives the keyboard to " + part, () -> focused(part));
        }
        press(KeyCode.SHIFT, KeyCode.F6).release(KeyCode.F6, KeyCode.SHIFT);
        waitUntil("Shift+F6 back to the filters", () -> focused("filter-date"));

        // a part that is not shown is passed over: the taxpayer list hidden, the detail closed
        onFx(() -> main().settings().taxpayerListShownProperty().set(false));
        onFx(() -> main().current().history().layout().detailVisibleProperty().set(false));
        press(KeyCode.SHIFT, KeyCode.F6).release(KeyCode.F6, KeyCode.SHIFT);
        waitUntil("from the filters back to the search", () -> focused("search"));
        press(KeyCode.SHIFT, KeyCode.F6).release(KeyCode.F6, KeyCode.SHIFT);
        waitUntil("then round to the pager", () -> focused("pager-page"));
        press(KeyCode.SHIFT, KeyCode.F6).release(KeyCode.F6, KeyCode.SHIFT);
        waitUntil("then the table", () -> focused("history-table"));
    }

    private boolean focused(String id) {
        return fx(
                () -> {
                    javafx.scene.Node owner = flow.mainStage().getScene().getFocusOwner();
                    return owner != null && id.equals(owner.getId());
                });
    }

    @Test
    void theTaxpayerListHidesToWidenTheTableStaysHiddenForItsProfileAndComesBackToSearch() {
        waitForDemoAccounts();
        logInAsDemo("erp-delta-accounting");
        clickOn("#history-table"); // (a row chosen: its detail beside the table)
        waitForPulses(2);
        double before = fx(() -> lookup("#history-table").query().getLayoutBounds().getWidth());
        assertThat(visible("#switcher")).as("an intermediary's list").isTrue();
        assertThat(fx(() -> taxpayerListItem().isSelected()))
                .as("View → Taxpayer list, ticked")
                .isTrue();

        clickOn("#history-table");
        press(KeyCode.CONTROL, KeyCode.B).release(KeyCode.B, KeyCode.CONTROL);
        waitUntil("the list is hidden", () -> !visible("#switcher"));
        waitForPulses(2);
        double wider = fx(() -> lookup("#history-table").query().getLayoutBounds().getWidth());
        assertThat(wider - before).as("the table takes the list's room").isGreaterThan(200);
        String delta =
                app.ishaar.core.settings.Profile.idOf(
                        app.ishaar.core.service.Environment.Kind.SANDBOX,
                        null,
                        "erp-delta-accounting");
        assertThat(ctx.settings().get().taxpayerListHidden(delta)).as("remembered").isTrue();
        assertThat(fx(() -> taxpayerListItem().isSelected())).isFalse();

        // Ctrl+T shows it again, with the keyboard in its search
        press(KeyCode.CONTROL, KeyCode.T).release(KeyCode.T, KeyCode.CONTROL);
        waitUntil(
                "the list is back, its search focused",
                () ->
                        visible("#switcher")
                                && fx(() -> lookup("#switcher-search").query().isFocused()));
        assertThat(ctx.settings().get().taxpayerListHidden(delta)).isFalse();
        // hidden from its own search, the keyboard goes to the table, not nowhere
        press(KeyCode.CONTROL, KeyCode.B).release(KeyCode.B, KeyCode.CONTROL);
        waitUntil("the list is hidden", () -> !visible("#switcher"));
        assertThat(fx(() -> flow.mainStage().getScene().getFocusOwner()))
                .isSameAs(fx(() -> lookup("#history-table").query()));

        // a taxpayer's own system has nothing else to list: its window opens without the list
        onFx(() -> main().logout());
        waitUntil(
                "the dialog is back",
                () -> flow.loginStage().isShowing() && flow.mainStage() == null);
        waitForDemoAccounts();
        logInAsDemo("erp-nile-trading");
        assertThat(visible("#switcher")).as("the taxpayer's own system").isFalse();
        assertThat(fx(() -> taxpayerListItem().isSelected())).isFalse();
        // shown by the user (View → Taxpayer list, ticked as the menu ticks it: in this headless
        // test the robot's keys did not reach a window that replaced another, as they do in the app
        // under Xvfb, so Ctrl+B is pressed in the first window above)
        onFx(() -> taxpayerListItem().setSelected(true));
        waitUntil("the list is shown", () -> visible("#switcher"));
        assertThat(visible("#switcher-own-only")).isTrue();

        // the intermediary's profile finds its list as it was left, and so does the taxpayer's own
        onFx(() -> main().logout());
        waitUntil(
                "the dialog is back",
                () -> flow.loginStage().isShowing() && flow.mainStage() == null);
        waitForDemoAccounts();
        logInAsDemo("erp-delta-accounting");
        assertThat(visible("#switcher")).as("hidden for its profile").isFalse();
        assertThat(fx(() -> main().settings().taxpayerListShownProperty().get())).isFalse();
        onFx(() -> main().logout());
        waitUntil(
                "the dialog is back",
                () -> flow.loginStage().isShowing() && flow.mainStage() == null);
        waitForDemoAccounts();
        logInAsDemo("erp-nile-trading");
        assertThat(visible("#switcher")).as("shown, as the user chose").isTrue();
        String nile =
                app.ishaar.core.settings.Profile.idOf(
                        app.ishaar.core.service.Environment.Kind.SANDBOX, null, "erp-nile-trading");
        assertThat(ctx.settings().get().taxpayerListHiddenIn()).containsExactly(delta);
        assertThat(ctx.settings().get().taxpayerListShownIn()).containsExactly(nile);
    }

    @Test
    void logOutClosesTheSessionsAndReturnsToAnEmptySecret() {
        loginAsIntermediary();
        switchBySearch("Pharma", PHARMA);
        Session nile = entry(NILE).session().orElseThrow();
        Session pharma = entry(PHARMA).session().orElseThrow();
        onFx(() -> main().logout());
        waitUntil(
                "the dialog is back",
                () -> flow.loginStage().isShowing() && flow.mainStage() == null);
        assertThat(nile.tokenInfo()).isEmpty();
        assertThat(pharma.tokenInfo()).isEmpty();
        assertThat(text("#clientId")).isEqualTo("erp-delta-accounting");
        assertThat(text("#secret")).as("the secret is not kept after log out").isEmpty();
        assertThat(text("#onBehalfOf")).isEqualTo(PHARMA);
        // the main window stays open behind the dialog, emptied: its view hidden and without data,
        // a plain title
        javafx.stage.Window kept =
                fx(
                        () ->
                                javafx.stage.Window.getWindows().stream()
                                        .filter(
                                                w ->
                                                        w.isShowing()
                                                                && w.getScene() != null
                                                                && "main"
                                                                        .equals(
                                                                                w.getScene()
                                                                                        .getRoot()
                                                                                        .getId()))
                                        .findFirst()
                                        .orElse(null));
        assertThat(kept).as("the main window, kept").isNotNull();
        assertThat(fx(() -> kept.getScene().lookup("#main-view").isVisible()))
                .as("the session's view, hidden")
                .isFalse();
        assertThat(
                        fx(
                                () ->
                                        ((javafx.scene.control.TableView<?>)
                                                        kept.getScene().lookup("#history-table"))
                                                .getItems()))
                .as("no history left in it (blank rows at most)")
                .allMatch(java.util.Objects::isNull);
        assertThat(fx(() -> kept.getScene().lookup("#main-logged-out").isVisible())).isTrue();
        assertThat(fx(() -> ((javafx.stage.Stage) kept).getTitle())).isEqualTo("Ishaar");

        // and the next login shows its own view in it
        clickOn("#secret").write("sandbox-secret-2");
        clickOn("#login-button");
        waitForMainWindow(); // the kept window shows its view again, the dialog goes after that
        // frame
        assertThat(fx(() -> flow.mainStage())).isSameAs(kept);
        assertThat(fx(() -> kept.getScene().lookup("#main-logged-out"))).isNull();
        assertThat(fx(() -> flow.mainStage().getTitle())).contains(PHARMA);
    }
}
