package app.ishaar.ui.app;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.ui.fx.OwnStageFxTestBase;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.CheckBox;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Enter in a scene of the {@link SceneFactory}: the default button's action, or that of the part
 * that handles it, while a check box, a radio button or a toggle button has the keyboard (Space
 * still ticks or chooses it); a toggle button where nothing takes Enter is worked by it; a focused
 * plain button still does its own.
 */
class EnterKeyFxTest extends OwnStageFxTestBase {

    private final FxRobot robot = new FxRobot();
    private final AtomicInteger defaults = new AtomicInteger();
    private final AtomicInteger others = new AtomicInteger();
    private CheckBox check;
    private RadioButton radio;
    private ToggleButton toggle;
    private Button other;
    private TextField field;

    private static <T> T fx(Supplier<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read::get).get(10, TimeUnit.SECONDS);
    }

    private void show(boolean withDefault) throws Exception {
        fx(
                () -> {
                    check = new CheckBox("Remember");
                    radio = new RadioButton("CSV");
                    radio.setToggleGroup(new ToggleGroup());
                    toggle = new ToggleButton("English");
                    other = new Button("Other");
                    other.setOnAction(e -> others.incrementAndGet());
                    field = new TextField();
                    VBox root = new VBox(field, check, radio, toggle, other);
                    if (withDefault) {
                        Button ok = new Button("Log in");
                        ok.setDefaultButton(true);
                        ok.setOnAction(e -> defaults.incrementAndGet());
                        root.getChildren().add(ok);
                    }
                    stage = new Stage();
                    new SceneFactory(new I18n(AppLanguage.ENGLISH), new TextSize(100))
                            .prepare(stage, root, "application.title");
                    stage.show();
                    return null;
                });
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> fx(() -> stage.isShowing() && stage.isFocused()));
    }

    private void enterOn(Node node) throws Exception {
        fx(
                () -> {
                    node.requestFocus();
                    return null;
                });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx(node::isFocused));
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private boolean on(ButtonBase b) throws Exception {
        return fx(() -> b instanceof CheckBox c ? c.isSelected() : ((ToggleButton) b).isSelected());
    }

    @Test
    void enterOnABoxARadioOrAToggleDoesWhatTheDefaultButtonDoesAndLeavesItAsItWas()
            throws Exception {
        show(true);
        int n = 0;
        for (ButtonBase b : new ButtonBase[] {check, radio, toggle}) {
            enterOn(b);
            assertThat(defaults.get())
                    .as("Enter on " + b.getText() + " is the default button's")
                    .isEqualTo(++n);
            assertThat(on(b)).as(b.getText() + " left as it was").isFalse();
        }
        enterOn(field);
        assertThat(defaults.get()).as("Enter in a text field too, as JavaFX has it").isEqualTo(++n);
        enterOn(other);
        assertThat(others.get()).as("a focused plain button does its own").isEqualTo(1);
        assertThat(defaults.get()).isEqualTo(n);

        fx(
                () -> {
                    check.requestFocus();
                    return null;
                });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx(check::isFocused));
        robot.type(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(on(check)).as("Space still ticks the box").isTrue();
        assertThat(defaults.get()).isEqualTo(n);
    }

    @Test
    void withoutADefaultButtonEnterGoesToAPartThatHandlesItAndTicksNothing() throws Exception {
        show(false);
        AtomicInteger around = new AtomicInteger();
        fx(
                () -> {
                    javafx.scene.Parent root = stage.getScene().getRoot();
                    root.addEventHandler(
                            javafx.scene.input.KeyEvent.KEY_PRESSED,
                            e -> {
                                if (e.getCode() == KeyCode.ENTER) {
                                    around.incrementAndGet(); // as the login form logs in
                                    e.consume();
                                }
                            });
                    SceneFactory.handlesEnter(root);
                    return null;
                });
        int n = 0;
        for (ButtonBase b : new ButtonBase[] {check, radio, toggle}) {
            enterOn(b);
            assertThat(around.get())
                    .as("Enter on " + b.getText() + " reaches the part that handles it")
                    .isEqualTo(++n);
            assertThat(on(b)).as(b.getText() + " left as it was").isFalse();
        }
    }

    @Test
    void whereNothingTakesEnterAToggleButtonIsWorkedByItAndABoxIsNotTicked() throws Exception {
        show(false);
        enterOn(toggle);
        assertThat(on(toggle))
                .as("a toggle button (the history's Details) works with Enter, as with Space")
                .isTrue();
        enterOn(check);
        enterOn(radio);
        assertThat(on(check)).isFalse();
        assertThat(on(radio)).isFalse();
    }
}
