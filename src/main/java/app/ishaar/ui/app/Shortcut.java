package app.ishaar.ui.app;

import static javafx.scene.input.KeyCombination.ALT_DOWN;
import static javafx.scene.input.KeyCombination.CONTROL_ANY;
import static javafx.scene.input.KeyCombination.META_ANY;
import static javafx.scene.input.KeyCombination.SHIFT_ANY;
import static javafx.scene.input.KeyCombination.SHIFT_DOWN;
import static javafx.scene.input.KeyCombination.SHORTCUT_DOWN;

import java.util.Arrays;
import java.util.List;
import javafx.scene.input.KeyCharacterCombination;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;

/**
 * Every key the app binds, in one table: the views install their bindings from it and Help ›
 * Keyboard shortcuts lists it, so the two cannot disagree. An entry names where it works, what it
 * does (a bundle key: entries side by side that do the same in two directions, such as Page Down
 * and Page Up, share it and make one row of Help), and its keys ("Shortcut" is Ctrl, or Cmd on
 * macOS); any of its keys does it.
 *
 * <p>The edit menu of a text field ({@code TextEditMenu}) shows the keys JavaFX's text fields bind
 * themselves (Ctrl+C, Ctrl+V…): those are the toolkit's, not listed here.
 */
public enum Shortcut {
    /** Enter does what the dialog's default button does (Log in). */
    CONFIRM(Scope.LOGIN, "help.shortcut.login", new KeyCodeCombination(KeyCode.ENTER)),
    CANCEL(Scope.LOGIN, "help.shortcut.cancel", new KeyCodeCombination(KeyCode.ESCAPE)),

    SWITCH_TAXPAYER(
            Scope.MAIN, "help.shortcut.switch", new KeyCodeCombination(KeyCode.T, SHORTCUT_DOWN)),
    TAXPAYER_LIST(
            Scope.MAIN,
            "help.shortcut.taxpayerList",
            new KeyCodeCombination(KeyCode.B, SHORTCUT_DOWN)),
    RENAME(Scope.MAIN, "help.shortcut.rename", new KeyCodeCombination(KeyCode.F2)),
    REMOVE(Scope.MAIN, "help.shortcut.remove", new KeyCodeCombination(KeyCode.DELETE)),
    /**
     * Undo: in the taxpayer list, the taxpayer removed last comes back; in the notification table,
     * the last mark or assignment is undone.
     */
    UNDO_REMOVE(
            Scope.MAIN,
            "help.shortcut.undoRemove",
            new KeyCodeCombination(KeyCode.Z, SHORTCUT_DOWN)),

    /** F6: the next part of the window (FocusParts). */
    NEXT_PART(Scope.MAIN, "help.shortcut.parts", new KeyCodeCombination(KeyCode.F6)),
    PREVIOUS_PART(
            Scope.MAIN, "help.shortcut.parts", new KeyCodeCombination(KeyCode.F6, SHIFT_DOWN)),
    /**
     * The screen's search or filters: All taxpayers' search field, a taxpayer's history's filters;
     * one key, listed once.
     */
    FIND(Scope.MAIN, "help.shortcut.find", new KeyCodeCombination(KeyCode.F, SHORTCUT_DOWN)),
    APPLY_FILTERS(Scope.MAIN, "help.shortcut.apply", new KeyCodeCombination(KeyCode.ENTER)),
    REFRESH(Scope.MAIN, "help.shortcut.refresh", new KeyCodeCombination(KeyCode.F5)),
    PAGE_ON(Scope.MAIN, "help.shortcut.pages", new KeyCodeCombination(KeyCode.PAGE_DOWN)),
    PAGE_BACK(Scope.MAIN, "help.shortcut.pages", new KeyCodeCombination(KeyCode.PAGE_UP)),

    /**
     * Alt with an arrow pages in the reading direction: in Arabic, left is forward (other modifiers
     * held too do not stop it).
     */
    PAGE_BY_ARROW(
            Scope.MAIN,
            "help.shortcut.pagesAlt",
            new KeyCodeCombination(KeyCode.LEFT, ALT_DOWN, SHIFT_ANY, CONTROL_ANY, META_ANY),
            new KeyCodeCombination(KeyCode.RIGHT, ALT_DOWN, SHIFT_ANY, CONTROL_ANY, META_ANY)),
    COPY_ROWS(
            Scope.MAIN, "help.shortcut.copyRow", new KeyCodeCombination(KeyCode.C, SHORTCUT_DOWN)),
    EXPORT(Scope.MAIN, "help.shortcut.export", new KeyCodeCombination(KeyCode.E, SHORTCUT_DOWN)),

