package app.ishaar.bench;

import app.ishaar.core.secrets.InMemorySecretStore;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.SandboxProvider;
import app.ishaar.core.settings.RepresentedTaxpayer;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.ui.AppServices;
import app.ishaar.ui.IshaarApp;
import app.ishaar.ui.fx.FxExecutor;
import app.ishaar.ui.login.DemoAccount;
import app.ishaar.ui.login.DemoAccounts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import javafx.application.Application;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.stage.Window;

/**
 * Drives the real desktop app in this JVM (JavaFX on headless Monocle) the way a user does: the
 * launcher's wiring with the suite's sandbox (see {@link UiSandbox}), a click on the demo account,
 * a click on Log in, clicks on the pager. What is on screen is checked once per pulse by an {@link
 * AnimationTimer}, which also measures the gaps between pulses. No sleeps: every wait is on a
 * future completed by that timer.
 */
final class UiDriver {

    /**
     * One HTTP exchange of the client, as its transport logs it (path, milliseconds, when it
     * ended).
     */
    record Trip(String what, long ms, long endedNanos) {}

    private final String clientId = System.getProperty(UiSandbox.CLIENT_ID);
    private final PulseMonitor monitor = new PulseMonitor();
    private final List<Trip> trips = new CopyOnWriteArrayList<>();
    private volatile long clickCpu;

    /** Held: JUL keeps loggers weakly. */
    private Logger transportLog;

    static UiDriver launch() throws Exception {
        String auth = System.getProperty(UiSandbox.AUTH);
        String api = System.getProperty(UiSandbox.API);
        SandboxProvider sandbox = () -> Environment.sandbox(auth, api);
        DemoAccount demo =
                new DemoAccount(
                        System.getProperty(UiSandbox.CLIENT_ID),
                        System.getProperty(UiSandbox.SECRET),
                        DemoAccount.Kind.TAXPAYER,
                        List.of(
                                new RepresentedTaxpayer(
                                        System.getProperty(UiSandbox.RIN),
                                        System.getProperty(UiSandbox.NAME))));
        DemoAccounts demos = language -> List.of(demo);
        UiDriver d0 = new UiDriver();
        IshaarApp.configure(
                new AppServices(
                        sandbox,
                        demos,
                        new InMemorySecretStore(),
                        SettingsStore.defaultConfigDir(),
                        ClientConfig.defaults(),
                        Duration.ofMillis(500),
                        () -> {
                            app.ishaar.core.archive.Archive a =
                                    app.ishaar.core.archive.sqlite.SqliteArchive.temporary();
                            d0.archive.complete(a);
                            return a;
                        }));
        // only now anything of JavaFX: the monitor (an AnimationTimer) loads the toolkit, which
        // reads its settings once, and configure() has set the app's (IshaarApp.RENDERING_DEFAULTS)
        UiDriver d = d0;
        d.captureTrips();
        d.captureDescriptions();
        CompletableFuture<Void> firstWindow = new CompletableFuture<>();
        Window.getWindows()
                .addListener((ListChangeListener<Window>) c -> firstWindow.complete(null));
        Thread fx = new Thread(() -> Application.launch(IshaarApp.class), "bench-app-launch");
        fx.setDaemon(true);
        fx.start();
        firstWindow.get(60, TimeUnit.SECONDS);
        d.onFx(
                () -> {
                    if (PulseMonitor.GAP_LOG) {
                        // what the toolkit read when it started (it reads its settings once)
                        System.out.println(
                                "gap log: prism.disableRegionCaching in effect: "
                                        + Class.forName("com.sun.prism.impl.PrismSettings")
                                                .getField("disableRegionCaching")
                                                .get(null));
                    }
                    d.monitor.start();
                    return null;
                });
        return d;
    }

    /** The archive the app opened (its window's sync writes into it). */
    private final CompletableFuture<app.ishaar.core.archive.Archive> archive =
            new CompletableFuture<>();

