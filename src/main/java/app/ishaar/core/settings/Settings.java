package app.ishaar.core.settings;

import java.util.List;
import java.util.Map;

/**
 * Everything Ishaar remembers between runs, as one JSON document (never a secret or a token).
 * Immutable; change with the {@code with…} methods and save through {@link SettingsStore}.
 *
 * @param language "en" or "ar"
 * @param latinDigits Latin digits in the Arabic UI
 * @param lastProfileId the profile the login dialog opens with, or null
 * @param profiles login profiles (environment + client id + represented taxpayers)
 * @param history per represented taxpayer view state, keyed by {@link #historyKey}
 * @param mainWindow where the main window was, or null (the default size, centred)
 * @param taxpayerListHiddenIn the profiles (their ids) whose main window hides its taxpayer list
 *     (View → Taxpayer list): an intermediary's window needs it, a taxpayer's own system has one
 *     entry there
 * @param taxpayerListShownIn the profiles whose main window shows its taxpayer list because the
 *     user chose so; a profile in neither list has it shown, unless its system logs in for its own
 *     taxpayer only (the main window then hides it)
 * @param textSize the size of the text in every window, in percent of the normal size (View →
 *     Larger text); 100 when absent
 * @param checkMinutes how often the shown history asks the service whether new notifications came,
 *     in minutes; 0 never; {@value #DEFAULT_CHECK_MINUTES} when absent (or out of 0..60), never
 *     null
 * @param theme the colours of every window: {@value #LIGHT} or {@value #DARK}; light when absent or
 *     unknown, never null
 * @param desktopNotify whether new notifications are also told by the desktop while the window is
 *     in the background; true when absent, never null
 * @param proxy how the service is reached (Settings → Proxy): the system's proxy settings when
 *     absent, never null
 * @param loginsPerMinute the login budget: logins of one client ID at most per minute (the identity
 *     service limits them); {@value #DEFAULT_LOGINS_PER_MINUTE} when absent or out of 1..600, never
 *     null
 * @param keepDays how long archived notifications are kept, in days after they were sent; 0 (also
 *     when absent or out of 0..36500) keeps them for ever, never null
 * @param archive where the archive lives (a file); null or blank when absent: the user's data
 *     folder (or {@code ISHAAR_ARCHIVE})
 * @param handling what is marked to handle as it arrives; {@link HandlingSetting#DEFAULT} when
 *     absent, never null
 */
