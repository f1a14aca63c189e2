package app.ishaar.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/**
 * {@link RequestedSize}: a dialog that a window manager maps at another size than asked for (as
 * Openbox does with JavaFX 21's GTK windows) gets its scene's size back; later sizes are the
 * user's. The window manager is played by the test, shrinking the window as it shows.
 */
class RequestedSizeFxTest extends OwnStageFxTestBase {

    private static <T> T fx(Supplier<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read::get).get(10, TimeUnit.SECONDS);
    }

    private static void until(Supplier<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx(condition));
    }

    /**
     * A dialog: a stage sized by its scene; shown and at once made 460 by 420, as the window
     * manager did.
     */
    private void showShrunk() throws Exception {
        fx(
                () -> {
                    Region content = new Region();
                    content.setPrefSize(560, 500);
                    stage = new Stage();
                    stage.setScene(new Scene(new StackPane(content)));
                    RequestedSize.sizeToSceneOnShow(stage);
                    stage.show();
                    stage.setWidth(460); // the window manager's first size for it
                    stage.setHeight(420);
                    return null;
                });
    }

    @Test
    void aDialogMappedSmallerThanItsSceneGetsItsSizeBackAtEachShowingAndThenKeepsTheUsers()
            throws Exception {
        showShrunk();
        until(() -> stage.getScene().getWidth() == 560 && stage.getScene().getHeight() == 500);
        // the user's size, later, is kept
        fx(
                () -> {
                    stage.setWidth(480);
                    stage.setHeight(380);
                    return null;
                });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fx(() -> new double[] {stage.getWidth(), stage.getHeight()}))
                .containsExactly(480, 380);
        // hidden and shown again (the login dialog after a log out): its scene's size again
        fx(
                () -> {
                    stage.hide();
                    stage.show();
                    stage.setWidth(200);
                    stage.setHeight(200);
                    return null;
                });
        until(() -> stage.getScene().getWidth() == 560 && stage.getScene().getHeight() == 500);
    }

    @Test
    void aMaximizedWindowIsLeftMaximized() throws Exception {
        fx(
                () -> {
                    stage = new Stage();
                    stage.setScene(new Scene(new StackPane(new Region())));
                    RequestedSize.sizeToSceneOnShow(stage);
                    stage.setMaximized(true);
                    stage.show();
                    return null;
                });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fx(() -> stage.isMaximized())).isTrue();
        Rectangle2D screen = fx(() -> Screen.getPrimary().getVisualBounds());
        assertThat(fx(() -> stage.getWidth())).isEqualTo(screen.getWidth());
    }
}
