package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import app.ishaar.core.model.Notification;
import app.ishaar.ui.controls.TextEditMenu;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.geometry.NodeOrientation;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;

/**
 * The edit menu of the app's text fields: in the UI's language (JavaFX's own has no Arabic), laid
 * out and opened in the UI's direction, and doing what it says, a password field's text never
 * reaching the clipboard.
 */
class TextEditMenuFxTest extends FxSandboxTestBase {

    private static final List<String> EDITABLE_EN =
            List.of("Undo", "Redo", "Cut", "Copy", "Paste", "Delete", "Select All");
    private static final List<String> EDITABLE_AR =
            List.of("تراجع", "إعادة", "قص", "نسخ", "لصق", "حذف", "تحديد الكل");

    /** The edit menu on screen, or null. */
    private static ContextMenu openMenu() {
        return Window.getWindows().stream()
                .filter(
                        w ->
                                w instanceof ContextMenu m
                                        && m.isShowing()
                                        && m.getStyleClass().contains(TextEditMenu.STYLE_CLASS))
                .map(w -> (ContextMenu) w)
                .findFirst()
                .orElse(null);
    }

    private static List<String> itemTexts(ContextMenu menu) {
        return menu.getItems().stream()
                .filter(i -> !(i instanceof SeparatorMenuItem))
                .map(MenuItem::getText)
                .toList();
    }

    private static List<String> enabledTexts(ContextMenu menu) {
        return menu.getItems().stream()
                .filter(i -> !(i instanceof SeparatorMenuItem) && !i.isDisable())
                .map(MenuItem::getText)
                .toList();
    }

    /**
     * Right-clicks the field, and waits for the edit menu; returns where the pointer was. The robot
     * presses the secondary button on the field (which focuses it); headless Monocle sends no menu
     * request for it, so the request the platform sends then (JavaFX's {@code Scene} fires it at
     * the node under the pointer: the field's text, when there is some) is fired here.
     */
    private Point2D rightClick(String query) {
        Point2D at =
                fx(
                        () -> {
                            Node n = lookup(query).query();
                            Bounds b = n.localToScreen(n.getLayoutBounds());
                            return new Point2D(b.getMinX() + b.getWidth() * 0.6, b.getCenterY());
                        });
        moveTo(at);
        clickOn(MouseButton.SECONDARY);
        onFx(
                () -> {
                    Node field = lookup(query).query();
                    Node under = field.lookup(".text") != null ? field.lookup(".text") : field;
                    Point2D local = under.screenToLocal(at);
                    Point2D scene = under.localToScene(local);
                    under.fireEvent(
                            new ContextMenuEvent(
                                    ContextMenuEvent.CONTEXT_MENU_REQUESTED,
                                    scene.getX(),
                                    scene.getY(),
                                    at.getX(),
                                    at.getY(),
                                    false,
                                    null));
                });
        waitUntil("the edit menu opens", () -> openMenu() != null);
        waitForPulses(2);
        return at;
    }

    /** Clicks an item of the open edit menu by its text, and waits for the menu to close. */
    private void choose(String text) {
        clickItem(text);
        waitUntil("the edit menu closes", () -> openMenu() == null);
    }

    private void clickItem(String text) {
        Node item =
                fx(
                        () ->
                                openMenu().getSkin().getNode().lookupAll(".menu-item").stream()
                                        .filter(
                                                n ->
                                                        n.lookup(".label") instanceof Label l
                                                                && text.equals(l.getText()))
                                        .findFirst()
                                        .orElseThrow());
        clickOn(item);
    }

    private static Bounds menuOnScreen() {
        return fx(
                () -> {
                    Node content = openMenu().getSkin().getNode();
                    return content.localToScreen(content.getLayoutBounds());
                });
    }

    private static void putOnClipboard(String text) {
        onFx(
                () -> {
                    ClipboardContent c = new ClipboardContent();
                    c.putString(text);
                    Clipboard.getSystemClipboard().setContent(c);
                });
    }

    private static String clipboard() {
        return fx(() -> Clipboard.getSystemClipboard().getString());
    }

    @Test
    void aRightClickOpensTheEditMenuInTheUiLanguageAndItsItemsAct() {
        waitForDemoAccounts();
        clickOn("#lang-ar");
        paste("#clientId", "erp-nile-trading");
        putOnClipboard("pasted");

        Point2D pointer = rightClick("#clientId");
        ContextMenu menu = fx(TextEditMenuFxTest::openMenu);
        assertThat(fx(() -> itemTexts(menu)))
                .as("the items, in Arabic")
                .containsExactlyElementsOf(EDITABLE_AR);
        assertThat(fx(() -> enabledTexts(menu)))
                .as("nothing is selected, nothing typed: paste and select all only")
                .containsExactly("لصق", "تحديد الكل");
        assertThat(fx(() -> menu.getSkin().getNode().getEffectiveNodeOrientation()))
                .as("laid out right to left")
                .isEqualTo(NodeOrientation.RIGHT_TO_LEFT);
        Bounds shown = menuOnScreen();
        assertThat(shown.getMaxX())
                .as("it opens to the left of the pointer")
                .isCloseTo(pointer.getX(), within(2.0));
        assertThat(shown.getMinY())
                .as("from the pointer down")
                .isCloseTo(pointer.getY(), within(2.0));

        choose("تحديد الكل");
        assertThat(fx(() -> lookup("#clientId").<TextInputControl>query().getSelectedText()))
                .isEqualTo("erp-nile-trading");
        rightClick("#clientId");
        assertThat(fx(() -> enabledTexts(openMenu())))
                .as("with the text selected")
                .containsExactly("قص", "نسخ", "لصق", "حذف");
        choose("نسخ");
        assertThat(clipboard()).isEqualTo("erp-nile-trading");

        rightClick("#clientId");
        choose("لصق");
        assertThat(text("#clientId"))
                .as("the clipboard replaced the selection")
                .isEqualTo("erp-nile-trading");
        putOnClipboard("other");
        onFx(() -> lookup("#clientId").<TextInputControl>query().selectAll());
        rightClick("#clientId");
        choose("لصق");
        assertThat(text("#clientId")).isEqualTo("other");
        rightClick("#clientId");
        assertThat(fx(() -> enabledTexts(openMenu())))
                .as("after a change, undo is offered")
                .contains("تراجع");
        choose("تراجع");
        assertThat(text("#clientId")).isEqualTo("erp-nile-trading");

        clickOn("#lang-en");
        Point2D again = rightClick("#clientId");
        assertThat(fx(() -> itemTexts(openMenu())))
                .as("the items, in English")
                .containsExactlyElementsOf(EDITABLE_EN);
        assertThat(fx(() -> openMenu().getSkin().getNode().getEffectiveNodeOrientation()))
                .isEqualTo(NodeOrientation.LEFT_TO_RIGHT);
        assertThat(menuOnScreen().getMinX())
                .as("it opens to the right of the pointer")
                .isCloseTo(again.getX(), within(2.0));
        press(javafx.scene.input.KeyCode.ESCAPE).release(javafx.scene.input.KeyCode.ESCAPE);
        waitUntil("Esc closes it", () -> openMenu() == null);
    }

