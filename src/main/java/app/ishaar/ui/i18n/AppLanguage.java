package app.ishaar.ui.i18n;

import java.util.Locale;

/** The two languages of the UI. */
public enum AppLanguage {
    ENGLISH("en", Locale.forLanguageTag("en-GB"), false),
    ARABIC("ar", Locale.forLanguageTag("ar-EG"), true);

    private final String code;
    private final Locale locale;
    private final boolean rightToLeft;

    AppLanguage(String code, Locale locale, boolean rightToLeft) {
        this.code = code;
        this.locale = locale;
        this.rightToLeft = rightToLeft;
    }

    /** "en" or "ar": the settings value and the {@code Accept-Language} sent to the service. */
    public String code() {
        return code;
    }

    public Locale locale() {
        return locale;
    }

    public boolean rightToLeft() {
        return rightToLeft;
    }

    public static AppLanguage fromCode(String code) {
        return "ar".equalsIgnoreCase(code) ? ARABIC : ENGLISH;
    }
}
