package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.ui.i18n.AppLanguage;
import javafx.scene.Node;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;

/**
 * A taxpayer's notification screen on a laptop's 1366×768, in both languages: the table has the
 * whole width until a row is chosen; the detail pane then takes its room from the table, shows the
 * notification's ID whole, and goes with Esc, giving the room back.
 */
class NotificationScreenLaptopFxTest extends FxSandboxTestBase {

    @Override
    protected SandboxConfig sandboxConfig() {
        return SandboxConfig.builder().notificationsPerTaxpayer(60).build();
    }

    private SplitPane split() {
        return lookup("#history-split").query();
    }

    private int splitParts() {
        return fx(() -> split().getItems().size());
    }

    private double tableWidth() {
        return fx(() -> lookup("#history-table").query().getLayoutBounds().getWidth());
    }

    private void onALaptop(AppLanguage language) {
        waitForDemoAccounts();
        logInAsDemo("erp-nile-trading");
        onFx(
                () -> {
                    flow.mainStage().setWidth(1366);
                    flow.mainStage().setHeight(768);
                    ctx.i18n().languageProperty().set(language);
                });
        waitForPulses(3);
        assertThat(fx(() -> flow.mainStage().getWidth())).isEqualTo(1366);
    }

    private void theDetailPaneComesWithAChosenRowAndGoesWithEsc() {
        waitUntil("the table", () -> visible("#history-table"));
        assertThat(splitParts()).as("no detail pane until a row is chosen").isEqualTo(1);
        double alone = tableWidth();

        TableView<?> table = lookup("#history-table").query();
        Node firstRow = fx(() -> table.lookup(".table-row-cell"));
        clickOn(firstRow);
        waitUntil("the detail pane, beside the table", () -> splitParts() == 2);
        waitForPulses(3);
        assertThat(tableWidth()).as("its room taken from the table").isLessThan(alone);

        // the ID whole: the field at least as wide as its text
        TextField id = lookup("#detail-id").query();
        String shownId =
                fx(() -> flow.mainViewModel().current().history().selectedProperty().get())
                        .notificationId();
        String idText = fx(() -> id.getText());
        assertThat(idText).isEqualTo(shownId);
        double needed =
                fx(
                        () -> {
                            Text t = new Text(id.getText());
                            t.setFont(id.getFont());
                            return t.getLayoutBounds().getWidth()
                                    + id.snappedLeftInset()
                                    + id.snappedRightInset();
                        });
        assertThat((double) fx(() -> id.getWidth()))
                .as("the detail's ID shown whole")
                .isGreaterThanOrEqualTo(needed);

        onFx(table::requestFocus);
        press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        waitUntil("Esc: the detail pane gone", () -> splitParts() == 1);
        waitForPulses(3);
        assertThat(tableWidth()).as("the table has its room again").isEqualTo(alone);
        assertThat(fx(() -> flow.mainViewModel().current().history().selectedProperty().get()))
                .isNull();
    }

    @Test
    void inEnglishTheDetailPaneShowsOnlyForAChosenRow() {
        onALaptop(AppLanguage.ENGLISH);
        theDetailPaneComesWithAChosenRowAndGoesWithEsc();
    }

    @Test
    void inArabicTheDetailPaneShowsOnlyForAChosenRow() {
        onALaptop(AppLanguage.ARABIC);
        theDetailPaneComesWithAChosenRowAndGoesWithEsc();
    }
}
