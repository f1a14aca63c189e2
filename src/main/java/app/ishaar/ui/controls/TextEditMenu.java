package app.ishaar.ui.controls;

import app.ishaar.ui.fx.MenuKeys;
import app.ishaar.ui.i18n.I18n;
import javafx.event.EventTarget;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.PasswordField;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;

/**
 * The edit menu (Undo … Select All) of every text field of a scene, in the UI's language.
 *
 * <p>JavaFX's own menu takes its words from JavaFX's bundles, which have no Arabic and follow the
 * JVM's locale rather than the UI's: in the Arabic UI it spoke English (or the system's language).
 * This one is made on the first request in a scene (nothing at start-up: JavaFX's menu is still
 * made with every field's skin, and simply never shown), and filled for the field it opens on as
 * JavaFX fills its own: Undo, Redo, Cut, Copy, Paste, Delete, Select All for an editable field;
 * Copy and Select All for a read-only one; a password field never gives its text to the clipboard.
 * It shows the keys that do the same in the field, opens at the pointer (towards the start of the
 * line: to the left in English, to the right in Arabic), and under the field when asked for with
 * the keyboard (the menu key, Shift+F10: {@link MenuKeys}); see {@link ContextMenus}. A field with
 * a menu or a handler of its own keeps it.
 */
public final class TextEditMenu {

    /** The style class of the menu, so tests and style sheets can tell it from others. */
    public static final String STYLE_CLASS = "text-edit-menu";

    private final I18n i18n;
    private ContextMenu menu;
    private MenuItem undo;
    private MenuItem redo;
    private MenuItem cut;
    private MenuItem copy;
    private MenuItem paste;
    private MenuItem delete;
    private MenuItem selectAll;
    private SeparatorMenuItem separator;

    /** The field the open menu acts on; released when the menu closes. */
    private TextInputControl field;

    private TextEditMenu(I18n i18n) {
        this.i18n = i18n;
    }

    /** Gives every text field of the scene, now and later, this menu instead of JavaFX's. */
    public static void install(Scene scene, I18n i18n) {
        TextEditMenu edit = new TextEditMenu(i18n);
        // a filter: JavaFX's behaviour handles (and consumes) the request on the field itself
        scene.addEventFilter(ContextMenuEvent.CONTEXT_MENU_REQUESTED, edit::requested);
    }

    private void requested(ContextMenuEvent e) {
        TextInputControl target = fieldOf(e.getTarget());
        if (target == null
                || target.isDisabled()
                || target.getContextMenu() != null
                || target.getOnContextMenuRequested() != null) {
            return;
        }
        e.consume();
        if (menu == null) {
            make();
        }
        if (menu.isShowing()) {
            menu.hide();
        }
        field = target;
        fill(target);
        // the menu speaks the UI's language, so it opens in the UI's direction, also from a field
        // that reads left to right in Arabic (IDs, secrets)
        if (e.isKeyboardTrigger()) {
            ContextMenus.openUnder(menu, target, target);
        } else {
            ContextMenus.openAt(menu, target, e.getScreenX(), e.getScreenY());
        }
    }

    /**
     * The text field the event is for: its target or the nearest field holding it (the target may
     * be the field's text).
     */
    private static TextInputControl fieldOf(EventTarget target) {
        for (Node n = target instanceof Node node ? node : null; n != null; n = n.getParent()) {
            if (n instanceof TextInputControl t) {
                return t;
            }
        }
        return null;
    }

    private void make() {
        undo =
                item(
                        "textMenu.undo",
                        new KeyCodeCombination(KeyCode.Z, KeyCombination.SHORTCUT_DOWN),
                        () -> field.undo());
        // the keys JavaFX's text fields redo with: Ctrl+Y on Windows, Shift with the undo keys
        // elsewhere
        KeyCombination redoKeys =
                MenuKeys.WINDOWS
                        ? new KeyCodeCombination(KeyCode.Y, KeyCombination.SHORTCUT_DOWN)
                        : new KeyCodeCombination(
                                KeyCode.Z, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);
        redo = item("textMenu.redo", redoKeys, () -> field.redo());
        cut =
                item(
                        "textMenu.cut",
                        new KeyCodeCombination(KeyCode.X, KeyCombination.SHORTCUT_DOWN),
                        () -> field.cut());
        copy =
                item(
                        "textMenu.copy",
                        new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN),
                        () -> field.copy());
        paste =
                item(
                        "textMenu.paste",
                        new KeyCodeCombination(KeyCode.V, KeyCombination.SHORTCUT_DOWN),
                        () -> field.paste());
        delete =
                item(
                        "textMenu.delete",
                        new KeyCodeCombination(KeyCode.DELETE),
                        () -> field.replaceSelection(""));
        selectAll =
                item(
                        "textMenu.selectAll",
                        new KeyCodeCombination(KeyCode.A, KeyCombination.SHORTCUT_DOWN),
                        () -> field.selectAll());
        separator = new SeparatorMenuItem();
        menu = new ContextMenu();
        menu.getStyleClass().add(STYLE_CLASS);
        menu.setOnHidden(e -> field = null);
    }

    /**
     * An item acting on the field the menu is open for. Its keys are shown, not bound: the menu is
     * no control's own, so JavaFX does not add them to the scene, and the field handles them
     * itself.
     */
    private MenuItem item(String key, KeyCombination keys, Runnable action) {
        MenuItem item = new MenuItem();
        item.textProperty().bind(i18n.text(key));
        item.setAccelerator(keys);
        item.setOnAction(
                e -> {
                    if (field != null) {
                        action.run();
                    }
                });
        return item;
    }

    private void fill(TextInputControl target) {
        boolean masked = target instanceof PasswordField;
        boolean selected = target.getSelection().getLength() > 0;
        if (target.isEditable()) {
            menu.getItems().setAll(undo, redo, cut, copy, paste, delete, separator, selectAll);
        } else {
            menu.getItems().setAll(copy, separator, selectAll);
        }
        undo.setDisable(!target.isUndoable());
        redo.setDisable(!target.isRedoable());
        cut.setDisable(masked || !selected);
        copy.setDisable(masked || !selected);
        paste.setDisable(!Clipboard.getSystemClipboard().hasString());
        delete.setDisable(!selected);
        selectAll.setDisable(
                target.getLength() == 0 || target.getSelection().getLength() == target.getLength());
    }
}
