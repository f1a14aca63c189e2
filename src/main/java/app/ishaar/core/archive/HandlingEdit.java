package app.ishaar.core.archive;

/**
 * A change a person asks of some notifications' handling: a state, an assignment and a note, each
 * optional, at least one given. A notification no one has marked yet becomes to handle unless the
 * change says handled: a person assigning it or writing about it is dealing with it.
 *
 * @param state the state to set, or null to keep it
 * @param assignTo the person to assign it to, {@code ""} to take the assignment away, null to keep
 *     it
 * @param note a note to add (plain text, at most {@link #NOTE_LIMIT} characters), or null
 */
public record HandlingEdit(Handling.State state, String assignTo, String note) {

    /** The longest note, in characters. */
    public static final int NOTE_LIMIT = 2_000;

    public HandlingEdit {
        assignTo = assignTo == null ? null : assignTo.strip();
        note = note == null || note.isBlank() ? null : note.strip();
        String problem = noteProblem(note);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        if (state == null && assignTo == null && note == null) {
            throw new IllegalArgumentException("a change sets a state, an assignment or a note");
        }
    }

    /**
     * What keeps a note from being kept, in words, or null when it may be: more than {@link
     * #NOTE_LIMIT} characters, or control characters other than line breaks and tabs.
     */
    public static String noteProblem(String note) {
        if (note == null) {
            return null;
        }
        String s = note.strip();
        int length = s.codePointCount(0, s.length());
        if (length > NOTE_LIMIT) {
            return "a note is at most " + NOTE_LIMIT + " characters; this one has " + length;
        }
        if (s.chars().anyMatch(c -> Character.isISOControl(c) && c != '\n' && c != '\t')) {
            return "a note is plain text: no control characters but line breaks and tabs";
        }
        return null;
    }

    /** Sets a state only. */
    public static HandlingEdit mark(Handling.State state) {
        return new HandlingEdit(state, null, null);
    }
}
