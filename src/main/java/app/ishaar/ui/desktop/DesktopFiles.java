package app.ishaar.ui.desktop;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.application.HostServices;

/**
 * The desktop's way to open a file or a folder ({@link FileOpener}), and its notifications ({@link
 * #notifier}). Files: on Linux {@code xdg-open}, which opens a CSV in the spreadsheet and a folder
 * in the file manager as the user's desktop has them (JavaFX's host services would fall back to a
 * web browser there); where there is none (a bare machine), nothing is offered. On Windows and
 * macOS, JavaFX's host services (the shell, {@code open}). Always off the FX thread: starting a
 * process can take a moment.
 */
public final class DesktopFiles {

    private static final Logger LOG = Logger.getLogger(DesktopFiles.class.getName());

    private DesktopFiles() {}

    /** The opener for this computer. */
    public static FileOpener opener(HostServices host, Executor background) {
        return opener(System.getProperty("os.name", ""), System.getenv("PATH"), host, background);
    }

    static FileOpener opener(String osName, String path, HostServices host, Executor background) {
        if (!osName.toLowerCase(Locale.ROOT).contains("linux")) {
            return host == null
                    ? FileOpener.NONE
                    : file -> background.execute(() -> host.showDocument(file.toUri().toString()));
        }
        Path xdgOpen = onPath("xdg-open", path);
        if (xdgOpen == null) {
            return FileOpener.NONE;
        }
        return file -> background.execute(() -> run(xdgOpen, file.toString()));
    }

    /**
     * The desktop's notifications for this computer: on Linux {@code notify-send} (libnotify, on
     * every desktop that shows notifications); none where there is none, nor on Windows and macOS,
     * whose notifications JavaFX cannot reach. Where {@code notify-send} can wait for a click
     * (libnotify 0.7.10 and later: its help names {@code --action} and {@code --wait}), a click on
     * the notification runs its action on the {@code fx} executor; an older one only shows it.
     */
    public static DesktopNotifier notifier(Executor background, Executor fx) {
        return notifier(System.getProperty("os.name", ""), System.getenv("PATH"), background, fx);
    }

    static DesktopNotifier notifier(String osName, String path, Executor background, Executor fx) {
        Path notifySend =
                osName.toLowerCase(Locale.ROOT).contains("linux")
                        ? onPath("notify-send", path)
                        : null;
        if (notifySend == null) {
            return DesktopNotifier.NONE;
        }
        return new DesktopNotifier() {
            private volatile Boolean clickable;

            @Override
            public void tell(String title, String body, String action, Runnable onAction) {
                background.execute(
                        () -> {
                            if (clickable == null) {
                                String help = output(notifySend, "--help");
                                clickable = help.contains("--action") && help.contains("--wait");
                            }
                            // "--": a title that starts with "-" is not an option
                            if (!clickable) {
                                run(notifySend, "--app-name=Ishaar", "--", title, body);
                            } else if (output(
                                            notifySend,
                                            "--app-name=Ishaar",
                                            "--action=default=" + action,
                                            "--wait",
                                            "--",
                                            title,
                                            body)
                                    .lines()
                                    .anyMatch("default"::equals)) {
                                fx.execute(onAction); // clicked: notify-send names the action as it
                                // ends
                            }
                        });
            }
        };
    }

    /**
     * Runs the desktop's program to its end and returns what it printed (empty if it could not
     * run).
     */
    private static String output(Path program, String... args) {
        try {
            Process p =
                    new ProcessBuilder(command(program, args))
                            .redirectError(ProcessBuilder.Redirect.DISCARD)
                            .start();
            try (var in = p.getInputStream()) {
                return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "could not run " + program, e);
            return "";
        }
    }

    private static String[] command(Path program, String... args) {
        String[] command = new String[args.length + 1];
        command[0] = program.toString();
        System.arraycopy(args, 0, command, 1, args.length);
        return command;
    }

    /**
     * Starts the desktop's program, not waiting for it, its output dropped; a failure is logged.
     */
    private static void run(Path program, String... args) {
        try {
            new ProcessBuilder(command(program, args))
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException e) {
            LOG.log(Level.WARNING, "could not run " + program, e);
        }
    }

    /** The executable of that name in a folder of the search path, or null. */
    static Path onPath(String name, String path) {
        if (path == null) {
            return null;
        }
        for (String folder : path.split(File.pathSeparator)) {
            if (!folder.isBlank()) {
                Path candidate = Path.of(folder, name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        return null;
    }
}
