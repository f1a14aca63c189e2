package app.ishaar.ui.settings;

import app.ishaar.core.settings.ArchiveSetting;
import app.ishaar.core.settings.Settings;
import app.ishaar.ui.app.SettingsService;
import app.ishaar.ui.i18n.I18n;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The settings dialog's archive rows: the login budget (logins per minute of one client ID), how
 * long archived notifications are kept (for ever, or N days), and where the archive lives (the
 * user's data folder, or a file or shared archive named). What is typed is kept when it is valid
 * and committed (Enter, the field left, the dialog closed); otherwise its problem is shown under
 * the field, the text stays as typed and the last good value stays remembered. All three apply the
 * next time the app starts (the login budget and the archive are set up then).
 */
public final class ArchiveRowsViewModel {

    /** What is wrong with a typed value. */
    public enum Problem {
        LOGINS,
        DAYS,
        EMPTY,
        NOT_ABSOLUTE,
        BAD_LOCATION,
        PASSWORD
    }

    private final I18n i18n;
    private final SettingsService settings;
    private final StringProperty logins = new SimpleStringProperty(this, "logins", "");
    private final BooleanProperty keepForever =
            new SimpleBooleanProperty(this, "keepForever", true);
    private final StringProperty days = new SimpleStringProperty(this, "days", "");
    private final BooleanProperty ownArchive = new SimpleBooleanProperty(this, "ownArchive", true);
    private final StringProperty archive = new SimpleStringProperty(this, "archive", "");
    private final ReadOnlyObjectWrapper<Problem> loginsProblem = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Problem> daysProblem = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Problem> archiveProblem = new ReadOnlyObjectWrapper<>();

    /**
     * @param settings the app's settings; null in a preview, where nothing is remembered
     */
    public ArchiveRowsViewModel(I18n i18n, SettingsService settings) {
        this.i18n = i18n;
        this.settings = settings;
        Settings s = settings == null ? Settings.defaults() : settings.get();
        logins.set(i18n.formatNumber(s.loginsPerMinute()));
        keepForever.set(s.keepDays() == 0);
        days.set(s.keepDays() == 0 ? "" : i18n.formatNumber(s.keepDays()));
        ownArchive.set(s.archive() == null);
        archive.set(s.archive() == null ? "" : s.archive());
        // once a problem shows, it follows the typing
        logins.addListener(
                (o, a, b) -> {
                    if (loginsProblem.get() != null) {
                        loginsProblem.set(checkLogins() == null ? Problem.LOGINS : null);
                    }
                });
        days.addListener(
                (o, a, b) -> {
                    if (daysProblem.get() != null) {
                        daysProblem.set(checkDays() == null ? Problem.DAYS : null);
                    }
                });
        archive.addListener(
                (o, a, b) -> {
                    if (archiveProblem.get() != null) {
                        archiveProblem.set(checkArchive());
                    }
                });
        keepForever.addListener(
                (o, a, forever) -> {
                    if (forever) {
                        daysProblem.set(null);
                        update(x -> x.withKeepDays(0));
                    } else if (!days.get().isBlank()) {
                        commitDays();
                    }
                });
        ownArchive.addListener(
                (o, a, own) -> {
                    if (own) {
                        archiveProblem.set(null);
                        update(x -> x.withArchive(null));
                    } else if (!archive.get().isBlank()) {
                        commitArchive();
                    }
                });
    }

    /** Logins per minute, as typed (1 to 600; Arabic-Indic digits too). */
    public StringProperty loginsProperty() {
        return logins;
    }

    /** True: archived notifications are kept for ever (the default); false: {@link #days}. */
    public BooleanProperty keepForeverProperty() {
        return keepForever;
    }

    /** How many days archived notifications are kept, as typed (1 to 36500). */
    public StringProperty daysProperty() {
        return days;
    }

    /** True: the archive is in the user's data folder (the default); false: {@link #archive}. */
    public BooleanProperty ownArchiveProperty() {
        return ownArchive;
    }

    /** An archive file's absolute path, or a shared archive's {@code postgresql://host:port/db}. */
    public StringProperty archiveProperty() {
        return archive;
    }

    public ReadOnlyObjectProperty<Problem> loginsProblemProperty() {
        return loginsProblem.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Problem> daysProblemProperty() {
        return daysProblem.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Problem> archiveProblemProperty() {
        return archiveProblem.getReadOnlyProperty();
    }

    /** A problem in the UI language, or "". */
    public StringBinding errorText(ReadOnlyObjectProperty<Problem> problem) {
        return Bindings.createStringBinding(
                () -> problem.get() == null ? "" : i18n.get(key(problem.get())),
                problem,
                i18n.languageProperty(),
                i18n.latinDigitsProperty());
    }

    /** The typed logins per minute are done: remembered when valid, else their problem shown. */
    public void commitLogins() {
        Integer n = checkLogins();
        loginsProblem.set(n == null ? Problem.LOGINS : null);
        if (n != null) {
            logins.set(i18n.formatNumber(n));
            update(x -> x.withLoginsPerMinute(n));
        }
    }

    /** The typed days are done (when not kept for ever): remembered when valid. */
    public void commitDays() {
        if (keepForever.get()) {
            return;
        }
        Integer n = checkDays();
        daysProblem.set(n == null ? Problem.DAYS : null);
        if (n != null) {
            days.set(i18n.formatNumber(n));
            update(x -> x.withKeepDays(n));
        }
    }

    /** The typed archive location is done (when not the user's own): remembered when valid. */
    public void commitArchive() {
        if (ownArchive.get()) {
            return;
        }
        Problem p = checkArchive();
        archiveProblem.set(p);
        if (p == null) {
            String where = archive.get().strip();
            update(x -> x.withArchive(where));
        }
    }

    /** Everything typed is committed (the dialog closes); false while something is invalid. */
    public boolean commit() {
        commitLogins();
        commitDays();
        commitArchive();
        return loginsProblem.get() == null
                && daysProblem.get() == null
                && archiveProblem.get() == null;
    }

    private Integer checkLogins() {
        Integer n = number(logins.get());
        return n != null && n >= 1 && n <= 600 ? n : null;
    }

    private Integer checkDays() {
        Integer n = number(days.get());
        return n != null && n >= 1 && n <= Settings.MAX_KEEP_DAYS ? n : null;
    }

    private Problem checkArchive() {
        ArchiveSetting.Problem p = ArchiveSetting.check(archive.get());
        return p == null ? null : Problem.valueOf(p.name());
    }

    /** A whole number typed in Latin or Arabic-Indic digits; null when it is not one. */
    static Integer number(String text) {
        String t = text == null ? "" : text.strip();
        if (t.isEmpty() || t.length() > 6) {
            return null;
        }
        int n = 0;
        for (int i = 0; i < t.length(); i++) {
            int d = Character.digit(t.charAt(i), 10);
            if (d < 0) {
                return null;
            }
            n = n * 10 + d;
        }
        return n;
    }

    private void update(java.util.function.UnaryOperator<Settings> change) {
        if (settings != null) {
            settings.update(change);
        }
    }

    private static String key(Problem p) {
        return switch (p) {
            case LOGINS -> "settingsDialog.logins.error";
            case DAYS -> "settingsDialog.keep.error";
            case EMPTY -> "settingsDialog.archive.error.empty";
            case NOT_ABSOLUTE -> "settingsDialog.archive.error.notAbsolute";
            case BAD_LOCATION -> "settingsDialog.archive.error.badLocation";
            case PASSWORD -> "settingsDialog.archive.error.password";
        };
    }
}