    @Test
    void aPasswordFieldsMenuNeverCopiesTheSecretAndFollowsTheUiEvenInItsLeftToRightField() {
        waitForDemoAccounts();
        clickOn("#lang-ar");
        paste("#secret", "s3cret-value");
        onFx(() -> lookup("#secret").<TextInputControl>query().selectAll());
        putOnClipboard("before");

        rightClick("#secret");
        ContextMenu menu = fx(TextEditMenuFxTest::openMenu);
        assertThat(fx(() -> enabledTexts(menu)))
                .as("cut and copy are never offered for a secret")
                .doesNotContain("قص", "نسخ")
                .contains("لصق", "حذف");
        // the secret reads left to right in either language; its menu still speaks the UI's
        // language in its direction
        assertThat(fx(() -> menu.getSkin().getNode().getEffectiveNodeOrientation()))
                .isEqualTo(NodeOrientation.RIGHT_TO_LEFT);
        clickItem("نسخ");
        waitForPulses(2);
        assertThat(clipboard())
                .as("a click on the disabled Copy copies nothing")
                .isEqualTo("before");
        assertThat(fx(TextEditMenuFxTest::openMenu)).as("and leaves the menu open").isNotNull();
        press(javafx.scene.input.KeyCode.ESCAPE).release(javafx.scene.input.KeyCode.ESCAPE);
        waitUntil("Esc closes it", () -> openMenu() == null);

        rightClick("#secret");
        choose("حذف");
        assertThat(text("#secret")).as("Delete removed the selected secret").isEmpty();
    }

    @Test
    void shiftF10OrTheMenuKeyOpensTheMenuUnderTheFieldAtItsStartEdge() {
        waitForDemoAccounts();
        for (String lang : new String[] {"#lang-ar", "#lang-en"}) {
            clickOn(lang);
            clickOn("#clientId");
            // Shift+F10 in Arabic, the menu key in English (JavaFX on Linux sends no request for
            // them: the app asks itself)
            if (lang.equals("#lang-ar")) {
                press(KeyCode.SHIFT, KeyCode.F10).release(KeyCode.F10, KeyCode.SHIFT);
            } else {
                press(KeyCode.CONTEXT_MENU).release(KeyCode.CONTEXT_MENU);
            }
            waitUntil("the edit menu opens", () -> openMenu() != null);
            waitForPulses(2);
            Bounds field =
                    fx(
                            () ->
                                    lookup("#clientId")
                                            .query()
                                            .localToScreen(
                                                    lookup("#clientId").query().getLayoutBounds()));
            Bounds menu = menuOnScreen();
            assertThat(menu.getMinY())
                    .as("%s: under the field", lang)
                    .isCloseTo(field.getMaxY(), within(2.0));
            if (lang.equals("#lang-ar")) {
                assertThat(menu.getMaxX())
                        .as("Arabic: from the field's right edge")
                        .isCloseTo(field.getMaxX(), within(2.0));
            } else {
                assertThat(menu.getMinX())
                        .as("English: from the field's left edge")
                        .isCloseTo(field.getMinX(), within(2.0));
            }
            onFx(() -> openMenu().hide());
            waitUntil("closed", () -> openMenu() == null);
        }
    }

    @Test
    void aReadOnlyFieldOffersCopyAndSelectAllOnly() {
        waitForDemoAccounts();
        logInAsDemo("erp-nile-trading");
        Notification chosen =
                fx(() -> flow.mainViewModel().current().history().table().rows().get(0));
        onFx(
                () -> {
                    flow.mainViewModel()
                            .current()
                            .history()
                            .layout()
                            .detailVisibleProperty()
                            .set(true);
                    lookup("#history-table")
                            .<TableView<Notification>>query()
                            .getSelectionModel()
                            .select(chosen);
                });
        waitUntil(
                "the detail pane shows the selection",
                () -> visible("#detail-id") && chosen.notificationId().equals(text("#detail-id")));
        waitForPulses(2);

        rightClick("#detail-id");
        assertThat(fx(() -> itemTexts(openMenu()))).containsExactly("Copy", "Select All");
        choose("Select All");
        rightClick("#detail-id");
        choose("Copy");
        assertThat(clipboard()).isEqualTo(chosen.notificationId());
    }
}
