package app.ishaar.ui.notifications;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.Handling;
import app.ishaar.core.archive.HandlingChange;
import app.ishaar.core.archive.HandlingEdit;
import app.ishaar.core.archive.HandlingResult;
import app.ishaar.core.archive.HandlingTarget;
import app.ishaar.core.model.Notification;
import app.ishaar.core.service.ServiceException;
import app.ishaar.ui.fx.LatestTask;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Who is dealing with the screen's notifications: each shown row's handling ({@link #of}), marking
 * some handled or to handle and assigning them (the last such change undone by {@link #undo}), the
 * selected notification's note being written and its history of changes. Every change is one
 * transaction of the archive, recorded as the person it is open as ({@link #personProperty()});
 * after it, and after a change anyone else made (heard through {@link HandlingNews}), the shown
 * page is read again. A change made over a colleague's that this screen had not shown yet is
 * recorded all the same, and said ({@link Outcome#overtaken}). A failure changes nothing and keeps
 * the note typed.
 */
public final class HandlingViewModel {
    private static final System.Logger LOG = System.getLogger(HandlingViewModel.class.getName());

    /** What a change did. */
    public enum Kind {
        HANDLED,
        TO_HANDLE,
        ASSIGNED,
        UNASSIGNED,
        NOTED,
        UNDONE,
        FAILED
    }

    /**
     * What the last change did, for the screen to say: how many notifications it changed, the
     * person assigned ({@link Kind#ASSIGNED}), how many had been changed meanwhile by someone else
     * and by whom (the latest of them), and why it failed ({@link Kind#FAILED}).
     */
    public record Outcome(
            Kind kind,
            int count,
            String name,
            int overtaken,
            String overtakenBy,
            Throwable error) {}

    /** Why the note typed cannot be kept. */
    public enum NoteProblem {
        /** More than {@link HandlingEdit#NOTE_LIMIT} characters. */
        TOO_LONG,
        /** Control characters other than line breaks and tabs. */
        NOT_PLAIN
    }

    /** The notifications as a change found them, to put back: their state, or their assignment. */
    private record Undo(List<ArchivedNotification> before, boolean assignment) {}

    private final Executor fx;
    private final Supplier<HistoryPages> pages;
    private final ObservableValue<Notification> selected;
    private final Runnable reread;

    private final LatestTask writes;
    private final LatestTask histories;
    private final LatestTask persons;
    private final LatestTask peopleNames;

    /** The archive's record of each shown row, by notification ID. */
    private Map<String, ArchivedNotification> shown = Map.of();

    private final ReadOnlyIntegerWrapper revision = new ReadOnlyIntegerWrapper(this, "revision");
    private final ReadOnlyStringWrapper person = new ReadOnlyStringWrapper(this, "person", "");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyObjectWrapper<Outcome> outcome =
            new ReadOnlyObjectWrapper<>(this, "outcome");
    private final ReadOnlyBooleanWrapper undoable = new ReadOnlyBooleanWrapper(this, "undoable");
    private final ReadOnlyObjectWrapper<Handling> selectedHandling =
            new ReadOnlyObjectWrapper<>(this, "selectedHandling");
    private final ObservableList<HandlingChange> history = FXCollections.observableArrayList();
    private final StringProperty note = new SimpleStringProperty(this, "note", "");
    private final ReadOnlyIntegerWrapper noteLength =
            new ReadOnlyIntegerWrapper(this, "noteLength");
    private final ReadOnlyObjectWrapper<NoteProblem> noteProblem =
            new ReadOnlyObjectWrapper<>(this, "noteProblem");
    private final BooleanBinding canAddNote;

    private Undo undo;
    private AutoCloseable listening;

    /**
     * The notes being written for other notifications than the selected one, by notification ID:
     * choosing another row keeps what was typed for this one, and brings back that one's.
     */
    private final Map<String, String> drafts = new java.util.HashMap<>();

    /** The people's names as shown, by who the archive records (a shared archive's roles). */
    private Map<String, String> people = Map.of();

    /**
     * {@code pages}: where the screen reads now (changes are recorded only in an archive's pages);
     * {@code selected}: the row chosen; {@code reread}: reads the shown page again.
     */
    HandlingViewModel(
            Executor fx,
            Supplier<HistoryPages> pages,
            ObservableValue<Notification> selected,
            Runnable reread) {
        this.fx = Objects.requireNonNull(fx);
        this.pages = Objects.requireNonNull(pages);
        this.selected = Objects.requireNonNull(selected);
        this.reread = Objects.requireNonNull(reread);
        this.writes = new LatestTask(fx);
        this.histories = new LatestTask(fx);
        this.persons = new LatestTask(fx);
        this.peopleNames = new LatestTask(fx);
        note.addListener((o, was, now) -> checkNote());
        canAddNote =
                Bindings.createBooleanBinding(
                        () ->
                                !note.get().isBlank()
                                        && noteProblem.get() == null
                                        && selected.getValue() != null
                                        && !busy.get(),
                        note,
                        noteProblem,
                        selected,
                        busy);
        selected.addListener((o, was, now) -> selectedChanged(was, now));
    }

    // ---- the shown rows ----

    /** The handling of a shown row; null when no one has marked it (or it is not shown). */
    public Handling of(Notification n) {
        ArchivedNotification a = n == null ? null : shown.get(n.notificationId());
        return a == null ? null : a.handling();
    }

    /**
     * Counts each change of the handling of rows shown before and after it (a page read again with
     * other handling): their Handling cells draw themselves again, since the notifications
     * themselves did not change (the table would not).
     */
    public ReadOnlyIntegerProperty revisionProperty() {
        return revision.getReadOnlyProperty();
    }

    /** A page was shown: the archive's record of each of its rows, by notification ID. */
    void shown(Map<String, ArchivedNotification> page) {
        // a row new to the page is drawn anew with it; only one shown before and now is not
        boolean changed = false;
        for (var e : page.entrySet()) {
            ArchivedNotification before = shown.get(e.getKey());
            if (before != null && !Objects.equals(before.handling(), e.getValue().handling())) {
                changed = true;
            }
        }
        shown = page;
        if (changed) {
            revision.set(revision.get() + 1);
        }
        Notification n = selected.getValue();
        Handling now = of(n);
        if (!Objects.equals(now, selectedHandling.get())) {
            selectedHandling.set(now);
            readHistory(n);
        }
    }

    // ---- where the archive is ----

    /**
     * The screen reads another archive's pages: who the person is, asked of it, and a change anyone
     * makes there heard from now on.
     */
    void readFrom(HistoryPages now) {
        stopListening();
        if (!(now instanceof ArchivePages a)) {
            return;
        }
        this.people = Map.of();
        peopleNames.run(
                a.people(),
                (names, failure) -> {
                    if (failure == null) {
                        people = names;
                        revision.set(revision.get() + 1); // names in the cells
                    }
                });
        persons.run(
                a.person(),
                (who, failure) -> person.set(failure != null || who == null ? "" : who));
        a.onHandlingChanged(() -> fx.execute(this::heard))
                .thenAcceptAsync(
                        handle -> {
                            if (pages.get() == now) {
                                listening = handle;
                            } else {
                                close(handle);
                            }
                        },
                        fx);
    }

    /** The login ended: nothing heard, nothing to undo, no history shown. */
    void endSession() {
        stopListening();
        writes.cancel();
        histories.cancel();
        shown = Map.of();
        undo = null;
        undoable.set(false);
        busy.set(false);
        outcome.set(null);
        drafts.clear();
        history.clear();
        selectedHandling.set(null);
    }

    /**
     * Who this screen records changes as: the user's name on this computer, or on a shared archive
     * the database role the desktop logs in as; empty while not known.
     */
    public ReadOnlyStringProperty personProperty() {
        return person.getReadOnlyProperty();
    }

    /**
     * A person as the screen shows them: on a shared archive the name the administrator gave the
     * role, else as recorded.
     */
    public String shownName(String recorded) {
        return recorded == null ? null : people.getOrDefault(recorded, recorded);
    }

    /**
     * Who a name typed means: a person's shown name (its case aside) is their role on a shared
     * archive; any other name is kept as typed.
     */
    private String recordedName(String typed) {
        if (typed.isEmpty() || people.containsKey(typed)) {
            return typed;
        }
        for (var e : people.entrySet()) {
            if (e.getValue().equalsIgnoreCase(typed)) {
                return e.getKey();
            }
        }
        return typed;
    }

    // ---- changes ----

    /** True while a change is being recorded (no other is begun meanwhile). */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** What the last change did, until another or {@link #dismiss}; null: nothing to say. */
    public ReadOnlyObjectProperty<Outcome> outcomeProperty() {
        return outcome.getReadOnlyProperty();
    }

    /** Whether the last mark or assignment can be undone. */
    public ReadOnlyBooleanProperty undoableProperty() {
        return undoable.getReadOnlyProperty();
    }

    /** Marks these shown notifications handled or to handle. */
    public void mark(List<Notification> which, Handling.State state) {
        List<ArchivedNotification> targets = archived(which);
        if (targets.isEmpty() || state == null) {
            return;
        }
        record(
                targets,
                HandlingEdit.mark(state),
                state == Handling.State.HANDLED ? Kind.HANDLED : Kind.TO_HANDLE,
                null,
                new Undo(targets, false));
    }

    /** Marks every row shown handled or to handle. */
    public void markShown(Handling.State state) {
        mark(shown.values().stream().map(ArchivedNotification::notification).toList(), state);
    }

    /**
     * Assigns these shown notifications to {@code name} (blank: takes the assignment away); one not
     * marked yet becomes to handle.
     */
    public void assign(List<Notification> which, String name) {
        List<ArchivedNotification> targets = archived(which);
        if (targets.isEmpty() || name == null) {
            return;
        }
        String who = name.strip();
        record(
                targets,
                new HandlingEdit(null, recordedName(who), null),
                who.isEmpty() ? Kind.UNASSIGNED : Kind.ASSIGNED,
                who,
                new Undo(targets, true));
    }

    /**
     * Puts the notifications of the last mark or assignment back as they were: each its state (one
     * that had none becomes to handle: the archive keeps every change, and a mark cannot be
     * unmade), or its assignment. Recorded as changes of their own, kept in the history.
     */
    public void undo() {
        Undo u = undo;
        if (u == null || busy.get() || !(pages.get() instanceof ArchivePages a)) {
            return;
        }
        Map<HandlingEdit, List<HandlingTarget>> groups = new LinkedHashMap<>();
        for (ArchivedNotification n : u.before()) {
            Handling h = n.handling();
            HandlingEdit back =
                    u.assignment()
                            ? new HandlingEdit(
                                    null,
                                    h == null || h.assignedTo() == null ? "" : h.assignedTo(),
                                    null)
                            : HandlingEdit.mark(h == null ? Handling.State.TO_HANDLE : h.state());
            // as the page shows it now (after the change undone): a colleague's change since is
            // said
            ArchivedNotification now = shown.get(n.notificationId());
            groups.computeIfAbsent(back, k -> new ArrayList<>())
                    .add(
                            now != null
                                    ? HandlingTarget.seen(now)
                                    : HandlingTarget.of(n.taxpayer(), n.notificationId()));
        }
        CompletableFuture<HandlingResult> all =
                CompletableFuture.completedFuture(new HandlingResult(0, List.of()));
        for (var g : groups.entrySet()) {
            all =
                    all.thenCompose(
                            done ->
                                    a.handle(g.getValue(), g.getKey())
                                            .thenApply(r -> both(done, r)));
        }
        begin();
        writes.run(
                all,
                (r, failure) -> {
                    busy.set(false);
                    if (failure != null) {
                        failed(failure);
                        return;
                    }
                    undo = null;
                    undoable.set(false);
                    outcome.set(said(Kind.UNDONE, r, null));
                    changed();
                });
    }

    private static HandlingResult both(HandlingResult a, HandlingResult b) {
        List<HandlingResult.Overtaken> over = new ArrayList<>(a.overtaken());
        over.addAll(b.overtaken());
        return new HandlingResult(a.changed() + b.changed(), over);
    }

    /** What a change recorded did, with whose change it overtook last (if any). */
    private static Outcome said(Kind kind, HandlingResult r, String name) {
        var over = r.overtaken();
        return new Outcome(
                kind,
                r.changed(),
                name,
                over.size(),
                over.isEmpty() ? null : over.get(over.size() - 1).unseenBy(),
                null);
    }

    /** Puts away what the last change said (its undo stays until the next change). */
    public void dismiss() {
        outcome.set(null);
    }

    // ---- the selected notification's note and history ----

    /** The note being written for the selected notification. */
    public StringProperty noteProperty() {
        return note;
    }

    /** The note's length in characters, as the limit counts them. */
    public ReadOnlyIntegerProperty noteLengthProperty() {
        return noteLength.getReadOnlyProperty();
    }

    /** Why the note cannot be kept as it is; null when it can. */
    public ReadOnlyObjectProperty<NoteProblem> noteProblemProperty() {
        return noteProblem.getReadOnlyProperty();
    }

    /** Whether {@link #addNote} would record the note. */
    public BooleanBinding canAddNoteProperty() {
        return canAddNote;
    }

    /**
     * Adds the note to the selected notification's history; the field is emptied only once it is
     * recorded (a failure keeps what was typed).
     */
    public void addNote() {
        Notification n = selected.getValue();
        List<ArchivedNotification> target = archived(n == null ? List.of() : List.of(n));
        if (!canAddNote.get() || target.isEmpty()) {
            return;
        }
        String text = note.get();
        record(target, new HandlingEdit(null, null, text), Kind.NOTED, null, null);
    }

    /** The selected notification's handling; null when no one marked it. */
    public ReadOnlyObjectProperty<Handling> selectedHandlingProperty() {
        return selectedHandling.getReadOnlyProperty();
    }

    /** The selected notification's changes of handling, oldest first. */
    public ObservableList<HandlingChange> history() {
        return history;
    }

    // ---- internals ----

    private List<ArchivedNotification> archived(List<Notification> which) {
        List<ArchivedNotification> out = new ArrayList<>();
        for (Notification n : which) {
            ArchivedNotification a = n == null ? null : shown.get(n.notificationId());
            if (a != null) {
                out.add(a);
            }
        }
        return out;
    }

    private void record(
            List<ArchivedNotification> targets,
            HandlingEdit edit,
            Kind kind,
            String name,
            Undo undoing) {
        if (busy.get() || !(pages.get() instanceof ArchivePages a)) {
            return;
        }
        List<HandlingTarget> to = targets.stream().map(HandlingTarget::seen).toList();
        begin();
        writes.run(
                a.handle(to, edit),
                (HandlingResult r, Throwable failure) -> {
                    busy.set(false);
                    if (failure != null) {
                        failed(failure);
                        return;
                    }
                    if (kind == Kind.NOTED) {
                        note.set(""); // kept in the history: nothing typed is lost
                    }
                    // what is said is this change: an undo offered beside it undoes it, or none is
                    undo = undoing;
                    undoable.set(undoing != null);
                    outcome.set(said(kind, r, name));
                    changed();
                });
    }

    private void begin() {
        busy.set(true);
    }

    private void failed(Throwable failure) {
        Throwable cause = ServiceException.unwrap(failure);
        LOG.log(Level.DEBUG, "handling not recorded: {0}", cause.toString());
        outcome.set(new Outcome(Kind.FAILED, 0, null, 0, null, cause));
    }

    /** A change was recorded here: the page and the selected one's history read again. */
    private void changed() {
        reread.run();
        readHistory(selected.getValue());
    }

    /** Someone changed a handling somewhere (maybe this screen): the page read again. */
    private void heard() {
        if (pages.get() instanceof ArchivePages) {
            reread.run();
        }
    }

    private void selectedChanged(Notification was, Notification now) {
        selectedHandling.set(of(now));
        String wasId = was == null ? null : was.notificationId();
        String nowId = now == null ? null : now.notificationId();
        if (java.util.Objects.equals(wasId, nowId)) {
            return;
        }
        if (wasId != null && !note.get().isEmpty()) {
            drafts.put(wasId, note.get());
        }
        note.set(nowId == null ? "" : drafts.getOrDefault(nowId, ""));
        if (nowId != null) {
            drafts.remove(nowId);
        }
        readHistory(now);
    }

    private void readHistory(Notification n) {
        ArchivedNotification a = n == null ? null : shown.get(n.notificationId());
        if (a == null || !(pages.get() instanceof ArchivePages p)) {
            histories.cancel();
            history.clear();
            return;
        }
        histories.run(
                p.history(a.taxpayer(), a.notificationId()),
                (changes, failure) -> {
                    if (failure == null) {
                        history.setAll(changes);
                    } else {
                        LOG.log(Level.DEBUG, "handling history not read: {0}", failure.toString());
                    }
                });
    }

    private void checkNote() {
        String text = note.get() == null ? "" : note.get().strip();
        noteLength.set(text.codePointCount(0, text.length()));
        String problem = HandlingEdit.noteProblem(note.get());
        noteProblem.set(
                problem == null
                        ? null
                        : noteLength.get() > HandlingEdit.NOTE_LIMIT
                                ? NoteProblem.TOO_LONG
                                : NoteProblem.NOT_PLAIN);
    }

    private void stopListening() {
        AutoCloseable l = listening;
        listening = null;
        close(l);
    }

    private static void close(AutoCloseable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (Exception e) {
            LOG.log(Level.DEBUG, "listening not closed: {0}", e.toString());
        }
    }
}
