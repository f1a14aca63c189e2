package app.ishaar.ui.i18n;

import java.text.MessageFormat;
import java.text.NumberFormat;
import java.time.Instant;
import java.time.Month;
import java.time.ZoneId;
import java.time.chrono.IsoChronology;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DecimalStyle;
import java.time.format.FormatStyle;
import java.time.format.TextStyle;
import java.time.temporal.ChronoField;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.MissingResourceException;
import java.util.ResourceBundle;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ObservableValue;
import javafx.geometry.NodeOrientation;

/**
 * The application's strings and formats. Every user-visible string comes from {@code
 * app/ishaar/i18n/messages_<lang>.properties} through here. Language is live: bindings from {@link
 * #text} follow {@link #languageProperty()}, and so does {@link #orientationProperty()}, which
 * {@code SceneFactory} binds every scene to. Plain JavaFX beans, no scene graph, so view models may
 * use it.
 */
public final class I18n {

    public static final String BUNDLE = "app.ishaar.i18n.messages";

    /** The suffix of a counting message's singular (see {@link #get}). */
    public static final String SINGULAR = ".one";

    private final ObjectProperty<AppLanguage> language =
            new SimpleObjectProperty<>(this, "language", AppLanguage.ENGLISH);
    private final BooleanProperty latinDigits =
            new SimpleBooleanProperty(this, "latinDigits", false);
    private final ReadOnlyObjectWrapper<NodeOrientation> orientation =
            new ReadOnlyObjectWrapper<>(this, "orientation");
    private final ObjectProperty<ZoneId> zone =
            new SimpleObjectProperty<>(this, "zone", ZoneId.systemDefault());
    private ResourceBundle bundle;
    private AppLanguage bundleLanguage;

    public I18n(AppLanguage initial) {
        language.set(initial);
        orientation.set(orientationOf(initial));
        // The bundle follows the language lazily (see bundle()): bindings are invalidated before
        // any change listener runs, and one recomputed at once must already read the new language.
        language.addListener((obs, old, now) -> orientation.set(orientationOf(now)));
    }

    private ResourceBundle bundle() {
        AppLanguage now = language.get();
        if (bundle == null || bundleLanguage != now) {
            bundle = load(now);
            bundleLanguage = now;
        }
        return bundle;
    }

    public static ResourceBundle load(AppLanguage lang) {
        return ResourceBundle.getBundle(
                BUNDLE,
                lang.locale(),
                ResourceBundle.Control.getNoFallbackControl(
                        ResourceBundle.Control.FORMAT_PROPERTIES));
    }

    private static NodeOrientation orientationOf(AppLanguage lang) {
        return lang.rightToLeft() ? NodeOrientation.RIGHT_TO_LEFT : NodeOrientation.LEFT_TO_RIGHT;
    }

    public ObjectProperty<AppLanguage> languageProperty() {
        return language;
    }

    public AppLanguage language() {
        return language.get();
    }

    /** Latin (0-9) rather than Arabic-Indic digits in the Arabic UI. */
    public BooleanProperty latinDigitsProperty() {
        return latinDigits;
    }

    public ObjectProperty<ZoneId> zoneProperty() {
        return zone;
    }

    public ReadOnlyObjectProperty<NodeOrientation> orientationProperty() {
        return orientation.getReadOnlyProperty();
    }

    /** The locale for formatting: the language's, with the digit system chosen. */
    public Locale formatLocale() {
        AppLanguage lang = language.get();
        if (lang == AppLanguage.ARABIC) {
            return Locale.forLanguageTag(latinDigits.get() ? "ar-EG-u-nu-latn" : "ar-EG-u-nu-arab");
        }
        return lang.locale();
    }

