package app.ishaar.cli;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.TaxpayerSummary;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.InputRules;
import java.io.PrintStream;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code ishaar archive info | forget | name | names | grant | revoke | grants}: what the archive
 * holds, removing from it, its taxpayers' names, and (a shared archive) which role reads which
 * taxpayer.
 */
@Command(
        name = "archive",
        mixinStandardHelpOptions = true,
        description =
                "The archive: what it holds (info), removing a taxpayer's data (forget), its"
                        + " taxpayers' names (name, names); a shared archive's readers (grant,"
                        + " revoke, grants).")
public final class ArchiveCommand implements Callable<Integer> {

    private final CliIo io;

    ArchiveCommand(CliIo io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        io.err()
                .println(
                        "ishaar: name an archive command: info, forget, name, names, grant, revoke"
                                + " or grants (see 'ishaar archive --help')");
        return ExitCodes.USAGE;
    }

    /** Per service and taxpayer: how many, the oldest and newest, when last synced. */
    @Command(
            name = "info",
            mixinStandardHelpOptions = true,
            description =
                    "Per service and taxpayer: its name, how many notifications, the oldest and"
                            + " newest, and when a sync last finished.")
    static final class Info implements Callable<Integer> {
        @Mixin ArchiveOptions where;
        private final CliIo io;

        Info(CliIo io) {
            this.io = io;
        }

        @Override
        public Integer call() {
            try (Archive archive = where.openExisting(io)) {
                PrintStream out = io.out();
                DateTimeFormatter time =
                        DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(io.zone());
                List<TaxpayerSummary> all = archive.summaries();
                String place = where.file(io);
                out.println(
                        "archive: "
                                + (ArchiveFiles.shared(place)
                                        ? place
                                        : java.nio.file.Path.of(place).toAbsolutePath()));
                if (all.isEmpty()) {
                    out.println("it holds no notifications yet ('ishaar sync' fills it)");
                    return ExitCodes.OK;
                }
                Map<Rin, String> names = archive.names();
                String row = "%-9s  %-24s  %13s  %-16s  %-16s  %-16s%n";
                ServiceKey current = null;
                for (TaxpayerSummary s : all) {
                    if (!s.service().equals(current)) {
                        current = s.service();
                        out.println();
                        out.println("service: " + current);
                        out.printf(
                                row,
                                "TAXPAYER",
                                "NAME",
                                "NOTIFICATIONS",
                                "OLDEST",
                                "NEWEST",
                                "LAST SYNCED");
                    }
                    out.printf(
                            row,
                            s.taxpayer().value(),
                            InboxOutput.Table.cut(names.get(s.taxpayer())),
                            String.format("%,d", s.count()),
                            when(time, s.oldest()),
                            when(time, s.newest()),
                            s.lastSynced() == null
                                    ? "never"
                                    : when(time, s.lastSynced())
                                            + (s.complete() ? "" : " (first sync not finished)"));
                }
                return ExitCodes.OK;
            } catch (ArchiveException e) {
                return ArchiveFiles.report(e, where.file(io), io.err());
            } catch (CliException e) {
                return ErrorReporter.report(e, io.err(), false, null, null);
            }
        }

        private static String when(DateTimeFormatter f, Instant i) {
            return i == null ? "-" : f.format(i);
        }
    }

    /** Removes a taxpayer's notifications and sync state for good. */
    @Command(
            name = "forget",
            mixinStandardHelpOptions = true,
            description =
                    "Remove a taxpayer's notifications and sync state from the archive for good"
                            + " (of one service: --env or --base-url, default as for inbox).")
    static final class Forget implements Callable<Integer> {
        @Mixin ArchiveOptions where;

        @Option(
                names = "--taxpayer",
                paramLabel = "RIN",
                required = true,
                description = "The taxpayer whose data to remove.")
        String taxpayer;

        private final CliIo io;

        Forget(CliIo io) {
            this.io = io;
        }

        @Override
        public Integer call() {
            try {
                if (!(Rin.parse(taxpayer) instanceof Rin.Valid v)) {
                    throw CliException.usage(
                            "--taxpayer: not a registration number (nine digits): "
                                    + InputRules.printable(taxpayer, 40));
                }
                try (Archive archive = where.openExisting(io)) {
                    ServiceKey service = where.service(archive);
                    boolean held =
                            archive.summaries().stream()
                                    .anyMatch(
                                            s ->
                                                    s.service().equals(service)
                                                            && s.taxpayer().equals(v.rin()));
                    if (!held) {
                        throw CliException.usage(
                                "--taxpayer: "
                                        + v.rin()
                                        + " is not in the archive for "
                                        + service
                                        + " ('ishaar archive info' lists what it holds)");
                    }
                    long gone = archive.forget(service, v.rin());
                    io.out()
                            .println(
                                    "forgot taxpayer "
                                            + v.rin()
                                            + " of "
                                            + service
                                            + ": "
                                            + NotificationOutput.counted(gone)
                                            + " removed");
                    return ExitCodes.OK;
                } catch (ArchiveException e) {
                    return ArchiveFiles.report(e, where.file(io), io.err());
                }
            } catch (CliException e) {
                return ErrorReporter.report(e, io.err(), false, null, null);
            }
        }
    }
}
