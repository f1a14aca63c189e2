package app.ishaar.bench;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.SearchText;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.core.session.LoginBudget;
import app.ishaar.core.session.TaxpayerSessions;
import app.ishaar.core.sync.SyncOptions;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.ui.notifications.HistoryViewModel;
import app.ishaar.ui.notifications.ListedTaxpayer;
import app.ishaar.ui.notifications.Scope;
import app.ishaar.ui.notifications.SearchViewModel;
import app.ishaar.ui.taxpayers.SyncViewModel;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import javafx.scene.control.TableRow;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

/**
 * The inbox's figures, on the desktop's All taxpayers: the notification screen over a scope of
 * several taxpayers ({@code ui.notifications.HistoryView} and its view model, the app's debounce
 * and page size) over an archive of 1,000,000 notifications of 500 taxpayers, JavaFX on headless
 * Monocle with software rendering, as the other desktop figures:
 *
 * <ul>
 *   <li>inbox_ui_page_ms: from choosing every taxpayer in the taxpayer filter (one taxpayer shown
 *       before) to the frame with All's first page on screen ({@link Painted}); median of {@code
 *       TIMED} (11) after {@code WARM} (3) each from another taxpayer. No network: all of it is the
 *       app's own time.
 *   <li>search_ui_ms: from the last keystroke of a search (key events typed into the search field,
 *       one a pulse) to the frame with its results on screen, minus the debounce ({@link
 *       SearchViewModel#DEBOUNCE}); five searches (the archive group's), each {@value
 *       #SEARCH_ROUNDS} times after one unmeasured; median of all.
 *   <li>sync_max_fx_stall_ms: the longest gap between two pulses while the user pages All (Next as
 *       soon as a page is on screen) and a sync of {@value #SYNC_COUNT} notifications of one more
 *       taxpayer runs in the background into the same archive (the app's SyncViewModel, the sandbox
 *       in the suite's JVM with 20 ms added to each answer, as the sync group's); median of the
 *       stretches of {@value #PAGES_PER_STRETCH} pages the sync spans. (max_fx_stall_ms is the same
 *       gap paging the single-taxpayer history over the service, with no sync.)
 * </ul>
 *
 * <p>The archive is a copy of the archive group's ({@code archive-1m.db} in the bench folder, or
 * the file named by {@code -Dbench.inbox.archive}), made for each run (the sync writes into it) and
 * deleted after; with neither, the archive group's generator writes one first (about 40 minutes).
 * Where the screen is shown and how the user moves in it is a {@link InboxHost}: today the screen
 * on a stage of its own, as its FX test ({@code ScopeViewFxTest}) shows it; the main window can
 * stand in for it.
 */
final class InboxUiBench {
    private InboxUiBench() {}

    static final Metric.Goal PAGE_GOAL = Metric.Goal.atMost(100);
    static final Metric.Goal SEARCH_GOAL = Metric.Goal.atMost(150);
    static final Metric.Goal SYNC_STALL_GOAL = Metric.Goal.atMost(50);

    static final int WARM = Integer.getInteger("bench.inbox.warm", 3);
    static final int TIMED = Integer.getInteger("bench.inbox.timed", 11);
    static final int SEARCH_ROUNDS = 3;
    static final List<String> SEARCHES =
            List.of("validation", "الإلكترونية", "4512", "٢٠٢٥", "مكررة");
    static final int SYNC_COUNT = 100_000;
    static final int PAGES_PER_STRETCH = 50;

    /** The service behind the sync: one taxpayer account's 100,000, page cap 100, 20 ms a reply. */
    static Sandbox startSandbox() throws java.io.IOException {
        java.util.logging.Logger.getLogger("app.ishaar").setLevel(java.util.logging.Level.WARNING);
        return Sandbox.start(
                SandboxConfig.builder()
                        .seed(1)
                        .anchor(ArchiveBench.ANCHOR)
                        .notificationsPerTaxpayer(SYNC_COUNT)
                        .latency(Duration.ofMillis(20))
                        .maxPageSize(100)
                        .build());
    }

