package app.ishaar;

import app.ishaar.core.secrets.KeyringSecretStore;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.core.support.SupportLog;
import app.ishaar.ui.AppServices;
import app.ishaar.ui.IshaarApp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The jar's main class. It does not extend {@code javafx.application.Application}, so the shaded
 * jar starts on the classpath. With no arguments it opens the desktop app; otherwise it runs the
 * command line (issue #3).
 */
public final class Launcher {
    private Launcher() {}

    public static void main(String[] args) {
        // the operating system's proxy settings (Windows, macOS, GNOME), read by the JDK's proxy
        // selector when it is first used: set before any connection is made
        if (System.getProperty("java.net.useSystemProxies") == null) {
            System.setProperty("java.net.useSystemProxies", "true");
        }
        if (args.length == 0) {
            String noDisplay = noDisplay(System::getenv, System.getProperty("os.name", ""));
            if (noDisplay != null) {
                System.err.println(noDisplay);
                System.exit(2);
                return;
            }
            // a headless toolkit chosen on purpose (Monocle) needs no GTK
            String noToolkit =
                    System.getProperty("glass.platform") != null
                            ? null
                            : missingToolkit(
                                    System.getProperty("os.name", ""),
                                    SharedLibraries.ofThisSystem()::canFind);
            if (noToolkit != null) {
                System.err.println(noToolkit);
                System.exit(2);
                return;
            }
            startSupportLog();
            IshaarApp.configure(desktopServices());
            try {
                javafx.application.Application.launch(IshaarApp.class);
            } catch (RuntimeException e) {
                if (isToolkitUnloadable(e)) {
                    System.err.println(
                            "ishaar: the desktop app could not load GTK 3 or a library it needs;"
                                    + " install them (Debian, Ubuntu: sudo apt-get install "
                                    + TOOLKIT_LIBRARIES.stream()
                                            .map(ToolkitLibrary::debianPackage)
                                            .collect(Collectors.joining(" "))
                                    + "), or use the command line instead, e.g. 'ishaar --help'");
                    System.exit(2);
                    return;
                }
                if (!isDisplayRefused(e)) {
                    throw e;
                }
                System.err.println(
                        "ishaar: the display "
                                + System.getenv("DISPLAY")
                                + " cannot be opened; use the command line instead, e.g. 'ishaar"
                                + " notifications --help', or 'ishaar --help'");
                System.exit(2);
            }
            return;
        }
        System.exit(app.ishaar.cli.IshaarCli.run(args));
    }

    /**
     * The one line to print instead of starting the desktop app where there is no display to show
     * it on (a server, an SSH session without X forwarding), or null where there is one. On Linux
     * and other Unix systems JavaFX needs an X11 display ({@code DISPLAY}, or Wayland's XWayland,
     * which sets it); Windows and macOS always have their desktop. A headless toolkit chosen on
     * purpose ({@code -Dglass.platform=Monocle}) is let through.
     */
    static String noDisplay(java.util.function.Function<String, String> env, String osName) {
        String os = osName.toLowerCase(java.util.Locale.ROOT);
        if (os.contains("win")
                || os.contains("mac")
                || System.getProperty("glass.platform") != null) {
            return null;
        }
        String display = env.apply("DISPLAY");
        if (display != null && !display.isBlank()) {
            return null;
        }
        return "ishaar: no display to show the desktop app on (DISPLAY is not set); use the command"
                + " line instead, e.g. 'ishaar notifications --help', or 'ishaar --help'";
    }

    /**
     * The libraries JavaFX's desktop toolkit loads on Linux that a desktop system may lack (its
     * glass library links against GTK 3 and the X11 test extension; GTK brings the rest), each with
     * the Debian and Ubuntu package that holds it.
     */
    private static final List<ToolkitLibrary> TOOLKIT_LIBRARIES =
            List.of(
                    new ToolkitLibrary("libgtk-3.so.0", "libgtk-3-0"),
                    new ToolkitLibrary("libXtst.so.6", "libxtst6"));

    private record ToolkitLibrary(String soname, String debianPackage) {}

    /**
     * The one line to print instead of starting the desktop app on Linux where the libraries of
     * JavaFX's toolkit cannot be found, naming what to install; null where they can, and on other
     * systems (whose toolkits come with the system). Without it JavaFX ends in "Unable to load
     * glass GTK library" and a stack trace.
     *
     * @param canFind whether the system's dynamic loader would find a library of that name
     */
    public static String missingToolkit(String osName, Predicate<String> canFind) {
        if (!osName.toLowerCase(Locale.ROOT).contains("linux")) {
            return null;
        }
        List<String> missing = new ArrayList<>();
        List<String> packages = new ArrayList<>();
        for (ToolkitLibrary library : TOOLKIT_LIBRARIES) {
            if (!canFind.test(library.soname())) {
                missing.add(library.soname());
                packages.add(library.debianPackage());
            }
        }
        if (missing.isEmpty()) {
            return null;
        }
        return "ishaar: the desktop app needs GTK 3, and this system lacks "
                + String.join(" and ", missing)
                + "; install "
                + (missing.size() == 1 ? "it" : "them")
                + " (Debian, Ubuntu: sudo apt-get install "
                + String.join(" ", packages)
                + "), or use the command line instead, e.g. 'ishaar --help'";
    }

    /** Whether JavaFX could not load its GTK library (GTK or a library it needs is missing). */
    static boolean isToolkitUnloadable(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof UnsupportedOperationException
                    && String.valueOf(c.getMessage()).contains("Unable to load glass GTK")) {
                return true;
            }
        }
        return false;
    }

    /** Whether JavaFX could not start for want of a display it may open. */
    static boolean isDisplayRefused(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof UnsupportedOperationException
                    && String.valueOf(c.getMessage()).contains("DISPLAY")) {
                return true;
            }
        }
        return false;
    }

    /** The support log, opened on a thread of its own: its set-up need not delay the window. */
    private static void startSupportLog() {
        Thread t =
                new Thread(
                        () ->
                                SupportLog.defaultDir()
                                        .ifPresent(
                                                dir -> {
                                                    if (SupportLog.install(dir, "desktop")) {
                                                        System.getLogger("app.ishaar")
                                                                .log(
                                                                        System.Logger.Level.INFO,
                                                                        "Ishaar {0} started, Java {1},"
                                                                                + " {2} {3}",
                                                                        ServiceClient.version(),
                                                                        System.getProperty(
                                                                                "java.version"),
                                                                        System.getProperty(
                                                                                "os.name"),
                                                                        System.getProperty(
                                                                                "os.version"));
                                                    }
                                                }),
                        "ishaar-support-log");
        t.setDaemon(true);
        t.start();
    }

    /**
     * The desktop app's wiring: the built-in sandbox (started when first needed), the OS keychain,
     * the user's settings folder, the user's archive.
     */
    private static AppServices desktopServices() {
        DesktopSandbox sandbox = new DesktopSandbox(DesktopSandbox::appConfig);
        Runtime.getRuntime().addShutdownHook(new Thread(sandbox::close, "ishaar-sandbox-stop"));
        return new AppServices(
                sandbox,
                sandbox,
                new KeyringSecretStore(),
                SettingsStore.defaultConfigDir(),
                ClientConfig.defaults(),
                Duration.ofMillis(500),
                AppServices.ArchiveSource.usersOwn());
    }
}
