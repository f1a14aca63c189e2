package app.ishaar.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.effect.GaussianBlur;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/** When {@link AfterFirstFrame} runs its tasks. */
class AfterFirstFrameFxTest extends OwnStageFxTestBase {

    /**
     * On the FX thread: shows a stage of its own (closed after the test) with the root at that
     * size.
     */
    private void show(Parent root, double width, double height) {
        stage = new Stage();
        stage.setScene(new Scene(root, width, height));
        stage.show();
    }

    @Test
    void tasksRunOnlyOnceTheRendererHasPaintedTheFrameBeingPreparedNotAtTheStartOfTheNextPulse()
            throws Exception {
        List<String> order = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(2);
        WaitForAsyncUtils.asyncFx(
                        () -> {
                            show(slowToPaint(), 600, 400);
                            AfterFirstFrame.run(
                                    () -> {
                                        order.add("first task");
                                        done.countDown();
                                    });
                            AfterFirstFrame.run(
                                    () -> {
                                        order.add("second task");
                                        done.countDown();
                                    });
                            // the first frame is handed to the renderer at the end of the first
                            // pulse; a job the renderer is given at the start of the second runs
                            // once that frame has been painted (the toolkit's render queue: not
                            // public API, reachable here on the class path)
                            new AnimationTimer() {
                                private int pulses;

                                @Override
                                public void handle(long now) {
                                    if (++pulses == 2) {
                                        stop();
                                        order.add("second pulse starts");
                                        com.sun.javafx.tk.Toolkit.getToolkit()
                                                .addRenderJob(
                                                        new com.sun.javafx.tk.RenderJob(
                                                                () ->
                                                                        order.add(
                                                                                "first frame painted")));
                                    }
                                }
                            }.start();
                        })
                .get(10, TimeUnit.SECONDS);
        assertThat(done.await(20, TimeUnit.SECONDS)).isTrue();
        // the frame took longer to paint than the FX thread took to reach its next pulse's end; the
        // tasks waited for it, in the order they were given
        assertThat(order)
                .containsExactly(
                        "second pulse starts", "first frame painted", "first task", "second task");
    }

    @Test
    void aTaskGivenByATaskWaitsForALaterFrame() throws Exception {
        List<String> order = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(1);
        WaitForAsyncUtils.asyncFx(
                        () -> {
                            show(new StackPane(), 200, 100);
                            int[] pulses = {0};
                            new AnimationTimer() {
                                @Override
                                public void handle(long now) {
                                    pulses[0]++;
                                }
                            }.start();
                            AfterFirstFrame.run(
                                    () -> {
                                        order.add("outer at pulse " + pulses[0]);
                                        int outer = pulses[0];
                                        AfterFirstFrame.run(
                                                () -> {
                                                    order.add(
                                                            pulses[0] >= outer + 2
                                                                    ? "inner two pulses later or more"
                                                                    : "inner at pulse "
                                                                            + pulses[0]);
                                                    done.countDown();
                                                });
                                    });
                        })
                .get(10, TimeUnit.SECONDS);
        assertThat(done.await(20, TimeUnit.SECONDS)).isTrue();
        assertThat(order).hasSize(2);
        assertThat(order.get(1)).isEqualTo("inner two pulses later or more");
    }

    /** A window's worth of blurred content: the software renderer takes a good while over it. */
    private static StackPane slowToPaint() {
        StackPane root = new StackPane();
        for (int i = 0; i < 1; i++) {
            Region r = new Region();
            r.setStyle(
                    "-fx-background-color: linear-gradient(to bottom right, #2a7, #a27); -fx-background-radius: 40;");
            r.setEffect(new GaussianBlur(30));
            root.getChildren().add(r);
        }
        return root;
    }
}
