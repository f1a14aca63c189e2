package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.Notification;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.main.MainWindowViewModel;
import app.ishaar.ui.notifications.HistoryViewModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import javafx.geometry.NodeOrientation;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.Control;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Labeled;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;

/**
 * Issue #6's proof: the real app (login dialog → main window) against the sandbox, every screen
 * open — the login dialog with a failure, the main window with the history and its detail pane, the
 * history's error banner (sandbox 503), the session-ended banner, the export dialog and the
 * settings dialog — and a walk over every showing window's scene graph, tooltips and menus. In
 * Arabic every text has Arabic in it unless it is data; in English no text outside data has Arabic.
 * Data: nodes made left-to-right by {@link Bidi}, names the user or the service gave ("data"), and
 * the node ids below. What screen readers read (accessible texts) counts as text, and every shown
 * button that shows no words (an icon, a graphic) has such a name. The language is switched live on
 * the way, from the dialog and from the main window, and nothing the user set up is lost.
 */
class SceneWalkFxTest extends FxSandboxTestBase {

    private static final Pattern ARABIC = Pattern.compile("\\p{IsArabic}");

    /** Not words: digits, punctuation, symbols (a password's bullets, "·", "—"). */
    private static final Pattern NOT_WORDS = Pattern.compile("[\\s\\p{N}\\p{P}\\p{S}]*");

    private static final Pattern LATIN_DIGIT = Pattern.compile("[0-9]");

    /** Ids (of a node, an ancestor or a table column) whose text is data, not the UI's language. */
    private static final Set<String> DATA_IDS =
            Set.of(
                    "detail-id",
                    "detail-address",
                    "detail-message",
                    "address",
                    "message",
                    "taxpayer",
                    "attempt-details",
                    "settings-zone",
                    "header-name",
                    "header-host",
                    "failureDetail",
                    "about-settings");

    private static final Set<String> DATA_CLASSES = Set.of(Bidi.DATA, "data");

    /** The other language's own name on the language switches. */
    private static final Set<String> ARABIC_SWITCHES =
            Set.of("lang-ar", "main-lang-ar", "settings-lang-ar", "menu-lang-ar");

    private static final Set<String> ENGLISH_SWITCHES =
            Set.of("lang-en", "main-lang-en", "settings-lang-en", "menu-lang-en");

    private record Seen(String where, String text) {
        @Override
        public String toString() {
            return where + ": " + text;
        }
    }

    // ------------------------------------------------------------------ the walk

