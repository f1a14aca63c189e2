package app.ishaar.ui.main;

import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.app.Shortcut;
import app.ishaar.ui.app.TextSize;
import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.controls.FocusParts;
import app.ishaar.ui.controls.LanguageSwitch;
import app.ishaar.ui.fx.AfterAMoment;
import app.ishaar.ui.fx.Nodes;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.fx.WrappingLabel;
import app.ishaar.ui.help.HelpView;
import app.ishaar.ui.help.HelpViewModel;
import app.ishaar.ui.history.HistoryView;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.settings.SettingsView;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * The main window: menu, header (taxpayer, environment badge, session time), the session-ended
 * banner, the taxpayer switcher (Ctrl+T, {@link SwitcherView}) and the represented taxpayer's
 * history screen. Binds to {@link MainWindowViewModel} only.
 */
public final class MainWindowView {

    private final MainWindowViewModel vm;
    private final I18n i18n;
    private final SceneFactory scenes;
    private final Runnable onQuit;
    private final BorderPane root = new BorderPane();
    private final StackPane content = new StackPane();
    private final SwitcherView switcher;

    /**
     * How many taxpayers' history screens the window keeps. Switching back to a kept one shows it
     * at once, as it was left; beyond these the screen shown longest ago is released (a few MB
     * each: its table's rows, cells and skins), so an intermediary going through dozens of
     * taxpayers in a day does not keep them all. What the screen showed (the page, the filters, the
     * chosen row, the columns) is its taxpayer's view model's, and a screen made again shows it.
     */
    public static final int KEPT_SCREENS = 8;

    /**
     * The window's preferred size: the least it opens at on the first run (see {@code
     * WindowPlacement}).
     */
    public static final double PREF_WIDTH = 1100;

    public static final double PREF_HEIGHT = 700;
    private int keptScreens = KEPT_SCREENS;

    /** The kept history screens, the one shown longest ago first. */
    private final Map<TaxpayerEntry, HistoryView> historyViews =
            new LinkedHashMap<>(16, 0.75f, true);

    private final Timeline ticker;