public record Settings(
        int version,
        String language,
        boolean latinDigits,
        String lastProfileId,
        List<Profile> profiles,
        Map<String, HistoryPrefs> history,
        WindowBounds mainWindow,
        List<String> taxpayerListHiddenIn,
        List<String> taxpayerListShownIn,
        int textSize,
        Integer checkMinutes,
        String theme,
        Boolean desktopNotify,
        ProxyChoice proxy,
        Integer loginsPerMinute,
        Integer keepDays,
        String archive,
        HandlingSetting handling) {

    public static final int CURRENT_VERSION = 1;

    /** The identity service's limit as the sibling platform documents it: 12 logins a minute. */
    public static final int DEFAULT_LOGINS_PER_MINUTE = 12;

    /** The longest kept time one can set, in days (a hundred years: for ever in practice). */
    public static final int MAX_KEEP_DAYS = 36_500;

    /** The normal text size, in percent. */
    public static final int NORMAL_TEXT_SIZE = 100;

    /** How often the shown history checks for new notifications unless the user chose otherwise. */
    public static final int DEFAULT_CHECK_MINUTES = 2;

    /** The light theme, the default. */
    public static final String LIGHT = "light";

    /** The dark theme. */
    public static final String DARK = "dark";

    public Settings {
        language = language == null ? "en" : language;
        profiles = profiles == null ? List.of() : List.copyOf(profiles);
        history = history == null ? Map.of() : Map.copyOf(history);
        taxpayerListHiddenIn = ids(taxpayerListHiddenIn);
        taxpayerListShownIn = ids(taxpayerListShownIn);
        textSize = textSize <= 0 ? NORMAL_TEXT_SIZE : textSize;
        checkMinutes =
                checkMinutes == null || checkMinutes < 0 || checkMinutes > 60
                        ? DEFAULT_CHECK_MINUTES
                        : checkMinutes;
        theme = DARK.equals(theme) ? DARK : LIGHT;
        desktopNotify = desktopNotify == null || desktopNotify;
        proxy = proxy == null ? ProxyChoice.SYSTEM_SETTINGS : proxy;
        loginsPerMinute =
                loginsPerMinute == null || loginsPerMinute < 1 || loginsPerMinute > 600
                        ? DEFAULT_LOGINS_PER_MINUTE
                        : loginsPerMinute;
        keepDays = keepDays == null || keepDays < 0 || keepDays > MAX_KEEP_DAYS ? 0 : keepDays;
        archive = archive == null || archive.isBlank() ? null : archive.strip();
        handling = handling == null ? HandlingSetting.DEFAULT : handling;
    }

    private static List<String> ids(List<String> ids) {
        return ids == null
                ? List.of()
                : ids.stream().filter(java.util.Objects::nonNull).distinct().sorted().toList();
    }

    public static Settings defaults() {
        return new Settings(
                CURRENT_VERSION,
                null,
                false,
                null,
                null,
                null,
                null,
                null,
                null,
                0,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    /**
     * The key of a represented taxpayer's view state: profile id and RIN ("-" for the ERP's own).
     */
    public static String historyKey(String profileId, String rin) {
        return profileId + "|" + (rin == null || rin.isBlank() ? "-" : rin);
    }

    public Settings withLanguage(String lang, boolean latin) {
        return edit(
                e -> {
                    e.language = lang;
                    e.latinDigits = latin;
                });
    }

    public Settings withProfile(Profile profile) {
        java.util.List<Profile> list = new java.util.ArrayList<>();
        for (Profile p : profiles) {
            if (!p.id().equals(profile.id())) {
                list.add(p);
            }
        }
        list.add(profile);
        return edit(
                e -> {
                    e.lastProfileId = profile.id();
                    e.profiles = list;
                });
    }

    public java.util.Optional<Profile> profile(String id) {
        return profiles.stream().filter(p -> p.id().equals(id)).findFirst();
    }

    public Settings withHistory(String key, HistoryPrefs prefs) {
        java.util.Map<String, HistoryPrefs> map = new java.util.HashMap<>(history);
        map.put(key, prefs);
        return edit(e -> e.history = map);
    }

    public Settings withMainWindow(WindowBounds bounds) {
        return edit(e -> e.mainWindow = bounds);
    }

    /** Whether the profile's main window hides its taxpayer list. */
    public boolean taxpayerListHidden(String profileId) {
        return taxpayerListHiddenIn.contains(profileId);
    }

    /**
     * Whether the profile's taxpayer list is shown or hidden by a choice (the user's, or the main
     * window's for it).
     */
    public boolean taxpayerListChosen(String profileId) {
        return taxpayerListHiddenIn.contains(profileId) || taxpayerListShownIn.contains(profileId);
    }

    public Settings withTaxpayerListHidden(String profileId, boolean hidden) {
        java.util.List<String> hiddenIn = new java.util.ArrayList<>(taxpayerListHiddenIn);
        java.util.List<String> shownIn = new java.util.ArrayList<>(taxpayerListShownIn);
        hiddenIn.remove(profileId);
        shownIn.remove(profileId);
        (hidden ? hiddenIn : shownIn).add(profileId);
        return edit(
                e -> {
                    e.taxpayerListHiddenIn = hiddenIn;
                    e.taxpayerListShownIn = shownIn;
                });
    }

    /** How often the shown history checks for new notifications, in minutes (0: never). */
    public Settings withCheckMinutes(int minutes) {
        return edit(e -> e.checkMinutes = minutes);
    }

    public Settings withTextSize(int percent) {
        return edit(e -> e.textSize = percent);
    }

    /** The colours of every window: {@link #LIGHT} or {@link #DARK} (anything else is light). */
    public Settings withTheme(String newTheme) {
        return edit(e -> e.theme = newTheme);
    }

    /** Whether the desktop tells of new notifications while the window is in the background. */
    public Settings withDesktopNotify(boolean notify) {
        return edit(e -> e.desktopNotify = notify);
    }

    /** How the service is reached: the system's proxy settings, none, or one named proxy. */
    public Settings withProxy(ProxyChoice choice) {
        return edit(e -> e.proxy = choice);
    }

    /** The login budget: logins of one client ID at most per minute (1..600). */
    public Settings withLoginsPerMinute(int logins) {
        return edit(e -> e.loginsPerMinute = logins);
    }

    /** How long archived notifications are kept, in days after they were sent; 0: for ever. */
    public Settings withKeepDays(int days) {
        return edit(e -> e.keepDays = days);
    }

    /** Where the archive lives; null: the user's data folder. */
    public Settings withArchive(String file) {
        return edit(e -> e.archive = file);
    }

    /** What is marked to handle as it arrives. */
    public Settings withHandling(HandlingSetting chosen) {
        return edit(e -> e.handling = chosen);
    }

    /** A copy with some members changed: the one place that lists every member for the copies. */
    private Settings edit(java.util.function.Consumer<Edit> change) {
        Edit e = new Edit(this);
        change.accept(e);
        return new Settings(
                e.version,
                e.language,
                e.latinDigits,
                e.lastProfileId,
                e.profiles,
                e.history,
                e.mainWindow,
                e.taxpayerListHiddenIn,
                e.taxpayerListShownIn,
                e.textSize,
                e.checkMinutes,
                e.theme,
                e.desktopNotify,
                e.proxy,
                e.loginsPerMinute,
                e.keepDays,
                e.archive,
                e.handling);
    }

    /** The members of a copy being made; the canonical constructor checks them as always. */
    private static final class Edit {
        int version;
        String language;
        boolean latinDigits;
        String lastProfileId;
        List<Profile> profiles;
        Map<String, HistoryPrefs> history;
        WindowBounds mainWindow;
        List<String> taxpayerListHiddenIn;
        List<String> taxpayerListShownIn;
        int textSize;
        Integer checkMinutes;
        String theme;
        Boolean desktopNotify;
        ProxyChoice proxy;
        Integer loginsPerMinute;
        Integer keepDays;
        String archive;
        HandlingSetting handling;

        Edit(Settings s) {
            version = s.version;
            language = s.language;
            latinDigits = s.latinDigits;
            lastProfileId = s.lastProfileId;
            profiles = s.profiles;
            history = s.history;
            mainWindow = s.mainWindow;
            taxpayerListHiddenIn = s.taxpayerListHiddenIn;
            taxpayerListShownIn = s.taxpayerListShownIn;
            textSize = s.textSize;
            checkMinutes = s.checkMinutes;
            theme = s.theme;
            desktopNotify = s.desktopNotify;
            proxy = s.proxy;
            loginsPerMinute = s.loginsPerMinute;
            keepDays = s.keepDays;
            archive = s.archive;
            handling = s.handling;
        }
    }
}
