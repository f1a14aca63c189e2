package app.ishaar.ui.app;

import app.ishaar.ui.controls.TextEditMenu;
import app.ishaar.ui.fx.AfterFirstFrame;
import app.ishaar.ui.fx.ArabicLayoutKeys;
import app.ishaar.ui.fx.FxExecutor;
import app.ishaar.ui.fx.GrowToFit;
import app.ishaar.ui.fx.MenuKeys;
import app.ishaar.ui.fx.RequestedSize;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.i18n.I18n;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBoxBase;
import javafx.scene.control.DatePicker;
import javafx.scene.control.skin.DatePickerSkin;
import javafx.scene.image.Image;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

/**
 * The one place that makes scenes and stages (Cryptomator's pattern): each gets the application's
 * style sheet and theme, follows the UI language's direction (right-to-left in Arabic), has Enter
 * do what its default button does, gives its text fields an edit menu in the UI's language ({@link
 * TextEditMenu}), takes shortcuts from the Arabic keyboard layout alone ({@link ArabicLayoutKeys}),
 * and carries the application icons.
 */
public final class SceneFactory {

    public static final String STYLESHEET = "/app/ishaar/ui/ishaar.css";

    private static final int[] ICON_SIZES = {16, 24, 32, 48, 64, 128, 256, 512};

    private final I18n i18n;
    private final TextSize textSize;
    private final Theme theme;

    /**
     * Decoded off the FX thread (eight PNGs up to 512 px took a fifth of the FX thread's start-up),
     * and only once the first window's first frame is drawn: on two cores, decoding them during
     * start-up took that time from the first frame instead. A window shows without its icon for
     * those few frames.
     */
    private final CompletableFuture<List<Image>> icons = new CompletableFuture<>();

    /** Scenes in the light theme. */
    public SceneFactory(I18n i18n, TextSize textSize) {
        this(i18n, textSize, new Theme(null));
    }

    public SceneFactory(I18n i18n, TextSize textSize, Theme theme) {
        this.i18n = i18n;
        this.textSize = textSize;
        this.theme = theme;
        Fonts.loadOnce();
        Runnable decode =
                () -> {
                    Thread t = new Thread(() -> icons.complete(loadIcons()), "ishaar-icons");
                    t.setDaemon(true);
                    t.start();
                };
        if (Platform.isFxApplicationThread()) {
            AfterFirstFrame.run(decode);
        } else {
            decode.run();
        }
    }

    /**
     * JavaFX's DatePicker draws its calendar (month and weekday names, first day of the week,
     * digits) in the JVM's default FORMAT locale. While a picker's calendar is open that locale is
     * the UI's (language and digit style), and the JVM's own comes back when it closes, so nothing
     * else in the process (the in-process sandbox, exports) formats in the UI's language by
     * accident. The one place for every picker of every scene.
     */
    private void followFormatLocaleInPickers(Scene scene) {
        scene.addEventFilter(
                ComboBoxBase.ON_SHOWING,
                e -> {
                    if (e.getTarget() instanceof DatePicker) {
                        if (jvmFormatLocale == null) {
                            jvmFormatLocale = Locale.getDefault(Locale.Category.FORMAT);
                        }
                        Locale.setDefault(Locale.Category.FORMAT, i18n.formatLocale());
                    }
                });
        scene.addEventFilter(
                ComboBoxBase.ON_HIDDEN,
                e -> {
                    if (e.getTarget() instanceof DatePicker && jvmFormatLocale != null) {
                        Locale.setDefault(Locale.Category.FORMAT, jvmFormatLocale);
                        jvmFormatLocale = null;
                    }
                });
    }

    private Locale jvmFormatLocale;

    /**
     * The calendar's arrows (month, then year: back and forward) show no words: they are named for
     * screen readers in the UI's language when a picker's calendar opens, in every scene.
     */
    private void nameCalendarArrowsInPickers(Scene scene) {
        scene.addEventFilter(
                ComboBoxBase.ON_SHOWN,
                e -> {
                    if (e.getTarget() instanceof DatePicker picker
                            && picker.getSkin() instanceof DatePickerSkin skin) {
                        nameCalendarArrows(skin.getPopupContent());
                    }
                });
    }

    /**
     * JavaFX's calendar lays its arrows out in a "month-year-pane": month on its left (start), year
     * on its right (end).
     */
    private void nameCalendarArrows(Node calendar) {
        if (calendar != null && calendar.lookup(".month-year-pane") instanceof BorderPane pane) {
            name(pane.getLeft(), "datePicker.previousMonth", "datePicker.nextMonth");
            name(pane.getRight(), "datePicker.previousYear", "datePicker.nextYear");
        }
    }