    /**
     * The current text of a key, formatted with {@link MessageFormat} when arguments are given. A
     * message that counts things has its singular under {@code key.one} ("1 notification", "إشعار
     * واحد"), taken when the first argument is the number 1.
     */
    public String get(String key, Object... args) {
        String pattern;
        try {
            ResourceBundle b = bundle();
            if (args.length > 0
                    && args[0] instanceof Number n
                    && !(n instanceof Double || n instanceof Float)
                    && n.longValue() == 1
                    && b.containsKey(key + SINGULAR)) {
                key = key + SINGULAR;
            }
            pattern = b.getString(key);
        } catch (MissingResourceException e) {
            return "!" + key + "!";
        }
        if (language.get() == AppLanguage.ARABIC && latinDigits.get()) {
            pattern =
                    latinDigits(
                            pattern); // digits written in the Arabic bundle follow the setting too
        }
        if (args.length == 0) {
            return pattern;
        }
        Object[] formatted = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            formatted[i] =
                    args[i] instanceof Number n
                                    && !(args[i] instanceof Double || args[i] instanceof Float)
                            ? formatNumber(n.longValue())
                            : args[i];
        }
        return new MessageFormat(pattern, formatLocale()).format(formatted);
    }

    /**
     * Latin digits 0-9 in {@code s} written in the UI's digits (Arabic-Indic in Arabic unless Latin
     * digits are chosen).
     */
    public String localDigits(String s) {
        if (s == null) {
            return null;
        }
        char zero = java.text.DecimalFormatSymbols.getInstance(formatLocale()).getZeroDigit();
        if (zero == '0') {
            return s;
        }
        StringBuilder sb = new StringBuilder(s);
        for (int i = 0; i < sb.length(); i++) {
            char c = sb.charAt(i);
            if (c >= '0' && c <= '9') {
                sb.setCharAt(i, (char) (zero + (c - '0')));
            }
        }
        return sb.toString();
    }

    /**
     * Arabic-Indic (and Extended Arabic-Indic) digits as Latin 0-9: for text shown with Latin
     * digits, and for what a user typed on an Arabic (or Persian) keyboard.
     */
    public static String latinDigits(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            int d =
                    c >= '\u0660' && c <= '\u0669'
                            ? c - '\u0660'
                            : c >= '\u06F0' && c <= '\u06F9' ? c - '\u06F0' : -1;
            if (d >= 0) {
                if (sb == null) {
                    sb = new StringBuilder(s);
                }
                sb.setCharAt(i, (char) ('0' + d));
            }
        }
        return sb == null ? s : sb.toString();
    }

    /** True if the bundle of the current language has the key. */
    public boolean has(String key) {
        return bundle().containsKey(key);
    }

    /** A live binding to a key's text: follows the language and the digit setting. */
    public StringBinding text(String key, Object... args) {
        return Bindings.createStringBinding(() -> get(key, args), language, latinDigits);
    }

    /**
     * A live binding to a key whose arguments are observable values themselves (e.g. "page {0} of
     * {1}").
     */
    public StringBinding text(String key, ObservableValue<?>... args) {
        ObservableValue<?>[] deps = new ObservableValue<?>[args.length + 2];
        deps[0] = language;
        deps[1] = latinDigits;
        System.arraycopy(args, 0, deps, 2, args.length);
        return Bindings.createStringBinding(
                () -> {
                    Object[] values = new Object[args.length];
                    for (int i = 0; i < args.length; i++) {
                        values[i] = args[i].getValue();
                    }
                    return get(key, values);
                },
                deps);
    }

    public String formatNumber(long n) {
        Locale loc = formatLocale();
        synchronized (
                this) { // a NumberFormat is not thread-safe; made once per locale (a table page
            // formats hundreds)
            if (numberFormat == null || !loc.equals(numberLocale)) {
                numberFormat = NumberFormat.getIntegerInstance(loc);
                numberLocale = loc;
            }
            return numberFormat.format(n);
        }
    }

    private NumberFormat numberFormat;
    private Locale numberLocale;

    /**
     * Date and time in the user's zone, with the language's month names and digits: Arabic gets "٢٠
     * نوفمبر ٢٠٢٦، ٥:٣٩:٥٢ م" rather than CLDR's numeric medium form, and invisible direction marks
     * (which many fonts draw as boxes) are dropped in either language. The one implementation.
     */
    public String formatDateTime(Instant instant) {
        if (instant == null) {
            return "";
        }
        return stripMarks(dateTimeFormatter().format(instant));
    }

    /**
     * The date alone in the user's zone, language and digits ("3 Mar 2025", "٣ مارس ٢٠٢٥"): where
     * the time of day would say nothing (how far back the archive reaches).
     */
    public String formatDate(Instant instant) {
        if (instant == null) {
            return "";
        }
        Locale loc = formatLocale();
        DateTimeFormatter f =
                DateTimeFormatter.ofPattern(
                                language.get() == AppLanguage.ARABIC ? "d MMMM y" : "d MMM y", loc)
                        .withDecimalStyle(DecimalStyle.of(loc))
                        .withZone(zone.get());
        return stripMarks(f.format(instant));
    }

    private DateTimeFormatter dateTimeFormatter() {
        return dateTimes.get();
    }

    /**
     * A formatter for the language (its locale with the chosen digits) in the user's zone, made
     * again only when they change: the date and time, or the time of day alone. (No lambda: it is
     * made with the app's I18n at start, where each lambda linked costs.)
     */
    private final class FormatterCache {
        private final boolean timeOnly;
        private DateTimeFormatter made;
        private Locale madeFor;
        private ZoneId madeIn;

        FormatterCache(boolean timeOnly) {
            this.timeOnly = timeOnly;
        }

        private DateTimeFormatter make(Locale loc) {
            boolean arabic = language.get() == AppLanguage.ARABIC;
            if (timeOnly) {
                return arabic
                        ? DateTimeFormatter.ofPattern("h:mm:ss a", loc)
                        : DateTimeFormatter.ofLocalizedTime(FormatStyle.MEDIUM).withLocale(loc);
            }
            return arabic
                    ? DateTimeFormatter.ofPattern("d MMMM y\u060C h:mm:ss a", loc)
                    : englishDateTime(loc);
        }

        /**
         * The British medium form with the three-letter month everyone writes: CLDR's British
         * abbreviation for September is "Sept", which stands out among the other months in a
         * column.
         */
        private DateTimeFormatter englishDateTime(Locale loc) {
            String pattern =
                    DateTimeFormatterBuilder.getLocalizedDateTimePattern(
                            FormatStyle.MEDIUM, FormatStyle.MEDIUM, IsoChronology.INSTANCE, loc);
            int month = pattern.indexOf("MMM");
            if (month < 0 || pattern.startsWith("MMMM", month)) {
                return DateTimeFormatter.ofPattern(pattern, loc);
            }
            Map<Long, String> shortMonths = new HashMap<>();
            for (Month m : Month.values()) {
                shortMonths.put((long) m.getValue(), m.getDisplayName(TextStyle.SHORT, Locale.US));
            }
            return new DateTimeFormatterBuilder()
                    .appendPattern(pattern.substring(0, month))
                    .appendText(ChronoField.MONTH_OF_YEAR, shortMonths)
                    .appendPattern(pattern.substring(month + 3))
                    .toFormatter(loc);
        }

        DateTimeFormatter get() {
            Locale loc = formatLocale();
            ZoneId z = zone.get();
            DateTimeFormatter f = made;
            if (f == null || !loc.equals(madeFor) || !z.equals(madeIn)) {
                f = make(loc).withDecimalStyle(DecimalStyle.of(loc)).withZone(z);
                made = f;
                madeFor = loc;
                madeIn = z;
            }
            return f;
        }
    }

    private final FormatterCache dateTimes = new FormatterCache(false);

    /** The time of day alone (the new notifications' notes, a bold row's help). */
    private final FormatterCache times = new FormatterCache(true);

    /**
     * The time of day alone, in the user's zone, digits and language ("9:06:12 AM", "٩:٠٦:١٢ ص"),
     * for an instant of today; the same as {@link #formatDateTime} for another day, as of the
     * clock's today.
     */
    public String formatTimeToday(Instant instant, java.time.Clock clock) {
        if (instant == null) {
            return "";
        }
        ZoneId z = zone.get();
        if (!instant.atZone(z).toLocalDate().equals(clock.instant().atZone(z).toLocalDate())) {
            return formatDateTime(instant);
        }
        return stripMarks(times.get().format(instant));
    }

    /**
     * Drops invisible bidi marks (LRM, RLM, ALM, embeddings, isolates) that fonts may draw as
     * boxes.
     */
    public static String stripMarks(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (isMark(c)) {
                if (sb == null) {
                    sb = new StringBuilder(s.length()).append(s, 0, i);
                }
            } else if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? s : sb.toString();
    }

    private static boolean isMark(char c) {
        return c == '\u200E'
                || c == '\u200F'
                || c == '\u061C'
                || (c >= '\u202A' && c <= '\u202E')
                || (c >= '\u2066' && c <= '\u2069');
    }

    /** The same instant in UTC, ISO-8601, for tooltips and exports. */
    public static String formatUtc(Instant instant) {
        return instant == null ? "" : DateTimeFormatter.ISO_INSTANT.format(instant);
    }
}