    private static boolean isData(Node node, Set<String> otherLanguageSwitches) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n.getId() != null
                    && (DATA_IDS.contains(n.getId())
                            || otherLanguageSwitches.contains(n.getId()))) {
                return true;
            }
            if (n.getStyleClass().stream().anyMatch(DATA_CLASSES::contains)) {
                return true;
            }
            if (n instanceof TableCell<?, ?> cell
                    && cell.getTableColumn() != null
                    && DATA_IDS.contains(cell.getTableColumn().getId())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Every visible text of every showing window that is not data: rendered texts, tooltips, menus.
     */
    private List<Seen> uiTexts(Set<String> otherLanguageSwitches) {
        return fx(
                () -> {
                    List<Seen> out = new ArrayList<>();
                    for (Window w : Window.getWindows()) {
                        if (w.isShowing() && w.getScene() != null) {
                            collect(w.getScene().getRoot(), out, otherLanguageSwitches);
                        }
                    }
                    return out;
                });
    }

    private static void collect(Node node, List<Seen> out, Set<String> otherLanguageSwitches) {
        if (!shown(node)) {
            return;
        }
        boolean data = isData(node, otherLanguageSwitches);
        if (node instanceof app.ishaar.ui.fx.WrappingLabel w) {
            // its text, whole: it is drawn one line per Text, and a line alone may hold only a name
            // or a number
            if (w.getText() != null && !w.getText().isBlank() && !data) {
                out.add(new Seen(where(w), w.getText()));
            }
            return;
        }
        if (node instanceof Text t && t.getText() != null && !t.getText().isBlank() && !data) {
            out.add(new Seen(where(t), t.getText()));
        }
        Tooltip tip =
                node instanceof Control c && c.getTooltip() != null
                        ? c.getTooltip()
                        : node.getProperties().get("javafx.scene.control.Tooltip")
                                        instanceof Tooltip t
                                ? t
                                : null;
        if (tip != null
                && tip.getText() != null
                && !tip.getText().isBlank()
                && !data
                && tip.getStyleClass().stream().noneMatch(DATA_CLASSES::contains)) {
            out.add(new Seen(where(node) + " (tooltip)", tip.getText()));
        }
        if (node instanceof Control c
                && c.getAccessibleText() != null
                && !c.getAccessibleText().isBlank()
                && !data) {
            out.add(new Seen(where(node) + " (read aloud)", c.getAccessibleText()));
        }
        if (node instanceof MenuBar bar) {
            for (Menu m : bar.getMenus()) {
                menu(m, out, otherLanguageSwitches);
            }
        }
        if (node instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                collect(child, out, otherLanguageSwitches);
            }
        }
    }

    private static void menu(MenuItem item, List<Seen> out, Set<String> otherLanguageSwitches) {
        if (item.getText() != null
                && !item.getText().isBlank()
                && (item.getId() == null || !otherLanguageSwitches.contains(item.getId()))) {
            out.add(
                    new Seen(
                            "menu " + (item.getId() == null ? "" : "#" + item.getId()),
                            item.getText()));
        }
        if (item instanceof Menu m) {
            for (MenuItem child : m.getItems()) {
                menu(child, out, otherLanguageSwitches);
            }
        }
    }

    /** Shown buttons with an icon and no words, that a screen reader could only call "button". */
    private List<String> unnamedIconButtons() {
        return fx(
                () -> {
                    List<String> bad = new ArrayList<>();
                    for (Window w : Window.getWindows()) {
                        if (w.isShowing() && w.getScene() != null) {
                            unnamedIconButtons(w.getScene().getRoot(), bad);
                        }
                    }
                    return bad;
                });
    }

    private static void unnamedIconButtons(Node node, List<String> bad) {
        if (node instanceof ButtonBase b
                && shown(b)
                && (b.getText() == null || b.getText().isBlank())
                && (b.getAccessibleText() == null || b.getAccessibleText().isBlank())) {
            bad.add(where(b));
        }
        if (node instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                unnamedIconButtons(child, bad);
            }
        }
    }

    /**
     * Shown fields and choice boxes no label names (its {@code labelFor}), with no name of their
     * own for screen readers: an accessible text for a choice, a prompt for a text field (whose
     * accessible text, if it had one, would be read instead of what is typed in it).
     */
    private List<String> unnamedInputs() {
        return fx(
                () -> {
                    List<Node> inputs = new ArrayList<>();
                    Set<Node> labelled = new java.util.HashSet<>();
                    for (Window w : Window.getWindows()) {
                        if (w.isShowing() && w.getScene() != null) {
                            inputsAndLabels(w.getScene().getRoot(), inputs, labelled);
                        }
                    }
                    List<String> bad = new ArrayList<>();
                    for (Node n : inputs) {
                        // a text field's accessible text would be read instead of what is typed in
                        // it: its own name can only be a prompt
                        boolean named =
                                labelled.contains(n)
                                        || (n instanceof javafx.scene.control.TextInputControl t
                                                ? t.getPromptText() != null
                                                        && !t.getPromptText().isBlank()
                                                        && (t.getAccessibleText() == null
                                                                || t.getAccessibleText().isEmpty())
                                                : n instanceof Control c
                                                        && c.getAccessibleText() != null
                                                        && !c.getAccessibleText().isBlank());
                        if (!named) {
                            bad.add(where(n));
                        } else if (n instanceof javafx.scene.control.TextInputControl t
                                && t.getAccessibleText() != null
                                && !t.getAccessibleText().isEmpty()) {
                            bad.add(
                                    where(n)
                                            + " (its accessible text is read instead of what is typed)");
                        }
                    }
                    return bad;
                });
    }

    private static void inputsAndLabels(Node node, List<Node> inputs, Set<Node> labelled) {
        if (!shown(node)) {
            return;
        }
        if (node instanceof javafx.scene.control.Label l && l.getLabelFor() != null) {
            labelled.add(l.getLabelFor());
        }
        if (node instanceof javafx.scene.control.ComboBoxBase<?>
                || node instanceof javafx.scene.control.ChoiceBox<?>
                || node instanceof javafx.scene.control.TextInputControl t
                        && !(t.getParent() instanceof javafx.scene.control.ComboBoxBase<?>)
                        && !(t.getParent() != null
                                && t.getParent().getParent()
                                        instanceof javafx.scene.control.ComboBoxBase<?>)) {
            inputs.add(node);
        }
        if (node instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                inputsAndLabels(child, inputs, labelled);
            }
        }
    }

    private void assertAllArabic(String screen) {
        assertThat(unnamedIconButtons())
                .as("icon buttons on " + screen + " with no name for screen readers")
                .isEmpty();
        assertThat(unnamedInputs())
                .as("fields and choices on " + screen + " that no label names for screen readers")
                .isEmpty();
        List<Seen> texts = uiTexts(ENGLISH_SWITCHES);
        assertThat(texts).as("texts found on " + screen).hasSizeGreaterThan(10);
        assertThat(
                        texts.stream()
                                .filter(
                                        s ->
                                                !ARABIC.matcher(s.text()).find()
                                                        && !NOT_WORDS.matcher(s.text()).matches())
                                .toList())
                .as("texts of the Arabic UI (" + screen + ") with no Arabic in them")
                .isEmpty();
        // numbers standing alone (page, counts, page sizes) are in Arabic-Indic digits by default
        assertThat(
                        texts.stream()
                                .filter(
                                        s ->
                                                NOT_WORDS.matcher(s.text()).matches()
                                                        && LATIN_DIGIT.matcher(s.text()).find())
                                .toList())
                .as("numbers in Latin digits in the Arabic UI (" + screen + ")")
                .isEmpty();
    }

    private void assertNoArabic(String screen) {
        assertThat(unnamedIconButtons())
                .as("icon buttons on " + screen + " with no name for screen readers")
                .isEmpty();
        assertThat(unnamedInputs())
                .as("fields and choices on " + screen + " that no label names for screen readers")
                .isEmpty();
        List<Seen> texts = uiTexts(ARABIC_SWITCHES);
        assertThat(texts).as("texts found on " + screen).hasSizeGreaterThan(10);
        assertThat(texts.stream().filter(s -> ARABIC.matcher(s.text()).find()).toList())
                .as("Arabic in the English UI (" + screen + ")")
                .isEmpty();
    }

    /**
     * Every data node of every showing window really reads left-to-right, whatever the scene's
     * direction.
     */
    private List<String> dataNodesNotLeftToRight() {
        return fx(
                () -> {
                    List<String> bad = new ArrayList<>();
                    for (Window w : Window.getWindows()) {
                        if (w.isShowing() && w.getScene() != null) {
                            for (Node n : w.getScene().getRoot().lookupAll("." + Bidi.DATA)) {
                                if (n.getEffectiveNodeOrientation()
                                        != NodeOrientation.LEFT_TO_RIGHT) {
                                    bad.add(where(n));
                                }
                            }
                        }
                    }
                    return bad;
                });
    }

    // ------------------------------------------------------------------ the screens

    private MainWindowViewModel main() {
        return flow.mainViewModel();
    }

    private HistoryViewModel history() {
        return main().current().history();
    }

    private void logIn() {
        clickOn("#demo-erp-delta-accounting");
        clickOn("#login-button");
        waitForMainWindow();
        waitUntil(
                "the history shows",
                () ->
                        main().current() != null
                                && main().current().history() != null
                                && !history().requests().loadingProperty().get()
                                && !history().table().rows().isEmpty());
    }

    /** Filters, page 2, a selection with the detail pane: state a language switch must keep. */
    private Notification setUpState() {
        onFx(
                () -> {
                    history().pager().pageSizeProperty().set(10);
                    history().filters().channelProperty().set("email");
                    history().filters().apply();
                });
        waitUntil(
                "e-mails only",
                () ->
                        !history().requests().loadingProperty().get()
                                && !history().table().rows().isEmpty()
                                && history().table().rows().stream()
                                        .allMatch(n -> n.channel().equals("email")));
        onFx(() -> history().pager().next());
        waitUntil(
                "page 2",
                () ->
                        history().pager().pageProperty().get() == 2
                                && !history().requests().loadingProperty().get()
                                && !history().table().rows().isEmpty());
        Notification chosen =
                fx(
                        () ->
                                history().table().rows().stream()
                                        .filter(n -> "ar".equals(n.language()))
                                        .findFirst()
                                        .orElse(history().table().rows().get(0)));
        onFx(
                () -> {
                    history().layout().detailVisibleProperty().set(true);
                    lookup("#history-table")
                            .<TableView<Notification>>query()
                            .getSelectionModel()
                            .select(chosen);
                });
        waitUntil(
                "the detail pane shows the selection",
                () ->
                        visible("#detail-pane")
                                && visible("#detail-id")
                                && chosen.notificationId().equals(text("#detail-id")));
        return chosen;
    }

    private void assertStateKept(Notification chosen) {
        assertThat(fx(() -> history().filters().channelProperty().get()))
                .as("the filter")
                .isEqualTo("email");
        assertThat(fx(() -> history().filters().appliedProperty().get().channel()))
                .as("the applied filter")
                .isEqualTo("email");
        assertThat(fx(() -> history().pager().pageProperty().get())).as("the page").isEqualTo(2);
        String selected =
                fx(
                        () ->
                                history().table().selectedProperty().get() == null
                                        ? ""
                                        : history()
                                                .table()
                                                .selectedProperty()
                                                .get()
                                                .notificationId());
        assertThat(selected).as("the selection").isEqualTo(chosen.notificationId());
        assertThat(text("#detail-id")).isEqualTo(chosen.notificationId());
    }

    private void exportAndSettingsDialogs() {
        clickOn("#history-export");
        waitUntil(
                "the export dialog",
                () ->
                        lookup("#export-dialog")
                                .tryQuery()
                                .map(n -> n.getScene().getWindow().isShowing())
                                .orElse(false));
        focusMainWindow();
        press(KeyCode.SHORTCUT, KeyCode.COMMA).release(KeyCode.COMMA, KeyCode.SHORTCUT);
        waitUntil(
                "the settings dialog (Ctrl+,)",
                () ->
                        lookup("#settings-dialog")
                                .tryQuery()
                                .map(n -> n.getScene().getWindow().isShowing())
                                .orElse(false));
        focusMainWindow();
        type(KeyCode.F1);
        waitUntil(
                "the keyboard shortcuts (F1)",
                () ->
                        lookup("#help-shortcuts")
                                .tryQuery()
                                .map(n -> n.getScene().getWindow().isShowing())
                                .orElse(false));
        // every shortcut's keys are shown as the platform names them, next to what they do
        assertThat(
                        fx(
                                () ->
                                        lookup("#help-shortcuts .shortcut-keys").queryAll().stream()
                                                .map(n -> ((Labeled) n).getText())
                                                .toList()))
                .hasSize(
                        app.ishaar.ui.help.HelpViewModel.SHORTCUTS.stream()
                                .mapToInt(g -> g.shortcuts().size())
                                .sum())
                .contains("F1", "F5", "Ctrl+T", "Ctrl+C", "Shift+F10 / Context Menu")
                .allSatisfy(k -> assertThat(k).isNotBlank());
        try {
            app.ishaar.ui.settings.Screenshots.take(
                    fx(() -> lookup("#help-shortcuts").query().getScene().getWindow()),
                    ctx.i18n().language() == AppLanguage.ARABIC
                            ? "shortcuts-ar.png"
                            : "shortcuts-en.png");
        } catch (Exception e) {
            throw new AssertionError("the shortcuts' screenshot", e);
        }
        onFx(
                () ->
                        lookup("#menubar").<MenuBar>query().getMenus().stream()
                                .flatMap(m -> m.getItems().stream())
                                .filter(i -> "menu-about".equals(i.getId()))
                                .findFirst()
                                .orElseThrow()
                                .fire());
        waitUntil(
                "About",
                () ->
                        lookup("#help-about")
                                .tryQuery()
                                .map(n -> n.getScene().getWindow().isShowing())
                                .orElse(false));
        assertThat(text("#about-settings"))
                .isEqualTo(configDir.resolve("settings.json").toString());
        clickOn("#about-copy");
        assertThat(fx(() -> javafx.scene.input.Clipboard.getSystemClipboard().getString()))
                .as("Copy details: what a support request needs, in the UI's language")
                .contains(
                        text("#about-version"),
                        text("#about-runtime"),
                        configDir.resolve("settings.json").toString());

        // Help › Copy diagnostics: the same, the settings without secrets, and the log's tail
        onFx(
                () ->
                        lookup("#menubar").<MenuBar>query().getMenus().stream()
                                .flatMap(m -> m.getItems().stream())
                                .filter(i -> "menu-diagnostics".equals(i.getId()))
                                .findFirst()
                                .orElseThrow()
                                .fire());
        assertThat(fx(() -> javafx.scene.input.Clipboard.getSystemClipboard().getString()))
                .as("Copy diagnostics")
                .contains("Ishaar ", "Java ", "--- settings", "--- support log")
                .contains(configDir.resolve("settings.json").toString())
                .contains("\"profiles\"")
                .doesNotContainPattern("eyJ[A-Za-z0-9_-]{4,}\\.");
    }

    private String savedLanguage() {
        ctx.settings().flush();
        return new SettingsStore(configDir).load().settings().language();
    }

    // ------------------------------------------------------------------ the tests

    @Test
    void everyScreenInArabicHasArabicTextAndDataStaysLeftToRight() throws Exception {
        loginDialogWithAFailure();
        clickOn("#lang-ar"); // live from the login dialog, the failure and the form stay
        waitUntil("Arabic", () -> ctx.i18n().language() == AppLanguage.ARABIC);
        assertThat(text("#clientId")).isEqualTo("erp-delta-accounting");
        assertThat(text("#failure")).containsPattern(ARABIC);
        assertThat(fx(() -> flow.loginStage().getScene().getEffectiveNodeOrientation()))
                .isEqualTo(NodeOrientation.RIGHT_TO_LEFT);
        onFx(
                () ->
                        flow.loginViewModel()
                                .form()
                                .service()
                                .environmentProperty()
                                .set(app.ishaar.core.service.Environment.Kind.CUSTOM));
        waitUntil("the address fields", () -> visible("#authUrl") && visible("#baseUrl"));
        for (String id :
                new String[] {"#clientId", "#secret", "#onBehalfOf", "#authUrl", "#baseUrl"}) {
            assertThat(fx(() -> lookup(id).<Node>query().getEffectiveNodeOrientation()))
                    .as(id)
                    .isEqualTo(NodeOrientation.LEFT_TO_RIGHT);
        }
        onFx(
                () ->
                        flow.loginViewModel()
                                .form()
                                .service()
                                .environmentProperty()
                                .set(app.ishaar.core.service.Environment.Kind.SANDBOX));
        waitUntil("the sandbox's demo accounts again", () -> visible("#demoBox"));
        assertAllArabic("login dialog with a failure");
        assertThat(fx(() -> lookup("#login-button").<Labeled>query().getFont().getFamily()))
                .as("the bundled font")
                .isEqualTo("Ishaar Sans");
        assertThat(dataNodesNotLeftToRight())
                .as("data nodes of the login dialog not left-to-right")
                .isEmpty();
        assertThat(savedLanguage()).as("the choice is remembered").isEqualTo("ar");

        logIn();
        // from here on the main window: switch to English and back, keeping filters, page and
        // selection
        onFx(() -> ctx.i18n().languageProperty().set(AppLanguage.ENGLISH));
        Notification chosen = setUpState();
        clickOn("#main-lang-ar");
        waitUntil("Arabic again", () -> ctx.i18n().language() == AppLanguage.ARABIC);
        assertStateKept(chosen);
        assertThat(fx(() -> flow.mainStage().getScene().getEffectiveNodeOrientation()))
                .isEqualTo(NodeOrientation.RIGHT_TO_LEFT);
        assertThat(text("#pager-page")).isEqualTo("٢");
        assertAllArabic("main window, history with detail");

        // the date picker's calendar in the UI's language and digits, the JVM's locale back after
        // it
        Locale jvm = Locale.getDefault(Locale.Category.FORMAT);
        onFx(
                () ->
                        history()
                                .filters()
                                .presetProperty()
                                .set(app.ishaar.ui.notifications.DatePreset.CUSTOM));
        waitUntil("the date pickers", () -> visible("#filter-from-date"));
        assertThat(text("#filter-from-time"))
                .as("a time field in Arabic digits")
                .isEqualTo("٠٠:٠٠");
        assertThat(text("#filter-to-time")).isEqualTo("٢٣:٥٩");
        paste("#filter-to-time", "١٨:٣٠");
        assertThat(fx(() -> history().filters().toTimeProperty().get()))
                .as("the view model keeps Latin digits")
                .isEqualTo("18:30");
        onFx(() -> lookup("#filter-from-date").<DatePicker>query().show());
        waitUntil("the calendar", () -> lookup(".date-picker-popup").tryQuery().isPresent());
        assertThat(
                        fx(
                                () ->
                                        lookup(".date-picker-popup .month-year-pane")
                                                .queryAll()
                                                .stream()
                                                .flatMap(n -> n.lookupAll(".label").stream())
                                                .map(n -> ((Labeled) n).getText())
                                                .toList()))
                .as("month and year of the calendar")
                .anyMatch(
                        t ->
                                t.matches(
                                        ".*(يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر).*"))
                .anyMatch(t -> t.matches("[\u0660-\u0669]{4}"));
        assertAllArabic("the date picker's calendar");
        onFx(() -> lookup("#filter-from-date").<DatePicker>query().hide());
        assertThat(Locale.getDefault(Locale.Category.FORMAT))
                .as("the JVM's format locale after the calendar closed")
                .isEqualTo(jvm);

        historyErrorBanner();
        sessionEndedBanner();
        exportAndSettingsDialogs();
        assertAllArabic("error banners, export and settings dialogs");
        List<String> ltr = dataNodesNotLeftToRight();
        assertThat(ltr).as("data nodes not left-to-right in the Arabic UI").isEmpty();
        assertThat(fx(() -> lookup("." + Bidi.DATA).queryAll().size()))
                .as("data nodes checked")
                .isGreaterThan(5);
        for (String id :
                new String[] {
                    "#header-rin", "#header-host", "#detail-id", "#relogin-secret", "#settings-zone"
                }) {
            assertThat(fx(() -> lookup(id).<Node>query().getEffectiveNodeOrientation()))
                    .as(id)
                    .isEqualTo(NodeOrientation.LEFT_TO_RIGHT);
        }
        assertThat(savedLanguage()).isEqualTo("ar");
    }

    @Test
    void everyScreenInEnglishHasNoArabicOutsideData() throws Exception {
        onFx(() -> ctx.i18n().languageProperty().set(AppLanguage.ARABIC));
        loginDialogWithAFailure();
        clickOn("#lang-en");
        waitUntil("English", () -> ctx.i18n().language() == AppLanguage.ENGLISH);
        assertThat(text("#clientId")).isEqualTo("erp-delta-accounting");
        assertThat(text("#failure")).doesNotContainPattern(ARABIC).isNotBlank();
        assertNoArabic("login dialog with a failure");
        assertThat(savedLanguage()).isEqualTo("en");

        logIn();
        onFx(() -> ctx.i18n().languageProperty().set(AppLanguage.ARABIC));
        Notification chosen = setUpState();
        clickOn("#main-lang-en");
        waitUntil("English again", () -> ctx.i18n().language() == AppLanguage.ENGLISH);
        assertStateKept(chosen);
        assertThat(text("#pager-page")).isEqualTo("2");
        assertNoArabic("main window, history with detail");

        historyErrorBanner();
        sessionEndedBanner();
        exportAndSettingsDialogs();
        assertNoArabic("error banners, export and settings dialogs");
        assertThat(savedLanguage()).isEqualTo("en");
    }

    @Test
    void latinDigitsChosenInTheSettingsDialogApplyAtOnceAndAreRemembered() {
        onFx(() -> ctx.i18n().languageProperty().set(AppLanguage.ARABIC));
        waitForDemoAccounts();
        logIn();
        waitUntil(
                "the pager's total in Arabic-Indic digits",
                () -> text("#pager-total").matches(".*[\u0660-\u0669].*"));
        onFx(() -> flow.mainStage().requestFocus());
        press(KeyCode.SHORTCUT, KeyCode.COMMA).release(KeyCode.COMMA, KeyCode.SHORTCUT);
        waitUntil("the settings dialog", () -> visible("#settings-digits-latin"));
        clickOn("#settings-digits-latin");
        waitUntil("Latin digits", () -> ctx.i18n().latinDigitsProperty().get());
        assertThat(text("#pager-page")).isEqualTo("1");
        assertThat(text("#pager-total"))
                .containsPattern(ARABIC)
                .containsPattern("[0-9]")
                .doesNotContainPattern("[\u0660-\u0669]");
        assertThat(text("#settings-sample")).doesNotContainPattern("[\u0660-\u0669]");
        ctx.settings().flush();
        assertThat(new SettingsStore(configDir).load().settings().latinDigits())
                .as("remembered")
                .isTrue();
        clickOn("#settings-digits-arabic");
        assertThat(text("#pager-page")).isEqualTo("١");
    }
}
