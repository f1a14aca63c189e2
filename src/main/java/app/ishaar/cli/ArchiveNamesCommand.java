package app.ishaar.cli;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.InputRules;
import app.ishaar.core.settings.TaxpayerListFile;
import app.ishaar.core.settings.TaxpayerRows;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ishaar archive name RIN NAME} and {@code ishaar archive names --import FILE.csv}: the
 * taxpayers' names the archive keeps (shown by {@code inbox} and {@code archive info}), set by a
 * script or the office syncer's administrator. The names go in all at once or not at all.
 */
abstract class ArchiveNamesCommand implements Callable<Integer> {

    /** The longest name kept: a firm's full legal name fits many times over. */
    static final int MAX_NAME = 200;

    @Option(
            names = "--archive",
            paramLabel = "FILE|postgresql://HOST:PORT/DB",
            description =
                    "The archive (default: $ISHAAR_ARCHIVE, else archive.db in the user's data"
                            + " folder); made when missing.")
    String archive;

    final CliIo io;

    ArchiveNamesCommand(CliIo io) {
        this.io = io;
    }

    /** The names to keep, by RIN; a usage error for any that is not one. */
    abstract Map<Rin, String> names() throws CliException;

    /** The line printed once they are kept. */
    abstract String said(Map<Rin, String> names);

    @Override
    public Integer call() {
        try {
            Map<Rin, String> names = names();
            String where = ArchiveFiles.where(archive, io.env());
            try (Archive opened = ArchiveFiles.open(where, io)) {
                opened.name(names);
                io.out().println(said(names));
                return ExitCodes.OK;
            } catch (ArchiveException e) {
                return ArchiveFiles.report(e, where, io.err());
            }
        } catch (CliException e) {
            return ErrorReporter.report(e, io.err(), false, null, null);
        }
    }

    /** What is wrong with a name, or null when it may be kept. */
    static String problem(String name) {
        if (name.isEmpty()) {
            return "no name";
        }
        if (name.length() > MAX_NAME) {
            return "a name of more than " + MAX_NAME + " characters";
        }
        if (name.codePoints().anyMatch(Character::isISOControl)
                || InputRules.hasUnsafeCharacters(name)) {
            return "a name with control characters";
        }
        return null;
    }

    static Rin rin(String typed, String where) throws CliException {
        if (Rin.parse(typed) instanceof Rin.Valid v) {
            return v.rin();
        }
        throw CliException.usage(
                where
                        + "not a registration number (nine digits): "
                        + InputRules.printable(typed, 40));
    }

    @Command(
            name = "name",
            mixinStandardHelpOptions = true,
            description =
                    "Keep a taxpayer's name in the archive (shown by inbox and archive info); an"
                            + " empty NAME forgets it.")
    static final class Name extends ArchiveNamesCommand {
        @Parameters(index = "0", paramLabel = "RIN", description = "The taxpayer.")
        String rin;

        @Parameters(index = "1", paramLabel = "NAME", description = "Its name.")
        String name;

        Name(CliIo io) {
            super(io);
        }

        @Override
        Map<Rin, String> names() throws CliException {
            Rin r = rin(rin, "");
            String n = name.strip();
            String problem = n.isEmpty() ? null : problem(n);
            if (problem != null) {
                throw CliException.usage("NAME: " + problem);
            }
            return Map.of(r, n);
        }

        @Override
        String said(Map<Rin, String> names) {
            var e = names.entrySet().iterator().next();
            return e.getValue().isEmpty()
                    ? "forgot the name of taxpayer " + e.getKey()
                    : "taxpayer " + e.getKey() + " is named " + InboxOutput.Table.cut(e.getValue());
        }
    }

    @Command(
            name = "names",
            mixinStandardHelpOptions = true,
            description =
                    "Keep the names of a list of taxpayers: a CSV file of rows RIN,name (a header"
                            + " row, semicolons or tabs too, as a spreadsheet saves it). A bad row"
                            + " keeps none of them.")
    static final class Names extends ArchiveNamesCommand {
        @Option(
                names = "--import",
                paramLabel = "FILE.csv",
                required = true,
                description = "The file of rows RIN,name.")
        Path file;

        Names(CliIo io) {
            super(io);
        }

        @Override
        Map<Rin, String> names() throws CliException {
            TaxpayerListFile.Read read;
            try {
                read = TaxpayerListFile.read(file);
            } catch (TaxpayerListFile.NotAListException e) {
                throw CliException.usage(
                        "--import: "
                                + file
                                + " is "
                                + switch (e.problem()) {
                                    case WORKBOOK -> "a workbook; save it as CSV";
                                    case TOO_LARGE -> "too large for a list of taxpayers";
                                    case NOT_TEXT -> "not a text file";
                                });
            } catch (NoSuchFileException e) {
                throw CliException.usage("--import: no file " + file);
            } catch (IOException e) {
                throw CliException.usage("--import: cannot read " + file + ": " + e.getMessage());
            }
            Map<Rin, String> names = new LinkedHashMap<>();
            for (TaxpayerRows.Row row : read.rows()) {
                String at = "--import: " + file + " line " + row.number() + ": ";
                Rin r = rin(row.rin(), at);
                String problem = problem(row.name());
                if (problem != null) {
                    throw CliException.usage(at + problem + " for " + r);
                }
                names.put(r, row.name());
            }
            if (names.isEmpty()) {
                throw CliException.usage("--import: " + file + " holds no rows RIN,name");
            }
            return names;
        }

        @Override
        String said(Map<Rin, String> names) {
            return "kept the names of "
                    + names.size()
                    + " taxpayer"
                    + (names.size() == 1 ? "" : "s");
        }
    }
}
