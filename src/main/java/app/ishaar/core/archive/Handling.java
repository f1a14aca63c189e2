package app.ishaar.core.archive;

import java.time.Instant;
import java.util.Locale;
import java.util.Objects;

/**
 * Who is dealing with a notification, as its latest change left it: to handle or handled,
 * optionally assigned to someone, and that change's author and time. Derived from the
 * notification's history of changes ({@link HandlingChange}), which is kept whole beside it; a
 * notification no one has marked has none.
 *
 * @param assignedTo the person it is assigned to (on a shared archive a database role, else a user
 *     name), or null
 * @param changedBy who made the latest change (the same kind of name)
 * @param lastChange the latest change's number: a change made having seen it is not overtaken
 * @param lastNote the latest note any of its changes added, or null when none has one (what an
 *     export and a report show beside the state)
 */
public record Handling(
        State state,
        String assignedTo,
        Instant changedAt,
        String changedBy,
        long lastChange,
        String lastNote) {

    /** Whether it still needs someone's attention. */
    public enum State {
        TO_HANDLE("to-handle"),
        HANDLED("handled");

        private final String word;

        State(String word) {
            this.word = word;
        }

        /** The state as the archive and the command line write it. */
        public String word() {
            return word;
        }

        /** The state a word names ({@link #word}), or null for none. */
        public static State of(String word) {
            if (word == null) {
                return null;
            }
            String w = word.strip().toLowerCase(Locale.ROOT);
            for (State s : values()) {
                if (s.word.equals(w)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("no handling state " + word);
        }
    }

    public Handling {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(changedAt, "changedAt");
        Objects.requireNonNull(changedBy, "changedBy");
    }
}
