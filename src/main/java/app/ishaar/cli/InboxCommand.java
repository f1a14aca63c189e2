package app.ishaar.cli;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.SearchText;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.TaxpayerSummary;
import app.ishaar.core.io.AtomicFileWriter;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.InputRules;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code ishaar inbox}: the archived notifications of any set of taxpayers, newest first (or a
 * search's best matches first), filtered and searched, from the local archive only (never the
 * network).
 */
@Command(
        name = "inbox",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description =
                "Notifications from the local archive (kept by 'ishaar sync'), newest first, across"
                        + " taxpayers; filtered and searched offline.")
public final class InboxCommand implements Callable<Integer> {

    /** Most notifications a page may hold. */
    static final int MAX_PAGE_SIZE = 1000;

    static final int DEFAULT_PAGE_SIZE = 50;

    @Mixin ArchiveOptions where;

    @Option(
            names = "--taxpayer",
            paramLabel = "RIN",
            description = "Only this taxpayer's notifications (repeat for several; default all).")
    List<String> taxpayers = new ArrayList<>();

    @Option(
            names = "--search",
            paramLabel = "TEXT",
            description =
                    "Words to find in the message, the address, the notification ID or a delivery"
                            + " attempt's reason: each word begins or ends a word there, or shares"
                            + " its Arabic stem; Arabic letter forms, diacritics, digits and case"
                            + " are matched loosely (see docs/archive.md).")
    String search;

    @Option(
            names = "--order",
            paramLabel = "newest|best",
            description =
                    "newest (default): newest first, every searched word found; best (with"
                            + " --search only): any searched word found, those with more and rarer"
                            + " words first.")
    String order;

    @Mixin FilterOptions filters;

    @Option(
            names = "--handling",
            paramLabel = "to-handle|assigned-to-me|handled|all",
            description =
                    "Only those to handle, those to handle assigned to you (on a shared archive"
                            + " your database role), or those handled ('ishaar handle' marks"
                            + " them); default all.")
    String handling;

    @Option(
            names = "--page",
            paramLabel = "N",
            description = "The page to print (from 1; default 1).")
    Integer page;

    @Option(
            names = "--page-size",
            paramLabel = "N",
            description = "Notifications per page (default 50, at most 1000).")
    Integer pageSize;

    @Option(names = "--all", description = "Every notification that matches.")
    boolean all;

    @Option(
            names = "--format",
            paramLabel = "table|json|csv",
            defaultValue = "table",
            description =
                    "Output format (default ${DEFAULT-VALUE}); json: the notifications as the service"
                            + " sent them, each with \"taxpayerRin\" and \"handling\".")
    NotificationsCommand.Format format;

    @Option(
            names = "--csv-raw",
            description =
                    "CSV with every value exactly as received: no quote mark before a cell a"
                            + " spreadsheet would run as a formula (=, +, -, @).")
    boolean csvRaw;

    @Option(
            names = "--output",
            paramLabel = "FILE",
            description = "Write to this file (atomically: whole or not at all) instead of stdout.")
    Path output;

    private final CliIo io;

    InboxCommand(CliIo io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        try {
            NotificationQuery filters = filterQuery();
            int size = pageSize == null ? DEFAULT_PAGE_SIZE : pageSize;
            if (size < 1 || size > MAX_PAGE_SIZE) {
                throw CliException.usage("--page-size: must be between 1 and " + MAX_PAGE_SIZE);
            }
            String text = searchText();
            InboxQuery.Order sort = order(text);
            Set<Rin> rins = rins();
            InboxQuery.HandlingFilter byHandling = handlingFilter();
            try (Archive archive = where.openExisting(io)) {
                ServiceKey service = where.service(archive);
                checkTaxpayers(archive, service, rins);
                if (output != null) {
                    try (AtomicFileWriter file = openOutput()) {
                        write(
                                archive,
                                new InboxQuery(service, rins, filters, text, 1, size, sort)
                                        .withHandling(byHandling),
                                file.stream(),
                                false);
                        file.commit();
                    }
                } else {
                    write(
                            archive,
                            new InboxQuery(service, rins, filters, text, 1, size, sort)
                                    .withHandling(byHandling),
                            io.out(),
                            io.terminal());
                }
                return ExitCodes.OK;
            } catch (ArchiveException e) {
                return ArchiveFiles.report(e, where.file(io), io.err());
            }
        } catch (Exception e) {
            return ErrorReporter.report(e, io.err(), false, null, null);
        }
    }

