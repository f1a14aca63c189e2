package app.ishaar.cli;

import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.SandboxProvider;
import java.io.Console;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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
 */
public record CliIo(
        PrintStream out,
        PrintStream err,
        Function<String, String> env,
        SecretPrompt prompt,
        ZoneId zone,
        ClientConfig clientConfig,
        Supplier<SandboxProvider> sandbox) {

    /** Reads a secret without echo. */
    @FunctionalInterface
    public interface SecretPrompt {
        char[] read(String prompt);
    }

    /** The real process: System.out/err, the environment, the console when there is one. */
    public static CliIo system(Supplier<SandboxProvider> sandbox) {
        Console console = System.console();
        SecretPrompt prompt = console == null ? null : p -> console.readPassword("%s", p);
        return new CliIo(
                new PrintStream(System.out, true, StandardCharsets.UTF_8),
                new PrintStream(System.err, true, StandardCharsets.UTF_8),
                System::getenv,
                prompt,
                ZoneId.systemDefault(),
                ClientConfig.defaults(),
                sandbox);
    }
}
