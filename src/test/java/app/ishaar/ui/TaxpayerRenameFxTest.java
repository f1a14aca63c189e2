package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.ui.fx.Nodes;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import javafx.scene.Node;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;

/**
 * A rename in the taxpayer list while the list lays its rows out anew (the window's sync changes a
 * taxpayer's state and news at any moment): what was typed stays, and so do the keys.
 */
class TaxpayerRenameFxTest extends FxSandboxTestBase {

    private static final String NILE = "204918573";

    private TaxpayerEntry entry(String rin) {
        return fx(
                () ->
                        flow.mainViewModel().taxpayers().entries().stream()
                                .filter(e -> rin.equals(e.rin()))
                                .findFirst()
                                .orElseThrow());
    }

    private ListView<TaxpayerEntry> list() {
        return lookup("#switcher-list").query();
    }

    private boolean editorHasTheKeyboard() {
        Node owner = list().getScene().getFocusOwner();
        return owner instanceof TextField && Nodes.isInside(owner, list());
    }

    @Test
    void aRenameGoesOnWithWhatWasTypedWhenTheListMakesItsRowsAnew() {
        ctx.settings().update(s -> s.withCheckMinutes(0));
        waitForDemoAccounts();
        clickOn("#demo-erp-delta-accounting");
        clickOn("#login-button");
        waitForMainWindow();
        clickOnTaxpayer(NILE);
        type(KeyCode.F2);
        waitUntil("the name is being edited", () -> list().getEditingIndex() >= 0);
        waitUntil("the editor has the keyboard", this::editorHasTheKeyboard);
        FocusTrail trail = fx(() -> new FocusTrail(list().getScene()));
        write("Nile ");
        // every row made again, as a change of any taxpayer's state may make the list do
        onFx(() -> list().refresh());
        waitForPulses(2);
        waitUntil(
                "the rows made again, the edit going on with the keyboard in its editor",
                () -> list().getEditingIndex() >= 0 && editorHasTheKeyboard());
        write("Foods");
        onFx(() -> list().refresh());
        waitForPulses(2);
        waitUntil("the rows made again", () -> editorHasTheKeyboard());
        // the row pushed out of view (rows above it grow as their sync's words change): the
        // list takes the keyboard from the cell it puts aside; the row comes back into view and
        // the keyboard with it
        onFx(() -> list().scrollTo(list().getItems().size() - 1));
        onFx(() -> list().setMaxHeight(40));
        waitForPulses(2);
        try {
            waitUntil("the row back in view, with the keyboard", () -> editorHasTheKeyboard());
        } catch (AssertionError e) {
            throw new AssertionError(
                    e.getMessage()
                            + "; editing "
                            + fx(() -> list().getEditingIndex())
                            + "; the keyboard went:"
                            + fx(trail::moves),
                    e);
        }
        onFx(() -> list().setMaxHeight(Double.MAX_VALUE));
        waitForPulses(2);
        waitUntil("the list whole again", () -> editorHasTheKeyboard());
        write(" Co.");
        type(KeyCode.ENTER);
        try {
            waitUntil("renamed", () -> "Nile Foods Co.".equals(entry(NILE).nameProperty().get()));
        } catch (AssertionError e) {
            throw new AssertionError(
                    e.getMessage()
                            + "; the name is \""
                            + fx(() -> entry(NILE).nameProperty().get())
                            + "\", the editing row "
                            + fx(() -> list().getEditingIndex())
                            + "; the keyboard went:"
                            + fx(trail::moves),
                    e);
        }
        assertThat(fx(() -> list().getEditingIndex())).isEqualTo(-1);
    }
}