    /**
     * @param toTerminal whether {@code out} is standard output and that is a terminal
     */
    private void write(Archive archive, InboxQuery first, OutputStream out, boolean toTerminal)
            throws IOException, ArchiveException {
        InboxOutput sink =
                InboxOutput.of(
                        format,
                        out,
                        io.zone(),
                        new OutputRules(csvRaw, toTerminal),
                        archive.names());
        if (all) {
            int size = Math.max(first.pageSize(), 500);
            for (int p = 1; ; p++) {
                InboxPage page = archive.query(withPage(first, p, size));
                sink.items(page.items());
                if (page.items().size() < size
                        || (!page.moreThanTotal() && p >= page.totalPages())) {
                    break;
                }
            }
            sink.finish(null);
        } else {
            InboxPage page =
                    archive.query(
                            withPage(first, this.page == null ? 1 : this.page, first.pageSize()));
            sink.items(page.items());
            // a search counts its matches up to a limit: past it, "more than"
            String more = page.moreThanTotal() ? "more than " : "";
            sink.finish(
                    String.format(
                            "page %d of %s%d, %s%s in all",
                            page.page(),
                            more,
                            page.totalPages(),
                            more,
                            NotificationOutput.counted(page.totalCount())));
        }
    }

    private static InboxQuery withPage(InboxQuery q, int page, int size) {
        return new InboxQuery(
                q.service(),
                q.taxpayers(),
                q.filters(),
                q.search(),
                page,
                size,
                q.order(),
                q.handling());
    }

    /** --handling: which notifications by who is dealing with them. */
    private InboxQuery.HandlingFilter handlingFilter() throws CliException {
        if (handling == null) {
            return InboxQuery.HandlingFilter.ALL;
        }
        return switch (handling.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "to-handle" -> InboxQuery.HandlingFilter.TO_HANDLE;
            case "assigned-to-me" -> InboxQuery.HandlingFilter.ASSIGNED_TO_ME;
            case "handled" -> InboxQuery.HandlingFilter.HANDLED;
            case "all" -> InboxQuery.HandlingFilter.ALL;
            default ->
                    throw CliException.usage(
                            "--handling: to-handle, assigned-to-me, handled or all, not '"
                                    + InputRules.printable(handling, 40)
                                    + "'");
        };
    }

    /** --order: newest or best; best asks for a search. */
    private InboxQuery.Order order(String text) throws CliException {
        if (order == null || order.equals("newest")) {
            return InboxQuery.Order.NEWEST;
        }
        if (!order.equals("best")) {
            throw CliException.usage("--order: newest or best, not '" + order + "'");
        }
        if (text == null) {
            throw CliException.usage("--order best: ranks a search's matches; give --search too");
        }
        return InboxQuery.Order.BEST;
    }

    /** The six filters, read by the rules of {@code notifications}. */
    private NotificationQuery filterQuery() throws CliException {
        filters.checkTyped();
        if (all && page != null) {
            throw CliException.usage("--page: give either --page or --all, not both");
        }
        if (page != null && page < 1) {
            throw CliException.usage("--page: must be 1 or more");
        }
        return filters.query(all ? null : page, null, io.zone());
    }

    private String searchText() throws CliException {
        if (search == null) {
            return null;
        }
        try {
            SearchText.terms(search);
            return search;
        } catch (SearchText.InvalidSearchException e) {
            throw CliException.usage("--search: " + e.getMessage());
        }
    }

    private Set<Rin> rins() throws CliException {
        return rins(taxpayers);
    }

    /** The RINs of --taxpayer options, each checked. */
    static Set<Rin> rins(List<String> taxpayers) throws CliException {
        Set<Rin> out = new LinkedHashSet<>();
        for (String t : taxpayers) {
            if (!(Rin.parse(t) instanceof Rin.Valid v)) {
                throw CliException.usage(
                        "--taxpayer: not a registration number (nine digits): "
                                + InputRules.printable(t, 40));
            }
            out.add(v.rin());
        }
        return out;
    }

    /** Refuses a taxpayer the archive holds nothing of for this service. */
    static void checkTaxpayers(Archive archive, ServiceKey service, Set<Rin> rins)
            throws CliException, ArchiveException {
        if (rins.isEmpty()) {
            return;
        }
        Set<Rin> held = new LinkedHashSet<>();
        for (TaxpayerSummary s : archive.summaries()) {
            if (s.service().equals(service)) {
                held.add(s.taxpayer());
            }
        }
        for (Rin r : rins) {
            if (!held.contains(r)) {
                throw CliException.usage(
                        "--taxpayer: "
                                + r
                                + " is not in the archive for "
                                + service
                                + " ('ishaar archive info' lists what it holds)");
            }
        }
    }

    private AtomicFileWriter openOutput() throws CliException {
        Path dir = output.toAbsolutePath().getParent();
        if (Files.isDirectory(output)) {
            throw CliException.usage("--output: is a folder: " + output);
        }
        if (dir == null || !Files.isDirectory(dir)) {
            throw CliException.usage("--output: the folder does not exist: " + dir);
        }
        try {
            return AtomicFileWriter.open(output);
        } catch (IOException e) {
            throw CliException.usage(
                    "--output: cannot write in " + dir + ": " + e.getClass().getSimpleName());
        }
    }
}
