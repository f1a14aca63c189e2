package app.ishaar.ui.inbox;

import app.ishaar.core.archive.SearchText;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The inbox's search: the text as typed, the pause in typing after which it is read, and the search
 * the rows shown match (the last one typed that the archive can run).
 */
final class InboxSearch {
    private final InboxViewModel.Timer timer;
    private final Duration debounce;
    private final StringProperty text = new SimpleStringProperty(this, "searchText", "");
    private final ReadOnlyObjectWrapper<SearchText.Problem> problem =
            new ReadOnlyObjectWrapper<>(this, "searchProblem");

    /** The search of the rows shown; blank for none. */
    private String applied = "";

    InboxSearch(InboxViewModel.Timer timer, Duration debounce) {
        this.timer = Objects.requireNonNull(timer, "timer");
        this.debounce = Objects.requireNonNull(debounce, "debounce");
    }

    StringProperty textProperty() {
        return text;
    }

    ReadOnlyObjectProperty<SearchText.Problem> problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** Completes once typing has paused. */
    CompletableFuture<Void> pause() {
        return timer.after(debounce);
    }

    /**
     * Takes the search as typed now: false, and the search before kept, when the archive cannot run
     * it.
     */
    boolean take() {
        String typed = text.get() == null ? "" : text.get();
        if (!typed.isBlank()) {
            try {
                SearchText.terms(typed);
            } catch (SearchText.InvalidSearchException e) {
                problem.set(e.problem());
                return false;
            }
        }
        problem.set(null);
        applied = typed.isBlank() ? "" : typed;
        return true;
    }

    /** The search taken; null for none. */
    String applied() {
        return applied.isBlank() ? null : applied;
    }

    /** The words of the search taken, normalised; empty for none. */
    List<String> appliedTerms() {
        return applied.isBlank() ? List.of() : SearchText.terms(applied);
    }
}
