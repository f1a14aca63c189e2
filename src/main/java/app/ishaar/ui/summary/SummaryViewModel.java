package app.ishaar.ui.summary;

import app.ishaar.core.model.NotificationType;
import app.ishaar.core.model.Rin;
import app.ishaar.core.model.Status;
import app.ishaar.core.report.Summary;
import app.ishaar.core.report.SummaryQuery;
import app.ishaar.ui.fx.LatestTask;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.notifications.ArchivePages;
import app.ishaar.ui.notifications.DatePreset;
import app.ishaar.ui.notifications.FilterState;
import app.ishaar.ui.notifications.HistoryViewModel;
import java.time.Clock;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import javafx.beans.InvalidationListener;
import javafx.beans.WeakInvalidationListener;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The summary beside a notification screen's table: for the screen's scope and a period (this week,
 * last week, this month, a chosen range of days), what went wrong and for whom, summed up by the
 * archive ({@link ArchivePages#summary}) off the FX thread, read again whenever the scope, the
 * period or the archive read changes, or a sync brings new notifications, while the summary shows.
 * Each count it gives opens the screen's table on exactly the rows counted ({@link
 * HistoryViewModel#open}).
 *
 * <p>Weeks begin on Monday (ISO), the same in both languages, so that an English and an Arabic user
 * of one firm speak of the same week; days are the user's time zone's.
 */
public final class SummaryViewModel {

    /** The periods offered. */
    public enum Period {
        THIS_WEEK,
        LAST_WEEK,
        THIS_MONTH,
        CHOSEN
    }

    /** Why a chosen range cannot be summed up. */
    public enum Problem {
        /** A day is missing. */
        INCOMPLETE,
        /** Its last day is before its first. */
        ORDER
    }

    private final HistoryViewModel history;
    private final I18n i18n;
    private final Clock clock;
    private final LatestTask reads;

    private final ObjectProperty<Period> period =
            new SimpleObjectProperty<>(this, "period", Period.THIS_WEEK);
    private final ObjectProperty<LocalDate> chosenFrom =
            new SimpleObjectProperty<>(this, "chosenFrom");
    private final ObjectProperty<LocalDate> chosenTo = new SimpleObjectProperty<>(this, "chosenTo");
    private final ReadOnlyObjectWrapper<Summary> summary =
            new ReadOnlyObjectWrapper<>(this, "summary");
    private final ReadOnlyObjectWrapper<Map<Rin, Long>> toHandle =
            new ReadOnlyObjectWrapper<>(this, "toHandle", Map.of());
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyObjectWrapper<Throwable> error =
            new ReadOnlyObjectWrapper<>(this, "error");
    private final ReadOnlyObjectWrapper<Problem> problem =
            new ReadOnlyObjectWrapper<>(this, "problem");

    /** Held here: the screen's properties hear it strongly, and live as long as this. */
    private final InvalidationListener changed = o -> reloadIfShown();

    /**
     * @param history the screen summed up: its scope, its archive, its table the links open
     * @param fx where the archive's answers are delivered (the FX thread's executor in the app)
     */
    public SummaryViewModel(HistoryViewModel history, Clock clock, Executor fx) {
        this.history = Objects.requireNonNull(history, "history");
        this.i18n = history.i18n();
        this.clock = Objects.requireNonNull(clock, "clock");
        this.reads = new LatestTask(Objects.requireNonNull(fx, "fx"));
        LocalDate today = LocalDate.now(clock.withZone(zone()));
        chosenFrom.set(today.withDayOfMonth(1));
        chosenTo.set(today);
        period.addListener(changed);
        chosenFrom.addListener(changed);
        chosenTo.addListener(changed);
        history.scopeProperty().addListener(changed);
        history.pagesProperty().addListener(changed);
        history.layout().summaryShownProperty().addListener(changed);
        // a sync that brought new notifications: summed up anew
        history.arrivedProperty().addListener(changed);
        // the app's time zone outlives this screen: heard weakly, so that a logged-out window's
        // summaries are let go
        i18n.zoneProperty().addListener(new WeakInvalidationListener(changed));
    }

    /** The screen this sums up. */
    public HistoryViewModel history() {
        return history;
    }

    public ObjectProperty<Period> periodProperty() {
        return period;
    }

    /** The first day of a chosen range ({@link Period#CHOSEN}). */
    public ObjectProperty<LocalDate> chosenFromProperty() {
        return chosenFrom;
    }

    /** The last day of a chosen range, itself included. */
    public ObjectProperty<LocalDate> chosenToProperty() {
        return chosenTo;
    }

    /** The summary read last; null before the first. */
    public ReadOnlyObjectProperty<Summary> summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /**
     * How many of the scope's taxpayers' notifications are to handle now, by taxpayer (a taxpayer
     * with none left out): whatever the period, read with each summary in the same run.
     */
    public ReadOnlyObjectProperty<Map<Rin, Long>> toHandleProperty() {
        return toHandle.getReadOnlyProperty();
    }

    /** How many this taxpayer has to handle (0: none, or not read). */
    public long toHandle(Rin taxpayer) {
        return toHandle.get().getOrDefault(taxpayer, 0L);
    }

    /** How many the scope's taxpayers have to handle, together. */
    public long toHandleTotal() {
        return toHandle.get().values().stream().mapToLong(Long::longValue).sum();
    }

    /** A summary and the counts to handle, read in one run. */
    private record Read(Summary summary, Map<Rin, Long> toHandle) {}

    /** True while the archive sums up (the summary shown stays until the answer). */
    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    /** Why the last reading failed; null when it did not. */
    public ReadOnlyObjectProperty<Throwable> errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** Why the chosen range cannot be summed up; null when it can. */
    public ReadOnlyObjectProperty<Problem> problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /**
     * The period's bounds now, {@code [0]} its first instant and {@code [1]} the instant after its
     * last, in the user's zone; null for a chosen range that is not whole or in order.
     */
    public Instant[] range() {
        ZoneId zone = zone();
        LocalDate today = LocalDate.now(clock.withZone(zone));
        LocalDate first;
        LocalDate after;
        switch (period.get()) {
            case THIS_WEEK -> {
                first = today.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
                after = first.plusWeeks(1);
            }
            case LAST_WEEK -> {
                after = today.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
                first = after.minusWeeks(1);
            }
            case THIS_MONTH -> {
                first = today.withDayOfMonth(1);
                after = first.plusMonths(1);
            }
            default -> {
                if (chosenFrom.get() == null || chosenTo.get() == null) {
                    return null;
                }
                if (chosenTo.get().isBefore(chosenFrom.get())) {
                    return null;
                }
                first = chosenFrom.get();
                after = chosenTo.get().plusDays(1);
            }
        }
        return new Instant[] {
            first.atStartOfDay(zone).toInstant(), after.atStartOfDay(zone).toInstant()
        };
    }

    /** Reads the summary of the scope and period now (the view asks as the summary shows). */
    public void load() {
        Problem p = null;
        if (period.get() == Period.CHOSEN) {
            if (chosenFrom.get() == null || chosenTo.get() == null) {
                p = Problem.INCOMPLETE;
            } else if (chosenTo.get().isBefore(chosenFrom.get())) {
                p = Problem.ORDER;
            }
        }
        problem.set(p);
        Instant[] r = range();
        SummaryQuery q =
                r == null || !(history.pagesProperty().get() instanceof ArchivePages pages)
                        ? null
                        : pages.summaryQuery(
                                history.scopeProperty().get().rins(),
                                r[0],
                                r[1],
                                zone(),
                                // to the microsecond the archive keeps: a link's rows are then
                                // exactly those counted
                                clock.instant().truncatedTo(ChronoUnit.MICROS));
        if (q == null) {
            reads.cancel();
            loading.set(false);
            if (p == null) {
                summary.set(null); // nobody's, or no archive yet: nothing to sum up
            }
            return;
        }
        ArchivePages pages = (ArchivePages) history.pagesProperty().get();
        loading.set(true);
        Set<Rin> scope = q.taxpayers();
        reads.run(
                pages.summary(q).thenCombine(pages.toHandle(), Read::new),
                (s, failure) -> {
                    loading.set(false);
                    if (failure == null) {
                        error.set(null);
                        Map<Rin, Long> ofScope = new HashMap<>(s.toHandle());
                        ofScope.keySet().retainAll(scope);
                        toHandle.set(Map.copyOf(ofScope));
                        summary.set(s.summary());
                    } else if (!(unwrap(failure) instanceof CancellationException)) {
                        error.set(unwrap(failure));
                    }
                });
    }

    private void reloadIfShown() {
        if (history.layout().summaryShownProperty().get()) {
            load();
        }
    }

    private static Throwable unwrap(Throwable t) {
        return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    }

    private ZoneId zone() {
        return i18n.zoneProperty().get();
    }

    // ---------------------------------------------------------------- the links

    /** The notifications of the summary shown with this status. */
    public void openStatus(String status) {
        open(null, period().withStatus(status), null);
    }

    /** The notifications of the summary shown of this type ({@link NotificationType#id()}). */
    public void openType(String typeId) {
        open(null, period().withType(typeId), null);
    }

    /** A taxpayer's failed deliveries in the period. */
    public void openFailed(Rin taxpayer) {
        open(taxpayer, period().withStatus(Status.ERROR.wire()), null);
    }

    /** A taxpayer's rejected documents in the period. */
    public void openRejected(Rin taxpayer) {
        open(taxpayer, period().withType(NotificationType.DOCUMENT_REJECTED.id()), null);
    }

    /**
     * The period's notifications still pending or batched a day after they came (null: every
     * taxpayer's).
     */
    public void openLate(Rin taxpayer) {
        open(taxpayer, late(), null);
    }

    /**
     * The failed deliveries that gave this reason: the failed ones of the period whose text holds
     * it (the search reads the attempts' reasons; the table has no filter by reason).
     */
    public void openReason(String reason) {
        open(null, period().withStatus(Status.ERROR.wire()), reason);
    }

    private void open(Rin taxpayer, FilterState state, String search) {
        if (state != null) {
            history.open(taxpayer, state, search);
        }
    }

    /** The summary shown's period as the table's date filter: to its last instant. */
    private FilterState period() {
        Summary s = summary.get();
        if (s == null) {
            return null;
        }
        return FilterState.DEFAULT.withPreset(
                DatePreset.CUSTOM, s.query().from(), s.query().to().minusNanos(1));
    }

    private FilterState late() {
        Summary s = summary.get();
        if (s == null) {
            return null;
        }
        Instant before = s.query().pendingBefore();
        Instant to = s.query().to().isBefore(before) ? s.query().to() : before;
        if (!to.isAfter(s.query().from())) {
            to = s.query().from();
        }
        return FilterState.DEFAULT
                .withPreset(DatePreset.CUSTOM, s.query().from(), to.minusNanos(1))
                .withStatus(Status.PENDING.wire() + "," + Status.BATCHED.wire());
    }
}
