package app.ishaar.ui.main;

import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.app.Shortcut;
import app.ishaar.ui.controls.FocusParts;
import app.ishaar.ui.fx.AfterLayout;
import app.ishaar.ui.fx.Nodes;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.help.HelpView;
import app.ishaar.ui.help.HelpViewModel;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.notifications.HistoryView;
import app.ishaar.ui.settings.SettingsView;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import java.util.ArrayList;
import java.util.List;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.event.ActionEvent;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * The main window: menu ({@link MainMenu}), header (taxpayer, environment badge, session time) and
 * the session-ended banner ({@link WindowHeader}), the taxpayer switcher (Ctrl+T, {@link
 * SwitcherView}) and the represented taxpayer's screen ({@link TaxpayerScreens}). Binds to {@link
 * MainWindowViewModel} only.
 */
public final class MainWindowView {

    private final MainWindowViewModel vm;
    private final I18n i18n;
    private final SceneFactory scenes;
    private final Runnable onQuit;
    private final BorderPane root = new BorderPane();
    private final TaxpayerScreens screens;
    private final SwitcherView switcher;

    /**
     * The window's preferred size: the least it opens at on the first run (see {@code
     * WindowPlacement}).
     */
    public static final double PREF_WIDTH = 1100;

    public static final double PREF_HEIGHT = 700;

    private final Timeline ticker;

    private final AllTaxpayersHost all;

    public MainWindowView(MainWindowViewModel vm, I18n i18n, SceneFactory scenes, Runnable onQuit) {
        this.vm = vm;
        this.i18n = i18n;
        this.scenes = scenes;
        this.onQuit = onQuit;
        root.setId("main-view");
        screens = new TaxpayerScreens(vm, i18n, scenes);
        this.all = new AllTaxpayersHost(vm, i18n, scenes);
        screens.hostAll(this.all);
        root.setTop(
                new VBox(
                        MainMenu.create(vm, i18n, scenes, this, onQuit),
                        WindowHeader.header(vm, i18n),
                        WindowHeader.banner(vm, i18n, root),
                        OfflineBanner.create(vm, i18n)));
        switcher = new SwitcherView(vm, vm.listSync(), i18n);
        Node switcherRoot = switcher.root();
        // the taxpayer list comes and goes with View → Taxpayer list; the keyboard leaves it for
        // the table
        Runnable placeSwitcher =
                () -> {
                    boolean shown = vm.settings().taxpayerListShownProperty().get();
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
        vm.settings().taxpayerListShownProperty().addListener((o, a, b) -> placeSwitcher.run());
        placeSwitcher.run();
        root.setCenter(screens.content());
        root.setPrefSize(PREF_WIDTH, PREF_HEIGHT);
        root.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (Shortcut.SWITCH_TAXPAYER.matches(e)) {
                        openSwitcher();
                        e.consume();
                    } else if (Shortcut.FIND.matches(e) && screens.allShown()) {
                        // from anywhere in the window, the taxpayer list included
                        this.all.view().focusSearch();
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
        vm.currentProperty().addListener((o, a, b) -> screens.showCurrent());
        vm.offline().offlineProperty().addListener((o, a, b) -> screens.showCurrent());
        vm.allShownProperty()
                .addListener(
                        (o, a, shown) -> {
                            screens.showCurrent();
                            if (shown) {
                                keysToAllTaxpayers(switcherRoot);
                            }
                        });
        // chosen again while shown: the keyboard goes to its table all the same
        switcher.allButton()
                .addEventHandler(ActionEvent.ACTION, e -> keysToAllTaxpayers(switcherRoot));
        for (TaxpayerEntry e : vm.taxpayers().entries()) {
            watch(e);
        }
        vm.taxpayers()
                .entries()
                .addListener(
                        (javafx.collections.ListChangeListener<TaxpayerEntry>)
                                c -> {
                                    while (c.next()) {
                                        c.getAddedSubList().forEach(this::watch);
                                        c.getRemoved().forEach(screens::forget);
                                    }
                                });
        screens.showCurrent();
        Weak.listen(
                root.getProperties(), (o, a, b) -> screens.showCurrent(), i18n.languageProperty());
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
                                screens.showCurrent();
                            }
                        });
    }

    public Parent root() {
        return root;
    }

    /** All taxpayers on screen, made now if it was not. */
    public HistoryView allTaxpayersView() {
        return all.view();
    }

    private SettingsView settingsView;

    /** View → Settings… (Ctrl+,): the one settings dialog, brought to the front if already open. */
    public SettingsView openSettings() {
        if (settingsView == null || !settingsView.stage().isShowing()) {
            settingsView =
                    new SettingsView(
                            vm.settings().dialog(scenes.textSize(), scenes.theme()),
                            i18n,
                            scenes,
                            root.getScene() == null ? null : root.getScene().getWindow());
        }
        settingsView.show();
        return settingsView;
    }

    private HelpView help() {
        return new HelpView(
                new HelpViewModel(i18n, vm.settings().file()),
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
                new HelpViewModel(i18n, vm.settings().file()).diagnostics());
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
        vm.settings().taxpayerListShownProperty().set(true);
        switcher.search().requestFocus();
        switcher.search().selectAll();
    }

    private void watch(TaxpayerEntry e) {
        // (its row in the switcher follows its name and state itself: see SwitcherView)
        e.stateProperty()
                .addListener(
                        (o, a, b) -> {
                            if (vm.current() == e) {
                                screens.showCurrent();
                            }
                        });
    }

    /**
     * Keeps the screens of this many taxpayers instead of {@link TaxpayerScreens#KEPT_SCREENS}
     * (tests).
     */
    public void keepScreens(int n) {
        screens.keepScreens(n);
    }

    /**
     * The parts of the window F6 moves among: the taxpayer list while it shows, then the shown
     * taxpayer's screen's.
     */
    private List<FocusParts.Part> focusParts() {
        List<FocusParts.Part> parts = new ArrayList<>();
        if (vm.settings().taxpayerListShownProperty().get() && root.getLeft() != null) {
            parts.add(new FocusParts.Part(root.getLeft(), switcher.keyboardPlace()));
        }
        HistoryView h = screens.shownHistory();
        if (h != null) {
            parts.addAll(h.focusParts());
        } else if (screens.allShown()) {
            parts.addAll(this.all.view().focusParts());
        }
        return parts;
    }

    /**
     * All taxpayers chosen: the keyboard to its table, at once and again once the window is laid
     * out, should the button that chose it have kept the keyboard (it takes it when pressed) or the
     * table not be shown yet.
     */
    private void keysToAllTaxpayers(Node switcherRoot) {
        Node table = this.all.view().table();
        table.requestFocus();
        if (root.getScene() != null) {
            AfterLayout.next(
                    root.getScene(),
                    () -> {
                        Node owner = root.getScene().getFocusOwner();
                        if (screens.allShown()
                                && (owner == null || Nodes.isInside(owner, switcherRoot))) {
                            table.requestFocus();
                        }
                    });
        }
    }

    /** Focuses the shown taxpayer's table, else the switcher's search field. */
    public void focusContent() {
        HistoryView h = screens.shownHistory();
        if (h != null) {
            h.table().requestFocus();
        } else if (screens.allShown()) {
            this.all.view().table().requestFocus();
        } else if (vm.settings().taxpayerListShownProperty().get()) {
            switcher.search().requestFocus();
        } else {
            screens.content().requestFocus();
        }
    }
}
