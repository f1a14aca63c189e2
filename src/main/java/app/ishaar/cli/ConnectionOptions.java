package app.ishaar.cli;

import app.ishaar.core.io.IoProblem;
import app.ishaar.core.io.RegularFiles;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.InputRules;
import app.ishaar.core.service.SandboxProvider;
import app.ishaar.core.service.ServiceException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The connection options shared by {@code login} and {@code notifications}. */
public final class ConnectionOptions {

    /** The named environments. */
    public enum Env {
        sandbox,
        preprod,
        prod
    }

    @Option(
            names = "--env",
            paramLabel = "sandbox|preprod|prod",
            description = "Where to connect: the built-in sandbox, pre-production or production.")
    Env env;

    @Option(
            names = "--auth-url",
            paramLabel = "URL",
            description = "Identity service address (with --base-url, instead of --env).")
    String authUrl;

    @Option(
            names = "--base-url",
            paramLabel = "URL",
            description = "Integration API address (with --auth-url, instead of --env).")
    String baseUrl;

    @Option(
            names = "--client-id",
            paramLabel = "ID",
            required = true,
            description = "The ERP system's client ID.")
    String clientId;

    @Option(
            names = "--client-secret-env",
            paramLabel = "VAR",
            description = "Read the client secret from this environment variable.")
    String secretEnv;

    @Option(
            names = "--client-secret-file",
            paramLabel = "FILE",
            description = "Read the client secret from this file (first line).")
    Path secretFile;

    @Option(names = "--client-secret", hidden = true, arity = "0..1", paramLabel = "SECRET")
    String plainSecret;

    @Option(
            names = "--on-behalf-of",
            paramLabel = "RIN",
            description =
                    "Log in as intermediary for this taxpayer's registration number (sync: may"
                            + " repeat, one login each).")
    List<String> onBehalfOfs = new ArrayList<>();

    /** The one taxpayer named (login, notifications), set once the options are checked. */
    String onBehalfOf;

    /** Whether this command takes several --on-behalf-of (sync). */
    boolean severalOnBehalfOf;

    @Option(
            names = "--scope",
            paramLabel = "SCOPE",
            description = "Request this scope (e.g. InvoicingAPI).")
    String scope;

    @Option(
            names = {"-v", "--verbose"},
            description = "Print progress and error details (correlation IDs) on stderr.")
    boolean verbose;

    /** The sandbox started for this run, closed by the runner. */
    SandboxProvider startedSandbox;

    /** The environment, checked before any request. */
    Environment environment(CliIo io) throws CliException, ServiceException {
        if (env != null && (authUrl != null || baseUrl != null)) {
            throw CliException.usage(
                    "--env: give either --env or --auth-url with --base-url, not both");
        }
        if (env == null) {
            if (authUrl == null && baseUrl == null) {
                throw CliException.usage(
                        "--env: say where to connect: --env sandbox|preprod|prod, or --auth-url URL --base-url URL");
            }
            if (authUrl == null) {
                throw CliException.usage("--auth-url: required with --base-url");
            }
            if (baseUrl == null) {
                throw CliException.usage("--base-url: required with --auth-url");
            }
            return Environment.custom(authUrl, baseUrl);
        }
        return switch (env) {
            case prod -> Environment.production();
            case preprod -> Environment.preProduction();
            case sandbox -> {
                SandboxProvider p = io.sandbox() == null ? null : io.sandbox().get();
                startedSandbox = p;
                if (p == null) {
                    throw CliException.usage(
                            "--env: the built-in sandbox is not available in this build");
                }
                yield p.environment();
            }
        };
    }

    /**
     * The credentials, the secret from the environment, a file or the console; never from an
     * argument.
     */
    Credentials credentials(CliIo io) throws CliException {
        if (plainSecret != null) {
            throw CliException.usage(
                    "--client-secret: a secret is never taken as an argument (it would show in the process list and the"
                            + " shell history); use --client-secret-env VAR or --client-secret-file FILE");
        }
        check("--client-id", InputRules.clientId(clientId), InputRules.MAX_CLIENT_ID);
        if (onBehalfOfs.size() > 1 && !severalOnBehalfOf) {
            throw CliException.usage(
                    "--on-behalf-of: give one taxpayer here ('ishaar sync' takes several)");
        }
        for (String one : onBehalfOfs) {
            onBehalfOf = one;
            java.util.Optional<InputRules.Problem> p = InputRules.onBehalfOf(onBehalfOf);
            if (p.isPresent() && p.get() == InputRules.Problem.BAD_FORMAT) {
                throw CliException.usage(
                        "--on-behalf-of: not a registration number (nine digits): "
                                + InputRules.printable(onBehalfOf, 40));
            }
            check("--on-behalf-of", p, Rin.LENGTH);
        }
        onBehalfOf = onBehalfOfs.isEmpty() ? null : onBehalfOfs.get(0);
        if (scope != null) {
            check("--scope", InputRules.scope(scope), InputRules.MAX_SCOPE);
        }
        if (secretEnv != null && secretFile != null) {
            throw CliException.usage(
                    "--client-secret-env: give either --client-secret-env or --client-secret-file, not both");
        }
        char[] secret;
        if (secretEnv != null) {
            String v = io.env().apply(secretEnv);
            if (v == null || v.isEmpty()) {
                throw CliException.usage(
                        "--client-secret-env: the environment variable "
                                + InputRules.printable(secretEnv, 60)
                                + " is not set");
            }
            secret = v.toCharArray();
            checkSecret("--client-secret-env", secret);
        } else if (secretFile != null) {
            secret = readSecretFile(secretFile);
            checkSecret("--client-secret-file", secret);
            warnIfOthersMayRead(secretFile, io.err());
        } else if (io.prompt() != null) {
            secret = io.prompt().read("Client secret for " + clientId + ": ");
            if (secret == null || secret.length == 0) {
                throw CliException.usage("--client-secret-env: no client secret was entered");
            }
            checkSecret("--client-secret-env", secret);
        } else {
            throw CliException.usage(
                    "--client-secret-env: no client secret: give --client-secret-env VAR or --client-secret-file FILE"
                            + " (or run in a terminal to be asked)");
        }
        return new Credentials(
                clientId.strip(),
                secret,
                onBehalfOf == null ? null : Rin.of(onBehalfOf).value(),
                scope);
    }

