package app.ishaar.cli;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.model.Rin;
import app.ishaar.core.office.OfficeSync;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.InputRules;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.core.session.LoginBudget;
import app.ishaar.core.session.TaxpayerSessions;
import app.ishaar.core.sync.SyncOptions;
import app.ishaar.core.sync.SyncRunner;
import app.ishaar.core.sync.TaxpayerResult;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code ishaar sync}: brings the local archive up to date with the service, per taxpayer. */
@Command(
        name = "sync",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Bring the local archive up to date: every notification of each taxpayer, exactly once"
                    + " (the first sync reads the whole history, later ones what is new and what"
                    + " settled).",
            "Without --on-behalf-of, the ERP system's own taxpayer; each --on-behalf-of syncs a"
                    + " represented taxpayer with its own login.",
            "Exit codes: 0 every taxpayer synced (or skipped: another syncer of the shared archive"
                    + " syncs it now), 4 some refused (the rest synced; 0 with --refused-ok), 3 login"
                    + " failed, 5 service unavailable (or a taxpayer skipped: an archive lock not had"
                    + " in time), 2 bad input.",
            "With --every, runs until stopped (SIGTERM or Ctrl+C: the sync under way ends between"
                    + " two transactions, exit 0), syncing each taxpayer again the interval after"
                    + " its last sync; one line per taxpayer as each sync ends."
        })
public final class SyncCommand implements Callable<Integer> {

    /** Output formats. */
    public enum Format {
        text,
        json
    }

    @Mixin ConnectionOptions connection;

    @Option(
            names = "--archive",
            paramLabel = "FILE|postgresql://HOST:PORT/DB",
            description =
                    "The archive file (default: $ISHAAR_ARCHIVE, else archive.db in the user's"
                            + " data folder), or a firm's shared archive on PostgreSQL.")
    String archive;

    @Option(
            names = "--format",
            paramLabel = "text|json",
            defaultValue = "text",
            description =
                    "text, or json: one JSON object a line per taxpayer (default ${DEFAULT-VALUE}).")
    Format format;

    @Option(
            names = "--logins-per-minute",
            paramLabel = "N",
            defaultValue = "12",
            description =
                    "Logins of this client ID at most per minute, under the identity service's"
                            + " limit (default ${DEFAULT-VALUE}); on a shared archive, by every"
                            + " syncer of the archive together.")
    int loginsPerMinute;

    @Option(
            names = "--refused-ok",
            description =
                    "A taxpayer that did not grant access or did not delegate is a warning on"
                            + " stderr, not exit 4 (it is still listed): for a scheduled sync of"
                            + " an intermediary whose list holds taxpayers known to refuse.")
    boolean refusedOk;

    @Option(
            names = "--every",
            paramLabel = "DURATION",
            description =
                    "Keep syncing until stopped: each taxpayer again this long after its last"
                            + " sync (5m, 90s, 1h30m; 1s to 24h).")
    String every;

    private final CliIo io;

    SyncCommand(CliIo io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        IshaarCli.logging(connection.verbose);
        connection.severalOnBehalfOf = true;
        try {
            if (loginsPerMinute < 1 || loginsPerMinute > 600) {
                throw CliException.usage("--logins-per-minute: must be between 1 and 600");
            }
            java.time.Duration interval = every == null ? null : SyncInterval.parse(every);
            Environment env = connection.environment(io);
            List<Rin> taxpayers = taxpayers();
            Credentials credentials = connection.credentials(io);
            String file = ArchiveFiles.where(archive, io.env());
            // a shared archive pools the logins of every syncer of the office in one budget
            try (Archive store = ArchiveFiles.open(file, io);
                    LoginBudget budget = LoginBudget.perMinute(loginsPerMinute);
                    ServiceClient client =
                            new ServiceClient(
                                    io.clientConfig(),
                                    OfficeSync.of(store)
                                            .map(o -> o.logins(budget))
                                            .orElse(budget));
                    TaxpayerSessions sessions =
                            new TaxpayerSessions(client::openSession, env, credentials)) {
                credentials.wipe();
                store.requireWritable(); // before a login or a page is spent on it
                SyncProgress progress = new SyncProgress(io.err(), SyncProgress.terminal());
                if (interval != null) {
                    return SyncEvery.run(
                            sessions,
                            store,
                            ServiceKey.of(env),
                            taxpayers,
                            interval,
                            progress,
                            r -> {
                                print(List.of(r));
                                io.out().flush();
                            });
                }
                List<TaxpayerResult> results =
                        new SyncRunner(
                                        sessions,
                                        store,
                                        ServiceKey.of(env),
                                        SyncOptions.defaults(),
                                        progress)
                                .run(taxpayers);
                progress.done();
                print(results);
                if (refusedOk) {
                    warnRefused(results);
                }
                return exitCode(results, refusedOk);
            } catch (ArchiveException e) {
                return ArchiveFiles.report(e, file, io.err());
            }
        } catch (Throwable t) {
            return ErrorReporter.report(
                    ServiceException.unwrap(t),
                    io.err(),
                    connection.verbose,
                    connection.onBehalfOf,
                    connection.scope);
        } finally {
            if (connection.startedSandbox instanceof AutoCloseable closeable) {
                try {
                    closeable.close();
                } catch (Exception ignored) {
                    // stopping the sandbox cannot change the outcome
                }
            }
        }
    }

