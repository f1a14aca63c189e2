package app.ishaar.cli;

import app.ishaar.core.model.Rin;
import app.ishaar.core.sync.SyncRunner;
import app.ishaar.core.sync.TaxpayerResult;
import java.io.PrintStream;
import java.util.Locale;

/**
 * The sync's progress on stderr: on a terminal one bar redrawn in place; otherwise plain lines (a
 * taxpayer's start, every tenth of its history, its end), which logs and pipes keep readable.
 */
final class SyncProgress implements SyncRunner.Listener {
    private static final int WIDTH = 30;
    private static final long REDRAW_NANOS = 100_000_000L;

    private final PrintStream err;
    private final boolean terminal;
    private long lastDraw;
    private long lastTenth = -1;
    private boolean drawn;

    SyncProgress(PrintStream err, boolean terminal) {
        this.err = err;
        this.terminal = terminal;
    }

    /** Whether stderr is likely a terminal: the process has a console. */
    static boolean terminal() {
        return System.console() != null;
    }

    private static String name(Rin rin) {
        return rin == null ? "the ERP's own taxpayer" : rin.value();
    }

    @Override
    public synchronized void started(Rin taxpayer) {
        lastTenth = -1;
        if (!terminal) {
            err.println("ishaar: syncing " + name(taxpayer));
        }
    }

    @Override
    public synchronized void held(Rin taxpayer, long held, long total) {
        long now = System.nanoTime();
        if (terminal) {
            if (now - lastDraw < REDRAW_NANOS && held < total) {
                return;
            }
            lastDraw = now;
            int filled = total <= 0 ? WIDTH : (int) (WIDTH * Math.min(held, total) / total);
            err.print(
                    String.format(
                            Locale.ROOT,
                            "\r%s [%s%s] %,d/%,d ",
                            name(taxpayer),
                            "#".repeat(filled),
                            ".".repeat(WIDTH - filled),
                            held,
                            total));
            err.flush();
            drawn = true;
        } else if (total > 0) {
            long tenth = 10 * Math.min(held, total) / total;
            if (tenth > lastTenth) {
                lastTenth = tenth;
                err.println(
                        String.format(
                                Locale.ROOT,
                                "ishaar: %s: %,d of %,d (%d%%)",
                                name(taxpayer),
                                held,
                                total,
                                tenth * 10));
            }
        }
    }

    @Override
    public synchronized void finished(TaxpayerResult r) {
        if (terminal && drawn) {
            err.print("\r\033[K");
            drawn = false;
        }
        String what =
                switch (r.outcome()) {
                    case OK ->
                            String.format(
                                    Locale.ROOT, "%,d new, %,d updated", r.added(), r.updated());
                    case REFUSED -> "refused: " + r.message();
                    case FAILED -> "failed: " + r.message();
                    case SKIPPED -> "skipped: " + r.message();
                };
        err.println(ErrorReporter.safeLine("ishaar: " + name(r.taxpayer()) + ": " + what));
    }

    synchronized void done() {
        if (terminal && drawn) {
            err.print("\r\033[K");
            err.flush();
        }
    }
}