    static List<Metric> measure(Path dir) throws Exception {
        Path file = archiveCopy(dir, "inbox-ui.db");
        List<Metric> out = new ArrayList<>();
        try (SqliteArchive sqlite = SqliteArchive.open(file)) {
            TimedArchive timed = new TimedArchive(sqlite);
            List<ListedTaxpayer> listed = new ArrayList<>();
            List<Rin> rins = ArchiveBench.rins();
            for (int i = 0; i < rins.size(); i++) {
                listed.add(
                        ListedTaxpayer.represented(
                                rins.get(i), String.format(Locale.ROOT, "Firm %03d", i + 1)));
            }
            InboxHost host = InboxHost.ownStage(timed.archive(), ArchiveBench.SERVICE, listed);
            // for profiling one of them: -Dbench.childFlags=-Dbench.inbox.parts=page
            String parts = System.getProperty("bench.inbox.parts", "page,search,sync");
            if (parts.contains("page")) {
                out.addAll(pages(host, timed, rins));
            }
            if (parts.contains("search")) {
                out.add(searches(host, timed));
            }
            if (parts.contains("paging")) {
                // for the with/without runs: paging All with no sync
                Stretch quiet = stretch(host, () -> true);
                out.add(new Metric("inbox_paging.gap_ms", quiet.longestMs(), "ms", "", true, ""));
                out.add(
                        new Metric(
                                "inbox_paging.fx_burst_ms",
                                quiet.longestBurstMs(),
                                "ms",
                                "",
                                true,
                                ""));
                out.add(
                        new Metric(
                                "inbox_paging.page_ms", quiet.medianPageMs(), "ms", "", true, ""));
            }
            if (parts.contains("sync")) {
                out.add(pagingDuringSync(host, timed.archive(), listed));
            }
        } finally {
            for (String s : new String[] {"", "-wal", "-shm"}) {
                Files.deleteIfExists(file.resolveSibling(file.getFileName() + s));
            }
        }
        return out;
    }

    /**
     * A fresh copy of the 1,000,000-notification archive under this name in the bench folder, the
     * master left as it is.
     */
    static Path archiveCopy(Path dir, String name) throws Exception {
        String named = System.getProperty("bench.inbox.archive", "");
        Path source = named.isBlank() ? dir.resolve("archive-1m.db") : Path.of(named);
        if (!Files.exists(source)) {
            System.out.println("no archive at " + source + ": writing one (about 40 minutes)");
            ArchiveBench.fill(source);
        }
        Path copy = dir.resolve(name);
        long t0 = System.nanoTime();
        Files.copy(source, copy, StandardCopyOption.REPLACE_EXISTING);
        System.out.printf(
                Locale.ROOT,
                "archive %s copied to %s in %.1f s%n",
                source,
                copy,
                (System.nanoTime() - t0) / 1e9);
        return copy;
    }

    // ---- inbox_ui_page_ms ----

    private static List<Metric> pages(InboxHost host, TimedArchive timed, List<Rin> rins)
            throws Exception {
        long cold = host.shown();
        Notification allFirst = host.onFx(() -> host.inbox().table().rows().get(0));
        int pageSize = host.onFx(() -> host.inbox().pager().pageSizeProperty().get());
        List<Double> ms = new ArrayList<>();
        List<Double> reads = new ArrayList<>();
        List<Double> cpu = new ArrayList<>();
        for (int i = 0; i < WARM + TIMED; i++) {
            Rin one = rins.get((i * 37 + 11) % rins.size());
            host.onFx(
                    () -> {
                        host.chooseTaxpayer(one);
                        return null;
                    });
            InboxHost.await(host.drawn(() -> showing(host, r -> one.equals(taxpayer(host, r)))));
            CompletableFuture<Long> shown = host.drawn(() -> showing(host, allFirst::equals));
            long[] at = host.act(host::chooseAll);
            long t1 = InboxHost.await(shown);
            if (i >= WARM) {
                ms.add(Stats.ms(t1 - at[0]));
                reads.add(Stats.ms(timed.lastQueryNanos));
                cpu.add(Stats.ms(host.cpuAtLastDrawn() - at[1]));
            }
        }
        String note =
                String.format(
                        Locale.ROOT,
                        "All taxpayers chosen (one taxpayer shown before) -> first page (%d of"
                                + " 1,000,000, 500 taxpayers) on screen; %d after %d %s; of which the"
                                + " archive's read %.1f ms, FX-thread CPU %.1f ms; a new screen"
                                + " made and shown with All %.0f ms",
                        pageSize,
                        TIMED,
                        WARM,
                        Stats.runs(ms, 1),
                        Stats.median(reads),
                        Stats.median(cpu),
                        Stats.ms(cold));
        System.out.println("inbox_ui_page_ms: " + note);
        return List.of(
                Metric.of("inbox_ui_page_ms", Stats.median(ms), "ms", PAGE_GOAL, note),
                // for the with/without runs (MechanismRuns): CPU, which other processes do not
                // stretch
                new Metric("inbox_ui_page_ms.fx_cpu", Stats.median(cpu), "ms", "", true, "FX CPU"));
    }

