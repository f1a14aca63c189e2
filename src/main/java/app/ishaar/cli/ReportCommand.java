package app.ishaar.cli;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.TaxpayerSummary;
import app.ishaar.core.export.ArchiveExport;
import app.ishaar.core.export.ExportFormat;
import app.ishaar.core.export.ExportScope;
import app.ishaar.core.export.NotificationSink;
import app.ishaar.core.export.ReportLabels;
import app.ishaar.core.io.AtomicFileWriter;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.core.report.SummaryLabels;
import app.ishaar.core.report.SummaryPdf;
import app.ishaar.core.report.SummaryQuery;
import app.ishaar.core.report.SummaryReport;
import app.ishaar.core.report.SummarySource;
import app.ishaar.core.service.InputRules;
import app.ishaar.core.service.http.ServiceClient;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ResourceBundle;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code ishaar report}: what went wrong in a period, for whom and why, summed up from the local
 * archive only (never the network): as text, as JSON for programs, or as a PDF to read and print.
 */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description =
                "A period summed up from the local archive (kept by 'ishaar sync'): totals by"
                        + " status and type, the taxpayers needing attention, why deliveries"
                        + " failed, the counts per day; as text, JSON or a PDF.")
public final class ReportCommand implements Callable<Integer> {

    /** The output formats. */
    enum Format {
        text,
        json,
        pdf,
        xlsx
    }

    /** The languages of the report's words. */
    enum Lang {
        en,
        ar
    }

    @Mixin ArchiveOptions where;

    @Option(
            names = "--taxpayer",
            paramLabel = "RIN",
            description = "Only this taxpayer (repeat for several; default all).")
    List<String> taxpayers = new ArrayList<>();

    @Option(
            names = "--from",
            required = true,
            paramLabel = "WHEN",
            description =
                    "The period's start: a date (that day's start, local time) or an ISO-8601"
                            + " date-time.")
    String from;

    @Option(
            names = "--to",
            required = true,
            paramLabel = "WHEN",
            description =
                    "The period's end: a date (to the end of that day, local time) or an ISO-8601"
                            + " date-time (up to that moment).")
    String to;

    @Option(
            names = "--format",
            paramLabel = "pdf|json|text|xlsx",
            defaultValue = "text",
            description =
                    "Output format (default ${DEFAULT-VALUE}); pdf needs --output on a terminal;"
                            + " xlsx (the period's notifications with a Summary sheet) needs"
                            + " --output.")
    Format format;

    @Option(
            names = "--lang",
            paramLabel = "en|ar",
            defaultValue = "en",
            description = "The language of the text and the PDF (default ${DEFAULT-VALUE}).")
    Lang lang;

    @Option(
            names = "--output",
            paramLabel = "FILE",
            description = "Write to this file (atomically: whole or not at all) instead of stdout.")
    Path output;

    private final CliIo io;

    ReportCommand(CliIo io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        try {
            Instant start = start();
            Instant end = end();
            if (!end.isAfter(start)) {
                throw CliException.usage("--to: is not after --from");
            }
            if (output != null && "-".equals(output.toString())) {
                output = null;
            }
            if (format == Format.pdf && output == null && io.terminal()) {
                throw CliException.usage("--format pdf: give --output FILE (a PDF is no text)");
            }
            if (format == Format.xlsx && output == null) {
                throw CliException.usage("--format xlsx: give --output FILE");
            }
            Set<Rin> rins = InboxCommand.rins(taxpayers);
            try (Archive archive = where.openExisting(io)) {
                ServiceKey service = where.service(archive);
                InboxCommand.checkTaxpayers(archive, service, rins);
                SummaryQuery q =
                        new SummaryQuery(service, rins, start, end, io.zone(), Instant.now());
                if (format == Format.xlsx) {
                    checkOutput();
                    workbook(archive, q);
                } else if (output != null) {
                    try (AtomicFileWriter file = openOutput()) {
                        write(archive, q, file.stream());
                        file.commit();
                    }
                } else {
                    write(archive, q, io.out());
                    io.out().flush();
                }
                return ExitCodes.OK;
            } catch (ArchiveException e) {
                return ArchiveFiles.report(e, where.file(io), io.err());
            }
        } catch (Exception e) {
            return ErrorReporter.report(e, io.err(), false, null, null);
        }
    }

