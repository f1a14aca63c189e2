package app.ishaar.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import javafx.animation.AnimationTimer;
import javafx.stage.Window;

/**
 * Checks conditions once per pulse and measures the time between pulses, for the benchmarks that
 * drive a window (the app's, {@link UiDriver}; the inbox on a stage of its own, {@link
 * InboxUiBench}). Used on the FX thread only.
 */
final class PulseMonitor extends AnimationTimer {

    /**
     * With {@code -Dbench.gapLog=true} (in the child: {@code
     * -Dbench.childFlags=-Dbench.gapLog=true}) prints each pulse gap over 40 ms while recording,
     * with the JVM's uptime at its end and the FX thread's CPU time in it, and the wall-clock times
     * each recording starts and stops: to line the gaps up with {@code -Xlog:gc:stdout:uptime} or
     * with a flight recording.
     */
    static final boolean GAP_LOG = Boolean.getBoolean("bench.gapLog");

    private BooleanSupplier condition;

    /** The FX thread's CPU time when the last condition was met. */
    volatile long metCpu;

    private CompletableFuture<Long> met;
    private boolean recording;
    private long last;
    private long lastCpu;
    private List<Long> gaps = new ArrayList<>();
    private List<Long> cpu = new ArrayList<>();
    private final java.lang.management.ThreadMXBean threads =
            java.lang.management.ManagementFactory.getThreadMXBean();

    private BooleanSupplier shows;
    private CompletableFuture<Long> drawn;
    private final java.util.Set<javafx.scene.Scene> watched =
            java.util.Collections.newSetFromMap(new java.util.WeakHashMap<>());

    CompletableFuture<Long> awaitDrawn(BooleanSupplier c) {
        CompletableFuture<Long> f = new CompletableFuture<>();
        if (drawn != null) {
            drawn.completeExceptionally(new IllegalStateException("superseded"));
        }
        shows = c;
        drawn = f;
        return f;
    }

    /** The condition's value; null if it threw, and the future then fails with what it threw. */
    private static Boolean test(BooleanSupplier condition, CompletableFuture<Long> future) {
        try {
            return condition.getAsBoolean();
        } catch (RuntimeException e) {
            future.completeExceptionally(e);
            return null;
        }
    }

    /** Each showing window's scene reads {@link #shows} after its layout, once per pulse. */
    private void watchScenes() {
        for (Window w : Window.getWindows()) {
            javafx.scene.Scene scene = w.getScene();
            if (w.isShowing() && scene != null && watched.add(scene)) {
                scene.addPostLayoutPulseListener(
                        () -> {
                            if (shows == null) {
                                return;
                            }
                            Boolean laidOut = test(shows, drawn);
                            if (laidOut == null) {
                                shows = null;
                            } else if (laidOut) {
                                // this pulse's frame shows it: done once the renderer has
                                // painted it and it is on screen
                                CompletableFuture<Long> f = drawn;
                                shows = null;
                                drawn = null;
                                Painted.afterThisPulse(
                                        () -> {
                                            metCpu = threads.getCurrentThreadCpuTime();
                                            f.complete(System.nanoTime());
                                        });
                            }
                        });
            }
        }
    }

    CompletableFuture<Long> await(BooleanSupplier c) {
        CompletableFuture<Long> f = new CompletableFuture<>();
        if (met != null) {
            met.completeExceptionally(new IllegalStateException("superseded"));
        }
        condition = c;
        met = f;
        return f;
    }

    /** The FX thread's allocated bytes when the recording started, and in the last recording. */
    private long allocAtStart;

    long allocated;

    void record(boolean on) {
        long a =
                ((com.sun.management.ThreadMXBean) threads)
                        .getThreadAllocatedBytes(Thread.currentThread().getId());
        if (on) {
            allocAtStart = a;
        } else {
            allocated = a - allocAtStart;
        }
        if (GAP_LOG) {
            System.out.println(
                    "gap log: recording "
                            + (on ? "starts" : "stops")
                            + " at "
                            + java.time.LocalTime.now());
        }
        recording = on;
        last = 0;
    }

    List<Long> takeGaps() {
        List<Long> g = gaps;
        gaps = new ArrayList<>();
        return g;
    }

    List<Long> takeCpu() {
        List<Long> c = cpu;
        cpu = new ArrayList<>();
        return c;
    }

    @Override
    public void handle(long now) {
        long t = System.nanoTime();
        watchScenes();
        if (recording) {
            long c = threads.getCurrentThreadCpuTime();
            if (last != 0) {
                if (GAP_LOG && t - last > 40_000_000L) {
                    long up = java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();
                    System.out.printf(
                            java.util.Locale.ROOT,
                            "gap log: gap %.1f ms ending at uptime %.3f s, FX thread CPU in it %.1f ms%n",
                            (t - last) / 1e6,
                            up / 1e3,
                            (c - lastCpu) / 1e6);
                }
                gaps.add(t - last);
                cpu.add(c - lastCpu);
            }
            last = t;
            lastCpu = c;
        }
        if (condition != null) {
            Boolean ok = test(condition, met);
            if (ok == null) {
                condition = null;
            } else if (ok) {
                metCpu = threads.getCurrentThreadCpuTime();
                CompletableFuture<Long> f = met;
                condition = null;
                met = null;
                f.complete(t);
            }
        }
    }
}