    /** The taxpayers named, each a RIN; none: the ERP system's own (null). */
    private List<Rin> taxpayers() throws CliException {
        List<Rin> out = new ArrayList<>();
        for (String typed : connection.onBehalfOfs) {
            if (Rin.parse(typed) instanceof Rin.Valid v) {
                out.add(v.rin());
            } else {
                throw CliException.usage(
                        "--on-behalf-of: not a registration number (nine digits): "
                                + InputRules.printable(typed, 40));
            }
        }
        if (out.isEmpty()) {
            out.add(null);
        }
        return out;
    }

    private void print(List<TaxpayerResult> results) {
        ObjectMapper json = new ObjectMapper();
        for (TaxpayerResult r : results) {
            String status = r.outcome().name().toLowerCase(java.util.Locale.ROOT);
            if (format == Format.json) {
                ObjectNode o = json.createObjectNode();
                o.put("rin", r.taxpayer() == null ? null : r.taxpayer().value());
                o.put("status", status);
                o.put("added", r.added());
                o.put("updated", r.updated());
                o.put("total", r.total());
                if (r.message() != null) {
                    o.put("message", r.message());
                }
                io.out().println(o.toString());
            } else {
                String rin = r.taxpayer() == null ? "(own)" : r.taxpayer().value();
                String line =
                        r.outcome() == TaxpayerResult.Outcome.OK
                                ? String.format(
                                                java.util.Locale.ROOT,
                                                "%s  ok       %,d new, %,d updated, %,d archived",
                                                rin,
                                                r.added(),
                                                r.updated(),
                                                r.total())
                                        + (r.message() == null ? "" : "  (" + r.message() + ")")
                                : String.format(
                                        java.util.Locale.ROOT,
                                        "%s  %-7s  %s",
                                        rin,
                                        status,
                                        ErrorReporter.safeLine(r.message()));
                io.out().println(line);
            }
        }
    }

    /** One warning line on stderr per taxpayer that refused, for a log to keep. */
    private void warnRefused(List<TaxpayerResult> results) {
        for (TaxpayerResult r : results) {
            if (r.outcome() == TaxpayerResult.Outcome.REFUSED) {
                io.err()
                        .println(
                                ErrorReporter.safeLine(
                                        "ishaar: warning: "
                                                + (r.taxpayer() == null
                                                        ? "the ERP system's own taxpayer"
                                                        : "taxpayer " + r.taxpayer().value())
                                                + " refused ("
                                                + r.message()
                                                + "); not an error with --refused-ok"));
            }
        }
    }

    /**
     * 0 all synced (or skipped because another syncer of the archive syncs them now); 3 a login
     * failed (not a refusal); 5 the service or network failed, or a taxpayer was skipped because a
     * lock of the archive was not had in time; 4 some refused, unless {@code refusedOk}.
     */
    static int exitCode(List<TaxpayerResult> results, boolean refusedOk) {
        boolean login = false;
        boolean failed = false;
        boolean refused = false;
        for (TaxpayerResult r : results) {
            switch (r.outcome()) {
                case OK -> {}
                case REFUSED -> refused = true;
                case SKIPPED -> failed |= r.error() != null;
                case FAILED -> {
                    if (r.error() instanceof LoginRejectedException) {
                        login = true;
                    } else {
                        failed = true;
                    }
                }
            }
        }
        return login
                ? ExitCodes.LOGIN_REJECTED
                : failed
                        ? ExitCodes.SERVICE
                        : refused && !refusedOk ? ExitCodes.NOT_PERMITTED : ExitCodes.OK;
    }
}