    /**
     * Waits until the window's sync has read the demo taxpayer's whole history into the archive
     * (its sync state complete), so that the logins after it are a returning user's whose taxpayer
     * is already synced; true when it was within the time given.
     */
    boolean awaitSynced(Duration within) throws Exception {
        app.ishaar.core.archive.ServiceKey key =
                app.ishaar.core.archive.ServiceKey.of(
                        Environment.sandbox(
                                System.getProperty(UiSandbox.AUTH),
                                System.getProperty(UiSandbox.API)));
        app.ishaar.core.model.Rin rin =
                app.ishaar.core.model.Rin.of(System.getProperty(UiSandbox.RIN));
        app.ishaar.core.archive.Archive a = archive.get(60, TimeUnit.SECONDS);
        long end = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < end) {
            if (a.syncState(key, rin).complete()) {
                return true;
            }
            // the sync runs on its own threads: nothing on the FX thread to wait on
            Thread.sleep(200);
        }
        return false;
    }

    /** The client's transport logs each exchange at DEBUG with its duration: listen to that. */
    private void captureTrips() {
        transportLog = Logger.getLogger("app.ishaar.core.service.http");
        transportLog.setLevel(Level.FINE);
        transportLog.addHandler(
                new Handler() {
                    @Override
                    public void publish(LogRecord r) {
                        Object[] p = r.getParameters();
                        if (p != null && p.length >= 4 && p[2] instanceof Number ms) {
                            trips.add(
                                    new Trip(
                                            p[0] + " #" + p[3], ms.longValue(), System.nanoTime()));
                        }
                    }

                    @Override
                    public void flush() {}

                    @Override
                    public void close() {}
                });
    }

    /**
     * What the support log's exchange log calls each exchange ("page 1 (size 50)", "login"), by the
     * service's correlation id: it tells the window's page from the sync's reads, which the
     * transport's log does not.
     */
    private final java.util.Map<String, String> described =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** Held: JUL keeps loggers weakly. */
    private Logger exchangeLog;

    private void captureDescriptions() {
        exchangeLog = Logger.getLogger("app.ishaar.core.service.exchange");
        exchangeLog.addHandler(
                new Handler() {
                    @Override
                    public void publish(LogRecord r) {
                        Object[] p = r.getParameters();
                        if (p != null && p.length >= 7) {
                            String tail = String.valueOf(p[6]);
                            int at = tail.indexOf("correlationId ");
                            if (at >= 0) {
                                String id =
                                        tail.substring(at + "correlationId ".length())
                                                .replace(")", "")
                                                .strip();
                                described.put(id, String.valueOf(p[0]));
                            }
                        }
                    }

                    @Override
                    public void flush() {}

                    @Override
                    public void close() {}
                });
    }

    /** The exchange log's name of this exchange ("page 1 (size 50)"), or "" when unknown. */
    String described(Trip t) {
        int at = t.what().lastIndexOf(" #");
        return at < 0 ? "" : described.getOrDefault(t.what().substring(at + 2), "");
    }

    /** The exchanges that ended after the given instant. */
    List<Trip> tripsSince(long nanos) {
        List<Trip> out = new ArrayList<>();
        for (Trip t : trips) {
            if (t.endedNanos() >= nanos) {
                out.add(t);
            }
        }
        return out;
    }

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
        return f.get(60, TimeUnit.SECONDS);
    }

    /**
     * Completes, with System.nanoTime at the start of that pulse, at the first pulse where the
     * condition holds.
     */
    CompletableFuture<Long> at(BooleanSupplier condition) throws Exception {
        return onFx(() -> monitor.await(condition));
    }

    /**
     * Completes, with System.nanoTime then, once the frame that shows the condition is on screen:
     * the frame of the first pulse whose styling and layout left the condition true (the pulse that
     * made it true, or the first after it was made true between pulses: a window's show(), an eager
     * layout), painted by the renderer and its pixels handed to the window ({@link Painted}). For
     * conditions on what the scene shows; they are read after each scene's layout, so they must not
     * change anything.
     */
    CompletableFuture<Long> drawn(BooleanSupplier shows) throws Exception {
        return onFx(() -> monitor.awaitDrawn(shows));
    }

    static long await(CompletableFuture<Long> f) throws Exception {
        return f.get(60, TimeUnit.SECONDS);
    }

    // ------------------------------------------------------------------ windows and nodes (FX
    // thread)

    static Window window(String rootId) {
        for (Window w : Window.getWindows()) {
            if (w.isShowing()
                    && w.getScene() != null
                    && w.getScene().getRoot() != null
                    && rootId.equals(w.getScene().getRoot().getId())) {
                return w;
            }
        }
        return null;
    }

    static Node node(String rootId, String id) {
        Window w = window(rootId);
        return w == null ? null : w.getScene().lookup("#" + id);
    }

    /** Found once per table: the conditions run every pulse and must not walk the scene graph. */
    private static TableView<Object> cachedTable;

    private static Node cachedProgress;
    private static VirtualFlow<?> cachedFlow;

    @SuppressWarnings("unchecked")
    static TableView<Object> table() {
        if (cachedTable != null
                && cachedTable.getScene() != null
                && cachedTable.getScene().getWindow() != null
                && cachedTable.getScene().getWindow().isShowing()) {
            return cachedTable;
        }
        cachedTable = (TableView<Object>) node("main", "history-table");
        cachedProgress = cachedTable == null ? null : node("main", "history-progress");
        cachedFlow = null;
        return cachedTable;
    }

    /**
     * The history table shows rows, is not loading, and its first visible row has been laid out (so
     * drawn) with the first item.
     */
    static boolean pageOnScreen(Object notFirst) {
        TableView<Object> t = table();
        if (t == null || t.getItems().isEmpty()) {
            return false;
        }
        if (cachedProgress != null && cachedProgress.isVisible()) {
            return false;
        }
        Object first = t.getItems().get(0);
        if (first == notFirst) {
            return false;
        }
        if (cachedFlow == null) {
            cachedFlow = (VirtualFlow<?>) t.lookup(".virtual-flow");
            if (cachedFlow == null) {
                return false;
            }
        }
        // equal, not the same: a row keeps its notification when the new page brings an equal one
        // (a bigger page size starts with the same notifications, read anew)
        return cachedFlow.getFirstVisibleCell() instanceof TableRow<?> row
                && row.getIndex() == 0
                && java.util.Objects.equals(row.getItem(), first)
                && !row.isEmpty()
                && row.isVisible();
    }

    private static Button cachedNext;

    /** The pager's Next button, looked up once per main window. */
    static Button nextButton() {
        if (cachedNext == null
                || cachedNext.getScene() == null
                || cachedNext.getScene().getWindow() == null
                || !cachedNext.getScene().getWindow().isShowing()) {
            cachedNext = (Button) node("main", "pager-next");
        }
        return cachedNext;
    }

    static Object firstRow() {
        TableView<Object> t = table();
        return t == null || t.getItems().isEmpty() ? null : t.getItems().get(0);
    }

    // ------------------------------------------------------------------ user actions

    /**
     * Waits for the login dialog with the demo account listed, clicks the account, clicks Log in
     * and waits for the first page of the history on screen. Returns {click, shown} as nanoTime and
     * the FX thread's CPU time in between.
     */
    long[] logIn() throws Exception {
        return logIn(0, 0);
    }

    /**
     * The same, with the user spending {@code thinkingPulses} pulses (60 a second) in the ready
     * dialog before choosing the account: the time a returning user takes to type a secret; and
     * {@code choosingPulses} between choosing the account and Log in.
     */
    long[] logIn(int thinkingPulses, int choosingPulses) throws Exception {
        await(
                at(
                        () ->
                                node("login", "demo-" + clientId) instanceof Button b
                                        && !b.isDisabled()
                                        && node("login", "login-button") instanceof Button l
                                        && l.isVisible()));
        if (thinkingPulses > 0) {
            int[] pulses = {0};
            await(at(() -> ++pulses[0] >= thinkingPulses));
        }
        onFx(
                () -> {
                    ((Button) node("login", "demo-" + clientId)).fire();
                    return null;
                });
        // the user's move to Log in takes wall-clock time, whatever the FX thread does meanwhile:
        // the click comes at that moment, and a busy FX thread makes it wait, which counts as the
        // app's
        long clickAt =
                choosingPulses > 0 ? System.nanoTime() + choosingPulses * 1_000_000_000L / 60 : 0;
        if (choosingPulses > 0) {
            await(at(() -> System.nanoTime() >= clickAt));
        }
        CompletableFuture<Long> shown = drawn(() -> pageOnScreen(null));
        long t0 =
                onFx(
                        () -> {
                            Button login = (Button) node("login", "login-button");
                            if (login.isDisabled()) {
                                throw new IllegalStateException(
                                        "Log in is disabled after choosing the demo account");
                            }
                            clickCpu =
                                    java.lang.management.ManagementFactory.getThreadMXBean()
                                            .getCurrentThreadCpuTime();
                            long t = clickAt > 0 ? clickAt : System.nanoTime();
                            login.fire();
                            return t;
                        });
        long t1 = await(shown);
        return new long[] {t0, t1, monitor.metCpu - clickCpu};
    }

    void logOut() throws Exception {
        onFx(
                () -> {
                    MenuBar bar = (MenuBar) node("main", "menubar");
                    for (Menu m : bar.getMenus()) {
                        for (MenuItem i : m.getItems()) {
                            if ("menu-logout".equals(i.getId())) {
                                i.fire();
                                return null;
                            }
                        }
                    }
                    throw new IllegalStateException("no Log out in the menu");
                });
        // the main window says it is logged out (its view hidden, kept for the next login of the
        // same profile)
        await(
                at(
                        () ->
                                node("main", "main-logged-out") != null
                                        && node("main", "main-logged-out").isVisible()
                                        && window("login") != null));
    }

    /** Chooses the page size in the pager and waits until a full page of that size is on screen. */
    void pageSize(int size) throws Exception {
        Object before = onFx(UiDriver::firstRow);
        onFx(
                () -> {
                    @SuppressWarnings("unchecked")
                    ChoiceBox<Integer> box = (ChoiceBox<Integer>) node("main", "pager-size");
                    box.setValue(size);
                    return null;
                });
        // the same first notification, now with `size` rows
        await(
                drawn(
                        () -> {
                            TableView<Object> t = table();
                            return t != null
                                    && t.getItems().size() == size
                                    && pageOnScreen(null)
                                    && before != null;
                        }));
    }

    /**
     * Clicks Next page and waits until the next page is on screen; returns nanos from click to
     * shown.
     */
    long nextPage() throws Exception {
        Object before = onFx(UiDriver::firstRow);
        CompletableFuture<Long> shown = drawn(() -> pageOnScreen(before));
        long t0 =
                onFx(
                        () -> {
                            Button next = nextButton();
                            if (next.isDisabled()) {
                                throw new IllegalStateException("Next page is disabled");
                            }
                            long t = System.nanoTime();
                            next.fire();
                            return t;
                        });
        return await(shown) - t0;
    }

    String pageText() throws Exception {
        return onFx(
                () -> {
                    Node n = node("main", "pager-page");
                    return n instanceof javafx.scene.control.TextInputControl tf
                            ? tf.getText()
                            : "?";
                });
    }

    void startRecordingGaps() throws Exception {
        onFx(
                () -> {
                    monitor.record(true);
                    return null;
                });
    }

    /**
     * Stops recording; the gaps between pulses, in nanoseconds, while it ran, the FX thread's CPU
     * time in each gap (which other processes on the machine do not stretch), and (one element) the
     * bytes the FX thread allocated while it ran.
     */
    List<List<Long>> stopRecordingGaps() throws Exception {
        return onFx(
                () -> {
                    monitor.record(false);
                    return List.of(
                            monitor.takeGaps(), monitor.takeCpu(), List.of(monitor.allocated));
                });
    }
}