    private void write(Archive archive, SummaryQuery q, OutputStream out)
            throws IOException, ArchiveException {
        switch (format) {
            case json -> SummaryOutput.json(SummarySource.of(archive, q), out);
            case text ->
                    SummaryOutput.text(
                            SummarySource.of(archive, q), archive.names(), labels(), out);
            case pdf ->
                    SummaryPdf.write(
                            SummaryReport.read(archive, q, "Ishaar " + ServiceClient.version()),
                            labels(),
                            out);
        }
    }

    /**
     * The period's notifications as the desktop app's workbook, in --lang, with a Summary sheet of
     * the same numbers as the other formats (read from the archive after the rows).
     */
    private void workbook(Archive archive, SummaryQuery q) throws Exception {
        Map<Rin, String> names = archive.names();
        List<Rin> whose = new ArrayList<>(q.taxpayers());
        if (whose.isEmpty()) {
            for (TaxpayerSummary t : archive.summaries()) {
                if (t.service().equals(q.service())) {
                    whose.add(t.taxpayer());
                }
            }
        }
        ResourceBundle words = bundle();
        NotificationQuery period = NotificationQuery.ALL.withDates(q.from(), q.to().minusNanos(1));
        ExportScope scope =
                new ExportScope(
                        whose.stream()
                                .sorted()
                                .map(r -> new ExportScope.Taxpayer(r, names.get(r)))
                                .toList(),
                        period,
                        null,
                        q.now(),
                        q.zone());
        try {
            ArchiveExport.export(
                            archive,
                            new InboxQuery(
                                    q.service(),
                                    q.taxpayers(),
                                    period,
                                    null,
                                    1,
                                    ArchiveExport.CHUNK),
                            NotificationSink.report(
                                    ExportFormat.XLSX,
                                    ReportLabels.of(
                                            k -> words.containsKey(k) ? words.getString(k) : k,
                                            lang == Lang.ar),
                                    scope),
                            output,
                            Runnable::run,
                            null,
                            q)
                    .get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception c ? c : e;
        }
    }

    /** The report's words in --lang, from the app's bundles. */
    private SummaryLabels labels() {
        ResourceBundle b = bundle();
        return SummaryLabels.of(k -> b.containsKey(k) ? b.getString(k) : k, lang == Lang.ar);
    }

    private ResourceBundle bundle() {
        return ResourceBundle.getBundle(
                "app.ishaar.i18n.messages",
                Locale.forLanguageTag(lang.name()),
                ResourceBundle.Control.getNoFallbackControl(
                        ResourceBundle.Control.FORMAT_PROPERTIES));
    }

    /** --from: a date is its day's start in the local zone. */
    private Instant start() throws CliException {
        return FilterOptions.instant("--from", from, false, io.zone());
    }

    /** --to: a date ends with its day (the next day's start), a date-time at that moment. */
    private Instant end() throws CliException {
        try {
            return LocalDate.parse(to.strip()).plusDays(1).atStartOfDay(io.zone()).toInstant();
        } catch (DateTimeParseException notADate) {
            return FilterOptions.instant("--to", to, false, io.zone());
        }
    }

    private void checkOutput() throws CliException {
        Path dir = output.toAbsolutePath().getParent();
        if (Files.isDirectory(output)) {
            throw CliException.usage("--output: is a folder: " + output);
        }
        if (dir == null || !Files.isDirectory(dir)) {
            throw CliException.usage("--output: the folder does not exist: " + dir);
        }
    }

    private AtomicFileWriter openOutput() throws CliException {
        checkOutput();
        Path dir = output.toAbsolutePath().getParent();
        try {
            return AtomicFileWriter.open(output);
        } catch (IOException e) {
            throw CliException.usage(
                    "--output: cannot write in "
                            + InputRules.printable(dir.toString(), 200)
                            + ": "
                            + e.getClass().getSimpleName());
        }
    }
}
