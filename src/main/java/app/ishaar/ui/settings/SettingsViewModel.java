package app.ishaar.ui.settings;

import app.ishaar.core.settings.Settings;
import app.ishaar.ui.app.SettingsService;
import app.ishaar.ui.app.TextSize;
import app.ishaar.ui.app.Theme;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;

/**
 * The settings dialog's state. Changes apply at once (live, like the language switches) and are
 * remembered by the application's settings service, which follows the UI language and digit style.
 */
public final class SettingsViewModel {
    private final I18n i18n;
    private final Clock clock;
    private final TextSize textSize;
    private final Theme theme;
    private final IntegerProperty checkMinutes =
            new SimpleIntegerProperty(this, "checkMinutes", Settings.DEFAULT_CHECK_MINUTES);
    private final BooleanProperty desktopNotify =
            new SimpleBooleanProperty(this, "desktopNotify", true);
    private final ProxyRowViewModel proxy;
    private final ArchiveRowsViewModel archiveRows;
    private final HandlingRowsViewModel handlingRows;

    /** The choices of how often to check for new notifications, in minutes; 0 is never. */
    static final List<Integer> CHECK_CHOICES = List.of(1, 2, 5, 15, 0);

    public SettingsViewModel(
            I18n i18n, Clock clock, TextSize textSize, Theme theme, SettingsService settings) {
        this.i18n = i18n;
        this.clock = clock;
        this.textSize = textSize;
        this.theme = theme;
        this.proxy = new ProxyRowViewModel(i18n, settings);
        this.archiveRows = new ArchiveRowsViewModel(i18n, settings);
        this.handlingRows = new HandlingRowsViewModel(settings);
        if (settings != null) {
            checkMinutes.set(settings.get().checkMinutes());
            checkMinutes.addListener(
                    (o, a, minutes) ->
                            settings.update(s -> s.withCheckMinutes(minutes.intValue())));
            desktopNotify.set(settings.get().desktopNotify());
            desktopNotify.addListener((o, a, on) -> settings.update(s -> s.withDesktopNotify(on)));
        }
    }

    /**
     * How often the shown history asks the service whether new notifications came, in minutes (0:
     * never); remembered at once, and every main window follows it.
     */
    public IntegerProperty checkMinutesProperty() {
        return checkMinutes;
    }

    /**
     * Whether the desktop also tells of new notifications while the window is in the background;
     * remembered at once.
     */
    public BooleanProperty desktopNotifyProperty() {
        return desktopNotify;
    }

    /** The desktop can be told only while checking: not when the user chose never to check. */
    public BooleanBinding desktopNotifyOfferedProperty() {
        return checkMinutes.isNotEqualTo(0);
    }

    /** How the service is reached: the system's proxy settings, none, or a typed proxy. */
    public ProxyRowViewModel proxy() {
        return proxy;
    }

    /** What needs handling when it arrives: types and statuses. */
    public HandlingRowsViewModel handlingRows() {
        return handlingRows;
    }

    /** The login budget, how long archived notifications are kept, where the archive lives. */
    public ArchiveRowsViewModel archiveRows() {
        return archiveRows;
    }

    /** The choices, in minutes, 0 (never) last. */
    public List<Integer> checkChoices() {
        return CHECK_CHOICES;
    }

    /** A choice as the box shows it: "Every minute", "Every 5 minutes", "كل ١٥ دقيقة", "Never". */
    public String checkChoiceName(int minutes) {
        if (minutes == 0) {
            return i18n.get("settingsDialog.checkNew.never");
        }
        if (minutes == 2) {
            return i18n.get("settingsDialog.checkNew.everyTwo");
        }
        // (Arabic counts 3 to 10 minutes in the plural, 11 and more in the singular)
        return i18n.get(
                minutes <= 10
                        ? "settingsDialog.checkNew.every"
                        : "settingsDialog.checkNew.everyMany",
                minutes);
    }

    /** The text size in every window, in percent (View → Larger text does the same). */
    public ReadOnlyIntegerProperty textSizeProperty() {
        return textSize.percentProperty();
    }

    public void chooseTextSize(int percent) {
        textSize.choose(percent);
    }

    /** The sizes to choose from, in percent. */
    public List<Integer> textSizes() {
        return TextSize.STEPS;
    }

    /** A size as the choice shows it: "125%", "١٢٥٪". */
    public String textSizeName(int percent) {
        return i18n.get("settingsDialog.textSize.step", i18n.formatNumber(percent));
    }

    /**
     * True in the dark theme (View → Dark theme does the same); every window follows at once, and
     * it is remembered.
     */
    public BooleanProperty darkThemeProperty() {
        return theme.darkProperty();
    }

    public ObjectProperty<AppLanguage> languageProperty() {
        return i18n.languageProperty();
    }

    /** Latin (0-9) rather than Arabic-Indic (٠-٩) digits in the Arabic UI. */
    public BooleanProperty latinDigitsProperty() {
        return i18n.latinDigitsProperty();
    }

    /** The time zone dates and times are shown in: the computer's own. */
    public String zoneId() {
        ZoneId zone = i18n.zoneProperty().get();
        return zone.getId();
    }

    /** A live example of the chosen formats: now, and "page 12 of 34". */
    public StringBinding sample() {
        return Bindings.createStringBinding(
                () ->
                        i18n.get(
                                "settingsDialog.sample",
                                i18n.formatDateTime(Instant.now(clock)),
                                12,
                                34),
                i18n.languageProperty(),
                i18n.latinDigitsProperty(),
                i18n.zoneProperty());
    }
}
