package app.ishaar.ui.inbox;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.export.ExportFormat;
import app.ishaar.core.export.ReportLabels;
import app.ishaar.core.model.Rin;
import app.ishaar.core.session.LoginBudget;
import app.ishaar.ui.fx.LatestTask;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.notifications.DetailViewModel;
import app.ishaar.ui.notifications.FiltersViewModel;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneId;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * All taxpayers in the main window: the inbox across every taxpayer of the list ({@link
 * InboxViewModel}), the detail of its chosen notification with the words its search found ({@link
 * DetailViewModel}, the history's), and each taxpayer's sync ({@link SyncViewModel}), which brings
 * the archive up to date behind the page shown: a sync that changed the archive reads the page
 * again, its rows replaced in place and the selection kept.
 *
 * <p>Used from the FX thread only; toolkit-free.
 */
public final class AllTaxpayersViewModel {

    private final InboxViewModel inbox;
    private final SyncViewModel sync;
    private final DetailViewModel detail;
    private final FiltersViewModel filters;
    private final Clock clock;
    private final Supplier<ZoneId> zone;
    private final BooleanProperty shown = new SimpleBooleanProperty(this, "shown");
    private final BooleanProperty offline = new SimpleBooleanProperty(this, "offline");
    private final BooleanProperty detailVisible =
            new SimpleBooleanProperty(this, "detailVisible", true);
    private final BooleanBinding canSyncAll;
    private InboxExport exporter;
    private final LatestTask exports;
    private final ReadOnlyObjectWrapper<ExportState> export =
            new ReadOnlyObjectWrapper<>(this, "export");

    /**
     * Where the last export stands: running, written ({@code written} notifications to {@code
     * file}), or failed ({@code failure}: an {@link ArchiveException} or an {@link IOException}).
     */
    public record ExportState(Path file, boolean running, long written, Throwable failure) {}

    /**
     * @param filters the history's six filters, applied to the inbox
     * @param clock what "synced at" and the filters' date presets are told against
     * @param zone the time zone the dates are read in
     */
    public AllTaxpayersViewModel(
            InboxViewModel inbox,
            SyncViewModel sync,
            DetailViewModel detail,
            FiltersViewModel filters,
            Clock clock,
            Supplier<ZoneId> zone) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.zone = Objects.requireNonNull(zone, "zone");
        this.filters = Objects.requireNonNull(filters, "filters");
        filters.appliedProperty().addListener((o, was, now) -> applyFilters());
        this.exports = new LatestTask(inbox.deliverer());
        this.inbox = Objects.requireNonNull(inbox, "inbox");
        this.sync = Objects.requireNonNull(sync, "sync");
        this.detail = Objects.requireNonNull(detail, "detail");
        sync.archiveChangesProperty().addListener((o, was, now) -> inbox.refresh());
        canSyncAll = offline.not().and(sync.runningProperty().not());
        inbox.selectedProperty().addListener((o, was, now) -> showDetail());
        inbox.searchTermsProperty().addListener((o, was, now) -> showDetail());
        // the first time it shows, the page is read from the archive
        shown.addListener(
                (o, was, now) -> {
                    if (now && !inbox.loadedProperty().get()) {
                        inbox.refresh();
                    }
                });
    }

    /**
     * The main window's: the archive of the service its login went to; the sync follows the
     * window's once the window sets it ({@link SyncViewModel#follow}).
     *
     * @param budget the login budget, to say when a waiting taxpayer's turn comes; null when none
     */
    public static AllTaxpayersViewModel forWindow(
            Archive archive,
            ServiceKey service,
            LoginBudget budget,
            I18n i18n,
            Clock clock,
            Executor background,
            Executor fx) {
        InboxViewModel inbox =
                new InboxViewModel(
                        archive,
                        service,
                        background,
                        fx,
                        InboxViewModel.Timer.SYSTEM,
                        InboxViewModel.DEBOUNCE,
                        InboxViewModel.PAGE_SIZE);
        SyncViewModel sync = new SyncViewModel(archive, service, budget, clock, background, fx);
        AllTaxpayersViewModel all =
                new AllTaxpayersViewModel(
                        inbox,
                        sync,
                        new DetailViewModel(i18n),
                        new FiltersViewModel(i18n, clock),
                        clock,
                        () -> i18n.zoneProperty().get());
        all.exportWith(new InboxExport(archive, background, clock));
        return all;
    }

    public Clock clock() {
        return clock;
    }

    public InboxViewModel inbox() {
        return inbox;
    }

    public SyncViewModel sync() {
        return sync;
    }

    public DetailViewModel detail() {
        return detail;
    }

    public FiltersViewModel filters() {
        return filters;
    }

    /**
     * Only this taxpayer's notifications (the taxpayer filter); null for every taxpayer of the
     * list.
     */
    public void onlyTaxpayer(Rin taxpayer) {
        inbox.taxpayerFilterProperty().set(taxpayer == null ? Set.of() : Set.of(taxpayer));
    }

    /** The taxpayer the taxpayer filter keeps, or null for all. */
    public Rin onlyTaxpayer() {
        Set<Rin> only = inbox.taxpayerFilterProperty().get();
        return only == null || only.size() != 1 ? null : only.iterator().next();
    }

    /**
     * Whether the detail pane shows beside the table (Details, Ctrl+I, as in a taxpayer's history):
     * hidden, the table has the room for its Message column on a narrow screen.
     */
    public BooleanProperty detailVisibleProperty() {
        return detailVisible;
    }

    /** Whether the window shows All taxpayers (rather than one taxpayer's history). */
    public BooleanProperty shownProperty() {
        return shown;
    }

    /**
     * The taxpayers of the list changed (added, removed, renamed): the inbox reads across these,
     * the sync lists these, and when each last synced is read from the archive.
     */
    public void taxpayers(List<InboxTaxpayer> list) {
        List<InboxTaxpayer> now = List.copyOf(list);
        if (now.equals(inbox.taxpayersProperty().get())) {
            return;
        }
        inbox.taxpayersProperty().set(now);
        sync.taxpayersProperty().set(now);
        sync.load();
    }

    /**
     * Whether the window is offline (the service cannot be reached): no sync is asked then, since
     * each would only fail. The main window keeps it to its own offline state.
     */
    public BooleanProperty offlineProperty() {
        return offline;
    }

    /** Whether Sync all can be asked now: online, and no sync of all under way. */
    public BooleanBinding canSyncAllProperty() {
        return canSyncAll;
    }

    /** Whether Sync now can be asked for this taxpayer now (null: its RIN is not known yet). */
    public boolean canSyncNow(Rin taxpayer) {
        return taxpayer != null && !offline.get();
    }

    /** Sync now, for one taxpayer; nothing while offline. */
    public void syncNow(Rin taxpayer) {
        if (canSyncNow(taxpayer)) {
            sync.syncNow(taxpayer);
        }
    }

    /** Sync now, for every taxpayer of the list that did not refuse; nothing while offline. */
    public void syncAll() {
        if (!offline.get()) {
            sync.syncAll();
        }
    }

    /** Exports with this (the window's; none: Export does nothing). */
    public void exportWith(InboxExport e) {
        this.exporter = e;
    }

    /** The last export's state; null before the first. */
    public ReadOnlyObjectProperty<ExportState> exportProperty() {
        return export.getReadOnlyProperty();
    }

    /**
     * Writes every notification of the query shown (all its pages) to {@code target}, in the
     * report's words ({@code labels}) and the zone of the UI.
     */
    public void export(ExportFormat format, ReportLabels labels, Path target) {
        InboxQuery q = inbox.shownQuery();
        if (exporter == null || q == null) {
            return;
        }
        List<InboxTaxpayer> listed = inbox.taxpayersProperty().get();
        export.set(new ExportState(target, true, 0, null));
        exports.run(
                exporter.export(
                        q, listed == null ? List.of() : listed, format, labels, zone.get(), target),
                (n, failure) ->
                        export.set(
                                new ExportState(
                                        target,
                                        false,
                                        n == null ? 0 : n,
                                        failure == null
                                                ? null
                                                : failure instanceof CompletionException c
                                                                && c.getCause() != null
                                                        ? c.getCause()
                                                        : failure)));
    }

    /** The window is closed: nothing more is delivered. */
    public void dispose() {
        inbox.dispose();
        sync.dispose();
        exports.cancel();
    }

    /** The filters applied: their date presets resolved now, in the zone of the UI. */
    private void applyFilters() {
        inbox.filtersProperty()
                .set(filters.applied().toQuery(clock, zone.get(), 1, InboxViewModel.PAGE_SIZE));
    }

    private void showDetail() {
        InboxRow row = inbox.selectedProperty().get();
        detail.statusCheckedAtProperty().set(row == null ? null : row.item().statusCheckedAt());
        detail.notificationProperty().set(row == null ? null : row.notification());
        detail.matchedWordsProperty()
                .set(
                        row == null
                                ? List.of()
                                : MatchedWords.in(
                                        row.notification(), inbox.searchTermsProperty().get()));
    }
}
