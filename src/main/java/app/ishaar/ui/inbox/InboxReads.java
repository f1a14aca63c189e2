package app.ishaar.ui.inbox;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.ui.fx.LatestTask;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The inbox's reads of the archive: the query a scope, its taxpayers, the filters and a search
 * make, run off the delivering thread, only the latest read's page delivered; why a read failed.
 */
final class InboxReads {
    private final Archive archive;
    private final ServiceKey service;
    private final Executor background;
    private final Executor deliver;
    private final LatestTask latest;
    private final int pageSize;
    private final ReadOnlyObjectWrapper<ArchiveException.Reason> problem =
            new ReadOnlyObjectWrapper<>(this, "archiveProblem");

    /** The query of the last read. */
    private InboxQuery lastQuery;

    InboxReads(
            Archive archive,
            ServiceKey service,
            Executor background,
            Executor deliver,
            int pageSize) {
        this.archive = Objects.requireNonNull(archive, "archive");
        this.service = Objects.requireNonNull(service, "service");
        this.background = Objects.requireNonNull(background, "background");
        this.deliver = deliver;
        if (pageSize < 1) {
            throw new IllegalArgumentException("page size starts at 1");
        }
        this.pageSize = pageSize;
        this.latest = new LatestTask(deliver);
    }

    int pageSize() {
        return pageSize;
    }

    Executor deliverer() {
        return deliver;
    }

    /** The reads' latest-only task, which a search's pause in typing goes through too. */
    LatestTask latest() {
        return latest;
    }

    /** The query of the last read; null before one. */
    InboxQuery lastQuery() {
        return lastQuery;
    }

    ReadOnlyObjectProperty<ArchiveException.Reason> problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** A read worked. */
    void worked() {
        problem.set(null);
    }

    /**
     * Reads a page of these taxpayers' notifications (an empty set: every one the archive holds of
     * the service) in the background, and makes its rows there with the names given; {@code done}
     * gets the page and its rows, or null when the read failed (said by {@link
     * #problemProperty()}), on the delivering thread, unless another read began.
     */
    void read(
            Set<Rin> whose,
            NotificationQuery filters,
            String search,
            int pageNo,
            Map<Rin, String> names,
            Done done) {
        InboxQuery query = new InboxQuery(service, whose, filters, search, pageNo, pageSize);
        lastQuery = query;
        latest.run(
                CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return Read.of(archive.query(query), names);
                            } catch (ArchiveException e) {
                                throw new CompletionException(e);
                            }
                        },
                        background),
                (result, failure) -> {
                    if (failure != null) {
                        Throwable cause =
                                failure instanceof CompletionException && failure.getCause() != null
                                        ? failure.getCause()
                                        : failure;
                        problem.set(
                                cause instanceof ArchiveException a
                                        ? a.reason()
                                        : ArchiveException.Reason.FAILED);
                        done.read(null);
                        return;
                    }
                    done.read(result);
                });
    }

    /** What a read delivers. */
    @FunctionalInterface
    interface Done {
        /**
         * @param read null when the read failed
         */
        void read(Read read);
    }

    /** A page read and its rows, each notification with its taxpayer's name. */
    record Read(InboxPage page, List<InboxRow> rows) {
        static Read of(InboxPage page, Map<Rin, String> names) {
            return new Read(
                    page,
                    page.items().stream()
                            .map(n -> new InboxRow(n, names.get(n.taxpayer())))
                            .toList());
        }
    }

    /** Drops the read under way. */
    void cancel() {
        latest.cancel();
    }

    /**
     * The taxpayers to read: null for all the archive holds of the service (no list, no filter).
     *
     * @param listed the list's taxpayers; null for every one the archive holds
     * @param filter in the All scope, only these (empty: all)
     */
    static Set<Rin> whose(InboxScope scope, List<InboxTaxpayer> listed, Set<Rin> filter) {
        InboxScope s = scope == null ? InboxScope.ALL : scope;
        if (!s.isAll()) {
            return Set.of(s.taxpayer());
        }
        Set<Rin> only = filter == null ? Set.of() : filter;
        if (listed == null) {
            return only.isEmpty() ? null : only;
        }
        Set<Rin> out = new LinkedHashSet<>();
        for (InboxTaxpayer t : listed) {
            if (only.isEmpty() || only.contains(t.rin())) {
                out.add(t.rin());
            }
        }
        return out;
    }

    /** The list's names by RIN. */
    static Map<Rin, String> names(List<InboxTaxpayer> listed) {
        Map<Rin, String> names = new HashMap<>();
        if (listed != null) {
            for (InboxTaxpayer t : listed) {
                names.put(t.rin(), t.name());
            }
        }
        return names;
    }
}
