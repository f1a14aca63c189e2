package app.ishaar.ui.main;

import app.ishaar.core.settings.HistoryPrefs;
import app.ishaar.core.settings.Profile;
import app.ishaar.core.settings.Settings;
import app.ishaar.ui.app.SettingsService;
import java.nio.file.Path;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * What a main window keeps in the settings: its profile (the taxpayers listed, the one shown last,
 * the own taxpayer's name), whether its taxpayer list shows, each taxpayer's history preferences,
 * and how often the histories check for new notifications.
 */
final class WindowSettings {
    private final SettingsService settings;
    private final BooleanProperty taxpayerListShown =
            new SimpleBooleanProperty(this, "taxpayerListShown", true);
    private Profile profile;

    WindowSettings(SettingsService settings, Profile profile) {
        this.settings = settings;
        this.profile = profile;
        taxpayerListShown.set(!settings.get().taxpayerListHidden(profile.id()));
        taxpayerListShown.addListener(
                (o, a, shown) -> {
                    String id = this.profile.id();
                    settings.update(s -> s.withTaxpayerListHidden(id, !shown));
                });
    }

    SettingsService service() {
        return settings;
    }

    Profile profile() {
        return profile;
    }

    /** A login opened the window with this profile (the same one, as the login read it). */
    void opened(Profile profile) {
        this.profile = profile;
    }

    /** Keeps the profile changed (its taxpayers, the one shown last, a name). */
    void save(Profile changed) {
        profile = changed;
        settings.update(s -> s.withProfile(changed));
    }

    /** See {@link MainWindowViewModel#taxpayerListShownProperty()}. */
    BooleanProperty taxpayerListShownProperty() {
        return taxpayerListShown;
    }

    /**
     * A token says its system logs in for its own taxpayer only, and the list holds nothing else:
     * the table takes the list's room, unless the user chose for this profile before (remembered as
     * if chosen; View → Taxpayer list or Ctrl+T shows it, and that is remembered too).
     */
    void ownTaxpayerOnly() {
        if (!settings.get().taxpayerListChosen(profile.id())) {
            taxpayerListShown.set(false);
        }
    }

    /** How often the shown history checks for new notifications; 0: never. */
    int checkMinutes() {
        return settings.get().checkMinutes();
    }

    /** The preferences of a taxpayer's history screen (null: none kept yet). */
    HistoryPrefs history(String rin) {
        return settings.get().history().get(Settings.historyKey(profile.id(), rin));
    }

    /** Keeps the preferences of a taxpayer's history screen as they change. */
    Consumer<HistoryPrefs> historySaver(String rin) {
        String key = Settings.historyKey(profile.id(), rin);
        return prefs -> settings.update(s -> s.withHistory(key, prefs));
    }

    /** Where the settings are kept (Help › About). */
    Path file() {
        return settings == null ? null : settings.file();
    }

    /** Writes what is pending now (a log out). */
    void flush() {
        settings.flush();
    }
}
