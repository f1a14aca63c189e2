package app.ishaar.cli;

import app.ishaar.core.io.AtomicFileWriter;
import app.ishaar.core.io.IoProblem;
import app.ishaar.core.io.NotARegularFileException;
import app.ishaar.core.io.RegularFiles;
import app.ishaar.core.model.Channel;
import app.ishaar.core.model.Language;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.NotificationType;
import app.ishaar.core.model.Status;
import app.ishaar.core.service.InputRules;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
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

    @Option(
            names = "--from",
            paramLabel = "WHEN",
            description =
                    "Sent at or after: an ISO-8601 date-time, or a date (that day's start, local time).")
    String from;

    @Option(
            names = "--to",
            paramLabel = "WHEN",
            description =
                    "Sent at or before: an ISO-8601 date-time, or a date (that whole day, local time).")
    String to;

    @Option(
            names = "--type",
            paramLabel = "TYPE",
            description = "Notification type: its id (1-9) or name, e.g. 7 or document-validated.")
    String type;

    @Option(
            names = "--language",
            paramLabel = "ar|en",
            description = "Only notifications sent in this language.")
    String language;

    @Option(
            names = "--status",
            paramLabel = "STATUS",
            description = "pending, batched, delivered or error.")
    String status;

    @Option(
            names = "--channel",
            paramLabel = "CHANNEL",
            description = "sms, email, push or system.")
    String channel;

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

    /** CSV's rules: formula-safe unless --csv-raw; escaped when stdout is a terminal. */
    private NotificationOutput.CsvRules csvRules(boolean toStdout) {
        return new NotificationOutput.CsvRules(csvRaw, toStdout && io.terminal());
    }

    private int write(
            app.ishaar.core.service.Session session,
            NotificationQuery query,
            OutputStream out,
            NotificationOutput.CsvRules csv)
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
        String[][] typed = {
            {"--from", from},
            {"--to", to},
            {"--type", type},
            {"--language", language},
            {"--status", status},
            {"--channel", channel}
        };
        for (String[] t : typed) {
            if (t[1] != null && InputRules.hasUnsafeCharacters(t[1])) {
                throw CliException.usage(
                        t[0] + ": " + InputRules.describe(InputRules.Problem.UNSAFE_CHARACTERS, 0));
            }
        }
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
        Instant f = from == null ? null : instant("--from", from, false);
        Instant t = to == null ? null : instant("--to", to, true);
        if (f != null && t != null && f.isAfter(t)) {
            throw CliException.usage("--from: is after --to");
        }
        return new NotificationQuery(
                f,
                t,
                typeId(),
                known(
                        "--language",
                        language,
                        Arrays.stream(Language.values())
                                .map(Language::wire)
                                .toArray(String[]::new)),
                known(
                        "--status",
                        status,
                        Arrays.stream(Status.values()).map(Status::wire).toArray(String[]::new)),
                known(
                        "--channel",
                        channel,
                        Arrays.stream(Channel.values()).map(Channel::wire).toArray(String[]::new)),
                all ? null : page,
                pageSize);
    }

    /**
     * A date-time with a zone or offset; one without is local time; a date is that whole day in the
     * local zone.
     */
    Instant instant(String option, String text, boolean endOfDay) throws CliException {
        String s = text.trim();
        try {
            return OffsetDateTime.parse(s).toInstant();
        } catch (DateTimeParseException ignored) {
            // next form
        }
        try {
            return Instant.parse(s);
        } catch (DateTimeParseException ignored) {
            // next form
        }
        try {
            return LocalDateTime.parse(s).atZone(io.zone()).toInstant();
        } catch (DateTimeParseException ignored) {
            // next form
        }
        try {
            LocalDate d = LocalDate.parse(s);
            return endOfDay
                    ? d.plusDays(1).atStartOfDay(io.zone()).toInstant().minusNanos(100)
                    : d.atStartOfDay(io.zone()).toInstant();
        } catch (DateTimeParseException e) {
            throw CliException.usage(
                    option
                            + ": not an ISO-8601 date or date-time: "
                            + InputRules.printable(text, 60)
                            + " (e.g. 2026-03-01 or 2026-03-01T10:00:00Z)");
        }
    }

    private String typeId() throws CliException {
        if (type == null) {
            return null;
        }
        String t = type.trim();
        if (t.matches("\\d{1,4}")) {
            return t;
        }
        String norm = t.toLowerCase(Locale.ROOT).replaceAll("[\\s_-]+", "");
        for (NotificationType nt : NotificationType.values()) {
            if (nt.specName().toLowerCase(Locale.ROOT).replaceAll("[\\s_-]+", "").equals(norm)
                    || nt.name().toLowerCase(Locale.ROOT).replace("_", "").equals(norm)) {
                return nt.id();
            }
        }
        throw CliException.usage(
                "--type: unknown notification type: "
                        + InputRules.printable(type, 60)
                        + " (one of: "
                        + Arrays.stream(NotificationType.values())
                                .map(x -> x.id() + " " + x.specName())
                                .collect(Collectors.joining(", "))
                        + ")");
    }

    private static String known(String option, String value, String[] allowed) throws CliException {
        if (value == null) {
            return null;
        }
        String v = value.trim().toLowerCase(Locale.ROOT);
        for (String a : allowed) {
            if (a.equals(v)) {
                return a;
            }
        }
        throw CliException.usage(
                option
                        + ": unknown value "
                        + InputRules.printable(value, 60)
                        + " (one of: "
                        + String.join(", ", allowed)
                        + ")");
    }
}
