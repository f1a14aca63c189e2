package app.ishaar.bench;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.model.Rin;
import app.ishaar.ui.IshaarApp;
import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.app.TextSize;
import app.ishaar.ui.desktop.FileOpener;
import app.ishaar.ui.fx.FxExecutor;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.main.MainWindowView;
import app.ishaar.ui.notifications.ArchivePages;
import app.ishaar.ui.notifications.HistoryView;
import app.ishaar.ui.notifications.HistoryViewModel;
import app.ishaar.ui.notifications.ListedTaxpayer;
import app.ishaar.ui.notifications.Scope;
import app.ishaar.ui.notifications.SearchViewModel;
import java.time.Clock;
import java.time.ZoneId;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.skin.VirtualFlow;
import javafx.stage.Stage;

/**
 * All taxpayers on screen as the inbox's benchmarks drive it: the notification screen over a scope
 * of several taxpayers ({@link HistoryView}, {@link HistoryViewModel}), where its view model,
 * table, search field and Next button are, and how the user chooses every taxpayer or one, with the
 * pulse monitor that tells when a frame showing something is on screen ({@link PulseMonitor},
 * {@link Painted}). {@link #ownStage} shows the screen on a stage of its own; a host on the main
 * window implements the same few methods with its taxpayer list. Everything but {@link #await} and
 * the {@code onFx} helpers is called on the FX thread.
 */
abstract class InboxHost {

    final PulseMonitor monitor = new PulseMonitor();
    private final ExecutorService background =
            Executors.newCachedThreadPool(
                    r -> {
                        Thread t = new Thread(r, "bench-inbox-background");
                        t.setDaemon(true);
                        return t;
                    });

    /** When the search's debounce last ended (nanoTime). */
    private volatile long timerFired;

    private VirtualFlow<?> flow;

    abstract HistoryViewModel inbox();

    /** The user chooses every taxpayer (All taxpayers, no taxpayer filter). */
    abstract void chooseAll();

    /** The user chooses one taxpayer (in the taxpayer filter). */
    abstract void chooseTaxpayer(Rin taxpayer);

    abstract TableView<?> table();

    abstract TextField search();

    abstract Button nextButton();

    /** Nanoseconds from making the inbox to its first page on screen. */
    abstract long shown();

    /** The user clicks Next page. */
    void next() {
        Button next = nextButton();
        if (next.isDisabled()) {
            HistoryViewModel vm = inbox();
            throw new IllegalStateException(
                    "Next page is disabled on page "
                            + vm.pager().pageProperty().get()
                            + " of "
                            + vm.pager().totalPagesProperty().get()
                            + " ("
                            + vm.pager().totalCountProperty().get()
                            + " in all; archive problem "
                            + vm.requests().errorProperty().get()
                            + ")");
        }
        next.fire();
    }

    /** The table's rows (looked up once: the conditions run every pulse). */
    VirtualFlow<?> flow() {
        if (flow == null || flow.getScene() == null) {
            flow = (VirtualFlow<?>) table().lookup(".virtual-flow");
        }
        return flow;
    }

    ExecutorService background() {
        return background;
    }

    /** The app's timer, noting when each pause ends. */
    SearchViewModel.Timer timer() {
        return delay ->
                SearchViewModel.Timer.SYSTEM
                        .after(delay)
                        .thenRun(() -> timerFired = System.nanoTime());
    }

    long timerFired() {
        return timerFired;
    }

    // ---- the monitor ----

