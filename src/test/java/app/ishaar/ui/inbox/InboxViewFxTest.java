package app.ishaar.ui.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.sandbox.SandboxTaxpayer;
import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.app.TextSize;
import app.ishaar.ui.fx.FxExecutor;
import app.ishaar.ui.fx.OwnStageFxTestBase;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.settings.Screenshots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.geometry.NodeOrientation;
import javafx.geometry.Orientation;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The inbox on its own stage, on a real archive of three generated taxpayers: the Taxpayer column,
 * Ctrl+F to the search, results as the user types, an inline message for a search too short, in
 * English and in Arabic (right to left).
 */
class InboxViewFxTest extends OwnStageFxTestBase {
    static final int EACH = 30;
    static Path dir;
    static SqliteArchive archive;
    static List<SandboxTaxpayer> firms;
    static ArchivedNotification wanted;

    ExecutorService background = Executors.newFixedThreadPool(2);
    InboxViewModel vm;

    @BeforeAll
    static void fill() throws Exception {
        dir = Files.createTempDirectory("ishaar-inbox-view");
        archive = SqliteArchive.open(dir.resolve("archive.db"));
        try (Sandbox s =
                Sandbox.start(
                        SandboxConfig.builder()
                                .seed(9)
                                .anchor(Instant.parse("2026-03-01T10:00:00Z"))
                                .notificationsPerTaxpayer(EACH)
                                .represented(3)
                                .build())) {
            firms = s.accounts().get(4).taxpayers();
            for (SandboxTaxpayer t : firms) {
                List<ArchivedNotification> h = SandboxItems.history(s, t.rin(), Rin.of(t.rin()));
                archive.store(
                        new SyncBatch(ServiceKey.SANDBOX, Rin.of(t.rin()), h, "c", true, null));
                wanted = h.get(11);
            }
        }
    }

    @AfterAll
    static void close() throws Exception {
        archive.close();
    }

    @AfterEach
    void stop() {
        if (vm != null) {
            vm.dispose();
        }
        background.shutdownNow();
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(30, TimeUnit.SECONDS);
    }