    private void name(Node spinner, String backKey, String forwardKey) {
        if (spinner != null) {
            if (spinner.lookup(".left-button") instanceof Button back
                    && !back.accessibleTextProperty().isBound()) {
                back.accessibleTextProperty().bind(i18n.text(backKey));
            }
            if (spinner.lookup(".right-button") instanceof Button forward
                    && !forward.accessibleTextProperty().isBound()) {
                forward.accessibleTextProperty().bind(i18n.text(forwardKey));
            }
        }
    }

    /** The size of the text in every window. */
    public TextSize textSize() {
        return textSize;
    }

    /** The colours of every window. */
    public Theme theme() {
        return theme;
    }

    public Scene createScene(Parent root) {
        Scene scene = new Scene(root);
        scene.getStylesheets().add(SceneFactory.class.getResource(STYLESHEET).toExternalForm());
        scene.nodeOrientationProperty().bind(i18n.orientationProperty());
        ArabicLayoutKeys.install(scene); // first: the scene's other keys see the Latin key
        followFormatLocaleInPickers(scene);
        nameCalendarArrowsInPickers(scene);
        MenuKeys.install(scene, Shortcut.CONTEXT_MENU.keys());
        TextEditMenu.install(scene, i18n);
        followTextSize(scene);
        followTheme(scene.getRoot());
        enterPassesOverToggles(scene);
        return scene;
    }

    private static final KeyCombination ENTER = Shortcut.CONFIRM.key();

