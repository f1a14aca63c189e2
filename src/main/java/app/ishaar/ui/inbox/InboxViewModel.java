package app.ishaar.ui.inbox;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.SearchText;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.ui.fx.LatestTask;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The inbox: archived notifications of all taxpayers of the list, or of one, read from the local
 * archive (never from the service), newest first, a page at a time; filtered by the six filters and
 * by taxpayer, and searched as the user types.
 *
 * <ul>
 *   <li>A change of scope, taxpayers, filters or page reads at once; the search text is read once
 *       typing pauses ({@code debounce}). Only the latest read's page is shown.
 *   <li>A search the archive cannot run (only punctuation, every word under three letters, too
 *       long) is reported as {@link #searchProblemProperty()}, and the rows stay as they were.
 *   <li>{@link #refresh()} reads the page shown again (after a sync): rows that changed are
 *       replaced in place, and the selection follows its notification by ID.
 * </ul>
 *
 * Used from the delivering executor's thread (the FX thread; a queue in tests) only.
 */
public final class InboxViewModel {

    /** Rows per page. */
    public static final int PAGE_SIZE = 100;

    /** How long typing must pause before a search is read. */
    public static final Duration DEBOUNCE = Duration.ofMillis(250);

    /** Waits a while off the delivering thread: a search's pause in typing. */
    @FunctionalInterface
    public interface Timer {
        CompletableFuture<Void> after(Duration delay);

        /** The system's timer. */
        Timer SYSTEM =
                delay ->
                        CompletableFuture.runAsync(
                                () -> {},
                                CompletableFuture.delayedExecutor(
                                        delay.toMillis(), TimeUnit.MILLISECONDS));
    }

    private final Archive archive;
    private final ServiceKey service;
    private final Executor background;
    private final Timer timer;
    private final Duration debounce;
    private final int pageSize;
    private final LatestTask reads;
    private final Executor deliver;

    /** The query of the last read. */
    private InboxQuery lastQuery;

    private final ObjectProperty<InboxScope> scope =
            new SimpleObjectProperty<>(this, "scope", InboxScope.ALL);
    private final ObjectProperty<List<InboxTaxpayer>> taxpayers =
            new SimpleObjectProperty<>(this, "taxpayers");
    private final ObjectProperty<Set<Rin>> taxpayerFilter =
            new SimpleObjectProperty<>(this, "taxpayerFilter", Set.of());
    private final ObjectProperty<NotificationQuery> filters =
            new SimpleObjectProperty<>(this, "filters", NotificationQuery.ALL);
    private final StringProperty searchText = new SimpleStringProperty(this, "searchText", "");

    private final ObservableList<InboxRow> rows = FXCollections.observableArrayList();
    private final ObservableList<InboxRow> rowsView =
            FXCollections.unmodifiableObservableList(rows);
    private final ReadOnlyObjectWrapper<InboxRow> selected =
            new ReadOnlyObjectWrapper<>(this, "selected");
    private final ReadOnlyIntegerWrapper page = new ReadOnlyIntegerWrapper(this, "page", 1);
    private final ReadOnlyIntegerWrapper totalPages =
            new ReadOnlyIntegerWrapper(this, "totalPages", 0);
    private final ReadOnlyLongWrapper totalCount = new ReadOnlyLongWrapper(this, "totalCount", 0);
    private final ReadOnlyBooleanWrapper moreThanTotal =
            new ReadOnlyBooleanWrapper(this, "moreThanTotal");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyBooleanWrapper loaded = new ReadOnlyBooleanWrapper(this, "loaded");
    private final ReadOnlyObjectWrapper<List<String>> searchTerms =
            new ReadOnlyObjectWrapper<>(this, "searchTerms", List.of());
    private final ReadOnlyObjectWrapper<SearchText.Problem> searchProblem =
            new ReadOnlyObjectWrapper<>(this, "searchProblem");
    private final ReadOnlyObjectWrapper<ArchiveException.Reason> archiveProblem =
            new ReadOnlyObjectWrapper<>(this, "archiveProblem");

    /** The search of the rows shown: the last one typed that the archive can run. */
    private String appliedSearch = "";

    /**
     * @param background where the archive is read
     * @param deliver where results are delivered: the FX thread's executor in the app
     */
    public InboxViewModel(
            Archive archive,
            ServiceKey service,
            Executor background,
            Executor deliver,
            Timer timer,
            Duration debounce,
            int pageSize) {
        this.archive = Objects.requireNonNull(archive, "archive");
        this.service = Objects.requireNonNull(service, "service");
        this.background = Objects.requireNonNull(background, "background");
        this.timer = Objects.requireNonNull(timer, "timer");
        this.debounce = Objects.requireNonNull(debounce, "debounce");
        if (pageSize < 1) {
            throw new IllegalArgumentException("page size starts at 1");
        }
        this.pageSize = pageSize;
        this.reads = new LatestTask(deliver);
        this.deliver = deliver;
        scope.addListener((o, was, now) -> read(1, false));
        taxpayers.addListener((o, was, now) -> read(1, false));
        taxpayerFilter.addListener((o, was, now) -> read(1, false));
        filters.addListener((o, was, now) -> read(1, false));
        searchText.addListener((o, was, now) -> typed());
    }

    /** The app's: the system timer, {@link #DEBOUNCE}, {@link #PAGE_SIZE}. */
    public InboxViewModel(
            Archive archive, ServiceKey service, Executor background, Executor deliver) {
        this(archive, service, background, deliver, Timer.SYSTEM, DEBOUNCE, PAGE_SIZE);
    }

    // ---- what the user sets ----

    /** All taxpayers of the list, or one. */
    public ObjectProperty<InboxScope> scopeProperty() {
        return scope;
    }

    /**
     * The taxpayers of the list, with their names; null (the start) for every taxpayer the archive
     * holds of the service.
     */
    public ObjectProperty<List<InboxTaxpayer>> taxpayersProperty() {
        return taxpayers;
    }

    /** In the All scope, only these taxpayers (empty: all of the list). */
    public ObjectProperty<Set<Rin>> taxpayerFilterProperty() {
        return taxpayerFilter;
    }

    /** The six filters (their paging members are not used). */
    public ObjectProperty<NotificationQuery> filtersProperty() {
        return filters;
    }

    /** The search as typed; read once typing pauses. */
    public StringProperty searchTextProperty() {
        return searchText;
    }

    // ---- what it shows ----

    /** The page's rows, newest first. */
    public ObservableList<InboxRow> rows() {
        return rowsView;
    }

    public ReadOnlyObjectProperty<InboxRow> selectedProperty() {
        return selected.getReadOnlyProperty();
    }

    /** 1-based. */
    public ReadOnlyIntegerProperty pageProperty() {
        return page.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty totalPagesProperty() {
        return totalPages.getReadOnlyProperty();
    }

    /** How many match in all. */
    public ReadOnlyLongProperty totalCountProperty() {
        return totalCount.getReadOnlyProperty();
    }

    /**
     * Whether more than {@link #totalCountProperty} match: a search counts its matches only up to a
     * limit, so its pages go on past {@link #totalPagesProperty}.
     */
    public ReadOnlyBooleanProperty moreThanTotalProperty() {
        return moreThanTotal.getReadOnlyProperty();
    }

    /** A read is under way. */
    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    /** A first page has been shown. */
    public ReadOnlyBooleanProperty loadedProperty() {
        return loaded.getReadOnlyProperty();
    }

    /** The words of the search the rows match, normalised (for marking them); empty for none. */
    public ReadOnlyObjectProperty<List<String>> searchTermsProperty() {
        return searchTerms.getReadOnlyProperty();
    }

    /** Why the search typed cannot be run; null when it can (or is empty). */
    public ReadOnlyObjectProperty<SearchText.Problem> searchProblemProperty() {
        return searchProblem.getReadOnlyProperty();
    }

    /** Why the archive could not be read; null after a read that worked. */
    public ReadOnlyObjectProperty<ArchiveException.Reason> archiveProblemProperty() {
        return archiveProblem.getReadOnlyProperty();
    }

    // ---- what the user does ----

    /** Selects a row (null: none). */
    public void select(InboxRow row) {
        selected.set(row);
    }

    public void next() {
        if (page.get() < totalPages.get() || moreThanTotal.get()) {
            read(page.get() + 1, false);
        }
    }

    public void previous() {
        if (page.get() > 1) {
            read(page.get() - 1, false);
        }
    }

    public void first() {
        read(1, false);
    }

    public void last() {
        read(Math.max(1, totalPages.get()), false);
    }

    /** Goes to a page, brought within the pages there are. */
    public void goTo(int pageNo) {
        read(Math.max(1, Math.min(pageNo, Math.max(1, totalPages.get()))), false);
    }

    /**
     * Reads the page shown again (the archive changed: a sync): rows that changed are replaced in
     * place, new ones come in where they belong, and the selection stays on its notification.
     */
    public void refresh() {
        read(page.get(), true);
    }

    /** Where results are delivered (the FX thread's executor in the app). */
    Executor deliverer() {
        return deliver;
    }

    /** The query of the rows shown (its page aside, what an export writes); null before a read. */
    public InboxQuery shownQuery() {
        return lastQuery;
    }

    /** Drops any read under way (the inbox is closed). */
    public void dispose() {
        reads.cancel();
    }

    // ---- the reads ----

    private void typed() {
        LatestTask.Run run = reads.begin();
        loading.set(true);
        run.await(
                timer.after(debounce),
                (done, failure) -> {
                    if (failure == null) {
                        searchPaused();
                    }
                },
                (done, failure) -> {});
    }

    private void searchPaused() {
        String text = searchText.get() == null ? "" : searchText.get();
        if (text.isBlank()) {
            searchProblem.set(null);
            appliedSearch = "";
            read(1, false);
            return;
        }
        try {
            SearchText.terms(text);
        } catch (SearchText.InvalidSearchException e) {
            searchProblem.set(e.problem());
            loading.set(false);
            return;
        }
        searchProblem.set(null);
        appliedSearch = text;
        read(1, false);
    }

    private void read(int pageNo, boolean again) {
        InboxQuery query;
        Map<Rin, String> names = new HashMap<>();
        if (taxpayers.get() != null) {
            for (InboxTaxpayer t : taxpayers.get()) {
                names.put(t.rin(), t.name());
            }
        }
        Set<Rin> whose = whose();
        if (whose != null && whose.isEmpty()) {
            reads.cancel();
            show(new InboxPage(List.of(), 0, 1, pageSize), names, List.of(), again);
            return;
        }
        List<String> terms = appliedSearch.isBlank() ? List.of() : SearchText.terms(appliedSearch);
        query =
                new InboxQuery(
                        service,
                        whose == null ? Set.of() : whose,
                        filters.get(),
                        appliedSearch.isBlank() ? null : appliedSearch,
                        pageNo,
                        pageSize);
        lastQuery = query;
        loading.set(true);
        reads.run(
                CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return archive.query(query);
                            } catch (ArchiveException e) {
                                throw new CompletionException(e);
                            }
                        },
                        background),
                (result, failure) -> {
                    loading.set(false);
                    if (failure != null) {
                        Throwable cause =
                                failure instanceof CompletionException && failure.getCause() != null
                                        ? failure.getCause()
                                        : failure;
                        archiveProblem.set(
                                cause instanceof ArchiveException a
                                        ? a.reason()
                                        : ArchiveException.Reason.FAILED);
                        return;
                    }
                    if (result.items().isEmpty() && pageNo > 1 && result.totalCount() > 0) {
                        // the page went away (a taxpayer forgotten): show the last there is
                        read(result.totalPages(), again);
                        return;
                    }
                    show(result, names, terms, again);
                });
    }

    /** The taxpayers to read: null for all the archive holds of the service. */
    private Set<Rin> whose() {
        InboxScope s = scope.get() == null ? InboxScope.ALL : scope.get();
        if (!s.isAll()) {
            return Set.of(s.taxpayer());
        }
        List<InboxTaxpayer> listed = taxpayers.get();
        Set<Rin> filter = taxpayerFilter.get() == null ? Set.of() : taxpayerFilter.get();
        if (listed == null) {
            return filter.isEmpty() ? null : filter;
        }
        Set<Rin> out = new LinkedHashSet<>();
        for (InboxTaxpayer t : listed) {
            if (filter.isEmpty() || filter.contains(t.rin())) {
                out.add(t.rin());
            }
        }
        return out;
    }

    private void show(InboxPage result, Map<Rin, String> names, List<String> terms, boolean again) {
        archiveProblem.set(null);
        List<InboxRow> fresh =
                result.items().stream()
                        .map((ArchivedNotification n) -> new InboxRow(n, names.get(n.taxpayer())))
                        .toList();
        InboxRow was = selected.get();
        replaceInPlace(fresh);
        page.set(result.page());
        totalPages.set(result.totalPages());
        totalCount.set(result.totalCount());
        moreThanTotal.set(result.moreThanTotal());
        searchTerms.set(List.copyOf(terms));
        loaded.set(true);
        if (was != null) {
            InboxRow same =
                    fresh.stream()
                            .filter(r -> r.notificationId().equals(was.notificationId()))
                            .filter(r -> r.taxpayer().equals(was.taxpayer()))
                            .findFirst()
                            .orElse(null);
            // read again, a selected row pushed off the page stays selected (the detail stays)
            selected.set(same != null ? same : again ? was : null);
        }
    }

    /** Changes only the rows that differ, so a table keeps its scroll position and focus. */
    private void replaceInPlace(List<InboxRow> fresh) {
        int common = Math.min(rows.size(), fresh.size());
        for (int i = 0; i < common; i++) {
            if (!rows.get(i).equals(fresh.get(i))) {
                rows.set(i, fresh.get(i));
            }
        }
        if (rows.size() > fresh.size()) {
            rows.remove(fresh.size(), rows.size());
        } else if (fresh.size() > common) {
            rows.addAll(fresh.subList(common, fresh.size()));
        }
    }
}
