package app.ishaar.ui.history;

import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.PageAhead;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.SessionExpiredException;
import app.ishaar.core.settings.HistoryPrefs;
import app.ishaar.ui.desktop.FileOpener;
import app.ishaar.ui.error.Failure;
import app.ishaar.ui.fx.LatestTask;
import app.ishaar.ui.i18n.I18n;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The notification history screen of one represented taxpayer (issue #5). Contract used by the main
 * window: one instance per taxpayer, kept while the window lives, so filters, page and selection
 * survive switching taxpayers and re-login (the shell sets a new session into {@link
 * #sessionProperty()}).
 *
 * <p>Every page comes from the service. A newer request supersedes an older one: the older future
 * is cancelled and its result, should it still arrive, is dropped. A failure shows in {@link
 * #errorProperty()} and never clears the rows or the filters.
 *
 * <p>While its window's clock ticks ({@link #checkForNew}), the shown history asks the service now
 * and then (every two minutes unless the user chose otherwise) whether more notifications match its
 * filters than when its page was shown, and says how many ({@link #arrivedProperty()}); it never
 * changes the shown page by itself.
 */
public final class HistoryViewModel {
    private static final Logger LOG = System.getLogger(HistoryViewModel.class.getName());

    /** A remembered detail width outside these (a damaged or hand-edited file) is not used. */
    static final double MIN_DETAIL_WIDTH = 40;

    static final double MAX_DETAIL_WIDTH = 5000;

    private final I18n i18n;
    private final Executor fx;
    private final Clock clock;
    private final Consumer<HistoryPrefs> prefsSink;
    private final Runnable onSessionExpired;

    private final ObjectProperty<Session> session = new SimpleObjectProperty<>(this, "session");
    private final FiltersViewModel filters;
    private final PagerViewModel pager;
    private final DetailViewModel detail;
    private final HistoryLabels labels;

    private final ObservableList<Notification> rows = FXCollections.observableArrayList();
    private final ObjectProperty<Notification> selected =
            new SimpleObjectProperty<>(this, "selected");
    private final StringProperty leftAt = new SimpleStringProperty(this, "leftAt");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyBooleanWrapper empty = new ReadOnlyBooleanWrapper(this, "empty");
    private final ReadOnlyObjectWrapper<Throwable> error =
            new ReadOnlyObjectWrapper<>(this, "error");
    private final StringBinding errorText;
    private final StringBinding errorReference;
    private final StringBinding errorDetail;

    private final ObjectProperty<List<HistoryPrefs.ColumnPref>> columns =
            new SimpleObjectProperty<>(this, "columns", List.of());

    /** The detail pane's width in pixels as the user left it; 0 for the view's default. */
    private final DoubleProperty detailWidth = new SimpleDoubleProperty(this, "detailWidth", 0);

    private final BooleanProperty detailVisible =
            new SimpleBooleanProperty(this, "detailVisible", true);

    /** The page asked for last: a newer request cancels it, and only its page is shown. */
    private final LatestTask pages;

    /** The check for new notifications under way: a page asked for meanwhile cancels it. */
    private final LatestTask checks;

    /** A page asked for ahead of the next request, which may take it ({@link #offerPageAhead}). */
    private PageAhead ahead;

    private NotificationQuery lastQuery;
    private String selectedId;
    private boolean replacingRows;
    private HistoryPrefs lastPrefs;

    /** The folder and format of this taxpayer's last export (null: none yet). */
    private String exportFolder;

    private ExportViewModel.Format exportFormat;

    /**
     * When the user last saw this history before now (null: never): what was sent after it is new.
     */
    private final ReadOnlyObjectWrapper<Instant> previousVisit =
            new ReadOnlyObjectWrapper<>(this, "previousVisit");

    /** This visit, from its first page shown (null until then): the next visit's previous one. */
    private Instant thisVisit;

    /**
     * What is new was sent after this: the previous visit, else (a first visit) this visit's start,
     * or the last Mark as seen; null until known.
     */
    private final ReadOnlyObjectWrapper<Instant> newSince =
            new ReadOnlyObjectWrapper<>(this, "newSince");

    /**
     * Whether {@link #newSince} is the remembered previous visit (not this one's start or a Mark as
     * seen).
     */
    private boolean newSinceIsLastVisit;

    private StringBinding newSinceText;

    /**
     * How many more notifications match the filters than when the shown page came (0: none, or not
     * known).
     */
    private final ReadOnlyLongWrapper arrived = new ReadOnlyLongWrapper(this, "arrived");

    /** The shown page's total count (-1: no page shown), and when it came. */
    private long shownTotal = -1;

    private Instant shownAt;

    /**
     * When the service was last asked whether new notifications came (or the page came); whether it
     * is being asked.
     */
    private Instant lastCheck;

    private boolean checking;
    private StringBinding arrivedText;

    public HistoryViewModel(
            I18n i18n,
            Executor fx,
            HistoryPrefs initial,
            Consumer<HistoryPrefs> prefsSink,
            Runnable onSessionExpired) {
        this(i18n, fx, initial, prefsSink, onSessionExpired, Clock.systemUTC());
    }

    /** The same, with the clock date presets are computed from (tests fix it). */
    public HistoryViewModel(
            I18n i18n,
            Executor fx,
            HistoryPrefs initial,
            Consumer<HistoryPrefs> prefsSink,
            Runnable onSessionExpired,
            Clock clock) {
        this(i18n, fx, initial, prefsSink, onSessionExpired, clock, FileOpener.NONE);
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
            Runnable onSessionExpired,
            Clock clock,
            FileOpener fileOpener) {
        this.fileOpener = fileOpener == null ? FileOpener.NONE : fileOpener;
        this.i18n = Objects.requireNonNull(i18n);
        this.fx = Objects.requireNonNull(fx);
        this.pages = new LatestTask(fx);
        this.checks = new LatestTask(fx);
        this.clock = Objects.requireNonNull(clock);
        this.prefsSink = prefsSink == null ? p -> {} : prefsSink;
        this.onSessionExpired = onSessionExpired == null ? () -> {} : onSessionExpired;
        this.labels = new HistoryLabels(i18n);
        this.filters =
                new FiltersViewModel(
                        i18n,
                        clock,
                        filterOf(initial),
                        initial == null ? null : initial.lastVisit());
        this.pager =
                new PagerViewModel(
                        i18n,
                        initial == null || initial.pageSize() == null
                                ? PagerViewModel.DEFAULT_PAGE_SIZE
                                : initial.pageSize());
        this.detail = new DetailViewModel(i18n);
        if (initial != null) {
            exportFolder = initial.exportFolder();
            exportFormat = formatOf(initial.exportFormat());
            columns.set(initial.columns());
            if (initial.detailWidth() != null
                    && initial.detailWidth() >= MIN_DETAIL_WIDTH
                    && initial.detailWidth() <= MAX_DETAIL_WIDTH) {
                detailWidth.set(initial.detailWidth());
            }
            if (initial.detailVisible() != null) {
                detailVisible.set(initial.detailVisible());
            }
            previousVisit.set(initial.lastVisit());
            newSince.set(initial.lastVisit());
            newSinceIsLastVisit = initial.lastVisit() != null;
        }
        lastPrefs = prefs();

        // the error as the user reads it, described once; its message, the service's words and the
        // reference follow it
        ObjectBinding<Failure> described =
                Bindings.createObjectBinding(
                        () -> error.get() == null ? null : Failure.describe(error.get(), null),
                        error);
        errorText =
                Bindings.createStringBinding(
                        () -> described.get() == null ? "" : described.get().text(i18n),
                        described,
                        i18n.languageProperty(),
                        i18n.latinDigitsProperty());
        errorReference =
                Bindings.createStringBinding(
                        () -> described.get() == null ? "" : described.get().reference(i18n),
                        described,
                        i18n.languageProperty());
        errorDetail =
                Bindings.createStringBinding(
                        () ->
                                described.get() == null || described.get().detail() == null
                                        ? ""
                                        : described.get().detail().strip(),
                        described);

        detail.notificationProperty().bind(selected);
        selected.addListener(
                (obs, old, now) -> {
                    if (now != null) {
                        selectedId = now.notificationId();
                    } else if (!replacingRows) {
                        selectedId = null;
                    }
                });
        pager.setNavigator(this::load);
        filters.appliedProperty()
                .addListener(
                        (obs, old, now) -> {
                            load(1);
                            emitPrefs();
                        });
        pager.pageSizeProperty().addListener((obs, old, now) -> emitPrefs());
        columns.addListener((obs, old, now) -> emitPrefs());
        detailWidth.addListener((obs, old, now) -> emitPrefs());
        detailVisible.addListener((obs, old, now) -> emitPrefs());
        session.addListener(
                (obs, old, now) -> {
                    if (now == null) {
                        cancelInFlight();
                    } else {
                        load(pager.target());
                    }
                });
    }

    private static FilterState filterOf(HistoryPrefs p) {
        if (p == null) {
            return FilterState.DEFAULT;
        }
        DatePreset preset = DatePreset.parse(p.datePreset());
        // since the last visit: the one before this one, not the one it was chosen in
        Instant from = preset == DatePreset.SINCE_LAST_VISIT ? p.lastVisit() : p.customFrom();
        return new FilterState(
                preset,
                from,
                p.customTo(),
                blankToNull(p.type()),
                blankToNull(p.language()),
                blankToNull(p.status()),
                blankToNull(p.channel()));
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    // ---- contract with the main window ----

    /** Setting a session (or a renewed one) loads the current page with it. */
    public ObjectProperty<Session> sessionProperty() {
        return session;
    }

    /**
     * The session ended by logging out: no request stays in flight, and nothing the service sent
     * stays (rows, selection, error, counts). Filters, page size and column layout stay: they are
     * the taxpayer's remembered preferences. The next session starts from page 1.
     */
    public void endSession() {
        session.set(null); // (its listener cancels the request in flight)
        replacingRows = true;
        try {
            rows.clear();
            selected.set(null);
        } finally {
            replacingRows = false;
        }
        selectedId = null;
        leftAt.set(null);
        lastQuery = null;
        shownTotal = -1;
        arrived.set(0);
        error.set(null);
        empty.set(false);
        pager.clear();
    }

    /** Reloads the current page (F5). */
    public void refresh() {
        load(pager.target());
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

    public PagerViewModel pager() {
        return pager;
    }

    public DetailViewModel detail() {
        return detail;
    }

    /** The notifications of the shown page, in the service's order. */
    public ObservableList<Notification> rows() {
        return rows;
    }

    /** The selected row; the detail pane follows it with no request. */
    public ObjectProperty<Notification> selectedProperty() {
        return selected;
    }

    /**
     * The notification ID of the row the table showed first when its screen was last left, for a
     * screen made again (the main window keeps the screens of a few taxpayers only): the place in
     * the page the user had scrolled to. An ID, so that a page that changed meanwhile is not shown
     * at another row's place; null when unknown. A session's end forgets it.
     */
    public StringProperty leftAtProperty() {
        return leftAt;
    }

    /** True while a page is being fetched (the shown rows stay until it arrives). */
    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    /** True when the last answer said no notification matches. */
    public ReadOnlyBooleanProperty emptyProperty() {
        return empty.getReadOnlyProperty();
    }

    /** The last failure, until dismissed, retried successfully or superseded by a success. */
    public ReadOnlyObjectProperty<Throwable> errorProperty() {
        return error.getReadOnlyProperty();
    }

    public StringBinding errorTextProperty() {
        return errorText;
    }

    /** "Reference: <correlationId>" or empty. */
    public StringBinding errorReferenceProperty() {
        return errorReference;
    }

    /**
     * The service's own words on the error (its error body's message, in the language it was asked
     * for), or empty: a 403, for one, may mean no access to these data or none to the API at all.
     */
    public StringBinding errorDetailProperty() {
        return errorDetail;
    }

    /** Column order, widths and visibility, in display order (the view writes it). */
    public ObjectProperty<List<HistoryPrefs.ColumnPref>> columnsProperty() {
        return columns;
    }

    /**
     * The detail pane's width in pixels as the user left it, 0 for the view's default (the view
     * writes it).
     */
    public DoubleProperty detailWidthProperty() {
        return detailWidth;
    }

    public BooleanProperty detailVisibleProperty() {
        return detailVisible;
    }

    /**
     * Rows as shown, one a line, in the order given (the table's): each its shown cells in the
     * shown columns' order, tab-separated ({@link HistoryLabels#row}), ready for a spreadsheet;
     * null for none.
     */
    public String rowsText(List<Notification> rows, List<String> columnIds) {
        return rows.isEmpty()
                ? null
                : String.join("\n", rows.stream().map(n -> labels.row(n, columnIds)).toList());
    }

    /**
     * The given notifications' IDs, one a line ("Copy notification ID" on several rows); null for
     * none.
     */
    public String idsText(List<Notification> rows) {
        return rows.isEmpty()
                ? null
                : String.join("\n", rows.stream().map(Notification::notificationId).toList());
    }

    /** The query of the shown filter without paging: what an export writes. */
    public NotificationQuery exportQuery() {
        return filters.applied()
                .toQuery(clock, i18n.zoneProperty().get(), 1, PagerViewModel.MAX_PAGE_SIZE)
                .withPage(1);
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
                columns.get(),
                detailWidth.get() > 0 ? detailWidth.get() : null,
                detailVisible.get(),
                exportFolder,
                exportFormat == null ? null : exportFormat.name(),
                thisVisit != null ? thisVisit : previousVisit.get());
    }

    /** When the user last saw this history before this visit; null for a first visit. */
    public ReadOnlyObjectProperty<Instant> previousVisitProperty() {
        return previousVisit.getReadOnlyProperty();
    }

    /**
     * Mark as seen: what was sent until now is no longer new, here and at the next visit (Since
     * your last visit starts from now too).
     */
    public void markSeen() {
        Instant now = clock.instant();
        thisVisit = now;
        newSinceIsLastVisit = false;
        newSince.set(now);
        previousVisit.set(now);
        filters.lastVisit(now);
        emitPrefs();
    }

    /**
     * After when a notification was sent to be new (bold): the user's last visit; on a first visit,
     * the start of this one (what came while the user was here); after Mark as seen, that moment.
     */
    public ReadOnlyObjectProperty<Instant> newSinceProperty() {
        return newSince.getReadOnlyProperty();
    }

    /**
     * Whether the notification was sent after {@link #newSinceProperty()}: since the last visit, or
     * while here.
     */
    public boolean isNew(Notification n) {
        Instant since = newSince.get();
        return since != null
                && n != null
                && n.receivedDateTime() != null
                && n.receivedDateTime().isAfter(since);
    }

    /** What the bold rows are, in the UI's language and zone, while the page shows one; else "". */
    public StringBinding newSinceText() {
        if (newSinceText == null) {
            newSinceText =
                    Bindings.createStringBinding(
                            () ->
                                    rows.stream().noneMatch(this::isNew)
                                            ? ""
                                            : i18n.get(
                                                    newSinceIsLastVisit
                                                            ? "history.newSince"
                                                            : "history.newSinceTime",
                                                    i18n.formatTimeToday(newSince.get(), clock)),
                            newSince,
                            rows,
                            i18n.languageProperty(),
                            i18n.latinDigitsProperty(),
                            i18n.zoneProperty());
        }
        return newSinceText;
    }

    /** What a bold row is, for a screen reader (the row's accessible help). */
    public String newRowHelp() {
        return newSinceIsLastVisit
                ? i18n.get("history.row.new")
                : i18n.get("history.row.newSinceTime", i18n.formatTimeToday(newSince.get(), clock));
    }

    /**
     * How many more notifications match the filters now than when the shown page came: new ones
     * (or, filtered by status, ones whose status came to match). 0 when none or not known.
     */
    public ReadOnlyLongProperty arrivedProperty() {
        return arrived.getReadOnlyProperty();
    }

    /**
     * "3 new notifications since 10:15:02 AM" (its date too if not today), in the UI's language,
     * while some arrived; else "".
     */
    public StringBinding arrivedText() {
        if (arrivedText == null) {
            arrivedText =
                    Bindings.createStringBinding(
                            () ->
                                    arrived.get() <= 0 || shownAt == null
                                            ? ""
                                            : i18n.get(
                                                    "history.arrived",
                                                    arrived.get(),
                                                    i18n.formatTimeToday(
                                                            shownAt,
                                                            clock)), // (history.arrived.one for 1)
                            arrived,
                            i18n.languageProperty(),
                            i18n.latinDigitsProperty(),
                            i18n.zoneProperty());
        }
        return arrivedText;
    }

    /**
     * Shows what arrived: the first page of the filters, newest first (the selection stays if it is
     * there).
     */
    public void showArrived() {
        load(1);
    }

    /**
     * Called on each tick of the window's clock while this history is shown: at most once in {@code
     * every} after its page came, asks the service (one notification's page) how many notifications
     * match its filters now. Asks nothing while logged out, loading or failed, or when the filters
     * end in the past, as nothing sent from now on could match them. A failed check is not shown:
     * the next one, or the next page, says what is wrong.
     */
    public void checkForNew(Duration every) {
        Session s = session.get();
        NotificationQuery shown = lastQuery;
        if (s == null
                || shown == null
                || shownTotal < 0
                || checking
                || loading.get()
                || error.get() != null) {
            return;
        }
        Instant now = clock.instant();
        if (lastCheck != null && now.isBefore(lastCheck.plus(every))
                || shown.dateTo() != null && shown.dateTo().isBefore(now)) {
            return;
        }
        lastCheck = now;
        checking = true;
        long total = shownTotal;
        checks.run(
                PageAhead.request(s, shown.withPage(1).withPageSize(1)),
                (page, failure) -> {
                    checking = false;
                    if (failure != null) {
                        LOG.log(
                                Level.DEBUG,
                                "check for new notifications failed: {0}",
                                ServiceException.unwrap(failure).toString());
                    } else {
                        arrived.set(Math.max(0, page.totalCount() - total));
                        if (arrivedText != null) {
                            // since when: "today" may have become another day
                            arrivedText.invalidate();
                        }
                    }
                },
                // a page asked for meanwhile tells how many there are
                (page, failure) -> checking = false);
    }

    private static ExportViewModel.Format formatOf(String name) {
        for (ExportViewModel.Format f : ExportViewModel.Format.values()) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        return null;
    }

    /**
     * An export of the shown filter with the current session, offering the folder and format of
     * this taxpayer's last one.
     */
    public ExportViewModel newExport() {
        ExportViewModel export =
                new ExportViewModel(
                        i18n,
                        fx,
                        session.get(),
                        exportQuery(),
                        new CoreExporter(i18n, clock),
                        clock,
                        new ExportViewModel.Remembered(exportFolder, exportFormat),
                        chosen -> {
                            exportFolder = chosen.folder();
                            exportFormat = chosen.format();
                            emitPrefs();
                        },
                        fileOpener);
        return export;
    }

    /** What opens an export's file and folder once written. */
    private final FileOpener fileOpener;

    // ---- commands ----

    /** Tries the failed request again; the rows and filters shown stay meanwhile. */
    public void retry() {
        if (lastQuery != null) {
            issue(lastQuery);
        } else {
            refresh();
        }
    }

    public void dismissError() {
        error.set(null);
    }

    /** Called by the view when the table selection changes. */
    public void select(Notification n) {
        if (replacingRows) {
            return;
        }
        selected.set(n);
    }

    // ---- loading ----

    private void load(int pageNo) {
        issue(queryOf(pageNo));
    }

    private NotificationQuery queryOf(int pageNo) {
        return filters.applied()
                .toQuery(
                        clock,
                        i18n.zoneProperty().get(),
                        Math.max(1, pageNo),
                        pager.pageSizeProperty().get());
    }

    /**
     * The query a session set now would ask for first: the applied filters, at the page the pager
     * is on.
     */
    public NotificationQuery nextSessionQuery() {
        return queryOf(pager.target());
    }

    /**
     * A page asked for ahead of the next session's first request (a login's, see {@link
     * PageAhead}): that request uses it if it asks for the same page with the same session. Give it
     * just before the session.
     */
    public void offerPageAhead(PageAhead page) {
        ahead = page;
    }

    private void issue(NotificationQuery q) {
        Session s = session.get();
        PageAhead offered = ahead;
        ahead = null; // for the first request only
        lastQuery = q;
        pager.requested(q.pageNo() == null ? 1 : q.pageNo());
        if (s == null) {
            return;
        }
        checks.cancel();
        loading.set(true);
        CompletableFuture<NotificationPage> f = offered == null ? null : offered.take(s, q);
        if (f == null) {
            f = PageAhead.request(s, q);
        }
        pages.run(f, (page, failure) -> completed(q, page, failure));
    }

    private void cancelInFlight() {
        pages.cancel();
        checks.cancel();
        loading.set(false);
    }

    /** The page asked for last came, or failed (a newer request's supersedes it unseen). */
    private void completed(NotificationQuery q, NotificationPage page, Throwable failure) {
        if (failure != null) {
            loading.set(false);
            if (Failure.isCancellation(failure)) {
                pager.requestFailed();
                return;
            }
            Throwable cause = ServiceException.unwrap(failure);
            LOG.log(Level.DEBUG, "history page failed: {0}", cause.toString());
            pager.requestFailed();
            error.set(cause);
            if (cause instanceof SessionExpiredException) {
                onSessionExpired.run();
            }
            return;
        }
        int asked = q.pageNo() == null ? 1 : q.pageNo();
        if (page.result().isEmpty() && page.totalPages() > 0 && asked > page.totalPages()) {
            // the history shrank (or the page size grew) under us: show its last page instead
            issue(q.withPage(page.totalPages()));
            return;
        }
        error.set(null);
        String keep = selectedId;
        replacingRows = true;
        try {
            rows.setAll(page.result());
            Notification again =
                    keep == null
                            ? null
                            : page.result().stream()
                                    .filter(n -> keep.equals(n.notificationId()))
                                    .findFirst()
                                    .orElse(null);
            selected.set(again);
            selectedId = again == null ? null : keep;
        } finally {
            replacingRows = false;
        }
        pager.showing(asked, page.totalPages(), page.totalCount());
        empty.set(page.totalCount() == 0 && page.result().isEmpty());
        shownAt = clock.instant();
        lastCheck = shownAt;
        shownTotal = page.totalCount();
        arrived.set(0);
        if (thisVisit == null) {
            thisVisit = shownAt; // seen: remembered as the next visit's previous one
            if (newSince.get() == null) {
                newSince.set(thisVisit); // a first visit: what comes while the user is here is new
            }
            emitPrefs();
        }
        loading.set(false); // last: whoever waits for the load sees the new rows
    }

    private void emitPrefs() {
        HistoryPrefs now = prefs();
        if (!now.equals(lastPrefs)) {
            lastPrefs = now;
            prefsSink.accept(now);
        }
    }
}
