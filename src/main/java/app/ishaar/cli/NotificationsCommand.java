package app.ishaar.cli;

import app.ishaar.core.io.AtomicFileWriter;
import app.ishaar.core.io.IoProblem;
import app.ishaar.core.io.NotARegularFileException;
import app.ishaar.core.io.RegularFiles;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.InputRules;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code ishaar notifications}: one page, or every page, of the notification history. */
@Command(
        name = "notifications",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Query the taxpayer's notification history (newest first).")
public final class NotificationsCommand implements Callable<Integer> {

    /** Output formats. */
    public enum Format {
        table,
        json,
        csv
    }

    @Mixin ConnectionOptions connection;

    @Mixin FilterOptions filters;

    @Option(
            names = "--page",
            paramLabel = "N",
            description = "The page to print (from 1; default 1).")
    Integer page;

    @Option(
            names = "--page-size",
            paramLabel = "N",
            description = "Notifications per page (the service allows at most 100).")
    Integer pageSize;

    @Option(names = "--all", description = "Every page (fetched ahead, in order).")
    boolean all;

    @Option(
            names = "--concurrency",
            paramLabel = "N",
            defaultValue = "4",
            description = "Pages fetched at once with --all (default ${DEFAULT-VALUE}).")
    int concurrency;

    @Option(
            names = "--follow",
            description =
                    "Print the notifications that come from now on, oldest first, as they come, until stopped "
                            + "(Ctrl-C) or --count of them. JSON comes as JSON Lines: one object a line.")
    boolean follow;

    @Option(
            names = "--interval",
            paramLabel = "SECONDS",
            description = "With --follow: how often to ask the service (default 60, at least 1).")
    Integer interval;

    @Option(
            names = "--count",
            paramLabel = "N",
            description = "With --follow: stop after N notifications.")
    Long count;

    @Option(
            names = "--format",
            paramLabel = "table|json|csv",
            defaultValue = "table",
            description = "Output format (default ${DEFAULT-VALUE}).")
    Format format;

    @Option(
            names = "--csv-raw",
            description =
                    "With --format csv: every value exactly as received, for programs. Without it, a"
                            + " cell that a spreadsheet would run as a formula (starting with =, +, -, @,"
                            + " a tab or a carriage return) starts with an apostrophe.")
    boolean csvRaw;

    @Option(
            names = "--output",
            paramLabel = "FILE",
            description =
                    "Write to this file (atomically: whole or not at all) instead of stdout; only a"
                            + " regular file is written or replaced, never a folder, link or device;"
                            + " '-' is stdout.")
    Path output;

    private final CliIo io;

    NotificationsCommand(CliIo io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        return Runner.run(
                io,
                connection,
                (client, session) -> {
                    NotificationQuery query = query();
                    if (follow) {
                        return new Follower(
                                        session,
                                        query.withPage(1),
                                        NotificationOutput.streaming(
                                                format, io.out(), io.zone(), csvRules(true)),
                                        Duration.ofSeconds(interval == null ? 60 : interval),
                                        count,
                                        io.err(),
                                        connection.verbose,
                                        d -> Thread.sleep(d.toMillis()))
                                .run();
                    }
                    if (!toStdout()) {
                        try (AtomicFileWriter file = openOutput()) {
                            int code = write(session, query, file.stream(), csvRules(false));
                            file.commit();
                            return code;
                        }
                    }
                    return write(session, query, io.out(), csvRules(true));
                });
    }

    /**
     * Opens {@code --output}: only a regular file, new or replaced whole; never a link or device.
     */
    private AtomicFileWriter openOutput() throws CliException {
        String shown = InputRules.printable(output.toString(), 200);
        Path dir = output.toAbsolutePath().getParent();
        java.util.Optional<NotARegularFileException.Kind> kind =
                RegularFiles.notRegular(output, false);
        if (kind.isPresent()) {
            throw CliException.usage(
                    "--output: "
                            + shown
                            + switch (kind.get()) {
                                case FOLDER -> " is a folder; name a file to write";
                                case LINK ->
                                        " is a symbolic link; name the file itself"
                                                + " (a link is never replaced)";
                                case SPECIAL ->
                                        " is a device, a pipe or a socket, not a regular file;"
                                                + " name a file, or '-' for standard output";
                            });
        }
        if (dir == null || !Files.isDirectory(dir)) {
            throw CliException.usage(
                    "--output: the folder does not exist: "
                            + InputRules.printable(String.valueOf(dir), 200));
        }
        try {
            return AtomicFileWriter.open(output);
        } catch (IOException e) {
            throw CliException.usage(
                    "--output: cannot write " + shown + ": " + IoProblem.of(e).words());
        }
    }

    /** {@code --output -}: standard output, as without the option. */
    private boolean toStdout() {
        return output == null || "-".equals(output.toString());
    }

    /** The output's rules: CSV formula-safe unless --csv-raw; escaped when stdout is a terminal. */
    private OutputRules csvRules(boolean toStdout) {
        return new OutputRules(csvRaw, toStdout && io.terminal());
    }

    private int write(
            app.ishaar.core.service.Session session,
            NotificationQuery query,
            OutputStream out,
            OutputRules csv)
            throws Exception {
        NotificationOutput sink = NotificationOutput.of(format, out, io.zone(), csv);
        if (all) {
            long[] pages = {0};
            try {
                Runner.await(
                        session.readAll(
                                query,
                                concurrency,
                                p -> {
                                    try {
                                        sink.page(p);
                                    } catch (IOException e) {
                                        throw new UncheckedIOException(e);
                                    }
                                    pages[0]++;
                                    if (connection.verbose) {
                                        io.err()
                                                .println(
                                                        "ishaar: page "
                                                                + p.pageNo()
                                                                + " of "
                                                                + p.totalPages()
                                                                + " ("
                                                                + NotificationOutput.counted(
                                                                        p.totalCount())
                                                                + ")");
                                    }
                                }));
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            sink.finish(null);
        } else {
            NotificationPage p = Runner.await(session.fetch(query));
            sink.page(p);
            sink.finish(p);
        }
        return ExitCodes.OK;
    }

    NotificationQuery query() throws CliException {
        filters.checkTyped();
        if (all && page != null) {
            throw CliException.usage("--page: give either --page or --all, not both");
        }
        if (follow && (all || page != null)) {
            throw CliException.usage(
                    "--follow: prints what comes from now on; give it without "
                            + (all ? "--all" : "--page"));
        }
        if (follow && !toStdout()) {
            throw CliException.usage(
                    "--output: --follow writes to stdout as it goes, not to a file made whole at the end");
        }
        if (!follow && (interval != null || count != null)) {
            throw CliException.usage(
                    (interval != null ? "--interval" : "--count") + ": only with --follow");
        }
        if (interval != null && interval < 1) {
            throw CliException.usage("--interval: must be 1 or more (seconds)");
        }
        if (count != null && count < 1) {
            throw CliException.usage("--count: must be 1 or more");
        }
        if (page != null && page < 1) {
            throw CliException.usage("--page: must be 1 or more");
        }
        if (pageSize != null && pageSize < 1) {
            throw CliException.usage("--page-size: must be 1 or more");
        }
        if (concurrency < 1 || concurrency > 16) {
            throw CliException.usage("--concurrency: must be between 1 and 16");
        }
        if (csvRaw && format != Format.csv) {
            throw CliException.usage("--csv-raw: only with --format csv");
        }
        if (output != null && format == null) {
            format = Format.table;
        }
        return filters.query(all ? null : page, pageSize, io.zone());
    }
}
