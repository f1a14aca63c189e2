package app.ishaar.ui.history;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.service.Session;
import app.ishaar.ui.common.FxExecutor;
import app.ishaar.ui.common.SceneFactory;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.TableCell;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue #6 for the history screen: walks every visible text of the list, the drill-down, the error
 * banner and the export dialog. In Arabic each one contains Arabic (letters or Arabic-Indic digits)
 * or is data; in English none contains Arabic outside data. Data: IDs, addresses, the message itself,
 * the service's attempt details.
 */
@ExtendWith(ApplicationExtension.class)
class HistorySceneWalkFxTest {
    private static final Pattern ARABIC = Pattern.compile("\\p{IsArabic}");
    /** Not words: digits, punctuation, symbols. */
    private static final Pattern NOT_WORDS = Pattern.compile("[\\s\\p{N}\\p{P}\\p{S}]*");
    /** Nodes (or ancestors) whose text is data, not UI language. */
    private static final Set<String> DATA_IDS = Set.of("detail-id", "detail-address", "detail-message", "address", "attempt-details");

    private static SandboxFixture fixture;
    private static Session session;

    private I18n i18n;
    private HistoryViewModel vm;
    private HistoryView view;

    @BeforeAll
    static void startSandbox() throws Exception {
        fixture = SandboxFixture.start();
        session = fixture.openSession();
    }

    @AfterAll
    static void stopSandbox() {
        session.close();
        fixture.close();
    }

    @Start
    void start(Stage stage) {
        i18n = new I18n(AppLanguage.ARABIC);
        vm = new HistoryViewModel(i18n, FxExecutor.INSTANCE, null, p -> { }, () -> { });
        vm.pager().pageSizeProperty().set(25);
        SceneFactory scenes = new SceneFactory(i18n);
        view = new HistoryView(vm, i18n, scenes);
        scenes.prepare(stage, view.root(), "application.title");
        stage.setWidth(1240);
        stage.setHeight(760);
        stage.show();
        vm.sessionProperty().set(session);
    }

    private static <T> T fx(Callable<T> c) {
        return WaitForAsyncUtils.waitForAsyncFx(10_000, c);
    }

    private static void until(Callable<Boolean> c) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> fx(c));
    }

    private static boolean isData(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n.getId() != null && DATA_IDS.contains(n.getId())) {
                return true;
            }
            if (n instanceof TableCell<?, ?> cell && cell.getTableColumn() != null && DATA_IDS.contains(cell.getTableColumn().getId())) {
                return true;
            }
        }
        return false;
    }

    private static boolean shown(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (!n.isVisible() || n.getOpacity() == 0) {
                return false;
            }
        }
        return true;
    }

    /** Every visible text of every showing window that is not data. */
    private static List<String> uiTexts() {
        return fx(() -> {
            List<String> out = new ArrayList<>();
            for (Window w : Window.getWindows()) {
                if (w.isShowing() && w.getScene() != null) {
                    collect(w.getScene().getRoot(), out);
                }
            }
            return out;
        });
    }

    private static void collect(Node node, List<String> out) {
        if (node instanceof Text t && t.getText() != null && !t.getText().isBlank() && shown(t) && !isData(t)) {
            out.add(t.getText());
        }
        if (node instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                collect(child, out);
            }
        }
    }

    private void showEverything(FxRobot robot) throws Exception {
        until(() -> !vm.loadingProperty().get() && !vm.rows().isEmpty());
        // an Arabic e-mail in the drill-down, a filter chip, the error banner, the export dialog
        robot.interact(() -> {
            vm.filters().channelProperty().set("email");
            vm.filters().apply();
        });
        until(() -> !vm.loadingProperty().get() && vm.rows().stream().allMatch(n -> n.channel().equals("email")));
        robot.interact(() -> vm.rows().stream().filter(n -> n.language().equals("ar") && n.deliveryAttempts().size() > 1).findFirst()
                .or(() -> vm.rows().stream().filter(n -> n.language().equals("ar")).findFirst())
                .ifPresent(n -> view.table().getSelectionModel().select(n)));
        until(() -> vm.selectedProperty().get() != null);
        fixture.sandbox.knobs().fail503Share(1.0);
        try {
            robot.interact(vm::refresh);
            until(() -> vm.errorProperty().get() != null);
        } finally {
            fixture.sandbox.knobs().fail503Share(0);
        }
        robot.clickOn("#history-export");
        until(() -> view.lastExportDialog() != null && view.lastExportDialog().stage().isShowing());
    }

    @Test
    void everyVisibleTextIsArabicInTheArabicUi(FxRobot robot) throws Exception {
        showEverything(robot);
        List<String> texts = uiTexts();
        assertThat(texts).hasSizeGreaterThan(40);
        List<String> notArabic = texts.stream().filter(t -> !ARABIC.matcher(t).find() && !NOT_WORDS.matcher(t).matches()).toList();
        assertThat(notArabic).as("texts of the Arabic UI with no Arabic").isEmpty();
    }

    @Test
    void noArabicOutsideDataInTheEnglishUi(FxRobot robot) throws Exception {
        robot.interact(() -> i18n.languageProperty().set(AppLanguage.ENGLISH));
        showEverything(robot);
        List<String> texts = uiTexts();
        assertThat(texts).hasSizeGreaterThan(40);
        assertThat(texts.stream().filter(t -> ARABIC.matcher(t).find()).toList()).as("Arabic in the English UI").isEmpty();
    }
}
