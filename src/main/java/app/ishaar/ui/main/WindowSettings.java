package app.ishaar.ui.main;

import app.ishaar.core.settings.HistoryPrefs;
import app.ishaar.core.settings.Profile;
import app.ishaar.core.settings.Settings;
import app.ishaar.ui.app.SettingsService;
import app.ishaar.ui.app.TextSize;
import app.ishaar.ui.app.Theme;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.settings.SettingsViewModel;
import app.ishaar.ui.taxpayers.TaxpayerListViewModel;
import java.nio.file.Path;
import java.time.Clock;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * What a main window keeps in the settings: its profile (the taxpayers listed, the one shown last,
 * the own taxpayer's name), whether its taxpayer list shows, each taxpayer's history preferences,
 * and how often the histories check for new notifications; and the settings dialog's state.
 */
public final class WindowSettings {
    private final I18n i18n;
    private final Clock clock;
    private final SettingsService settings;
    private final BooleanProperty taxpayerListShown =
            new SimpleBooleanProperty(this, "taxpayerListShown", true);
    private Profile profile;

    WindowSettings(I18n i18n, Clock clock, SettingsService settings, Profile profile) {
        this.i18n = i18n;
        this.clock = clock;
        this.settings = settings;
        this.profile = profile;
        taxpayerListShown.set(!settings.get().taxpayerListHidden(profile.id()));
        taxpayerListShown.addListener(
                (o, a, shown) -> {
                    String id = this.profile.id();
                    settings.update(s -> s.withTaxpayerListHidden(id, !shown));
                });
    }

    /** The profile as saved last (its own name and the taxpayer shown last too). */
    public Profile profile() {
        return profile;
    }

    /** The settings dialog's state: the text size, the theme, how often histories check. */
    public SettingsViewModel dialog(TextSize textSize, Theme theme) {
        return new SettingsViewModel(i18n, clock, textSize, theme, settings);
    }

    /** A login opened the window with this profile (the same one, as the login read it). */
    void opened(Profile profile) {
        this.profile = profile;
    }

    /** Where the taxpayer list keeps itself: in the profile as saved last. */
    TaxpayerListViewModel.Store taxpayerStore() {
        return new TaxpayerListViewModel.Store(
                list -> save(profile.withTaxpayers(list)), name -> save(profile.withOwnName(name)));
    }

    /** Keeps the profile changed (its taxpayers, the one shown last, a name). */
    void save(Profile changed) {
        profile = changed;
        settings.update(s -> s.withProfile(changed));
    }

    /**
     * Whether the window shows its taxpayer list (View → Taxpayer list): a taxpayer's own system
     * has one entry there, and its table gains the room. Remembered for the profile (an
     * intermediary's other profile keeps its list); searching the taxpayers (Ctrl+T) shows it
     * again. Hidden at the first login of a system whose token says it logs in for its own taxpayer
     * only, unless the user chose otherwise for the profile.
     */
    public BooleanProperty taxpayerListShownProperty() {
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
    public Path file() {
        return settings == null ? null : settings.file();
    }

    /** Writes what is pending now (a log out). */
    void flush() {
        settings.flush();
    }
}
