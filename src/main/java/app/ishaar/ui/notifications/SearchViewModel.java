package app.ishaar.ui.notifications;

import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.SearchText;
import app.ishaar.ui.fx.LatestTask;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The screen's search: the text as typed, read once typing pauses ({@link #DEBOUNCE}) or by any
 * page read before that; the search the rows shown match (the last one typed that the archive can
 * run, its words normalised for marking); why a search typed cannot be run; and the order, newest
 * first or best match.
 */
public final class SearchViewModel {

    /** How long typing must pause before a search is read. */
    public static final Duration DEBOUNCE = Duration.ofMillis(250);

    /** Waits a while off the delivering thread: the pause in typing. */
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

    private final Timer timer;
    private final Duration debounce;
    private final LatestTask pauses;
    private final StringProperty text = new SimpleStringProperty(this, "text", "");
    private final ObjectProperty<InboxQuery.Order> order =
            new SimpleObjectProperty<>(this, "order", InboxQuery.Order.NEWEST);
    private final ReadOnlyObjectWrapper<SearchText.Problem> problem =
            new ReadOnlyObjectWrapper<>(this, "problem");
    private final ReadOnlyObjectWrapper<List<String>> terms =
            new ReadOnlyObjectWrapper<>(this, "terms", List.of());

    /** The search of the rows shown; blank for none. */
    private String applied = "";

    private Runnable changed = () -> {};

    /**
     * @param deliver where a pause's end is delivered (the FX thread's executor in the app)
     */
    public SearchViewModel(Timer timer, Duration debounce, Executor deliver) {
        this.timer = Objects.requireNonNull(timer, "timer");
        this.debounce = Objects.requireNonNull(debounce, "debounce");
        this.pauses = new LatestTask(deliver);
        text.addListener((o, was, now) -> typed());
        order.addListener(
                (o, was, now) -> {
                    if (!applied.isBlank()) {
                        changed.run();
                    }
                });
    }

    /** Told when the search or order of the rows changes (the screen reads its first page). */
    void onChange(Runnable r) {
        this.changed = Objects.requireNonNull(r);
    }

    /** The search as typed. */
    public StringProperty textProperty() {
        return text;
    }

    /** Newest first, or best match (with a search only). */
    public ObjectProperty<InboxQuery.Order> orderProperty() {
        return order;
    }

    /** Why the search typed cannot be run; null when it can (or is empty). */
    public ReadOnlyObjectProperty<SearchText.Problem> problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** The words of the search the rows match, normalised; empty for none. */
    public ReadOnlyObjectProperty<List<String>> termsProperty() {
        return terms.getReadOnlyProperty();
    }

    /** The search taken; null for none. */
    public String applied() {
        return applied.isBlank() ? null : applied;
    }

    /**
     * Takes the search as typed now, unless the archive cannot run it (the search before is kept
     * then, and the problem said): whether it differs from the one taken before.
     */
    boolean take() {
        String typed = text.get() == null ? "" : text.get().strip();
        if (!typed.isBlank()) {
            try {
                SearchText.terms(typed);
            } catch (SearchText.InvalidSearchException e) {
                problem.set(e.problem());
                return false;
            }
        }
        problem.set(null);
        if (typed.equals(applied)) {
            return false;
        }
        applied = typed;
        terms.set(typed.isBlank() ? List.of() : SearchText.terms(typed));
        return true;
    }

    private void typed() {
        pauses.run(
                timer.after(debounce),
                (done, failure) -> {
                    if (failure == null && take()) {
                        changed.run();
                    }
                });
    }
}
