package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.ui.i18n.AppLanguage;
import javafx.scene.Node;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;

/**
 * A taxpayer's notification screen on a laptop's 1366×768, in both languages: a chosen row's detail
 * shows the notification's ID whole, and Esc lets the choice go.
 */
class NotificationScreenLaptopFxTest extends FxSandboxTestBase {

    @Override
    protected SandboxConfig sandboxConfig() {
        return SandboxConfig.builder().notificationsPerTaxpayer(60).build();
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

    private void aChosenRowsIdShowsWholeAndEscLetsTheChoiceGo() throws Exception {
        waitUntil("the table", () -> visible("#history-table"));
        TableView<?> table = lookup("#history-table").query();
        assertThat(fx(() -> lookup("#history-split").<javafx.scene.control.SplitPane>query()))
                .extracting(sp -> fx(() -> sp.getItems().size()))
                .as("no detail pane until a row is chosen")
                .isEqualTo(1);
        Node firstRow = fx(() -> table.lookup(".table-row-cell"));
        clickOn(firstRow);
        waitUntil(
                "the row's detail",
                () ->
                        fx(
                                        () ->
                                                flow.mainViewModel()
                                                                .current()
                                                                .history()
                                                                .table()
                                                                .selectedProperty()
                                                                .get()
                                                        != null)
                                && !text("#detail-id").isBlank());
        waitForPulses(3);

        // the ID whole: the field at least as wide as its text
        TextField id = lookup("#detail-id").query();
        String shownId =
                fx(() -> flow.mainViewModel().current().history().table().selectedProperty().get())
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
        app.ishaar.ui.settings.Screenshots.take(
                flow.mainStage(),
                fx(() -> ctx.i18n().language()) == AppLanguage.ARABIC
                        ? "taxpayer-screen-ar.png"
                        : "taxpayer-screen-en.png");

        onFx(table::requestFocus);
        press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        waitUntil(
                "Esc: the choice let go",
                () ->
                        fx(
                                        () ->
                                                flow.mainViewModel()
                                                        .current()
                                                        .history()
                                                        .table()
                                                        .selectedProperty()
                                                        .get())
                                == null);
    }

    @Test
    void inEnglishTheDetailShowsTheIdWhole() throws Exception {
        onALaptop(AppLanguage.ENGLISH);
        aChosenRowsIdShowsWholeAndEscLetsTheChoiceGo();
    }

    @Test
    void inArabicTheDetailShowsTheIdWhole() throws Exception {
        onALaptop(AppLanguage.ARABIC);
        aChosenRowsIdShowsWholeAndEscLetsTheChoiceGo();
    }
}
