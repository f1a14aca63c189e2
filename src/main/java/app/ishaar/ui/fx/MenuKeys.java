package app.ishaar.ui.fx;

import java.util.List;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;

/**
 * The menu key and Shift+F10 open the focused node's menu (a text field's edit menu, a table row's
 * menu) everywhere. On Windows the platform asks JavaFX for that menu itself; JavaFX on Linux and
 * macOS does not, so there the scene asks, the way JavaFX does for Windows: a keyboard-triggered
 * menu request fired at the focused node, at a quarter of its width and half its height.
 */
public final class MenuKeys {
    private MenuKeys() {}

    public static final boolean WINDOWS = System.getProperty("os.name", "").startsWith("Windows");

    /**
     * On Linux and macOS, has {@code keys} (the menu key, Shift+F10) open the focused node's menu.
     */
    public static void install(Scene scene, List<KeyCombination> keys) {
        if (WINDOWS) {
            return;
        }
        scene.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    Node focused = scene.getFocusOwner();
                    if (focused != null && keys.stream().anyMatch(k -> k.match(e))) {
                        Bounds b = focused.getLayoutBounds();
                        double x = b.getMinX() + b.getWidth() / 4;
                        double y = b.getMinY() + b.getHeight() / 2;
                        Point2D inScene = focused.localToScene(x, y);
                        Point2D onScreen = focused.localToScreen(x, y);
                        if (inScene != null && onScreen != null) {
                            e.consume();
                            focused.fireEvent(
                                    new ContextMenuEvent(
                                            ContextMenuEvent.CONTEXT_MENU_REQUESTED,
                                            inScene.getX(),
                                            inScene.getY(),
                                            onScreen.getX(),
                                            onScreen.getY(),
                                            true,
                                            null));
                        }
                    }
                });
    }
}
