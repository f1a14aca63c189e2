package app.ishaar.ui.notifications;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.core.settings.HistoryPrefs;
import app.ishaar.ui.desktop.FileOpener;
import app.ishaar.ui.i18n.I18n;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The notification screen over a scope ({@link #scopeProperty()}): one taxpayer's, or the list's
 * taxpayers' (All taxpayers), the same screen either way. Contract used by the main window: one
 * instance per scope, kept while the window lives, so filters, search, page and selection survive
 * switching and re-login.
 *
 * <p>Its pages are the archive's ({@link #pagesProperty()}, set by the window once it knows the
 * service): shown without waiting for a session, online or offline; the service is only asked, by
 * the window's sync, to bring the archive up to date. Each sync updates the shown rows in place
 * ({@link #synced}); while a first sync is still bringing older pages, the rows are read again as
 * pages land ({@link #landed}) and {@link #reachProperty()} says how far back a taxpayer's archive
 * reaches. A newer request supersedes an older one: the older future is cancelled and its result,
 * should it still arrive, is dropped. A failure shows in {@link #errorProperty()} and never clears
 * the rows or the filters.
 *
 * <p>Its parts: the filters ({@link FiltersViewModel}), the search ({@link SearchViewModel}), the
 * pager ({@link PagerViewModel}), the shown rows and selection ({@link RowsViewModel}), the
 * requests for pages ({@link PageRequests}), the detail ({@link DetailViewModel}), who is dealing
 * with the notifications ({@link HandlingViewModel}), the visits and what is new since the last one
 * ({@link VisitsViewModel}), and what the window's sync brought since the page came ({@link
 * ArrivalsViewModel}, told by {@link #synced}), which never changes the shown page by itself.
 */
public final class HistoryViewModel {
    private final I18n i18n;
    private final Clock clock;
    private final Consumer<HistoryPrefs> prefsSink;

    private final Executor fx;
    private final ReadOnlyObjectWrapper<HistoryPages> pages =
            new ReadOnlyObjectWrapper<>(this, "pages", HistoryPages.NONE);
    private final ReadOnlyObjectWrapper<Reach> reach = new ReadOnlyObjectWrapper<>(this, "reach");
    private final FiltersViewModel filters;
    private final SearchViewModel search;
    private final ReadOnlyObjectWrapper<Scope> scope =
            new ReadOnlyObjectWrapper<>(this, "scope", Scope.NONE);
    private final ObjectProperty<Rin> only = new SimpleObjectProperty<>(this, "only");

    /** The archive's record of each row shown (its taxpayer, when its status was confirmed). */
    private Map<String, ArchivedNotification> shownArchived = Map.of();

    private final PagerViewModel pager;
    private final RowsViewModel rows = new RowsViewModel();
    private final DetailViewModel detail;
    private final VisitsViewModel visits;
    private final ArrivalsViewModel arrivals;
    private final ExportHandOff exports;
    private final HistoryLabels labels;

    private final PageRequests requests;
    private final HandlingViewModel handling;
    private final ReadOnlyBooleanWrapper empty = new ReadOnlyBooleanWrapper(this, "empty");
    private final FailureTexts errorTexts;
    private final LayoutViewModel layout;
    private HistoryPrefs lastPrefs;

    /** Why the last sync of this taxpayer failed, while it says so (null: it did not, or said). */
    private Throwable syncFailure;

    public HistoryViewModel(
            I18n i18n, Executor fx, HistoryPrefs initial, Consumer<HistoryPrefs> prefsSink) {
        this(i18n, fx, initial, prefsSink, Clock.systemUTC());
    }

    /** The same, with the clock date presets are computed from (tests fix it). */
    public HistoryViewModel(
            I18n i18n,
            Executor fx,
            HistoryPrefs initial,
            Consumer<HistoryPrefs> prefsSink,
            Clock clock) {
        this(i18n, fx, initial, prefsSink, clock, FileOpener.NONE);
    }

    /**
     * The same, with what opens an export's file and folder once written (the desktop's; {@link
     * FileOpener#NONE} offers neither).
     */
    public HistoryViewModel(
            I18n i18n,
            Executor fx,
            HistoryPrefs initial,
            Consumer<HistoryPrefs> prefsSink,
            Clock clock,
            FileOpener fileOpener) {
        this(
                i18n,
                fx,
                initial,
                prefsSink,
                clock,
                fileOpener,
                SearchViewModel.Timer.SYSTEM,
                SearchViewModel.DEBOUNCE);
    }

    /** The same, with the timer and pause after which a search typed is read (tests). */
    public HistoryViewModel(
            I18n i18n,
            Executor fx,
            HistoryPrefs initial,
            Consumer<HistoryPrefs> prefsSink,
            Clock clock,
            FileOpener fileOpener,
            SearchViewModel.Timer timer,
            Duration debounce) {
        this.i18n = Objects.requireNonNull(i18n);
        this.fx = Objects.requireNonNull(fx);
        this.clock = Objects.requireNonNull(clock);
        this.prefsSink = prefsSink == null ? p -> {} : prefsSink;
        Instant lastVisit = initial == null ? null : initial.lastVisit();
        this.filters =
                new FiltersViewModel(i18n, clock, FilterState.remembered(initial), lastVisit);
        this.pager =
                new PagerViewModel(
                        i18n,
                        initial == null || initial.pageSize() == null
                                ? PagerViewModel.DEFAULT_PAGE_SIZE
                                : initial.pageSize());
        this.detail = new DetailViewModel(i18n);
        this.search = new SearchViewModel(timer, debounce, fx);
        this.visits =
                new VisitsViewModel(
                        i18n,
                        clock,
                        lastVisit,
                        rows.rows(),
                        now -> {
                            filters.lastVisit(now);
                            emitPrefs();
                        });
        this.arrivals = new ArrivalsViewModel(i18n, clock);
        this.exports =
                new ExportHandOff(
                        i18n,
                        fx,
                        clock,
                        fileOpener == null ? FileOpener.NONE : fileOpener,
                        initial == null ? null : initial.exportFolder(),
                        initial == null ? null : initial.exportFormat(),
                        this::emitPrefs);
        this.layout = new LayoutViewModel(initial);
        this.handling =
                new HandlingViewModel(fx, pages::get, rows.selectedProperty(), this::reread);
        this.labels = new HistoryLabels(i18n, this::taxpayerOf, handling::of, handling::shownName);
        this.requests =
                new PageRequests(fx, pages::get, pager, () -> {}, this::pageCame, labels::prepare);
        this.errorTexts = new FailureTexts(requests.errorProperty(), i18n);
        lastPrefs = prefs();

        detail.notificationProperty().bind(rows.selectedProperty());
        rows.selectedProperty().addListener((obs, old, now) -> showChecked());
        search.termsProperty().addListener((obs, old, now) -> showChecked());
        search.onChange(() -> load(1));
        only.addListener((obs, old, now) -> load(1));
        pager.setNavigator(this::load);
        filters.appliedProperty()
                .addListener(
                        (obs, old, now) -> {
                            load(1);
                            emitPrefs();
                        });
        pager.pageSizeProperty().addListener((obs, old, now) -> emitPrefs());
        layout.columnsProperty().addListener((obs, old, now) -> emitPrefs());
        layout.detailWidthProperty().addListener((obs, old, now) -> emitPrefs());
        layout.detailVisibleProperty().addListener((obs, old, now) -> emitPrefs());
    }

    /** Whose notifications are shown: one taxpayer, or the list's (set by the window). */
    public ReadOnlyObjectProperty<Scope> scopeProperty() {
        return scope.getReadOnlyProperty();
    }

    /**
     * Shows {@code now}'s taxpayers from now on: a change of who is in it reads the first page; a
     * change of names alone only names the rows anew.
     */
    public void scope(Scope now) {
        Scope was = scope.get();
        scope.set(now == null ? Scope.NONE : now);
        if (!was.rins().equals(scope.get().rins())) {
            load(was.taxpayers().isEmpty() ? pager.target() : 1);
        }
    }

    /**
     * In a scope of several, only this taxpayer's notifications (the taxpayer filter); null: all.
     */
    public ObjectProperty<Rin> onlyProperty() {
        return only;
    }

    /** The scope the rows are read from: the scope narrowed by {@link #onlyProperty()}. */
    public Scope shownScope() {
        return scope.get().only(scope.get().several() ? only.get() : null);
    }

    /**
     * The taxpayer of a row shown, as the list names it (a blank name where the list has none, as
     * for a taxpayer forgotten from the list whose notifications the archive still holds); null
     * when not known.
     */
    public ListedTaxpayer taxpayerOf(Notification n) {
        ArchivedNotification a = n == null ? null : shownArchived.get(n.notificationId());
        if (a == null || a.taxpayer() == null) {
            return null;
        }
        ListedTaxpayer t = scope.get().find(a.taxpayer());
        return t != null ? t : ListedTaxpayer.represented(a.taxpayer(), "");
    }

    /** Where the pages come from: the archive once the window set it ({@link #readFrom}). */
    public ReadOnlyObjectProperty<HistoryPages> pagesProperty() {
        return pages.getReadOnlyProperty();
    }

    /**
     * Reads the pages from {@code source} from now on: the current page (filters, page number and
     * size as they are) is read from it at once, the selection staying on its notification.
     */
    public void readFrom(HistoryPages source) {
        if (source == null || source == pages.get()) {
            return;
        }
        pages.set(source);
        reach.set(null);
        handling.readFrom(source);
        load(pager.target());
    }

    // ---- contract with the main window ----

    /**
     * How far back the archive holds this taxpayer's history (read after each page); null while not
     * known.
     */
    public ReadOnlyObjectProperty<Reach> reachProperty() {
        return reach.getReadOnlyProperty();
    }

    /**
     * The login ended (logging out): no request stays in flight, and nothing stays shown (rows,
     * selection, error, counts) until the next login sets where to read ({@link #readFrom}), which
     * reads at once, online or offline. Filters, page size and column layout stay: they are the
     * taxpayer's remembered preferences. The next login starts from page 1.
     */
    public void endSession() {
        cancelInFlight();
        pages.set(HistoryPages.NONE);
        reach.set(null);
        rows.clear();
        shownArchived = Map.of();
        arrivals.forget();
        requests.forget();
        handling.endSession();
        empty.set(false);
        pager.clear();
    }

    /**
     * Shows the table of exactly these rows (a summary's link): only this taxpayer's (null: the
     * whole scope), under {@code state}, matching {@code search} (null: no search), from the first
     * page; the summary makes way for the table.
     */
    public void open(Rin onlyOne, FilterState state, String searched) {
        search.textProperty().set(searched == null ? "" : searched);
        if (scope.get().several()) {
            only.set(onlyOne);
        }
        filters.show(state);
        layout.summaryShownProperty().set(false);
        load(1);
    }

    /** Reloads the current page (F5). */
    public void refresh() {
        load(pager.target());
    }

    /**
     * The shown page read again after a change of handling, quietly: rows in place, the selection
     * kept; a page that lost rows shown anew (a filter of To handle after a mark), and one that
     * lost them all (its last page) read as a page asked for, which goes to the last one left.
     */
    private void reread() {
        boolean asked =
                requests.reread(
                        page -> {
                            if (page.items().isEmpty() && page.totalPages() > 0) {
                                refresh();
                                return;
                            }
                            rows.reread(notifications(page));
                            showPaging(pager.target(), page);
                            showChecked();
                        });
        if (!asked) {
            refresh();
        }
    }

    // ---- state for the view ----

    public I18n i18n() {
        return i18n;
    }

    public HistoryLabels labels() {
        return labels;
    }

    public FiltersViewModel filters() {
        return filters;
    }

    /** The search and the order. */
    public SearchViewModel search() {
        return search;
    }

    public PagerViewModel pager() {
        return pager;
    }

    public DetailViewModel detail() {
        return detail;
    }

    /** Who is dealing with the notifications: marks, assignments, notes, their history. */
    public HandlingViewModel handling() {
        return handling;
    }

    /** The visits, and which notifications are new since the last one. */
    public VisitsViewModel visits() {
        return visits;
    }

    /** The shown page's rows and the selected one. */
    public RowsViewModel table() {
        return rows;
    }

    /** The page requests: whether one is out, and the last failure. */
    public PageRequests requests() {
        return requests;
    }

    /** True when the last answer said no notification matches. */
    public ReadOnlyBooleanProperty emptyProperty() {
        return empty.getReadOnlyProperty();
    }

    /** The last failure in words. */
    public FailureTexts errorTexts() {
        return errorTexts;
    }

    /** The columns' and the detail pane's layout. */
    public LayoutViewModel layout() {
        return layout;
    }

    /** The query of the rows shown without paging: what an export writes. */
    public PageQuery exportQuery() {
        return new PageQuery(
                shownScope(),
                filters.applied()
                        .toQuery(clock, i18n.zoneProperty().get(), 1, PagerViewModel.MAX_PAGE_SIZE)
                        .withPage(1),
                search.applied(),
                search.orderProperty().get(),
                filters.applied().handling());
    }

    /** The state to remember for this taxpayer. */
    public HistoryPrefs prefs() {
        FilterState f = filters.applied();
        return new HistoryPrefs(
                f.preset().name(),
                f.customFrom(),
                f.customTo(),
                f.type(),
                f.language(),
                f.status(),
                f.channel(),
                pager.pageSizeProperty().get(),
                layout.columnsProperty().get(),
                layout.detailWidthToRemember(),
                layout.detailVisibleProperty().get(),
                exports.folder(),
                exports.formatName(),
                visits.toRemember(),
                f.handling() == InboxQuery.HandlingFilter.ALL ? null : f.handling().name());
    }

    // ---- new notifications ----

    /** See {@link ArrivalsViewModel#arrivedProperty()}. */
    public ReadOnlyLongProperty arrivedProperty() {
        return arrivals.arrivedProperty();
    }

    /** See {@link ArrivalsViewModel#arrivedText()}. */
    public StringBinding arrivedText() {
        return arrivals.arrivedText();
    }

    /**
     * Shows what arrived: the first page of the filters, newest first (the selection stays if it is
     * there).
     */
    public void showArrived() {
        load(1);
    }

    /**
     * The window's sync of this taxpayer, begun at {@code started} (null: not to be counted),
     * ended, having archived {@code added} new notifications (or none, but updated some): they are
     * counted as arrived since the shown page came ({@link ArrivalsViewModel#synced}), which the
     * title, the taxpayer list and the desktop's notification say; Show brings them. The shown page
     * is read again and its rows that changed (a status that settled) are updated in place: no row
     * added, removed or moved, the selection and the table's place kept (a first sync's rows came
     * as its pages landed, {@link #landed}).
     */
    public void synced(long added, Instant started) {
        arrivals.synced(added, started);
        syncFailure = null;
        Reach r = reach.get();
        if (r == null || !r.complete()) {
            landed(); // (a first sync: the rows it brought, and how far back they go now)
        } else {
            requests.reread(
                    page -> {
                        rows.update(notifications(page));
                        showChecked();
                    });
        }
    }

    /**
     * This taxpayer's sync failed ({@code refused}: the service will not give its notifications to
     * this system): said above the table as a page's failure would be, where it explains what is
     * missing, that is when refused, or while nothing of the taxpayer is archived. The rows shown
     * stay.
     */
    public void syncFailed(Throwable error, boolean refused) {
        Reach r = reach.get();
        boolean nothingArchived = r == null || (!r.complete() && r.oldest() == null);
        if (error != null && (refused || nothingArchived)) {
            syncFailure = error;
            requests.fail(error);
        }
    }

    /**
     * A page of this taxpayer's sync was archived: while its first sync is still bringing older
     * pages, the page shown is read again, so that its rows come as they land (the selection stays
     * on its notification).
     */
    public void landed() {
        if (pages.get().ready() && (reach.get() == null || !reach.get().complete())) {
            requests.reread(
                    page -> {
                        rows.reread(notifications(page));
                        showPaging(pager.target(), page);
                        showChecked();
                        askReach();
                    });
        }
    }

    /**
     * An export of the rows shown (all their pages), read from the archive (as of the scope's last
     * sync), offering the folder and format of this screen's last one; while there is no archive to
     * read yet (before a login names the service), it fails when started.
     */
    public ExportViewModel newExport() {
        return exports.newExport(exportQuery(), pages.get() instanceof ArchivePages a ? a : null);
    }

    /**
     * The report (PDF) of the scope in {@code [from, to)}, as the summary offers it: its summary
     * and the failed deliveries and rejections behind it, whatever the table's filters and search,
     * written where this screen's last export went.
     */
    public ExportViewModel newReport(Instant from, Instant to) {
        PageQuery period =
                new PageQuery(
                        scope.get(),
                        NotificationQuery.ALL.withDates(from, to.minusNanos(1)),
                        null,
                        null);
        return exports.newExport(period, pages.get() instanceof ArchivePages a ? a : null, true);
    }

    // ---- commands ----

    /** Tries the failed request again; the rows and filters shown stay meanwhile. */
    public void retry() {
        if (requests.lastQuery() != null) {
            requests.issue(requests.lastQuery());
        } else {
            refresh();
        }
    }

    public void dismissError() {
        syncFailure = null;
        requests.dismissError();
    }

    // ---- loading ----

    /** Reads a page; a search typed and not yet read is taken, and reads its first page. */
    private void load(int pageNo) {
        int asked = search.take() ? 1 : pageNo;
        requests.issue(queryOf(asked));
    }

    private PageQuery queryOf(int pageNo) {
        NotificationQuery q =
                filters.applied()
                        .toQuery(
                                clock,
                                i18n.zoneProperty().get(),
                                Math.max(1, pageNo),
                                pager.pageSizeProperty().get());
        return new PageQuery(
                shownScope(),
                q,
                search.applied(),
                search.orderProperty().get(),
                filters.applied().handling());
    }

    /** The notifications of a page, and the archive's record of each kept for the rows. */
    private List<Notification> notifications(InboxPage page) {
        Map<String, ArchivedNotification> byId = new HashMap<>();
        for (ArchivedNotification a : page.items()) {
            byId.put(a.notification().notificationId(), a);
        }
        shownArchived = byId;
        handling.shown(byId);
        return page.items().stream().map(ArchivedNotification::notification).toList();
    }

    private void showPaging(int asked, InboxPage page) {
        pager.showing(
                asked,
                page.totalPages(),
                page.totalCount(),
                page.moreThanTotal(),
                search.applied() != null);
        empty.set(page.totalCount() == 0 && page.items().isEmpty());
    }

    private void cancelInFlight() {
        requests.cancel();
    }

    /** Shows a page that came for page number {@code asked}. */
    private void pageCame(InboxPage page, int asked) {
        rows.show(notifications(page));
        showPaging(asked, page);
        showChecked();
        Instant shownAt = clock.instant();
        arrivals.pageShown(page.totalCount(), shownAt);
        if (visits.pageShown(shownAt)) {
            emitPrefs();
        }
        askReach();
        if (syncFailure != null) {
            requests.fail(syncFailure); // a page read says nothing of why the sync failed
        }
    }

    /**
     * The detail's status-checked time of the selected notification, as the page read last has it:
     * on a new selection, and on each page read (a sync may have confirmed the status again, the
     * row unchanged).
     */
    private void showChecked() {
        Notification n = rows.selectedProperty().get();
        ArchivedNotification a = n == null ? null : shownArchived.get(n.notificationId());
        detail.statusCheckedAtProperty().set(a == null ? null : a.statusCheckedAt());
        detail.matchedWordsProperty()
                .set(n == null ? List.of() : MatchedWords.in(n, search.termsProperty().get()));
    }

    /** Reads how far back the archive reaches, unless it held the whole history already. */
    private void askReach() {
        Reach known = reach.get();
        if (known != null && known.complete()) {
            return;
        }
        HistoryPages from = pages.get();
        from.reach(scope.get())
                .thenAcceptAsync(
                        r -> {
                            if (pages.get() == from) {
                                reach.set(r);
                            }
                        },
                        fx);
    }

    private void emitPrefs() {
        HistoryPrefs now = prefs();
        if (!now.equals(lastPrefs)) {
            lastPrefs = now;
            prefsSink.accept(now);
        }
    }
}
