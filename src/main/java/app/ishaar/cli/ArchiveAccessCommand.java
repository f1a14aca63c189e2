package app.ishaar.cli;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.postgres.PostgresArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.InputRules;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code ishaar archive grant|revoke --role ROLE --taxpayer RIN}: which database role reads which
 * taxpayer of a shared archive on PostgreSQL (enforced by the database's row-level security). Run
 * as the archive's owner.
 */
abstract class ArchiveAccessCommand implements Callable<Integer> {

    @Mixin SharedArchiveOption archive;

    @Option(
            names = "--role",
            paramLabel = "ROLE",
            required = true,
            description = "The database role (an accountant's login, or a team's role).")
    String role;

    @Option(
            names = "--taxpayer",
            paramLabel = "RIN",
            required = true,
            description = "The taxpayer (in every service of the archive).")
    String taxpayer;

    private final CliIo io;

    ArchiveAccessCommand(CliIo io) {
        this.io = io;
    }

    /** Grants or revokes; says whether anything changed. */
    abstract boolean apply(PostgresArchive archive, String role, Rin rin) throws ArchiveException;

    /** The line printed: what changed, or that nothing had to. */
    abstract String said(boolean changed, String role, Rin rin);

    @Override
    public Integer call() {
        try {
            if (!(Rin.parse(taxpayer) instanceof Rin.Valid v)) {
                throw CliException.usage(
                        "--taxpayer: not a registration number (nine digits): "
                                + InputRules.printable(taxpayer, 40));
            }
            if (role == null || role.isBlank() || role.length() > 63) {
                throw CliException.usage("--role: a database role's name (at most 63 characters)");
            }
            String name = role.strip();
            return archive.use(
                    io,
                    "grant and revoke are",
                    opened -> {
                        boolean changed = apply(opened, name, v.rin());
                        io.out().println(said(changed, name, v.rin()));
                        return ExitCodes.OK;
                    });
        } catch (CliException e) {
            return ErrorReporter.report(e, io.err(), false, null, null);
        }
    }

    @Command(
            name = "grant",
            mixinStandardHelpOptions = true,
            description =
                    "Let a database role read a taxpayer's notifications in a shared archive on"
                            + " PostgreSQL (row-level security).")
    static final class Grant extends ArchiveAccessCommand {
        Grant(CliIo io) {
            super(io);
        }

        @Override
        boolean apply(PostgresArchive archive, String role, Rin rin) throws ArchiveException {
            return archive.grant(role, rin);
        }

        @Override
        String said(boolean changed, String role, Rin rin) {
            return changed
                    ? "granted: " + role + " reads taxpayer " + rin
                    : role + " reads taxpayer " + rin + " already";
        }
    }

    @Command(
            name = "revoke",
            mixinStandardHelpOptions = true,
            description = "Take a taxpayer away from a database role in a shared archive.")
    static final class Revoke extends ArchiveAccessCommand {
        Revoke(CliIo io) {
            super(io);
        }

        @Override
        boolean apply(PostgresArchive archive, String role, Rin rin) throws ArchiveException {
            return archive.revoke(role, rin);
        }

        @Override
        String said(boolean changed, String role, Rin rin) {
            return changed
                    ? "revoked: " + role + " no longer reads taxpayer " + rin
                    : role + " did not read taxpayer " + rin;
        }
    }
}
