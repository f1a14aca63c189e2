package app.ishaar.cli;

import app.ishaar.core.archive.postgres.PostgresArchive;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code ishaar archive grants}: who reads which taxpayer of a shared archive on PostgreSQL, each
 * role granted a taxpayer and each login role that reaches it through a team's role. Run as the
 * archive's owner.
 */
@Command(
        name = "grants",
        mixinStandardHelpOptions = true,
        description = {
            "List who reads which taxpayer of a shared archive on PostgreSQL: each role granted a"
                    + " taxpayer, and each login role that is a member of one (a team's role)."
                    + " Superusers and the archive's owner read everything and are not listed.",
            "Exit codes: 0 listed (none: nothing printed), 2 bad input (a file is no shared"
                    + " archive), 5 the archive failed."
        })
final class ArchiveGrantsCommand implements Callable<Integer> {

    /** Output formats. */
    enum Format {
        text,
        json
    }

    @Mixin SharedArchiveOption archive;

    @Option(
            names = "--format",
            paramLabel = "text|json",
            defaultValue = "text",
            description =
                    "text: one line a role and taxpayer (ROLE RIN [via TEAM]); json: one object a"
                            + " line (default ${DEFAULT-VALUE}).")
    Format format;

    private final CliIo io;

    ArchiveGrantsCommand(CliIo io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        try {
            return archive.use(
                    io,
                    "grants are",
                    opened -> {
                        print(opened.grants());
                        return ExitCodes.OK;
                    });
        } catch (CliException e) {
            return ErrorReporter.report(e, io.err(), false, null, null);
        }
    }

    private void print(List<PostgresArchive.Grant> grants) {
        ObjectMapper json = new ObjectMapper();
        for (PostgresArchive.Grant g : grants) {
            if (format == Format.json) {
                ObjectNode o = json.createObjectNode();
                o.put("role", g.role());
                o.put("rin", g.taxpayer().value());
                o.put("via", g.through());
                io.out().println(o.toString());
            } else {
                io.out()
                        .println(
                                ErrorReporter.safeLine(
                                        g.role()
                                                + "  "
                                                + g.taxpayer()
                                                + (g.through() == null
                                                        ? ""
                                                        : "  via " + g.through())));
            }
        }
    }
}
