package app.ishaar.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The fault matrix's rows for the faults on the user's own computer (files, terminal, display,
 * settings, the support log): each test of the local fault suite marks its row passed, and the
 * table is written to {@code target/fault-matrix-local.md} beside the service faults' {@code
 * fault-matrix.md}. A row whose test did not run says so.
 */
final class LocalFaultMatrix {
    private LocalFaultMatrix() {}

    /** Row id → fault, behaviour. */
    static final Map<String, String[]> ROWS = new LinkedHashMap<>();

    static {
        row(
                "output-special",
                "`--output` names a FIFO, a device node, a symbolic link or a folder",
                "refused: one line naming what it is, exit 2; the FIFO, device, link and its file"
                        + " untouched; `-` is stdout");
        row(
                "export-special",
                "the desktop export's target is a symbolic link or a FIFO, or becomes a link while"
                        + " it is written",
                "refused in words (\"a symbolic link, not the file itself\"); nothing replaced");
        row(
                "secret-zero",
                "`--client-secret-file /dev/zero` (or any file with a first line over 64 kB)",
                "refused at once: one line, exit 2, at most 64 kB read");
        row(
                "secret-readable",
                "a secret file that the group or others may read",
                "used, with one warning line on stderr (chmod 600); none for a 600 file");
        row(
                "secret-not-text",
                "a secret file that is not UTF-8 text, or a folder",
                "one line in words (\"is not UTF-8 text\"), exit 2; no exception's name");
        row(
                "csv-terminal",
                "the service's escape sequences in CSV printed to a terminal",
                "written as \\uXXXX like the table; unchanged in a file or a pipe");
        row(
                "csv-formula",
                "a cell starting with =, +, -, @, tab or CR in the CLI's CSV",
                "apostrophe first (formula-safe) by default; exact with `--csv-raw`");
        row(
                "no-display",
                "the desktop app started with no display",
                "one line saying so and naming the command line, exit 2; no stack trace");
        row(
                "no-gtk",
                "the desktop app started on Linux without GTK 3 (or libXtst)",
                "one line naming the missing libraries and what to install (`apt-get install"
                        + " libgtk-3-0`), exit 2; no stack trace");
        row(
                "settings-special",
                "`settings.json` is a FIFO, a link to /dev/zero, or 100 MB",
                "the app starts at once with the defaults and says so; the file is kept aside,"
                        + " unread");
        row(
                "words",
                "disk full, permission denied, not UTF-8, truncated JSON",
                "messages in words; the exception's class only with -v and in the support log");
        row(
                "support-log",
                "a scripted session against the sandbox (login, pages, export, a failure)",
                "the support log has each step with its correlation ID, status and time; no"
                        + " secret, token or message text");
    }

    private static final Map<String, String> RESULTS = new ConcurrentHashMap<>();

    private static void row(String id, String fault, String behaviour) {
        ROWS.put(id, new String[] {fault, behaviour});
    }

    /** Marks a row passed and writes the table again. */
    static synchronized void pass(String id) {
        if (!ROWS.containsKey(id)) {
            throw new IllegalArgumentException("no such row: " + id);
        }
        RESULTS.put(id, "pass");
        write();
    }

    private static void write() {
        StringBuilder md = new StringBuilder("| fault | behaviour | result |\n|---|---|---|\n");
        ROWS.forEach(
                (id, r) ->
                        md.append("| ")
                                .append(r[0])
                                .append(" | ")
                                .append(r[1])
                                .append(" | ")
                                .append(RESULTS.getOrDefault(id, "not run"))
                                .append(" |\n"));
        Path main = Path.of(System.getProperty("ishaar.fault.matrix", "target/fault-matrix.md"));
        Path out = main.toAbsolutePath().resolveSibling("fault-matrix-local.md");
        try {
            Files.createDirectories(out.getParent());
            Files.writeString(out, md.toString(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
