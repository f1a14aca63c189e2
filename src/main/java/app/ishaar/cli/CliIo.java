package app.ishaar.cli;

import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.SandboxProvider;
import app.ishaar.core.support.SupportLog;
import java.io.Console;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Everything the command line touches outside itself, so that tests can run it in-process.
 *
 * @param out standard output (bytes are written as UTF-8)
 * @param err standard error
 * @param env environment variables
 * @param prompt reads a secret without echo, or null when not interactive
 * @param zone the local zone (for dates given without a time, and for display)
 * @param clientConfig the service client's settings
 * @param sandbox starts the built-in sandbox for {@code --env sandbox} (called only then)
 * @param terminal whether standard output is a terminal (CSV then shows control characters as
 *     {@code \\uXXXX} rather than sending them to it)
 * @param logDir where the support log is written, or null for none
 */
public record CliIo(
        PrintStream out,
        PrintStream err,
        Function<String, String> env,
        SecretPrompt prompt,
        ZoneId zone,
        ClientConfig clientConfig,
        Supplier<SandboxProvider> sandbox,
        boolean terminal,
        Path logDir) {

    /** Not a terminal, no support log (tests). */
    public CliIo(
            PrintStream out,
            PrintStream err,
            Function<String, String> env,
            SecretPrompt prompt,
            ZoneId zone,
            ClientConfig clientConfig,
            Supplier<SandboxProvider> sandbox) {
        this(out, err, env, prompt, zone, clientConfig, sandbox, false, null);
    }

    /** Reads a secret without echo (and, on a terminal, a plain line with echo). */
    @FunctionalInterface
    public interface SecretPrompt {
        char[] read(String prompt);

        /** A line that is no secret (a proxy's user name), shown as typed where it can be. */
        default String readLine(String prompt) {
            char[] line = read(prompt);
            return line == null ? null : new String(line);
        }
    }

    /** The real process: System.out/err, the environment, the console when there is one. */
    public static CliIo system(Supplier<SandboxProvider> sandbox) {
        Console console = System.console();
        SecretPrompt prompt =
                console == null
                        ? null
                        : new SecretPrompt() {
                            @Override
                            public char[] read(String p) {
                                return console.readPassword("%s", p);
                            }

                            @Override
                            public String readLine(String p) {
                                return console.readLine("%s", p);
                            }
                        };
        return new CliIo(
                new PrintStream(System.out, true, StandardCharsets.UTF_8),
                new PrintStream(System.err, true, StandardCharsets.UTF_8),
                System::getenv,
                prompt,
                ZoneId.systemDefault(),
                ClientConfig.defaults(),
                sandbox,
                stdoutIsTerminal(console),
                SupportLog.defaultDir().orElse(null));
    }

    /**
     * Whether standard output is a terminal. On Linux its file descriptor names the terminal device
     * ({@code /dev/pts/N}, {@code /dev/ttyN}), whatever standard input is; elsewhere Java's
     * console, which exists when both standard input and output are a terminal.
     */
    static boolean stdoutIsTerminal(Console console) {
        Path fd = Path.of("/proc/self/fd/1");
        if (Files.exists(Path.of("/proc/self"))) {
            try {
                String device = Files.readSymbolicLink(fd).toString();
                return device.startsWith("/dev/pts/")
                        || device.startsWith("/dev/tty")
                        || device.equals("/dev/console");
            } catch (IOException | UnsupportedOperationException | SecurityException e) {
                // fall back on the console
            }
        }
        return console != null;
    }
}