    <T> T onFx(Callable<T> task) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        FxExecutor.INSTANCE.execute(
                () -> {
                    try {
                        f.complete(task.call());
                    } catch (Throwable e) {
                        f.completeExceptionally(e);
                    }
                });
        return f.get(120, TimeUnit.SECONDS);
    }

    /** Completes, with nanoTime then, once the frame showing the condition is on screen. */
    CompletableFuture<Long> drawn(BooleanSupplier shows) throws Exception {
        return onFx(() -> monitor.awaitDrawn(shows));
    }

    /** Completes at the first pulse where the condition holds. */
    CompletableFuture<Long> at(BooleanSupplier condition) throws Exception {
        return onFx(() -> monitor.await(condition));
    }

    CompletableFuture<Long> nextPulse() throws Exception {
        return at(() -> true);
    }

    /** Does what the user does, on the FX thread; returns {nanoTime, FX-thread CPU} just before. */
    long[] act(Runnable what) throws Exception {
        return onFx(
                () -> {
                    long cpu = InboxUiBench.threads().getCurrentThreadCpuTime();
                    long t = System.nanoTime();
                    what.run();
                    return new long[] {t, cpu};
                });
    }

    /** The FX thread's CPU time when the last {@link #drawn} condition was on screen. */
    long cpuAtLastDrawn() {
        return monitor.metCpu;
    }

    /**
     * Starts (true) or stops recording pulse gaps; on stop, the gaps, the FX thread's CPU in each,
     * and (one element) the bytes it allocated.
     */
    List<List<Long>> recordGaps(boolean on) throws Exception {
        return onFx(
                () -> {
                    monitor.record(on);
                    return on
                            ? null
                            : List.of(
                                    monitor.takeGaps(),
                                    monitor.takeCpu(),
                                    List.of(monitor.allocated));
                });
    }

    static long await(CompletableFuture<Long> f) throws Exception {
        return f.get(120, TimeUnit.SECONDS);
    }

    // ---- the screen on a stage of its own ----

    /**
     * Starts JavaFX (the app's rendering settings), makes the screen over the listed taxpayers with
     * the app's styles, in English, on a stage of the main window's size, and waits for its first
     * page on screen.
     */
    static InboxHost ownStage(Archive archive, ServiceKey service, List<ListedTaxpayer> listed)
            throws Exception {
        IshaarApp.RENDERING_DEFAULTS.forEach(
                (key, value) -> {
                    if (System.getProperty(key) == null) {
                        System.setProperty(key, value);
                    }
                });
        CompletableFuture<Void> started = new CompletableFuture<>();
        Platform.startup(() -> started.complete(null));
        started.get(60, TimeUnit.SECONDS);
        Platform.setImplicitExit(false);
        OwnStage host = new OwnStage(archive, service);
        host.onFx(
                () -> {
                    host.monitor.start();
                    return null;
                });
        CompletableFuture<Long> shown = host.drawn(() -> InboxUiBench.showing(host, r -> true));
        long t0 = host.onFx(() -> host.open(listed));
        host.cold = await(shown) - t0;
        return host;
    }

    private static final class OwnStage extends InboxHost {
        private final Archive archive;
        private final ServiceKey service;
        private HistoryViewModel vm;
        private HistoryView view;
        private long cold;

        OwnStage(Archive archive, ServiceKey service) {
            this.archive = archive;
            this.service = service;
        }

        long open(List<ListedTaxpayer> listed) {
            long t0 = System.nanoTime();
            I18n i18n = new I18n(AppLanguage.ENGLISH);
            i18n.zoneProperty().set(ZoneId.of("Africa/Cairo"));
            // as the main window makes All taxpayers: no preferences yet, the app's page size
            vm =
                    new HistoryViewModel(
                            i18n,
                            FxExecutor.INSTANCE,
                            null,
                            p -> {},
                            Clock.systemUTC(),
                            FileOpener.NONE,
                            timer(),
                            SearchViewModel.DEBOUNCE);
            vm.scope(Scope.all(listed));
            SceneFactory scenes = new SceneFactory(i18n, new TextSize(100));
            view = new HistoryView(vm, i18n, scenes);
            Stage stage = new Stage();
            stage.setScene(scenes.createScene(view.root()));
            stage.setWidth(MainWindowView.PREF_WIDTH);
            stage.setHeight(MainWindowView.PREF_HEIGHT);
            stage.show();
            vm.readFrom(new ArchivePages(archive, service, background()));
            return t0;
        }

        @Override
        HistoryViewModel inbox() {
            return vm;
        }

        @Override
        void chooseAll() {
            vm.onlyProperty().set(null);
        }

        @Override
        void chooseTaxpayer(Rin taxpayer) {
            vm.onlyProperty().set(taxpayer);
        }

        @Override
        TableView<?> table() {
            return (TableView<?>) view.root().lookup("#history-table");
        }

        @Override
        TextField search() {
            return (TextField) view.root().lookup("#search");
        }

        /** Looked up once: a lookup walks the scene on the FX thread, in the measured gaps. */
        private Button next;

        @Override
        Button nextButton() {
            if (next == null || next.getScene() == null) {
                next = (Button) view.root().lookup("#pager-next");
            }
            return next;
        }

        @Override
        long shown() {
            return cold;
        }
    }
}
