package app.ishaar.cli;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.Handling;
import app.ishaar.core.archive.HandlingEdit;
import app.ishaar.core.archive.HandlingResult;
import app.ishaar.core.archive.HandlingTarget;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.postgres.PostgresArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.InputRules;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ishaar handle ID…}: records who is dealing with archived notifications (the IDs {@code
 * inbox --format json} gives): done, to handle again, assigned, a note. One change for all of them,
 * in one transaction, added to each one's history as the person this archive is open as.
 */
@Command(
        name = "handle",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Record who is dealing with archived notifications, by their IDs ('ishaar inbox"
                    + " --format json' gives them as notificationId): --done, --reopen, --assign,"
                    + " --note, any of them together. All the notifications change, or none; each"
                    + " change is kept in the notification's history with who made it and when.",
            "Exit codes: 0 recorded, 2 bad input (an ID not in the archive, a note over "
                    + HandlingEdit.NOTE_LIMIT
                    + " characters), 5 the archive failed."
        })
final class HandleCommand implements Callable<Integer> {

    /** Most notifications one command changes. */
    static final int MAX_IDS = 10_000;

    @Parameters(paramLabel = "ID", arity = "1..*", description = "Notification IDs.")
    List<String> ids = new ArrayList<>();

    @Option(names = "--done", description = "Handled: no one needs to look at them any more.")
    boolean done;

    @Option(names = "--reopen", description = "To handle (again).")
    boolean reopen;

    @Option(
            names = "--assign",
            paramLabel = "NAME",
            description =
                    "Assign them to this person (on a shared archive a database role, or the name"
                            + " 'ishaar archive people' gives it); \"\" takes the assignment away.")
    String assign;

    @Option(
            names = "--note",
            paramLabel = "TEXT",
            description = "Add a note (plain text, at most 2000 characters).")
    String note;

    @Option(
            names = "--taxpayer",
            paramLabel = "RIN",
            description = "The taxpayer whose notifications they are (when an ID is several's).")
    String taxpayer;

    @Mixin ArchiveOptions where;

    private final CliIo io;

    HandleCommand(CliIo io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        try {
            HandlingEdit edit = edit();
            Rin rin = rin();
            List<String> unique = unique();
            try (Archive archive = where.openExisting(io)) {
                ServiceKey service = where.service(archive);
                edit = withPerson(archive, edit);
                List<HandlingTarget> targets = new ArrayList<>();
                for (String id : unique) {
                    targets.add(HandlingTarget.of(rin, id));
                }
                HandlingResult r = archive.handle(service, targets, edit);
                io.out().println(said(r, edit));
                return ExitCodes.OK;
            } catch (ArchiveException e) {
                return ArchiveFiles.report(e, where.file(io), io.err());
            }
        } catch (Exception e) {
            return ErrorReporter.report(e, io.err(), false, null, null);
        }
    }

    private HandlingEdit edit() throws CliException {
        if (done && reopen) {
            throw CliException.usage("--done: give either --done or --reopen, not both");
        }
        Handling.State state =
                done ? Handling.State.HANDLED : reopen ? Handling.State.TO_HANDLE : null;
        if (assign != null && !assign.isBlank() && badText(assign, 200)) {
            throw CliException.usage(
                    "--assign: not a person's name: " + InputRules.printable(assign, 40));
        }
        String problem = HandlingEdit.noteProblem(note);
        if (problem != null) {
            throw CliException.usage("--note: " + problem);
        }
        if (state == null && assign == null && (note == null || note.isBlank())) {
            throw CliException.usage("give --done, --reopen, --assign NAME or --note TEXT");
        }
        return new HandlingEdit(state, assign, note);
    }

    private static boolean badText(String s, int max) {
        return s.length() > max
                || s.codePoints().anyMatch(Character::isISOControl)
                || InputRules.hasUnsafeCharacters(s);
    }

    private Rin rin() throws CliException {
        if (taxpayer == null) {
            return null;
        }
        if (!(Rin.parse(taxpayer) instanceof Rin.Valid v)) {
            throw CliException.usage(
                    "--taxpayer: not a registration number (nine digits): "
                            + InputRules.printable(taxpayer, 40));
        }
        return v.rin();
    }

    private List<String> unique() throws CliException {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String id : ids) {
            String s = id.strip();
            if (s.isEmpty() || badText(s, 200)) {
                throw CliException.usage(
                        "ID: not a notification ID: " + InputRules.printable(id, 40));
            }
            out.add(s);
        }
        if (out.size() > MAX_IDS) {
            throw CliException.usage("ID: at most " + MAX_IDS + " notifications at once");
        }
        return new ArrayList<>(out);
    }

    /**
     * On a shared archive, a person named as the desktops show them ('archive people') is their
     * role.
     */
    private static HandlingEdit withPerson(Archive archive, HandlingEdit edit)
            throws ArchiveException {
        if (edit.assignTo() == null
                || edit.assignTo().isEmpty()
                || !(archive.opened() instanceof PostgresArchive pg)) {
            return edit;
        }
        Map<String, String> people = pg.people();
        if (people.containsKey(edit.assignTo())) {
            return edit;
        }
        String wanted = edit.assignTo().toLowerCase(Locale.ROOT);
        for (var e : people.entrySet()) {
            if (e.getValue().toLowerCase(Locale.ROOT).equals(wanted)) {
                return new HandlingEdit(edit.state(), e.getKey(), edit.note());
            }
        }
        return edit;
    }

    private static String said(HandlingResult r, HandlingEdit edit) {
        List<String> what = new ArrayList<>();
        if (edit.state() != null) {
            what.add(edit.state() == Handling.State.HANDLED ? "handled" : "to handle");
        }
        if (edit.assignTo() != null) {
            what.add(edit.assignTo().isEmpty() ? "unassigned" : "assigned to " + edit.assignTo());
        }
        if (edit.note() != null) {
            what.add("noted");
        }
        return ErrorReporter.safeLine(
                r.changed()
                        + (r.changed() == 1 ? " notification " : " notifications ")
                        + String.join(", ", what));
    }
}
