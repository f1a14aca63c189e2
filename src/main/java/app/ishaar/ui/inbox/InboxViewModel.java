package app.ishaar.ui.inbox;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.SearchText;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.ui.fx.LatestTask;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ObservableList;

/**
 * The inbox: archived notifications of all taxpayers of the list, or of one, read from the local
 * archive (never from the service), newest first, a page at a time; filtered by the six filters and
 * by taxpayer, and searched as the user types.
 *
 * <ul>
 *   <li>A change of scope, taxpayers, filters or page reads at once; the search text is read once
 *       typing pauses ({@code debounce}), or by any read before that. Only the latest read's page
 *       is shown.
 *   <li>A search the archive cannot run (only punctuation, every word under three letters, too
 *       long) is reported as {@link #searchProblemProperty()}, and the rows stay as they were.
 *   <li>{@link #refresh()} reads the page shown (or the one loading) again (after a sync): rows
 *       that changed are replaced in place, and the selection follows its notification by ID.
 * </ul>
 *
 * <p>Its parts: the search and its pause in typing ({@link InboxSearch}), the reads of the archive
 * ({@link InboxReads}), the pager ({@link InboxPager}) and the rows shown with their selection
 * ({@link InboxShownRows}).
 *
 * <p>Used from the delivering executor's thread (the FX thread; a queue in tests) only.
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

    private final InboxReads reads;
    private final InboxSearch search;
    private final InboxPager pager = new InboxPager();
    private final InboxShownRows shown = new InboxShownRows();

    private final ObjectProperty<InboxScope> scope =
            new SimpleObjectProperty<>(this, "scope", InboxScope.ALL);
    private final ObjectProperty<List<InboxTaxpayer>> taxpayers =
            new SimpleObjectProperty<>(this, "taxpayers");
    private final ObjectProperty<Set<Rin>> taxpayerFilter =
            new SimpleObjectProperty<>(this, "taxpayerFilter", Set.of());
    private final ObjectProperty<NotificationQuery> filters =
            new SimpleObjectProperty<>(this, "filters", NotificationQuery.ALL);
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");

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
        this.reads = new InboxReads(archive, service, background, deliver, pageSize);
        this.search = new InboxSearch(timer, debounce);
        scope.addListener((o, was, now) -> read(1, false));
        taxpayers.addListener((o, was, now) -> read(1, false));
        taxpayerFilter.addListener((o, was, now) -> read(1, false));
        filters.addListener((o, was, now) -> read(1, false));
        search.textProperty().addListener((o, was, now) -> typed());
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
        return search.textProperty();
    }

    // ---- what it shows ----

    /** The page's rows, newest first. */
    public ObservableList<InboxRow> rows() {
        return shown.rows();
    }

    public ReadOnlyObjectProperty<InboxRow> selectedProperty() {
        return shown.selectedProperty();
    }

    /** 1-based. */
    public ReadOnlyIntegerProperty pageProperty() {
        return pager.pageProperty();
    }

    public ReadOnlyIntegerProperty totalPagesProperty() {
        return pager.totalPagesProperty();
    }

    /** How many match in all. */
    public ReadOnlyLongProperty totalCountProperty() {
        return pager.totalCountProperty();
    }

    /**
     * Whether more than {@link #totalCountProperty} match: a search counts its matches only up to a
     * limit, so its pages go on past {@link #totalPagesProperty}.
     */
    public ReadOnlyBooleanProperty moreThanTotalProperty() {
        return pager.moreThanTotalProperty();
    }

    /** A read is under way. */
    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    /** A first page has been shown. */
    public ReadOnlyBooleanProperty loadedProperty() {
        return shown.loadedProperty();
    }

    /** The words of the search the rows match, normalised (for marking them); empty for none. */
    public ReadOnlyObjectProperty<List<String>> searchTermsProperty() {
        return shown.searchTermsProperty();
    }

    /** Why the search typed cannot be run; null when it can (or is empty). */
    public ReadOnlyObjectProperty<SearchText.Problem> searchProblemProperty() {
        return search.problemProperty();
    }

    /** Why the archive could not be read; null after a read that worked. */
    public ReadOnlyObjectProperty<ArchiveException.Reason> archiveProblemProperty() {
        return reads.problemProperty();
    }

    // ---- what the user does ----

    /** Selects a row (null: none). */
    public void select(InboxRow row) {
        shown.select(row);
    }

    /** The page after the one asked for (two quick clicks go two pages on). */
    public void next() {
        int to = pager.next();
        if (to > 0) {
            read(to, false);
        }
    }

    public void previous() {
        int to = pager.previous();
        if (to > 0) {
            read(to, false);
        }
    }

    public void first() {
        read(1, false);
    }

    public void last() {
        read(pager.last(), false);
    }

    /** Goes to a page, brought within the pages there are. */
    public void goTo(int pageNo) {
        read(pager.within(pageNo), false);
    }

    /**
     * Reads the page shown again (the archive changed: a sync), or the one under way so that a page
     * asked for is not dropped: rows that changed are replaced in place, new ones come in where
     * they belong, and the selection stays on its notification.
     */
    public void refresh() {
        read(pager.asked(), true);
    }

    /** Where results are delivered (the FX thread's executor in the app). */
    Executor deliverer() {
        return reads.deliverer();
    }

    /** The query of the rows shown (its page aside, what an export writes); null before a read. */
    public InboxQuery shownQuery() {
        return reads.lastQuery();
    }

    /** Drops any read under way (the inbox is closed). */
    public void dispose() {
        reads.cancel();
    }

    // ---- the reads ----

    private void typed() {
        pager.settled();
        LatestTask.Run run = reads.latest().begin();
        loading.set(true);
        run.await(
                search.pause(),
                (done, failure) -> {
                    if (failure == null) {
                        searchPaused();
                    }
                },
                (done, failure) -> {});
    }

    private void searchPaused() {
        if (search.take()) {
            read(1, false);
        } else {
            loading.set(false);
        }
    }

    /**
     * Reads a page; each read takes the search as typed now, so that a change of scope or filters
     * while typing pauses reads with it.
     */
    private void read(int asked, boolean askedAgain) {
        String searchBefore = search.applied();
        // another search: its first page, and no row kept from the one before
        boolean otherSearch = search.take() && !Objects.equals(search.applied(), searchBefore);
        int pageNo = otherSearch ? 1 : asked;
        boolean again = askedAgain && !otherSearch;
        List<InboxTaxpayer> listed = taxpayers.get();
        Map<Rin, String> names = InboxReads.names(listed);
        Set<Rin> whose = InboxReads.whose(scope.get(), listed, taxpayerFilter.get());
        if (whose != null && whose.isEmpty()) {
            reads.cancel();
            pager.settled();
            show(
                    InboxReads.Read.of(new InboxPage(List.of(), 0, 1, reads.pageSize()), names),
                    List.of(),
                    again);
            return;
        }
        List<String> terms = search.appliedTerms();
        pager.reading(pageNo);
        loading.set(true);
        reads.read(
                whose == null ? Set.of() : whose,
                filters.get(),
                search.applied(),
                pageNo,
                names,
                read -> {
                    loading.set(false);
                    pager.settled();
                    if (read == null) {
                        return;
                    }
                    InboxPage result = read.page();
                    if (result.items().isEmpty() && pageNo > 1 && result.totalCount() > 0) {
                        // the page went away (a taxpayer forgotten): show the last there is
                        read(result.totalPages(), again);
                        return;
                    }
                    show(read, terms, again);
                });
    }

    private void show(InboxReads.Read read, List<String> terms, boolean again) {
        reads.worked();
        InboxRow was = shown.selectedProperty().get();
        shown.replace(read.rows());
        pager.show(read.page());
        shown.shown(read.rows(), was, terms, again);
    }
}