    /**
     * Enter does what it does in the dialog around it (its default button, Log in) also while a
     * check box or a radio button has focus, as on Windows, macOS and GTK; Space still ticks or
     * chooses it. JavaFX has Enter tick the box instead: a user who pressed Enter on "Remember on
     * this computer" to log in had it ticked, and stayed in the dialog. A toggle button (the
     * secret's eye, a language) passes Enter on only where something takes it (a default button, or
     * a part marked with {@link #handlesEnter}); elsewhere Enter works it, as Space does (the
     * history's Details). The key goes on from the control's parent, as if the control had not
     * taken it.
     */
    private static void enterPassesOverToggles(Scene scene) {
        scene.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (ENTER.match(e)
                            && e.getTarget() instanceof javafx.scene.control.ButtonBase b
                            && b.getParent() != null
                            && (b instanceof javafx.scene.control.CheckBox
                                    || b instanceof javafx.scene.control.RadioButton
                                    || b instanceof javafx.scene.control.ToggleButton
                                            && (scene.getAccelerators().containsKey(ENTER)
                                                    || handlesEnterAround(b)))) {
                        e.consume();
                        Parent around = b.getParent();
                        javafx.event.Event.fireEvent(around, e.copyFor(around, around));
                    }
                });
    }

    private static final Object HANDLES_ENTER = new Object();

    /**
     * Marks a part of a window that does something with Enter itself (the login form logs in):
     * Enter on a toggle inside it goes to it.
     */
    public static void handlesEnter(Node part) {
        part.getProperties().put(HANDLES_ENTER, Boolean.TRUE);
    }

    private static boolean handlesEnterAround(Node node) {
        for (Node n = node.getParent(); n != null; n = n.getParent()) {
            if (n.hasProperties() && n.getProperties().containsKey(HANDLES_ENTER)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The scene's root carries the dark theme's style class while it is chosen (held by the root,
     * as the text size's).
     */
    private void followTheme(Parent root) {
        javafx.beans.value.ChangeListener<Boolean> apply =
                (o, a, dark) -> {
                    if (!dark) {
                        root.getStyleClass().remove(Theme.DARK_STYLE);
                    } else if (!root.getStyleClass().contains(Theme.DARK_STYLE)) {
                        root.getStyleClass().add(Theme.DARK_STYLE);
                    }
                };
        apply.changed(theme.darkProperty(), null, theme.darkProperty().get());
        Weak.listen(root.getProperties(), apply, theme.darkProperty());
    }

    /**
     * The scene's root carries the text size's step as a style class, now and whenever it changes
     * (held by the root: a closed window's scene is released); the keys that change it work in
     * every window (Shortcut with +, - or 0, also on the number pad): the main window's View menu
     * names them; so does Shortcut with the mouse wheel.
     */
    private void followTextSize(Scene scene) {
        Parent root = scene.getRoot();
        javafx.beans.value.ChangeListener<Number> apply =
                (o, a, step) -> {
                    root.getStyleClass().removeIf(c -> c.startsWith(TextSize.STYLE_PREFIX));
                    String c = TextSize.styleClass(step.intValue());
                    if (c != null) {
                        root.getStyleClass().add(c);
                    }
                };
        apply.changed(textSize.percentProperty(), null, textSize.percentProperty().get());
        Weak.listen(root.getProperties(), apply, textSize.percentProperty());
        scene.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (!e.isShortcutDown()
                            || e.isAltDown()
                            || scene.getAccelerators().keySet().stream()
                                    .anyMatch(k -> k.match(e))) {
                        return; // a menu's accelerator (the main window's View menu) does it once
                    }
                    switch (e.getCode()) {
                        case EQUALS, PLUS, ADD -> textSize.larger();
                        case MINUS, SUBTRACT -> textSize.smaller();
                        case DIGIT0, NUMPAD0 -> textSize.reset();
                        default -> {
                            return;
                        }
                    }
                    e.consume();
                });
        // Ctrl (Cmd) and the mouse wheel: a step a notch (40 pixels of scrolling, as a wheel's
        // notch comes; a touchpad's many small scrolls add up to it)
        double[] scrolled = {0};
        scene.addEventFilter(
                ScrollEvent.SCROLL,
                e -> {
                    if (!e.isShortcutDown()
                            || e.isAltDown()
                            || e.isInertia()
                            || e.getDeltaY() == 0) {
                        scrolled[0] = 0;
                        return;
                    }
                    scrolled[0] += e.getDeltaY();
                    while (Math.abs(scrolled[0]) >= WHEEL_NOTCH) {
                        if (scrolled[0] > 0) {
                            textSize.larger();
                        } else {
                            textSize.smaller();
                        }
                        scrolled[0] -= Math.signum(scrolled[0]) * WHEEL_NOTCH;
                    }
                    e.consume(); // not a scroll of the table under the pointer
                });
    }

    /** JavaFX's scroll of one notch of a mouse wheel, in pixels. */
    private static final double WHEEL_NOTCH = 40;

    /**
     * Titles the stage through the bundles, gives it the icons (as soon as they are decoded), and
     * sets the scene.
     */
    public Stage prepare(Stage stage, Parent root, String titleKey) {
        stage.setScene(createScene(root));
        stage.titleProperty().bind(i18n.text(titleKey));
        // At once when the icons are decoded already (FxExecutor runs inline on the FX thread),
        // else when they are.
        icons.thenAcceptAsync(list -> stage.getIcons().setAll(list), FxExecutor.INSTANCE);
        return stage;
    }

    /**
     * {@link #prepare} for a window sized by its scene (a dialog), which also gets that size again
     * as it shows ({@link RequestedSize}), and grows with its content ({@link GrowToFit}).
     */
    public Stage prepareDialog(Stage stage, Parent root, String titleKey) {
        prepare(stage, root, titleKey);
        RequestedSize.sizeToSceneOnShow(stage);
        GrowToFit.install(stage);
        refitToTextSize(stage);
        return stage;
    }

    /**
     * A dialog takes the size its content needs at another text size (larger text wraps and cuts
     * less), within its screen; held by its scene's root, as the dialog's stage may get other
     * scenes.
     */
    private void refitToTextSize(Stage stage) {
        Scene scene = stage.getScene();
        Weak.<Number>listen(
                scene.getRoot().getProperties(),
                (o, a, b) -> {
                    if (stage.isShowing()
                            && stage.getScene() == scene
                            && !stage.isMaximized()
                            && !stage.isFullScreen()) {
                        scene.getRoot()
                                .applyCss(); // the root's new style class: the content measured at
                        // the new size
                        WindowPlacement.fitToContent(stage);
                    }
                },
                textSize.percentProperty());
    }

    private static List<Image> loadIcons() {
        List<Image> loaded = new ArrayList<>();
        for (int size : ICON_SIZES) {
            try (InputStream in =
                    SceneFactory.class.getResourceAsStream(
                            "/app/ishaar/icons/ishaar-" + size + ".png")) {
                if (in != null) {
                    loaded.add(new Image(in));
                }
            } catch (java.io.IOException | RuntimeException e) {
                // an icon that cannot be read is left out; the window still opens
            }
        }
        return List.copyOf(loaded);
    }
}
