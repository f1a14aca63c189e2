package app.ishaar.ui.help;

import app.ishaar.core.service.ServiceClient;
import app.ishaar.core.support.Diagnostics;
import app.ishaar.core.support.SupportLog;
import app.ishaar.ui.i18n.I18n;
import java.nio.file.Path;
import java.util.List;

/**
 * Help: the keyboard's shortcuts, grouped by window, and what IT staff ask for when something goes
 * wrong (the version, the Java and JavaFX it runs on, where the settings are). Keys are written as
 * JavaFX's {@code KeyCombination.valueOf} reads them ("Shortcut" is Ctrl, or Cmd on macOS); the
 * view shows them as the platform names them.
 */
public final class HelpViewModel {

    /**
     * One thing the keyboard does: the keys (any of them does it) and what it does (a bundle key).
     */
    public record Shortcut(List<String> keys, String whatKey) {}

    /** The shortcuts of one window (a bundle key for its title). */
    public record Group(String titleKey, List<Shortcut> shortcuts) {}

    /** Every shortcut the app has, as the windows' code binds them. */
    public static final List<Group> SHORTCUTS =
            List.of(
                    new Group(
                            "help.shortcuts.login",
                            List.of(
                                    new Shortcut(List.of("Enter"), "help.shortcut.login"),
                                    new Shortcut(List.of("Esc"), "help.shortcut.cancel"))),
                    new Group(
                            "help.shortcuts.main",
                            List.of(
                                    new Shortcut(List.of("Shortcut+T"), "help.shortcut.switch"),
                                    new Shortcut(
                                            List.of("Shortcut+B"), "help.shortcut.taxpayerList"),
                                    new Shortcut(List.of("F2"), "help.shortcut.rename"),
                                    new Shortcut(List.of("Delete"), "help.shortcut.remove"),
                                    new Shortcut(List.of("Shortcut+Z"), "help.shortcut.undoRemove"),
                                    new Shortcut(List.of("F6", "Shift+F6"), "help.shortcut.parts"),
                                    new Shortcut(List.of("Shortcut+F"), "help.shortcut.filters"),
                                    new Shortcut(List.of("Enter"), "help.shortcut.apply"),
                                    new Shortcut(List.of("F5"), "help.shortcut.refresh"),
                                    new Shortcut(
                                            List.of("Page Down", "Page Up"), "help.shortcut.pages"),
                                    new Shortcut(
                                            List.of("Alt+Left", "Alt+Right"),
                                            "help.shortcut.pagesAlt"),
                                    new Shortcut(List.of("Shortcut+C"), "help.shortcut.copyRow"),
                                    new Shortcut(List.of("Shortcut+E"), "help.shortcut.export"),
                                    new Shortcut(List.of("Shortcut+I"), "help.shortcut.details"),
                                    new Shortcut(
                                            List.of("Shift+F10", "Context Menu"),
                                            "help.shortcut.menu"),
                                    new Shortcut(
                                            List.of("Shortcut+'+'", "Shortcut+Minus"),
                                            "help.shortcut.textSize"),
                                    new Shortcut(List.of("Shortcut+0"), "help.shortcut.normalText"),
                                    new Shortcut(
                                            List.of("Shortcut+Comma"), "help.shortcut.settings"),
                                    new Shortcut(List.of("F1"), "help.shortcut.help"),
                                    new Shortcut(List.of("Shortcut+Q"), "help.shortcut.quit"))));

    private final I18n i18n;
    private final Path settingsFile;

    public HelpViewModel(I18n i18n, Path settingsFile) {
        this.i18n = i18n;
        this.settingsFile = settingsFile;
    }

    /** "Ishaar 0.1.0" (or "dev" from classes). */
    public String version() {
        return i18n.get("help.about.version", ServiceClient.version());
    }

    /**
     * The runtime, one line of product names and versions (data, read left to right in either
     * language: mixed into an Arabic sentence, its version numbers came out reordered).
     */
    public String runtime() {
        return "Java "
                + System.getProperty("java.runtime.version", System.getProperty("java.version"))
                + " · JavaFX "
                + System.getProperty("javafx.runtime.version", "?")
                + " · "
                + System.getProperty("os.name")
                + " "
                + System.getProperty("os.arch");
    }

    /** Where the settings are kept. */
    public String settingsFile() {
        return settingsFile == null ? "" : settingsFile.toString();
    }

    /**
     * What Help › Copy diagnostics copies for a support request: the version, the runtime, the
     * settings without secrets and the support log's last lines ({@link Diagnostics}).
     */
    public String diagnostics() {
        return Diagnostics.text(settingsFile, SupportLog.folder());
    }

    /**
     * What "Copy details" copies for a support request: the version, the runtime and the settings'
     * place, one per line.
     */
    public String details() {
        return version()
                + "\n"
                + runtime()
                + "\n"
                + i18n.get("help.about.settings")
                + " "
                + settingsFile()
                + "\n";
    }
}