    public MainWindowView(MainWindowViewModel vm, I18n i18n, SceneFactory scenes, Runnable onQuit) {
        this.vm = vm;
        this.i18n = i18n;
        this.scenes = scenes;
        this.onQuit = onQuit;
        root.setId("main-view");
        root.setTop(new VBox(menu(), header(), banner()));
        switcher = new SwitcherView(vm, i18n);
        Node switcherRoot = switcher.root();
        // the taxpayer list comes and goes with View → Taxpayer list; the keyboard leaves it for
        // the table
        Runnable placeSwitcher =
                () -> {
                    boolean shown = vm.taxpayerListShownProperty().get();
                    boolean hadKeyboard =
                            !shown
                                    && root.getScene() != null
                                    && Nodes.isInside(
                                            root.getScene().getFocusOwner(), switcherRoot);
                    root.setLeft(shown ? switcherRoot : null);
                    if (hadKeyboard) {
                        focusContent();
                    }
                };
        vm.taxpayerListShownProperty().addListener((o, a, b) -> placeSwitcher.run());
        placeSwitcher.run();
        content.setId("content");
        root.setCenter(content);
        root.setPrefSize(PREF_WIDTH, PREF_HEIGHT);
        root.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (Shortcut.SWITCH_TAXPAYER.matches(e)) {
                        openSwitcher();
                        e.consume();
                    } else if (Shortcut.SETTINGS.matches(e)) {
                        openSettings();
                        e.consume();
                    } else if (Shortcut.NEXT_PART.matches(e) || Shortcut.PREVIOUS_PART.matches(e)) {
                        if (root.getScene() != null
                                && FocusParts.move(
                                        root.getScene(),
                                        focusParts(),
                                        Shortcut.NEXT_PART.matches(e))) {
                            e.consume();
                        }
                    }
                });
        vm.currentProperty().addListener((o, a, b) -> showCurrent());
        for (TaxpayerEntry e : vm.entries()) {
            watch(e);
        }
        vm.entries()
                .addListener(
                        (javafx.collections.ListChangeListener<TaxpayerEntry>)
                                c -> {
                                    while (c.next()) {
                                        c.getAddedSubList().forEach(this::watch);
                                        c.getRemoved().forEach(historyViews::remove);
                                    }
                                });
        showCurrent();
        Weak.listen(root.getProperties(), (o, a, b) -> showCurrent(), i18n.languageProperty());
        ticker = new Timeline(new KeyFrame(Duration.seconds(1), e -> vm.tick()));
        ticker.setCycleCount(Animation.INDEFINITE);
        // it ticks while logged in: a running timeline is held by the toolkit
        if (!vm.loggedOutProperty().get()) {
            ticker.play();
        }
        vm.loggedOutProperty()
                .addListener(
                        (o, a, b) -> {
                            if (b) {
                                ticker.stop();
                            } else {
                                ticker.play(); // a new login in this window (see WindowFlow)
                                showCurrent();
                            }
                        });
    }

    public Parent root() {
        return root;
    }

    private SettingsView settingsView;

    /** View → Settings… (Ctrl+,): the one settings dialog, brought to the front if already open. */
    public SettingsView openSettings() {
        if (settingsView == null || !settingsView.stage().isShowing()) {
            settingsView =
                    new SettingsView(
                            vm.settingsViewModel(scenes.textSize(), scenes.theme()),
                            i18n,
                            scenes,
                            root.getScene() == null ? null : root.getScene().getWindow());
        }
        settingsView.show();
        return settingsView;
    }

    private HelpView help() {
        return new HelpView(
                new HelpViewModel(i18n, vm.settingsFile()),
                i18n,
                scenes,
                root.getScene() == null ? null : root.getScene().getWindow());
    }

    /** Help › Keyboard shortcuts (F1). */
    public Stage openShortcuts() {
        return help().shortcuts();
    }

    /** Help › Copy diagnostics: what support asks for, on the clipboard. */
    public void copyDiagnostics() {
        app.ishaar.ui.desktop.Clipboards.copy(
                new HelpViewModel(i18n, vm.settingsFile()).diagnostics());
    }

    /** Help › About Ishaar. */
    public Stage openAbout() {
        return help().about();
    }

    /**
     * Ctrl+T: focus the search field of the switcher, text selected (the taxpayer list shown if it
     * was hidden).
     */
    public void openSwitcher() {
        vm.taxpayerListShownProperty().set(true);
        switcher.search().requestFocus();
        switcher.search().selectAll();
    }

    private void watch(TaxpayerEntry e) {
        // (its row in the switcher follows its name and state itself: see SwitcherView)
        e.stateProperty()
                .addListener(
                        (o, a, b) -> {
                            if (vm.current() == e) {
                                showCurrent();
                            }
                        });
    }

    // ---- parts ------------------------------------------------------------------------------

    private Node menu() {
        Menu session = new Menu();
        session.textProperty().bind(i18n.text("main.menu.session"));
        MenuItem switchItem = item(i18n, "main.menu.switch", "menu-switch");
        switchItem.setAccelerator(Shortcut.SWITCH_TAXPAYER.key());
        switchItem.setOnAction(e -> openSwitcher());
        MenuItem logout = item(i18n, "main.menu.logout", "menu-logout");
        logout.setOnAction(e -> vm.logout());
        MenuItem quit = item(i18n, "main.menu.quit", "menu-quit");
        quit.setAccelerator(Shortcut.QUIT.key());
        quit.setOnAction(e -> onQuit.run());
        session.getItems().addAll(switchItem, logout, quit);

        Menu view = new Menu();
        view.textProperty().bind(i18n.text("main.menu.view"));
        Menu language = new Menu();
        language.textProperty().bind(i18n.text("main.menu.language"));
        ToggleGroup langs = new ToggleGroup();
        RadioMenuItem en = new RadioMenuItem();
        en.textProperty().bind(i18n.text("language.english"));
        en.setId("menu-lang-en");
        RadioMenuItem ar = new RadioMenuItem();
        ar.textProperty().bind(i18n.text("language.arabic"));
        ar.setId("menu-lang-ar");
        en.setToggleGroup(langs);
        ar.setToggleGroup(langs);
        (vm.languageProperty().get() == AppLanguage.ARABIC ? ar : en).setSelected(true);
        en.setOnAction(e -> vm.languageProperty().set(AppLanguage.ENGLISH));
        ar.setOnAction(e -> vm.languageProperty().set(AppLanguage.ARABIC));
        Weak.<AppLanguage>listen(
                root.getProperties(),
                (o, a, b) -> (b == AppLanguage.ARABIC ? ar : en).setSelected(true),
                vm.languageProperty());
        language.getItems().addAll(en, ar);
        CheckMenuItem taxpayerList = new CheckMenuItem();
        taxpayerList.textProperty().bind(i18n.text("main.menu.taxpayerList"));
        taxpayerList.setId("menu-taxpayer-list");
        taxpayerList.setAccelerator(Shortcut.TAXPAYER_LIST.key());
        taxpayerList.selectedProperty().bindBidirectional(vm.taxpayerListShownProperty());
        MenuItem settings = item(i18n, "main.menu.settings", "menu-settings");
        settings.setAccelerator(Shortcut.SETTINGS.key());
        settings.setOnAction(e -> openSettings());
        TextSize textSize = scenes.textSize();
        MenuItem larger = item(i18n, "main.menu.largerText", "menu-larger-text");
        larger.setAccelerator(Shortcut.LARGER_TEXT.key());
        larger.setOnAction(e -> textSize.larger());
        larger.disableProperty().bind(textSize.largestProperty());
        MenuItem smaller = item(i18n, "main.menu.smallerText", "menu-smaller-text");
        smaller.setAccelerator(Shortcut.SMALLER_TEXT.key());
        smaller.setOnAction(e -> textSize.smaller());
        smaller.disableProperty().bind(textSize.normalProperty());
        MenuItem normal = item(i18n, "main.menu.normalText", "menu-normal-text");
        normal.setAccelerator(Shortcut.NORMAL_TEXT.key());
        normal.setOnAction(e -> textSize.reset());
        normal.disableProperty().bind(textSize.normalProperty());
        CheckMenuItem darkTheme = new CheckMenuItem();
        darkTheme.textProperty().bind(i18n.text("main.menu.darkTheme"));
        darkTheme.setId("menu-dark-theme");
        darkTheme.selectedProperty().bindBidirectional(scenes.theme().darkProperty());
        view.getItems()
                .addAll(
                        taxpayerList,
                        language,
                        darkTheme,
                        new javafx.scene.control.SeparatorMenuItem(),
                        larger,
                        smaller,
                        normal,
                        new javafx.scene.control.SeparatorMenuItem(),
                        settings);

        Menu help = new Menu();
        help.textProperty().bind(i18n.text("help.menu"));
        MenuItem shortcuts = item(i18n, "help.menu.shortcuts", "menu-shortcuts");
        shortcuts.setAccelerator(Shortcut.HELP.key());
        shortcuts.setOnAction(e -> openShortcuts());
        MenuItem about = item(i18n, "help.menu.about", "menu-about");
        about.setOnAction(e -> openAbout());
        MenuItem diagnostics = item(i18n, "help.menu.diagnostics", "menu-diagnostics");
        diagnostics.setOnAction(e -> copyDiagnostics());
        help.getItems().addAll(shortcuts, diagnostics, about);

        MenuBar bar = new MenuBar(session, view, help);
        bar.setId("menubar");
        return bar;
    }

    private Node header() {
        Label name = new Label();
        name.setId("header-name");
        name.getStyleClass().addAll("heading", "data");
        Label rin = new Label();
        rin.setId("header-rin");
        rin.getStyleClass().add("muted");
        Bidi.leftToRight(rin);
        Runnable refresh =
                () -> {
                    TaxpayerEntry e = vm.current();
                    name.setText(e == null ? "" : e.label());
                    rin.setText(
                            e == null || e.displayRinProperty().get() == null
                                    ? ""
                                    : e.displayRinProperty().get());
                };
        vm.titleProperty().addListener((o, a, b) -> refresh.run());
        refresh.run();

        Label badge = new Label();
        badge.setId("env-badge");
        badge.getStyleClass()
                .addAll(
                        "env-badge",
                        switch (vm.environmentKind()) {
                            case SANDBOX -> "sandbox";
                            case PREPROD -> "preprod";
                            case PROD -> "prod";
                            case CUSTOM -> "custom";
                        });
        badge.textProperty().bind(i18n.text(WindowTitle.environmentKey(vm.environmentKind())));

        Label host = new Label();
        host.textProperty().bind(vm.apiHostProperty());
        host.getStyleClass().add("muted");
        Bidi.leftToRight(host);
        host.setId("header-host");

        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Label time = new Label();
        time.setId("session-time");
        time.textProperty().bind(vm.timeLeftProperty());
        time.getStyleClass().add("session-time");

        HBox langs =
                LanguageSwitch.create(
                        i18n, vm.languageProperty(), "main-lang", "main.menu.language");
        langs.getChildren()
                .forEach(n -> n.setFocusTraversable(false)); // the View menu is the keyboard's way
        HBox header = new HBox(10, name, rin, badge, host, spacer, time, langs);
        header.setAlignment(Pos.CENTER_LEFT);
        header.setPadding(new Insets(10, 16, 10, 16));
        header.getStyleClass().add("main-header");
        return header;
    }

    private Node banner() {
        Label text = new WrappingLabel();
        text.setId("expired-text");
        text.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () -> {
                                    TaxpayerEntry e = vm.current();
                                    return e == null
                                            ? ""
                                            : i18n.get("main.banner.expired", e.label());
                                },
                                vm.currentProperty(),
                                vm.sessionEndedProperty(),
                                i18n.languageProperty()));
        HBox.setHgrow(text, Priority.ALWAYS);
        text.setMaxWidth(Double.MAX_VALUE);

        PasswordField secret = new PasswordField();
        secret.setId("relogin-secret");
        Bidi.leftToRight(secret);
        secret.promptTextProperty().bind(i18n.text("main.banner.secret"));
        secret.textProperty().bindBidirectional(vm.reloginSecretProperty());
        secret.setVisible(vm.reloginNeedsSecret());
        secret.setManaged(vm.reloginNeedsSecret());
        secret.setOnAction(e -> vm.relogin());

        Button again = new Button();
        again.setId("relogin");
        again.textProperty().bind(i18n.text("main.banner.relogin"));
        again.disableProperty().bind(vm.reloginBusyProperty());
        again.setOnAction(e -> vm.relogin());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setId("relogin-progress");
        busy.setPrefSize(16, 16);
        // as the login dialog's: a login again that ends within a moment moves nothing in the
        // banner
        busy.visibleProperty()
                .bind(AfterAMoment.shown(root.getProperties(), vm.reloginBusyProperty()));
        busy.managedProperty().bind(busy.visibleProperty());

        Label failure = new Label();
        failure.setId("relogin-failure");
        failure.getStyleClass().add("error-text");
        failure.textProperty().bind(vm.reloginFailureText());
        failure.visibleProperty().bind(vm.reloginFailureProperty().isNotNull());
        failure.managedProperty().bind(failure.visibleProperty());

        HBox row = new HBox(8, text, secret, busy, again);
        row.setAlignment(Pos.CENTER_LEFT);
        VBox box = new VBox(4, row, failure);
        box.setId("expired-banner");
        box.getStyleClass().addAll("banner", "warning");
        box.visibleProperty().bind(vm.sessionEndedProperty());
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }

    private void showCurrent() {
        if (vm.loggedOutProperty().get()) {
            return; // the window hides this view until its next login (see WindowFlow)
        }
        TaxpayerEntry e = vm.current();
        if (e == null) {
            content.getChildren().clear();
            return;
        }
        Node shown =
                switch (e.stateProperty().get()) {
                    case CONNECTING, IDLE -> connecting(e);
                    case FAILED -> failed(e);
                    case READY -> historyView(e).root();
                };
        if (content.getChildren().size() != 1 || content.getChildren().get(0) != shown) {
            // the screen left remembers where its table was, should it be released and made again
            for (HistoryView v : historyViews.values()) {
                if (content.getChildren().contains(v.root())) {
                    v.rememberPlace();
                }
            }
            // (setting the shown screen again would take it out of the scene and style it anew)
            content.getChildren().setAll(shown);
        }
    }

    /**
     * The taxpayer's history screen: kept, or made (and the screen shown longest ago released
     * beyond {@link #KEPT_SCREENS}).
     */
    private HistoryView historyView(TaxpayerEntry e) {
        HistoryView v =
                historyViews.computeIfAbsent(e, x -> new HistoryView(x.history(), i18n, scenes));
        Iterator<TaxpayerEntry> oldestFirst = historyViews.keySet().iterator();
        while (historyViews.size() > keptScreens && oldestFirst.hasNext()) {
            if (oldestFirst.next() != e) {
                oldestFirst.remove();
            }
        }
        return v;
    }

    /** Keeps the screens of this many taxpayers instead of {@link #KEPT_SCREENS} (tests). */
    public void keepScreens(int n) {
        keptScreens = Math.max(1, n);
    }

    /**
     * The parts of the window F6 moves among: the taxpayer list while it shows, then the shown
     * taxpayer's screen's.
     */
    private List<FocusParts.Part> focusParts() {
        List<FocusParts.Part> parts = new ArrayList<>();
        if (vm.taxpayerListShownProperty().get() && root.getLeft() != null) {
            parts.add(new FocusParts.Part(root.getLeft(), switcher.keyboardPlace()));
        }
        HistoryView h = shownHistory();
        if (h != null) {
            parts.addAll(h.focusParts());
        }
        return parts;
    }

    /**
     * The shown taxpayer's history screen, when it is the one in the window's content; else null.
     */
    private HistoryView shownHistory() {
        TaxpayerEntry e = vm.current();
        HistoryView h = e == null ? null : historyViews.get(e);
        return h != null && h.root().getParent() == content ? h : null;
    }

    /** Focuses the shown taxpayer's table, else the switcher's search field. */
    public void focusContent() {
        HistoryView h = shownHistory();
        if (h != null) {
            h.table().requestFocus();
        } else if (vm.taxpayerListShownProperty().get()) {
            switcher.search().requestFocus();
        } else {
            content.requestFocus();
        }
    }

    private Node connecting(TaxpayerEntry e) {
        ProgressIndicator p = new ProgressIndicator();
        p.setId("connecting-progress");
        p.setPrefSize(32, 32);
        Label l = new Label(i18n.get("main.taxpayer.connecting", e.label()));
        l.setId("connecting");
        VBox box = new VBox(10, p, l);
        box.setAlignment(Pos.CENTER);
        // a taxpayer whose login ends within a moment goes straight to its history, with no
        // "Logging in for …" flashed between the two screens
        ReadOnlyBooleanProperty saying = AfterAMoment.fromNow();
        p.visibleProperty().bind(saying);
        l.visibleProperty().bind(saying);
        return box;
    }

    private Node failed(TaxpayerEntry e) {
        Label heading = new Label(i18n.get("main.taxpayer.failed", e.label()));
        heading.getStyleClass().add("heading");
        Label msg = new WrappingLabel();
        msg.setId("taxpayer-failure");
        msg.getStyleClass().add("error-text");
        msg.textProperty().bind(e.failureText());
        Label detail = new WrappingLabel();
        detail.textProperty().bind(e.failureDetail());
        Bidi.ownDirection(detail, i18n.orientationProperty());
        detail.setId("taxpayer-failure-detail");
        detail.getStyleClass().add("muted");
        Button retry = new Button();
        retry.setId("taxpayer-retry");
        retry.textProperty().bind(i18n.text("main.taxpayer.retry"));
        retry.setOnAction(x -> vm.retry(e));
        VBox box = new VBox(10, heading, msg, detail, retry);
        box.setId("taxpayer-failed");
        box.setAlignment(Pos.CENTER);
        box.setMaxWidth(520);
        box.setPadding(new Insets(24));
        return box;
    }

    /** A menu item named in the UI's language, with an id (null for none). */
    static MenuItem item(I18n i18n, String key, String id) {
        MenuItem m = new MenuItem();
        m.textProperty().bind(i18n.text(key));
        m.setId(id);
        return m;
    }
}
