package app.ishaar.ui.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** When {@link AfterFirstFrame} runs its task. */
class AfterFirstFrameFxTest {

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @Test
    void aTaskRunsWhenThePulseThatShowsTheFrameIsDrawnIsOverNotInsideIt() throws Exception {
        List<String> order = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(1);
        WaitForAsyncUtils.asyncFx(() -> {
            AfterFirstFrame.run(() -> {
                order.add("task");
                done.countDown();
            });
            // started after it: within a pulse, timers run in the order they were started
            new AnimationTimer() {
                private int pulses;

                @Override
                public void handle(long now) {
                    if (++pulses == 2) {
                        stop();
                        order.add("second pulse, later timer");
                    }
                }
            }.start();
        }).get(10, TimeUnit.SECONDS);
        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        // inside the second pulse, the task held up everything after it in that pulse (on the
        // login dialog: its second frame, and the start-up figure's mark)
        assertThat(order).containsExactly("second pulse, later timer", "task");
    }
}