    /**
     * The inbox shows a page whose first row passes {@code first}: read (not loading), and the
     * table's first visible row laid out with that row.
     */
    static boolean showing(InboxHost host, Predicate<Notification> first) {
        HistoryViewModel vm = host.inbox();
        if (vm.requests().loadingProperty().get() || vm.table().rows().isEmpty()) {
            return false;
        }
        Notification top = vm.table().rows().get(0);
        if (!first.test(top)) {
            return false;
        }
        VirtualFlow<?> flow = host.flow();
        return flow != null
                && flow.getFirstVisibleCell() instanceof TableRow<?> row
                && row.getIndex() == 0
                && Objects.equals(row.getItem(), top)
                && !row.isEmpty()
                && row.isVisible();
    }

    /** The RIN of a row's taxpayer; null when not known. */
    private static Rin taxpayer(InboxHost host, Notification row) {
        ListedTaxpayer t = host.inbox().taxpayerOf(row);
        return t == null ? null : t.rin();
    }

    // ---- search_ui_ms ----

    private static Metric searches(InboxHost host, TimedArchive timed) throws Exception {
        host.onFx(
                () -> {
                    host.chooseAll();
                    return null;
                });
        InboxHost.await(
                host.drawn(
                        () ->
                                showing(host, r -> true)
                                        && host.inbox().search().termsProperty().get().isEmpty()));
        Notification allFirst = host.onFx(() -> host.inbox().table().rows().get(0));
        double debounce = SearchViewModel.DEBOUNCE.toMillis();
        List<Double> all = new ArrayList<>();
        List<Double> fired = new ArrayList<>();
        List<Double> reads = new ArrayList<>();
        StringBuilder each = new StringBuilder();
        for (String word : SEARCHES) {
            List<String> terms = SearchText.terms(word);
            List<Double> ms = new ArrayList<>();
            for (int round = 0; round <= SEARCH_ROUNDS; round++) {
                clearSearch(host, allFirst);
                for (int k = 0; k < word.length() - 1; k++) {
                    String c = word.substring(k, k + 1);
                    host.onFx(
                            () -> {
                                type(host, c);
                                return null;
                            });
                    InboxHost.await(host.nextPulse());
                }
                CompletableFuture<Long> shown =
                        host.drawn(
                                () ->
                                        terms.equals(host.inbox().search().termsProperty().get())
                                                && showing(host, r -> true));
                String last = word.substring(word.length() - 1);
                long[] at = host.act(() -> type(host, last));
                long t1 = InboxHost.await(shown);
                String typed = host.onFx(() -> host.search().getText());
                if (!typed.equals(word)) {
                    throw new IllegalStateException("typed " + typed + ", meant " + word);
                }
                if (round > 0) {
                    ms.add(Stats.ms(t1 - at[0]) - debounce);
                    fired.add(Stats.ms(t1 - host.timerFired()));
                    reads.add(Stats.ms(timed.lastQueryNanos));
                }
            }
            all.addAll(ms);
            each.append(each.length() == 0 ? "" : ", ")
                    .append(word)
                    .append(String.format(Locale.ROOT, " %.1f", Stats.median(ms)));
        }
        String note =
                String.format(
                        Locale.ROOT,
                        "last keystroke -> results on screen minus the %.0f ms debounce, All"
                                + " taxpayers; %d searches x %d after one: %s ms; from the"
                                + " debounce's end %.1f ms; the archive's read %.1f ms; all %s",
                        debounce,
                        SEARCHES.size(),
                        SEARCH_ROUNDS,
                        each,
                        Stats.median(fired),
                        Stats.median(reads),
                        Stats.runs(all, 1));
        System.out.println("search_ui_ms: " + note);
        return Metric.of("search_ui_ms", Stats.median(all), "ms", SEARCH_GOAL, note);
    }

    private static void clearSearch(InboxHost host, Notification allFirst) throws Exception {
        boolean typed = host.onFx(() -> !host.search().getText().isEmpty());
        if (!typed) {
            return;
        }
        CompletableFuture<Long> cleared =
                host.drawn(
                        () ->
                                host.inbox().search().termsProperty().get().isEmpty()
                                        && showing(host, allFirst::equals));
        host.onFx(
                () -> {
                    host.search().clear();
                    return null;
                });
        InboxHost.await(cleared);
    }

    /** One key typed into the search field, as the keyboard delivers it. */
    private static void type(InboxHost host, String character) {
        host.search()
                .fireEvent(
                        new KeyEvent(
                                KeyEvent.KEY_TYPED,
                                character,
                                "",
                                KeyCode.UNDEFINED,
                                false,
                                false,
                                false,
                                false));
    }

