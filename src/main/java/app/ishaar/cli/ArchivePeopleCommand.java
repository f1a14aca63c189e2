package app.ishaar.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code ishaar archive people [ROLE=NAME…]}: the firm's people as the desktops and {@code handle}
 * name them on a shared archive, each database role's display name. Without arguments it lists
 * them; with some, keeps them all in one transaction ({@code ROLE=} forgets a role's). Run as the
 * archive's owner.
 */
@Command(
        name = "people",
        mixinStandardHelpOptions = true,
        description = {
            "The people of a shared archive on PostgreSQL: each database role's name as the"
                    + " desktops show who is dealing with a notification. Without ROLE=NAME, list"
                    + " them (ROLE  NAME, one a line); with some, keep them (ROLE= forgets a"
                    + " role's name). Run as the archive's owner.",
            "Exit codes: 0 done, 2 bad input (not ROLE=NAME, a file is no shared archive), 5 the"
                    + " archive failed."
        })
final class ArchivePeopleCommand implements Callable<Integer> {

    @Parameters(paramLabel = "ROLE=NAME", arity = "0..*", description = "Names to keep.")
    List<String> pairs = List.of();

    @Mixin SharedArchiveOption archive;

    private final CliIo io;

    ArchivePeopleCommand(CliIo io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        try {
            Map<String, String> names = names();
            return archive.use(
                    io,
                    "people are",
                    opened -> {
                        if (names.isEmpty()) {
                            for (var e : opened.people().entrySet()) {
                                io.out()
                                        .println(
                                                ErrorReporter.safeLine(
                                                        e.getKey() + "  " + e.getValue()));
                            }
                        } else {
                            opened.people(names);
                            io.out()
                                    .println(
                                            names.size()
                                                    + (names.size() == 1
                                                            ? " person's name kept"
                                                            : " people's names kept"));
                        }
                        return ExitCodes.OK;
                    });
        } catch (CliException e) {
            return ErrorReporter.report(e, io.err(), false, null, null);
        }
    }

    private Map<String, String> names() throws CliException {
        Map<String, String> out = new LinkedHashMap<>();
        for (String p : pairs) {
            int eq = p.indexOf('=');
            String role = eq < 0 ? "" : p.substring(0, eq).strip();
            String name = eq < 0 ? "" : p.substring(eq + 1).strip();
            if (role.isEmpty()) {
                throw CliException.usage(
                        "ROLE=NAME: not a role and a name: "
                                + app.ishaar.core.service.InputRules.printable(p, 40));
            }
            String problem = name.isEmpty() ? null : ArchiveNamesCommand.problem(name);
            if (problem != null) {
                throw CliException.usage("ROLE=NAME: " + problem + " for " + role);
            }
            out.put(role, name);
        }
        return out;
    }
}
