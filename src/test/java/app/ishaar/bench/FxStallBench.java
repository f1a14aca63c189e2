package app.ishaar.bench;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.ServiceClient;
import app.ishaar.core.service.Session;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.ui.common.FxExecutor;
import app.ishaar.ui.common.SceneFactory;
import app.ishaar.ui.history.HistoryView;
import app.ishaar.ui.history.HistoryViewModel;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Benchmark, not a test (tag {@code bench}, excluded from {@code mvn verify}): the longest gap between
 * two FX pulses while the history screen pages through 50 pages of 100 notifications from the
 * in-process sandbox, one page after the other as fast as they arrive. An {@link AnimationTimer}
 * keeps pulses coming (60 a second) and records the time between them; a gap far above 16.7 ms is
 * the FX thread stalled. Because a busy machine stretches gaps by itself (other processes take the
 * cores), it also records the FX thread's own CPU time between two pulses, which contention does not
 * inflate: that is the work the screen puts on the FX thread. Five runs after one warm-up; prints each
 * run's longest gap and burst, and the medians.
 *
 * <pre>
 * mvn -B -o test -Dtest=FxStallBench -Dsurefire.excludedGroups=none
 * </pre>
 *
 * Headless (Monocle, software rendering) like the other UI tests; {@code -Dtestfx.headless=false}
 * under a display measures a real window.
 */
@Tag("bench")
@ExtendWith(ApplicationExtension.class)
class FxStallBench {
    private static final int RUNS = 5;
    private static final int PAGES = 50;

    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void longestPulseGapWhilePaging(FxRobot robot) throws Exception {
        try (Sandbox sandbox = Sandbox.start(SandboxConfig.builder().notificationsPerTaxpayer(PAGES * 100).build());
                ServiceClient client = new ServiceClient(ClientConfig.defaults());
                Session session = client.openSession(Environment.sandbox(sandbox.authUrl(), sandbox.baseUrl()),
                        new Credentials("erp-nile-trading", "sandbox-secret-1".toCharArray(), null, null))) {
            I18n i18n = new I18n(AppLanguage.ENGLISH);
            HistoryViewModel vm = new HistoryViewModel(i18n, FxExecutor.INSTANCE, null, p -> { }, () -> { });
            vm.pager().pageSizeProperty().set(100);
            robot.interact(() -> {
                SceneFactory scenes = new SceneFactory(i18n);
                HistoryView view = new HistoryView(vm, i18n, scenes);
                scenes.prepare(stage, view.root(), "application.title");
                stage.setWidth(1240);
                stage.setHeight(760);
                stage.show();
                vm.sessionProperty().set(session);
            });
            waitLoaded(vm, 1);

            double[] worst = new double[RUNS];
            double[] worstCpu = new double[RUNS];
            for (int run = -1; run < RUNS; run++) {
                robot.interact(() -> vm.pager().first());
                waitLoaded(vm, 1);
                List<Long> gaps = new ArrayList<>();
                List<Long> cpu = new ArrayList<>();
                long[] last = {0, 0};
                AnimationTimer timer = new AnimationTimer() {
                    @Override
                    public void handle(long now) {
                        long busy = THREADS.getCurrentThreadCpuTime();
                        if (last[0] != 0) {
                            gaps.add(now - last[0]);
                            cpu.add(busy - last[1]);
                        }
                        last[0] = now;
                        last[1] = busy;
                    }
                };
                long gc0 = gcMillis();
                robot.interact(timer::start);
                long t0 = System.nanoTime();
                for (int page = 2; page <= PAGES; page++) {
                    robot.interact(() -> vm.pager().next());
                    waitLoaded(vm, page);
                }
                long elapsed = System.nanoTime() - t0;
                robot.interact(timer::stop);
                long max = WaitForAsyncUtils.waitForAsyncFx(5_000, () -> gaps.stream().mapToLong(Long::longValue).max().orElse(0));
                long maxCpu = WaitForAsyncUtils.waitForAsyncFx(5_000, () -> cpu.stream().mapToLong(Long::longValue).max().orElse(0));
                if (run >= 0) {
                    worst[run] = max / 1e6;
                    worstCpu[run] = maxCpu / 1e6;
                    System.out.printf("run %d: %d pages in %d ms, %d pulses, longest pulse gap %.1f ms, longest FX-thread CPU burst %.1f ms, GC %d ms%n",
                            run + 1, PAGES - 1, elapsed / 1_000_000, gaps.size(), worst[run], worstCpu[run], gcMillis() - gc0);
                }
            }
            double[] sorted = worst.clone();
            Arrays.sort(sorted);
            System.out.printf("FxStallBench: median longest FX pulse gap over %d runs = %.1f ms (runs: %s)%n", RUNS, sorted[RUNS / 2],
                    Arrays.toString(worst));
            double[] sortedCpu = worstCpu.clone();
            Arrays.sort(sortedCpu);
            System.out.printf("FxStallBench: median longest FX-thread CPU time between two pulses = %.1f ms (runs: %s); load average %.2f on %d cores%n",
                    sortedCpu[RUNS / 2], Arrays.toString(worstCpu), java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                    Runtime.getRuntime().availableProcessors());
            assertThat(sorted[RUNS / 2]).isPositive();
        }
    }

    private static long gcMillis() {
        return java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(java.lang.management.GarbageCollectorMXBean::getCollectionTime).sum();
    }

    private static void waitLoaded(HistoryViewModel vm, int page) throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> WaitForAsyncUtils.waitForAsyncFx(5_000,
                () -> !vm.loadingProperty().get() && vm.pager().pageProperty().get() == page && vm.rows().size() == 100));
    }
}