    // ---- sync_max_fx_stall_ms ----

    private static Metric pagingDuringSync(
            InboxHost host, Archive archive, List<ListedTaxpayer> listed) throws Exception {
        Rin rin = Rin.of(System.getProperty(UiSandbox.RIN));
        ListedTaxpayer own =
                new ListedTaxpayer(rin, System.getProperty(UiSandbox.NAME, "Own taxpayer"), true);
        List<ListedTaxpayer> withOwn = new ArrayList<>(listed);
        withOwn.add(own);
        // no search: cleared, and the screen's page read without it, before the list changes (a
        // change within the debounce would read the page with the search typed before)
        host.onFx(
                () -> {
                    host.search().clear();
                    return null;
                });
        InboxHost.await(
                host.drawn(
                        () ->
                                host.inbox().search().termsProperty().get().isEmpty()
                                        && showing(host, r -> true)));
        LoginBudget budget = LoginBudget.perMinute(LoginBudget.DEFAULT_PER_MINUTE);
        try (ServiceClient client = new ServiceClient(ClientConfig.defaults(), budget);
                TaxpayerSessions sessions =
                        new TaxpayerSessions(
                                client::openSession,
                                Environment.custom(
                                        System.getProperty(UiSandbox.AUTH),
                                        System.getProperty(UiSandbox.API)),
                                new Credentials(
                                        System.getProperty(UiSandbox.CLIENT_ID),
                                        System.getProperty(UiSandbox.SECRET).toCharArray(),
                                        null,
                                        null))) {
            SyncViewModel sync =
                    host.onFx(
                            () -> {
                                SyncViewModel s =
                                        app.ishaar.ui.taxpayers.SessionsSchedule.make(
                                                        archive,
                                                        ArchiveBench.SERVICE,
                                                        sessions,
                                                        budget,
                                                        SyncOptions.desktop(),
                                                        host.background(),
                                                        app.ishaar.ui.fx.FxExecutor.INSTANCE)
                                                .vm();
                                s.taxpayersProperty().set(List.of(own));
                                s.statuses()
                                        .addListener(
                                                (javafx.collections.MapChangeListener<
                                                                Rin,
                                                                app.ishaar.ui.taxpayers
                                                                        .TaxpayerSyncStatus>)
                                                        c -> {
                                                            var now = c.getValueAdded();
                                                            if (now != null
                                                                    && now.problem() != null) {
                                                                System.out.println(
                                                                        "sync problem: " + now);
                                                            }
                                                        });
                                // as the app: a sync that changed the archive reads the page again
                                s.archiveChangesProperty()
                                        .addListener((o, was, now) -> host.inbox().landed());
                                host.inbox().scope(Scope.all(withOwn));
                                host.chooseAll();
                                return s;
                            });
            InboxHost.await(host.drawn(() -> showing(host, r -> true)));
            // the same paging without the sync, for comparison
            Stretch quiet = stretch(host, () -> true);
            host.onFx(
                    () -> {
                        host.inbox().pager().first();
                        return null;
                    });
            InboxHost.await(
                    host.drawn(
                            () ->
                                    host.inbox().pager().pageProperty().get() == 1
                                            && showing(host, r -> true)));
            long s0 = System.nanoTime();
            host.onFx(
                    () -> {
                        sync.syncNow(rin);
                        return null;
                    });
            InboxHost.await(host.at(() -> sync.runningProperty().get()));
            List<Stretch> during = new ArrayList<>();
            Stretch partial = null;
            while (host.onFx(() -> sync.runningProperty().get())) {
                Stretch s = stretch(host, () -> sync.runningProperty().get());
                if (s.pages() == PAGES_PER_STRETCH && s.syncStillRunning()) {
                    during.add(s);
                } else {
                    partial = s;
                }
            }
            double syncS = (System.nanoTime() - s0) / 1e9;
            long synced =
                    archive.query(
                                    new InboxQuery(
                                            ArchiveBench.SERVICE,
                                            java.util.Set.of(rin),
                                            NotificationQuery.ALL,
                                            null,
                                            1,
                                            1))
                            .totalCount();
            if (during.isEmpty() && partial != null) {
                during.add(partial); // a sync shorter than a stretch: what it spanned
            }
            List<Double> longest = new ArrayList<>();
            List<Double> bursts = new ArrayList<>();
            List<Double> pageMs = new ArrayList<>();
            int pages = 0;
            for (Stretch s : during) {
                longest.add(s.longestMs());
                bursts.add(s.longestBurstMs());
                pageMs.add(s.medianPageMs());
                pages += s.pages();
            }
            String note =
                    String.format(
                            Locale.ROOT,
                            "longest pulse gap paging All (Next as soon as on screen) while a"
                                    + " sync of %,d (stored %,d) runs into the 1,000,000 archive"
                                    + " (%.0f s); %d stretches of %d pages %s ms, pages on screen"
                                    + " in %s ms, longest FX-thread CPU burst %s ms; the same"
                                    + " paging without the sync: %.1f ms (page %.1f ms)",
                            SYNC_COUNT,
                            synced,
                            syncS,
                            during.size(),
                            PAGES_PER_STRETCH,
                            Stats.runs(longest, 1),
                            Stats.runs(pageMs, 1),
                            Stats.runs(bursts, 1),
                            quiet.longestMs(),
                            quiet.medianPageMs());
            System.out.println("sync_max_fx_stall_ms (" + pages + " pages): " + note);
            if (synced < SYNC_COUNT) {
                return Metric.failed(
                        "sync_max_fx_stall_ms",
                        "ms",
                        SYNC_STALL_GOAL,
                        "the sync stored " + synced + " of " + SYNC_COUNT + "; " + note);
            }
            return Metric.of(
                    "sync_max_fx_stall_ms", Stats.median(longest), "ms", SYNC_STALL_GOAL, note);
        }
    }

