package app.ishaar.ui.history;

import app.ishaar.core.model.Channel;
import app.ishaar.core.model.Language;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationType;
import app.ishaar.core.model.Status;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DecimalStyle;
import java.time.format.FormatStyle;
import java.util.Locale;

/**
 * Localized names of the service's enumerated values. A value this client does not know is shown as
 * the service sent it: never blank, never a crash. For a type the service's own {@code typeName} is
 * used first, then the raw id.
 */
public final class HistoryLabels {
    private final I18n i18n;
    private DateTimeFormatter cachedFormatter;
    private Locale cachedLocale;
    private ZoneId cachedZone;

    public HistoryLabels(I18n i18n) {
        this.i18n = i18n;
    }

    public String type(Notification n) {
        return n == null ? "" : type(n.typeId(), n.typeName());
    }

    public String type(String typeId, String serviceName) {
        return NotificationType.fromId(typeId).map(t -> i18n.get("type." + t.id()))
                .orElseGet(() -> notBlank(serviceName) ? serviceName : raw(typeId));
    }

    public String status(String wire) {
        return Status.fromWire(wire).map(s -> i18n.get("status." + s.wire())).orElseGet(() -> raw(wire));
    }

    public String channel(String wire) {
        return Channel.fromWire(wire).map(c -> i18n.get("channel." + c.wire())).orElseGet(() -> raw(wire));
    }

    public String language(String wire) {
        return Language.fromWire(wire).map(l -> i18n.get("messageLanguage." + l.wire())).orElseGet(() -> raw(wire));
    }

    /** The style class of a status badge: the known wire value, or {@code unknown}. */
    public static String statusStyle(String wire) {
        return Status.fromWire(wire).map(Status::wire).orElse("unknown");
    }

    /**
     * A date and time in the user's zone and the UI's digits. Arabic gets month names
     * ("٢٠ نوفمبر ٢٠٢٦، ٥:٣٩:٥٢ م") rather than CLDR's numeric medium form, whose bidi marks many fonts
     * draw as boxes; invisible direction marks are dropped in either language.
     */
    public String dateTime(Instant instant) {
        if (instant == null) {
            return "—";
        }
        return stripMarks(formatter().format(instant));
    }

    private DateTimeFormatter formatter() {
        Locale loc = i18n.formatLocale();
        ZoneId zone = i18n.zoneProperty().get();
        boolean arabic = i18n.language() == AppLanguage.ARABIC;
        if (cachedFormatter == null || !loc.equals(cachedLocale) || !zone.equals(cachedZone)) {
            DateTimeFormatter f = arabic ? DateTimeFormatter.ofPattern("d MMMM y\u060C h:mm:ss a", loc)
                    : DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM).withLocale(loc);
            cachedFormatter = f.withDecimalStyle(DecimalStyle.of(loc)).withZone(zone);
            cachedLocale = loc;
            cachedZone = zone;
        }
        return cachedFormatter;
    }

    static String stripMarks(String s) {
        return s.replaceAll("[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]", "");
    }

    /** Attempt counts, page numbers: in the UI's digits. */
    public String number(long n) {
        return i18n.formatNumber(n);
    }

    private static boolean notBlank(String s) {
        return s != null && !s.isBlank();
    }

    /** A raw value as sent; an absent one as a dash, so a cell is never blank. */
    static String raw(String s) {
        return notBlank(s) ? s.strip() : "—";
    }
}
