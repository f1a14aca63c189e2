package app.ishaar.ui.fx;

import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.RadioMenuItem;
import javafx.stage.Window;

/**
 * The menus of choice boxes. JavaFX's choice box skin keeps its menu to itself; the menu is a
 * window the box owns while it is open.
 */
public final class ChoiceMenus {
    private ChoiceMenus() {}

    /** The box's open menu, or null when it is closed. */
    public static ContextMenu openMenu(ChoiceBox<?> box) {
        for (Window w : Window.getWindows()) {
            if (w instanceof ContextMenu menu && menu.isShowing() && menu.getOwnerNode() == box) {
                return menu;
            }
        }
        return null;
    }

    /**
     * Checks the box's chosen item in its menu each time the menu opens. JavaFX's skin makes the
     * menu's items anew when the box's converter changes (which is how a box is relabelled after a
     * change of language) and leaves them all unchecked until the choice itself changes.
     */
    public static void keepChosenChecked(ChoiceBox<?> box) {
        box.addEventHandler(
                ChoiceBox.ON_SHOWN,
                e -> {
                    ContextMenu menu = openMenu(box);
                    int chosen =
                            box.getSelectionModel() == null
                                    ? -1
                                    : box.getSelectionModel().getSelectedIndex();
                    if (menu != null
                            && chosen >= 0
                            && chosen < menu.getItems().size()
                            && menu.getItems().get(chosen) instanceof RadioMenuItem item) {
                        item.setSelected(true);
                    }
                });
    }
}