    /** A stretch of paging: the pulse gaps, the FX thread's bursts, click to page on screen. */
    record Stretch(
            int pages,
            double longestMs,
            double longestBurstMs,
            double medianPageMs,
            boolean syncStillRunning) {}

    /**
     * Up to {@value #PAGES_PER_STRETCH} pages, Next as soon as each is on screen, while it goes.
     */
    private static Stretch stretch(InboxHost host, java.util.function.BooleanSupplier going)
            throws Exception {
        host.recordGaps(true);
        List<Double> pageMs = new ArrayList<>();
        List<Double> pageCpu = new ArrayList<>();
        int pages = 0;
        while (pages < PAGES_PER_STRETCH && host.onFx(going::getAsBoolean)) {
            int target = host.onFx(() -> host.inbox().pager().pageProperty().get() + 1);
            // (a sync that ends reads the page shown again, which can take the place of Next's)
            CompletableFuture<Long> shown =
                    host.drawn(
                            () ->
                                    (host.inbox().pager().pageProperty().get() == target
                                                    || !going.getAsBoolean())
                                            && showing(host, r -> true));
            long[] at = host.act(host::next);
            pageMs.add(Stats.ms(InboxHost.await(shown) - at[0]));
            pageCpu.add(Stats.ms(host.cpuAtLastDrawn() - at[1]));
            pages++;
        }
        boolean still = host.onFx(going::getAsBoolean);
        List<List<Long>> recorded = host.recordGaps(false);
        double longest =
                Stats.ms(recorded.get(0).stream().mapToLong(Long::longValue).max().orElse(0));
        double burst =
                Stats.ms(recorded.get(1).stream().mapToLong(Long::longValue).max().orElse(0));
        System.out.printf(
                Locale.ROOT,
                "  stretch of %d pages (to page %d)%s: longest gap %.1f ms, longest FX burst %.1f"
                        + " ms, page on screen %.1f ms, FX-thread CPU a page %.1f ms%n",
                pages,
                host.onFx(() -> host.inbox().pager().pageProperty().get()),
                still ? "" : " (ended)",
                longest,
                burst,
                Stats.median(pageMs),
                Stats.median(pageCpu));
        return new Stretch(pages, longest, burst, Stats.median(pageMs), still);
    }

    /** The archive as the screen reads it, with how long its last page read took. */
    static final class TimedArchive {
        private final Archive archive;
        volatile long lastQueryNanos;

        TimedArchive(Archive target) {
            this.archive =
                    (Archive)
                            java.lang.reflect.Proxy.newProxyInstance(
                                    Archive.class.getClassLoader(),
                                    new Class<?>[] {Archive.class},
                                    (proxy, method, args) -> {
                                        long t0 = System.nanoTime();
                                        try {
                                            return method.invoke(target, args);
                                        } catch (java.lang.reflect.InvocationTargetException e) {
                                            throw e.getCause();
                                        } finally {
                                            if (method.getName().equals("query")) {
                                                lastQueryNanos = System.nanoTime() - t0;
                                            }
                                        }
                                    });
        }

        Archive archive() {
            return archive;
        }
    }

    static ThreadMXBean threads() {
        return ManagementFactory.getThreadMXBean();
    }
}
