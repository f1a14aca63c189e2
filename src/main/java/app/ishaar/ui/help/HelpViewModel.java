package app.ishaar.ui.help;

import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.core.support.Diagnostics;
import app.ishaar.core.support.SupportLog;
import app.ishaar.ui.app.Shortcut;
import app.ishaar.ui.i18n.I18n;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Help: the keyboard's shortcuts, grouped by window, and what IT staff ask for when something goes
 * wrong (the version, the Java and JavaFX it runs on, where the settings are). The shortcuts are
 * the table's ({@link Shortcut}); the view shows their keys as the platform names them.
 */
public final class HelpViewModel {

    /**
     * One row of Help: what it does (a bundle key) and the table's shortcuts that do it (Page Down
     * and Page Up make one row).
     */
    public record Row(String whatKey, List<Shortcut> shortcuts) {}

    /** The shortcuts of one window (a bundle key for its title). */
    public record Group(String titleKey, List<Row> shortcuts) {}

    /** Every shortcut the app has, from the table the windows' code binds them from. */
    public static final List<Group> SHORTCUTS =
            Arrays.stream(Shortcut.Scope.values())
                    .map(scope -> new Group(scope.titleKey(), rows(Shortcut.in(scope))))
                    .toList();

    /** The shortcuts as rows: those side by side that do the same share one. */
    static List<Row> rows(List<Shortcut> shortcuts) {
        List<Row> rows = new ArrayList<>();
        List<Shortcut> same = new ArrayList<>();
        for (Shortcut s : shortcuts) {
            if (!same.isEmpty() && !same.get(0).whatKey().equals(s.whatKey())) {
                rows.add(new Row(same.get(0).whatKey(), List.copyOf(same)));
                same.clear();
            }
            same.add(s);
        }
        if (!same.isEmpty()) {
            rows.add(new Row(same.get(0).whatKey(), List.copyOf(same)));
        }
        return List.copyOf(rows);
    }

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
        return Diagnostics.text(ServiceClient.version(), settingsFile, SupportLog.folder());
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
