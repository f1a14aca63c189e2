package app.ishaar.cli;

import app.ishaar.core.service.InputRules;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.TokenInfo;
import java.io.PrintStream;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code ishaar login}: checks credentials and prints what the token says. */
@Command(
        name = "login",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description =
                "Log in and print the represented taxpayer, the ERP system's name, the scope and the expiry.")
public final class LoginCommand implements Callable<Integer> {

    @Mixin ConnectionOptions connection;

    @Option(
            names = "--show-token",
            description = "Also print the access token itself (keep it secret).")
    boolean showToken;

    private final CliIo io;

    LoginCommand(CliIo io) {
        this.io = io;
    }

    @Override
    public Integer call() throws Exception {
        return Runner.run(
                io,
                connection,
                (client, session) -> {
                    TokenInfo info = Runner.await(session.login());
                    print(info, session);
                    return ExitCodes.OK;
                });
    }

    private void print(TokenInfo info, Session session) {
        PrintStream out = io.out();
        DateTimeFormatter f = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss xxx");
        out.println(
                "Taxpayer:     "
                        + nz(info.taxRin())
                        + (info.taxpayerName() == null ? "" : "  " + nz(info.taxpayerName())));
        out.println("ERP system:   " + nz(info.erpName()));
        out.println(
                "Client ID:    "
                        + nz(info.clientId() == null ? session.key().clientId() : info.clientId()));
        if (info.saysIntermediary() || info.intermediaryRin() != null) {
            out.println(
                    "Intermediary: "
                            + (info.saysIntermediary() ? "yes" : "no")
                            + (info.intermediaryRin() == null
                                    ? ""
                                    : " (RIN " + nz(info.intermediaryRin()) + ")"));
        }
        if (!info.tags().isEmpty()) {
            out.println("Tags:         " + nz(String.join(", ", info.tags())));
        }
        out.println("Scope:        " + nz(info.scope()));
        if (info.expiresAt() != null) {
            ZonedDateTime at = info.expiresAt().atZone(io.zone());
            long minutes =
                    Duration.between(io.clientConfig().clock().instant(), info.expiresAt())
                            .toMinutes();
            out.println("Expires:      " + f.format(at) + " (in " + minutes + " min)");
        } else {
            out.println("Expires:      -");
        }
        out.println(
                "Environment:  "
                        + session.environment().kind().name().toLowerCase(java.util.Locale.ROOT)
                        + " ("
                        + session.environment().authUrl()
                        + ")");
        if (showToken) {
            out.println("Token:        " + session.accessToken().orElse("-"));
        }
        out.flush();
    }

    /**
     * A value from the token's claims, shown to a person: control and bidi characters written as
     * \\uXXXX, never sent to the terminal.
     */
    private static String nz(String s) {
        return s == null ? "-" : InputRules.printable(s, 200);
    }
}