    /** Shows or hides the history's detail pane, as its Details button does. */
    DETAILS(Scope.MAIN, "help.shortcut.details", new KeyCodeCombination(KeyCode.I, SHORTCUT_DOWN)),
    SUMMARY(
            Scope.MAIN,
            "help.shortcut.summary",
            new KeyCodeCombination(KeyCode.S, SHORTCUT_DOWN, SHIFT_DOWN)),

    /** The selected notifications handled, or (with Shift) to handle again. */
    MARK_HANDLED(
            Scope.MAIN, "help.shortcut.handled", new KeyCodeCombination(KeyCode.D, SHORTCUT_DOWN)),
    MARK_TO_HANDLE(
            Scope.MAIN,
            "help.shortcut.handled",
            new KeyCodeCombination(KeyCode.D, SHORTCUT_DOWN, SHIFT_DOWN)),
    /** Assigns the selected notifications (to the user, or to the name typed). */
    ASSIGN(
            Scope.MAIN,
            "help.shortcut.assign",
            new KeyCodeCombination(KeyCode.A, SHORTCUT_DOWN, SHIFT_DOWN)),
    /** To the note field of the detail, which Ctrl+Enter records. */
    NOTE(
            Scope.MAIN,
            "help.shortcut.note",
            new KeyCodeCombination(KeyCode.N, SHORTCUT_DOWN, SHIFT_DOWN)),
    ADD_NOTE(
            Scope.MAIN,
            "help.shortcut.addNote",
            new KeyCodeCombination(KeyCode.ENTER, SHORTCUT_DOWN)),

    /** The focused node's menu, on every platform (MenuKeys). */
    CONTEXT_MENU(
            Scope.MAIN,
            "help.shortcut.menu",
            new KeyCodeCombination(KeyCode.F10, SHIFT_DOWN),
            new KeyCodeCombination(KeyCode.CONTEXT_MENU)),

    /**
     * Shortcut with + (Shift or not: on most layouts + is Shift with =; the number pad's works too,
     * see SceneFactory).
     */
    LARGER_TEXT(
            Scope.MAIN,
            "help.shortcut.textSize",
            new KeyCharacterCombination("+", SHORTCUT_DOWN, SHIFT_ANY)),
    SMALLER_TEXT(
            Scope.MAIN,
            "help.shortcut.textSize",
            new KeyCodeCombination(KeyCode.MINUS, SHORTCUT_DOWN)),
    NORMAL_TEXT(
            Scope.MAIN,
            "help.shortcut.normalText",
            new KeyCodeCombination(KeyCode.DIGIT0, SHORTCUT_DOWN)),
    SETTINGS(
            Scope.MAIN,
            "help.shortcut.settings",
            new KeyCodeCombination(KeyCode.COMMA, SHORTCUT_DOWN)),
    HELP(Scope.MAIN, "help.shortcut.help", new KeyCodeCombination(KeyCode.F1)),
    QUIT(Scope.MAIN, "help.shortcut.quit", new KeyCodeCombination(KeyCode.Q, SHORTCUT_DOWN));

    /** Where a shortcut works: a window (a bundle key for Help's heading of its group). */
    public enum Scope {
        LOGIN("help.shortcuts.login"),
        MAIN("help.shortcuts.main");

        private final String titleKey;

        Scope(String titleKey) {
            this.titleKey = titleKey;
        }

        public String titleKey() {
            return titleKey;
        }
    }

    private final Scope scope;
    private final String whatKey;
    private final List<KeyCombination> keys;

    Shortcut(Scope scope, String whatKey, KeyCombination... keys) {
        this.scope = scope;
        this.whatKey = whatKey;
        this.keys = List.of(keys);
    }

    public Scope scope() {
        return scope;
    }

    /** What it does: a bundle key. */
    public String whatKey() {
        return whatKey;
    }

    /** Its keys, the first the one a menu item or a tooltip names. */
    public List<KeyCombination> keys() {
        return keys;
    }

    /** The first of its keys. */
    public KeyCombination key() {
        return keys.get(0);
    }

    /** Whether the key event is one of its keys. */
    public boolean matches(KeyEvent e) {
        for (KeyCombination k : keys) {
            if (k.match(e)) {
                return true;
            }
        }
        return false;
    }

    /** The key that does it, as the platform names it ("Ctrl+T", "⌘T"). */
    public String displayText() {
        return key().getDisplayText();
    }

    /** The shortcuts that work in one window, in the table's order. */
    public static List<Shortcut> in(Scope scope) {
        return Arrays.stream(values()).filter(s -> s.scope == scope).toList();
    }
}