    private static void check(
            String option, java.util.Optional<InputRules.Problem> problem, int max)
            throws CliException {
        if (problem.isPresent()) {
            throw CliException.usage(option + ": " + InputRules.describe(problem.get(), max));
        }
    }

    /** Refuses an unusable secret (wiping it) without ever quoting it. */
    private static void checkSecret(String option, char[] secret) throws CliException {
        java.util.Optional<InputRules.Problem> p = InputRules.secret(secret);
        if (p.isPresent()) {
            java.util.Arrays.fill(secret, '\0');
            throw CliException.usage(
                    option
                            + ": the client secret "
                            + InputRules.describe(p.get(), InputRules.MAX_SECRET));
        }
    }

    /** The most a secret file is read: the secret is at most 1024 characters, on its first line. */
    static final int MAX_SECRET_FILE = 64 * 1024;

    /**
     * The secret on the file's first line. At most {@value #MAX_SECRET_FILE} bytes are read, so
     * that {@code /dev/zero} or a wrong file cannot exhaust memory; a pipe ({@code <(pass show …)})
     * is read like a file. A file that other users may read is used, with a warning.
     */
    private static char[] readSecretFile(Path file) throws CliException {
        String shown = InputRules.printable(file.toString(), 200);
        if (Files.isDirectory(file)) {
            throw CliException.usage("--client-secret-file: " + shown + " is a folder, not a file");
        }
        byte[] bytes = null;
        try (java.io.InputStream in = Files.newInputStream(file)) {
            bytes = firstLine(in);
            if (bytes == null) {
                throw CliException.usage(
                        "--client-secret-file: "
                                + shown
                                + " is not a secret file: its first line is longer than "
                                + RegularFiles.size(MAX_SECRET_FILE));
            }
            java.nio.CharBuffer chars =
                    StandardCharsets.UTF_8
                            .newDecoder()
                            .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                            .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
                            .decode(java.nio.ByteBuffer.wrap(bytes));
            char[] s = new char[chars.remaining()];
            chars.get(s);
            java.util.Arrays.fill(chars.array(), '\0');
            int from = s.length > 0 && s[0] == '\uFEFF' ? 1 : 0;
            int to = s.length;
            while (to > from && s[to - 1] == '\r') {
                to--;
            }
            char[] secret = java.util.Arrays.copyOfRange(s, from, to);
            java.util.Arrays.fill(s, '\0');
            if (secret.length == 0) {
                throw CliException.usage("--client-secret-file: the file is empty: " + shown);
            }
            return secret;
        } catch (NoSuchFileException e) {
            throw CliException.usage("--client-secret-file: no such file: " + shown);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw CliException.usage(
                    "--client-secret-file: "
                            + shown
                            + " is not UTF-8 text (save the secret as plain UTF-8 text)");
        } catch (IOException e) {
            throw CliException.usage(
                    "--client-secret-file: cannot read " + shown + ": " + IoProblem.of(e).words());
        } finally {
            if (bytes != null) {
                java.util.Arrays.fill(bytes, (byte) 0);
            }
        }
    }

    /**
     * The bytes before the first line break, or null when none comes within {@value
     * #MAX_SECRET_FILE} bytes and the file goes on.
     */
    private static byte[] firstLine(java.io.InputStream in) throws IOException {
        byte[] buf = new byte[MAX_SECRET_FILE];
        try {
            int n = 0;
            while (n < buf.length) {
                int r = in.read(buf, n, buf.length - n);
                if (r < 0) {
                    return java.util.Arrays.copyOf(buf, n);
                }
                for (int i = n; i < n + r; i++) {
                    if (buf[i] == '\n') {
                        return java.util.Arrays.copyOf(buf, i);
                    }
                }
                n += r;
            }
            return in.read() < 0 ? java.util.Arrays.copyOf(buf, n) : null;
        } finally {
            java.util.Arrays.fill(buf, (byte) 0);
        }
    }

    /**
     * A warning (not a refusal: the user may have reasons) when the group or other users may read
     * the secret file that is used. POSIX systems only; a pipe or device is not judged.
     */
    private static void warnIfOthersMayRead(Path file, java.io.PrintStream err) {
        String shown = InputRules.printable(file.toString(), 200);
        try {
            if (!Files.isRegularFile(file)) {
                return;
            }
            java.util.Set<java.nio.file.attribute.PosixFilePermission> p =
                    Files.getPosixFilePermissions(file);
            if (p.contains(java.nio.file.attribute.PosixFilePermission.OTHERS_READ)
                    || p.contains(java.nio.file.attribute.PosixFilePermission.GROUP_READ)) {
                err.println(
                        "ishaar: warning: other users of this computer can read the secret file "
                                + shown
                                + "; make it yours alone: chmod 600 "
                                + shown);
            }
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            // not POSIX, or unreadable: the read says what is wrong
        }
    }
}