    private static void until(Callable<Boolean> c) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> fx(c));
    }

    private InboxView open(AppLanguage language) throws Exception {
        I18n i18n = new I18n(language);
        i18n.zoneProperty().set(ZoneId.of("Africa/Cairo"));
        vm =
                new InboxViewModel(
                        archive,
                        ServiceKey.SANDBOX,
                        background,
                        FxExecutor.INSTANCE,
                        InboxViewModel.Timer.SYSTEM,
                        Duration.ofMillis(50),
                        25);
        List<InboxTaxpayer> listed = new ArrayList<>();
        for (SandboxTaxpayer f : firms) {
            listed.add(
                    InboxTaxpayer.represented(
                            Rin.of(f.rin()),
                            language == AppLanguage.ARABIC ? f.nameAr() : f.nameEn()));
        }
        InboxView view =
                fx(
                        () -> {
                            InboxView v = new InboxView(vm, i18n);
                            stage = new Stage();
                            stage.setScene(
                                    new SceneFactory(i18n, new TextSize(100))
                                            .createScene(v.root()));
                            stage.setWidth(1100);
                            stage.setHeight(640);
                            stage.show();
                            vm.taxpayersProperty().set(listed);
                            return v;
                        });
        until(() -> !table(view).getItems().isEmpty());
        return view;
    }

    @SuppressWarnings("unchecked")
    private static TableView<InboxRow> table(InboxView v) {
        return (TableView<InboxRow>) v.root().lookup("#inbox-table");
    }

    private static String cell(InboxView v, String column, int row) throws Exception {
        return fx(
                () -> {
                    for (TableColumn<InboxRow, ?> c : table(v).getColumns()) {
                        if (c.getId().equals("inbox-column-" + column)) {
                            return String.valueOf(c.getCellData(row));
                        }
                    }
                    throw new AssertionError("no column " + column);
                });
    }

    private static String text(InboxView v, String id) throws Exception {
        return fx(() -> ((Label) v.root().lookup("#" + id)).getText());
    }

    private static void ctrlF(InboxView v) throws Exception {
        fx(
                () -> {
                    table(v).requestFocus();
                    table(v).fireEvent(
                                    new KeyEvent(
                                            KeyEvent.KEY_PRESSED,
                                            "",
                                            "",
                                            KeyCode.F,
                                            false,
                                            !System.getProperty("os.name").startsWith("Mac"),
                                            false,
                                            System.getProperty("os.name").startsWith("Mac")));
                    return null;
                });
    }

    @Test
    void inEnglishTheTaxpayerColumnCtrlFAndResultsAsYouType() throws Exception {
        InboxView v = open(AppLanguage.ENGLISH);
        assertThat(fx(() -> table(v).getColumns().get(1).getText())).isEqualTo("Taxpayer");
        InboxRow first = fx(() -> table(v).getItems().get(0));
        assertThat(cell(v, "taxpayer", 0))
                .isEqualTo(first.taxpayerName() + " (" + first.taxpayer().value() + ")");
        assertThat(first.taxpayerName()).isNotBlank();
        assertThat(text(v, "inbox-count")).isEqualTo("90 notifications");
        assertThat(text(v, "inbox-page")).isEqualTo("Page 1 of 4");
        TextField search = (TextField) v.root().lookup("#inbox-search");
        assertThat(fx(search::getPromptText)).startsWith("Search notifications").endsWith("+F)");

        ctrlF(v);
        assertThat(fx(search::isFocused)).isTrue();
        fx(
                () -> {
                    search.setText("ab");
                    return null;
                });
        until(() -> !text(v, "inbox-search-problem").isEmpty());
        assertThat(text(v, "inbox-search-problem"))
                .isEqualTo("Type at least 3 letters or digits in a row.");
        assertThat(text(v, "inbox-count")).as("the rows stay").isEqualTo("90 notifications");

        fx(
                () -> {
                    search.setText(wanted.notificationId());
                    return null;
                });
        until(() -> text(v, "inbox-count").endsWith("found"));
        assertThat(text(v, "inbox-search-problem")).isEmpty();
        assertThat(fx(() -> table(v).getItems().stream().map(InboxRow::notificationId).toList()))
                .contains(wanted.notificationId());
        Screenshots.take(stage, "inbox-search-en.png");

        // Escape clears the search: everything again
        fx(
                () -> {
                    search.fireEvent(
                            new KeyEvent(
                                    KeyEvent.KEY_PRESSED,
                                    "",
                                    "",
                                    KeyCode.ESCAPE,
                                    false,
                                    false,
                                    false,
                                    false));
                    return null;
                });
        until(() -> text(v, "inbox-count").equals("90 notifications"));
    }

    @Test
    void inArabicItReadsRightToLeftWithArabicNamesAndDigits() throws Exception {
        InboxView v = open(AppLanguage.ARABIC);
        assertThat(fx(() -> v.root().getEffectiveNodeOrientation()))
                .isEqualTo(NodeOrientation.RIGHT_TO_LEFT);
        assertThat(fx(() -> table(v).getColumns().get(1).getText())).isEqualTo("الممول");
        assertThat(text(v, "inbox-count")).isEqualTo("عدد الإشعارات: ٩٠");
        assertThat(text(v, "inbox-page")).isEqualTo("صفحة ١ من ٤");
        InboxRow first = fx(() -> table(v).getItems().get(0));
        assertThat(cell(v, "taxpayer", 0)).startsWith(first.taxpayerName() + " (").endsWith(")");
        assertThat(cell(v, "taxpayer", 0)).matches(".*\\([٠-٩]{9}\\)");
        TextField search = (TextField) v.root().lookup("#inbox-search");
        fx(
                () -> {
                    search.setText("فاتورة");
                    return null;
                });
        until(() -> text(v, "inbox-count").startsWith("نتائج البحث"));
        Screenshots.take(stage, "inbox-search-ar.png");
    }

    @Test
    void aSystemMessageSentAsJsonShowsItsTextNotTheJsonAndAnEmailItsTextNotItsHtml()
            throws Exception {
        InboxView v = open(AppLanguage.ENGLISH);
        List<InboxRow> rows = fx(() -> List.copyOf(table(v).getItems()));
        int json = -1;
        int html = -1;
        for (int i = 0; i < rows.size(); i++) {
            String m = rows.get(i).notification().finalMessage().strip();
            if (json < 0 && m.startsWith("{")) {
                json = i;
            } else if (html < 0 && m.startsWith("<html")) {
                html = i;
            }
        }
        assertThat(json).as("a message sent as JSON on the first page").isNotNegative();
        assertThat(html).as("an e-mail on the first page").isNotNegative();

        String text =
                new com.fasterxml.jackson.databind.ObjectMapper()
                        .readTree(rows.get(json).notification().finalMessage())
                        .get("text")
                        .asText();
        assertThat(cell(v, "message", json))
                .as("its text first, then its values, as the history's export shows it")
                .startsWith(text + " · event: ")
                .doesNotContain("{")
                .doesNotContain("\"");
        assertThat(cell(v, "message", html))
                .matches("(Dear |السادة ).*")
                .doesNotContain("<")
                .doesNotContain(" · ")
                .doesNotContain("\n");
    }

    @Test
    void inANarrowWindowTheStatusAndChannelStayReadableAndTheTableScrollsSideways()
            throws Exception {
        InboxView v = open(AppLanguage.ENGLISH);
        fx(
                () -> {
                    stage.setWidth(600);
                    return null;
                });
        until(() -> table(v).getWidth() < 620);
        WaitForAsyncUtils.waitForFxEvents();
        List<String> cut =
                fx(
                        () -> {
                            table(v).layout();
                            List<String> out = new ArrayList<>();
                            for (javafx.scene.Node n : table(v).lookupAll(".table-cell")) {
                                if (n instanceof javafx.scene.control.TableCell<?, ?> c
                                        && c.getTableColumn() != null
                                        && List.of("inbox-column-status", "inbox-column-channel")
                                                .contains(c.getTableColumn().getId())
                                        && !c.isEmpty()
                                        && c.isVisible()
                                        && c.getItem() != null) {
                                    javafx.scene.text.Text drawn =
                                            (javafx.scene.text.Text) c.lookup(".text");
                                    if (drawn != null && !drawn.getText().equals(c.getItem())) {
                                        out.add(c.getItem() + " drawn as " + drawn.getText());
                                    }
                                }
                            }
                            return out;
                        });
        assertThat(cut).as("status and channel cells cut short").isEmpty();
        assertThat(
                        fx(
                                () -> {
                                    double upTo = 0;
                                    for (TableColumn<?, ?> c : table(v).getVisibleLeafColumns()) {
                                        upTo += c.getWidth();
                                        if ("inbox-column-status".equals(c.getId())) {
                                            break;
                                        }
                                    }
                                    return upTo <= table(v).getWidth();
                                }))
                .as("the status in view before scrolling: the columns at their least widths")
                .isTrue();
        // the columns that do not fit are reached by scrolling sideways
        assertThat(fx(() -> sideways(v))).as("a horizontal scroll bar").isTrue();
        // wide again, the columns fill the table: no scroll bar
        fx(
                () -> {
                    stage.setWidth(1400);
                    return null;
                });
        until(() -> !sideways(v));
    }

    @Test
    void eachStatusIsTheHistorysBadgeSoThatAFailedDeliveryStandsOut() throws Exception {
        InboxView v = open(AppLanguage.ARABIC);
        until(() -> !badges(v).isEmpty());
        List<String> kinds =
                fx(
                        () -> {
                            List<String> out = new ArrayList<>();
                            for (var b : badges(v).entrySet()) {
                                InboxRow r = b.getKey();
                                javafx.scene.control.Label badge = b.getValue();
                                String expected =
                                        app.ishaar.ui.notifications.HistoryLabels.statusStyle(
                                                r.notification().status());
                                String kind = app.ishaar.ui.notifications.StatusBadge.kind(badge);
                                if (!java.util.Objects.equals(kind, expected)) {
                                    out.add(r.notification().status() + " shown as " + kind);
                                }
                                out.add(kind);
                            }
                            return out;
                        });
        assertThat(kinds)
                .as("each status its badge")
                .noneMatch(k -> k == null || k.contains(" shown as "));
        assertThat(kinds).as("the page's failures and deliveries").contains("error", "delivered");
    }

    /** The status badges on screen, by row. */
    private static java.util.Map<InboxRow, javafx.scene.control.Label> badges(InboxView v) {
        java.util.Map<InboxRow, javafx.scene.control.Label> out = new java.util.LinkedHashMap<>();
        for (javafx.scene.Node n : table(v).lookupAll(".table-cell")) {
            if (n instanceof StatusTableCell c
                    && !c.isEmpty()
                    && c.isVisible()
                    && c.getTableRow() != null
                    && c.getTableRow().getItem() != null
                    && c.getGraphic() instanceof javafx.scene.control.Label badge
                    && badge.getStyleClass().contains("status-badge")
                    && badge.getText() != null
                    && !badge.getText().isBlank()) {
                out.put(c.getTableRow().getItem(), badge);
            }
        }
        return out;
    }

    /** Whether the table shows a horizontal scroll bar. */
    private static boolean sideways(InboxView v) {
        return table(v).lookupAll(".scroll-bar").stream()
                .anyMatch(
                        n ->
                                n instanceof javafx.scene.control.ScrollBar b
                                        && b.getOrientation() == Orientation.HORIZONTAL
                                        && b.isVisible());
    }

    @Test
    void aMessageTooLongForItsColumnIsCutWithAnEllipsisThatTheCellShowsWhole() throws Exception {
        InboxView v = open(AppLanguage.ARABIC);
        // the rows laid out with their texts
        until(
                () ->
                        table(v).lookupAll(".table-cell").stream()
                                .anyMatch(
                                        n ->
                                                n instanceof OneLineCell c
                                                        && !c.isEmpty()
                                                        && c.shown() != null
                                                        && OneLineCell.kept(c.shown()) != null));
        record Shown(String full, String cut, double from, double to, double room) {}
        List<Shown> shown =
                fx(
                        () -> {
                            List<Shown> out = new ArrayList<>();
                            for (javafx.scene.Node n : table(v).lookupAll(".table-cell")) {
                                if (n instanceof OneLineCell c
                                        && "inbox-column-message".equals(c.getId())
                                        && !c.isEmpty()
                                        && c.isVisible()) {
                                    javafx.scene.text.Text drawn =
                                            (javafx.scene.text.Text) c.lookup(".text");
                                    // where the text is drawn, from the content's start
                                    var at =
                                            c.sceneToLocal(
                                                    drawn.localToScene(drawn.getLayoutBounds()));
                                    out.add(
                                            new Shown(
                                                    c.getItem(),
                                                    drawn.getText(),
                                                    at.getMinX() - c.snappedLeftInset(),
                                                    at.getMaxX() - c.snappedLeftInset(),
                                                    c.getWidth()
                                                            - c.snappedLeftInset()
                                                            - c.snappedRightInset()));
                                }
                            }
                            return out;
                        });
        assertThat(shown).as("message cells on screen").isNotEmpty();
        assertThat(shown)
                .as("some messages are longer than the column")
                .anyMatch(s -> !s.cut().equals(s.full()));
        for (Shown s : shown) {
            assertThat(s.from()).as("drawn inside its cell: " + s.cut()).isGreaterThan(-0.5);
            assertThat(s.to()).as("drawn inside its cell: " + s.cut()).isLessThan(s.room() + 0.5);
            if (!s.cut().equals(s.full())) {
                assertThat(OneLineCell.kept(s.cut())).as("cut with an ellipsis").isNotNull();
                assertThat(s.full()).startsWith(OneLineCell.kept(s.cut()).strip());
            }
        }
    }

    @Test
    void aTextCutShortFitsAndIsNoShorterThanALetterAndItsMarksNeedTo() throws Exception {
        String english =
                "Your document INV-2026-000123 was rejected: the buyer's registration number is"
                        + " not valid for the issuance date; correct it and submit the document"
                        + " again within seven days of its issuance.";
        String arabic =
                "تم رفض المستند INV-2026-000123: رقم تسجيل المشتري غير صالح في تاريخ الإصدار؛"
                        + " صحح الرقم وأعد إرسال المستند خلال سبعة أيام من تاريخ إصداره.";
        String marks = "الْفَاتُورَةُ الْإِلِكْتْرُونِيَّةُ ".repeat(6); // marks of no width
        String wide = "WWWWMMMM".repeat(20) + " 😀😀😀 end";
        javafx.scene.text.Font font = javafx.scene.text.Font.getDefault();
        // a joined letter is narrower than one alone (Arabic shaping): the widths of a text's
        // beginnings do not grow with each character, and a beginning a letter longer may fit
        int slack = 6;
        List<String> wrong =
                fx(
                        () -> {
                            List<String> out = new ArrayList<>();
                            double ellipsis = measured(OneLineCell.ELLIPSIS, font);
                            for (String text : List.of(english, arabic, marks, wide, "Delivered")) {
                                for (double room = 12; room < 900; room += 23) {
                                    String cut = OneLineCell.fit(text, font, room);
                                    double width = room - 0.5;
                                    if (cut.equals(text)) {
                                        if (measured(text, font) > width) {
                                            out.add(room + ", whole but too wide: " + cut);
                                        }
                                        continue;
                                    }
                                    String kept = cut.isEmpty() ? "" : OneLineCell.kept(cut);
                                    if (!cut.isEmpty()
                                            && (kept == null
                                                    || !text.startsWith(kept)
                                                    || measured(cut, font) > width)) {
                                        out.add(room + ", not a beginning that fits: " + cut);
                                    }
                                    if (kept == null) {
                                        continue;
                                    }
                                    int longer = kept.length() + slack;
                                    if (longer < text.length()
                                            && measured(text.substring(0, longer), font) + ellipsis
                                                    <= width) {
                                        out.add(room + ", shorter than it needs to be: " + cut);
                                    }
                                    if (measured(text, font) <= width) {
                                        out.add(room + ", cut though it fits: " + cut);
                                    }
                                }
                            }
                            return out;
                        });
        assertThat(wrong).isEmpty();
    }

    /**
     * Two taxpayers whose names differ only after their first 12 letters, the inbox's table as
     * narrow as All taxpayers leaves it beside the list on a 1366-pixel screen: their cells read
     * apart, in either language.
     */
    private void namesAlikeInTheirFirst12LettersReadApart(AppLanguage language, String a, String b)
            throws Exception {
        InboxView v = open(language);
        List<InboxTaxpayer> alike = new ArrayList<>();
        for (int i = 0; i < firms.size(); i++) {
            String name = i % 2 == 0 ? a : b;
            alike.add(InboxTaxpayer.represented(Rin.of(firms.get(i).rin()), name));
        }
        fx(
                () -> {
                    stage.setWidth(1366 - 300); // beside the taxpayer list
                    vm.taxpayersProperty().set(alike);
                    return null;
                });
        until(
                () -> {
                    List<String> drawn = drawnTaxpayers(v);
                    return drawn.stream().anyMatch(t -> t.startsWith(a.substring(0, 12)))
                            && drawn.stream().distinct().count() >= 2;
                });
        List<String> drawn = fx(() -> drawnTaxpayers(v));
        assertThat(drawn.stream().distinct().toList())
                .as("each name drawn far enough to tell it from the other")
                .hasSize(2);
        assertThat(drawn).allMatch(t -> t.length() > 13);
    }

    @Test
    void twoNamesAlikeInTheirFirst12LettersReadApartInEnglish() throws Exception {
        namesAlikeInTheirFirst12LettersReadApart(
                AppLanguage.ENGLISH, "Tenth of Ramadan Dairy", "Tenth of Ramadan Fertilisers");
    }

    @Test
    void twoNamesAlikeInTheirFirst12LettersReadApartInArabic() throws Exception {
        namesAlikeInTheirFirst12LettersReadApart(
                AppLanguage.ARABIC, "العاشر من رمضان للألبان", "العاشر من رمضان للأسمدة");
    }

    @Test
    void aTaxpayerTheListHasNoNameForShowsItsRinAloneAsItsExportDoes() throws Exception {
        InboxView v = open(AppLanguage.ARABIC);
        List<InboxTaxpayer> unnamed = new ArrayList<>();
        for (SandboxTaxpayer f : firms) {
            unnamed.add(InboxTaxpayer.represented(Rin.of(f.rin()), ""));
        }
        fx(
                () -> {
                    vm.taxpayersProperty().set(unnamed);
                    return null;
                });
        until(() -> table(v).getItems().get(0).taxpayerName().isEmpty());
        String exported = cell(v, "taxpayer", 0);
        assertThat(exported).matches("[٠-٩]{9}");
        // drawn again without the names
        until(
                () ->
                        !drawnTaxpayers(v).isEmpty()
                                && drawnTaxpayers(v).stream()
                                        .noneMatch(
                                                t ->
                                                        firms.stream()
                                                                .anyMatch(
                                                                        f ->
                                                                                t.contains(
                                                                                        f
                                                                                                .nameAr()))));
        assertThat(fx(() -> drawnTaxpayers(v)))
                .as("the RIN alone, not \"(RIN)\" after no name")
                .allMatch(t -> t.matches("[٠-٩]{9}"));
    }

    /** The Taxpayer cells' texts as drawn: the line and the RIN after it. */
    private static List<String> drawnTaxpayers(InboxView v) {
        List<String> out = new ArrayList<>();
        for (javafx.scene.Node n : table(v).lookupAll(".table-cell")) {
            if (n instanceof TaxpayerTableCell c && !c.isEmpty() && c.isVisible()) {
                String rin =
                        c.lookupAll(".inbox-rin").stream()
                                .map(t -> ((javafx.scene.text.Text) t).getText())
                                .findFirst()
                                .orElse("");
                out.add((c.shown() + " " + rin).strip());
            }
        }
        return out;
    }

    @Test
    void aTextCutShortEndsWithItsEllipsisOnTheSideItReadsToInEitherTable() throws Exception {
        javafx.scene.text.Font font = javafx.scene.text.Font.getDefault();
        String latin = "Cairo Pharmaceutical Industries";
        String arabic = "شركة النيل للتجارة والتوزيع والاستيراد";
        List<String> wrong =
                fx(
                        () -> {
                            List<String> out = new ArrayList<>();
                            for (var table : javafx.geometry.NodeOrientation.values()) {
                                if (table == javafx.geometry.NodeOrientation.INHERIT) {
                                    continue;
                                }
                                for (String text : List.of(latin, arabic)) {
                                    String cut = OneLineCell.fit(text, font, 90);
                                    javafx.scene.text.Text t = new javafx.scene.text.Text(cut);
                                    t.setFont(font);
                                    t.setNodeOrientation(table);
                                    int dots = cut.indexOf(OneLineCell.ELLIPSIS);
                                    var box = t.getLayoutBounds();
                                    // the character drawn at the side the text reads to
                                    boolean rightwards = !text.equals(arabic);
                                    double x = rightwards ? box.getMaxX() - 1 : box.getMinX() + 1;
                                    if (table == javafx.geometry.NodeOrientation.RIGHT_TO_LEFT) {
                                        // its own x runs from its right edge: mirrored on screen
                                        x = box.getWidth() - x;
                                    }
                                    int end =
                                            t.hitTest(
                                                            new javafx.geometry.Point2D(
                                                                    x, box.getCenterY()))
                                                    .getCharIndex();
                                    if (end != dots) {
                                        out.add(table + ": " + cut + " ends on the wrong side");
                                    }
                                }
                            }
                            return out;
                        });
        assertThat(wrong).isEmpty();
    }

    private static double measured(String text, javafx.scene.text.Font font) {
        javafx.scene.text.Text t = new javafx.scene.text.Text(text);
        t.setFont(font);
        return t.getLayoutBounds().getWidth();
    }
}
