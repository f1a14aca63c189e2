package app.ishaar.ui.i18n;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.ui.notifications.HistoryLabels;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

/**
 * Dates, times and numbers as a reader of each language expects them; one implementation for all
 * screens.
 */
class I18nFormatTest {
    private static final Instant T = Instant.parse("2026-11-20T15:39:52Z");

    /** Direction marks that many fonts draw as boxes. */
    private static final String MARKS = "[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]";

    private static I18n i18n(AppLanguage lang) {
        I18n i = new I18n(lang);
        i.zoneProperty().set(ZoneId.of("Africa/Cairo"));
        return i;
    }

    @Test
    void arabicDateTimeHasMonthNamesArabicIndicDigitsTheUsersZoneAndNoMarks() {
        I18n ar = i18n(AppLanguage.ARABIC);
        assertThat(ar.formatDateTime(T))
                .isEqualTo("٢٠ نوفمبر ٢٠٢٦، ٥:٣٩:٥٢ م")
                .doesNotContainPattern(MARKS);
        ar.latinDigitsProperty().set(true);
        assertThat(ar.formatDateTime(T)).isEqualTo("20 نوفمبر 2026، 5:39:52 م");
        ar.zoneProperty().set(ZoneId.of("Asia/Dubai"));
        assertThat(ar.formatDateTime(T)).isEqualTo("20 نوفمبر 2026، 7:39:52 م");
    }

    @Test
    void everyDirectionMarkIsStrippedAndNothingElse() {
        assertThat(
                        I18n.stripMarks(
                                "\u200F٢٠\u200E \u061Cنوفمبر\u202A\u202B\u202C\u202D\u202E \u2066x\u2067\u2068\u2069"))
                .isEqualTo("٢٠ نوفمبر x");
        String plain = "20 Nov 2026, 17:39:52";
        assertThat(I18n.stripMarks(plain)).isSameAs(plain);
        assertThat(I18n.stripMarks("")).isEmpty();
    }

    @Test
    void timeDigitsFollowTheUiDigits() {
        I18n ar = i18n(AppLanguage.ARABIC);
        assertThat(ar.localDigits("09:30")).isEqualTo("٠٩:٣٠");
        ar.latinDigitsProperty().set(true);
        assertThat(ar.localDigits("09:30")).isEqualTo("09:30");
        assertThat(i18n(AppLanguage.ENGLISH).localDigits("23:59")).isEqualTo("23:59");
        assertThat(I18n.latinDigits("٠٩:٣٠")).isEqualTo("09:30");
    }

    @Test
    void englishDateTimeIsTheMediumBritishForm() {
        assertThat(i18n(AppLanguage.ENGLISH).formatDateTime(T))
                .isEqualTo("20 Nov 2026, 17:39:52")
                .doesNotContainPattern(MARKS);
    }

    @Test
    void septemberIsSepLikeEveryOtherThreeLetterMonth() {
        assertThat(i18n(AppLanguage.ENGLISH).formatDateTime(Instant.parse("2026-09-05T07:01:02Z")))
                .isEqualTo("5 Sep 2026, 10:01:02");
    }

    @Test
    void theHistoryScreenUsesTheSameFormat() {
        I18n ar = i18n(AppLanguage.ARABIC);
        assertThat(new HistoryLabels(ar).dateTime(T)).isEqualTo(ar.formatDateTime(T));
        assertThat(new HistoryLabels(ar).dateTime(null)).isEqualTo("—");
    }

    @Test
    void numbersAndTheBundlesOwnDigitsFollowTheDigitSetting() {
        I18n ar = i18n(AppLanguage.ARABIC);
        assertThat(ar.formatNumber(2500)).isEqualTo("٢٬٥٠٠");
        assertThat(ar.get("pager.of", 50)).isEqualTo("من ٥٠");
        assertThat(ar.get("datePreset.last7Days")).isEqualTo("آخر ٧ أيام");
        ar.latinDigitsProperty().set(true);
        assertThat(ar.formatNumber(2500)).isEqualTo("2,500");
        assertThat(ar.get("pager.of", 50)).isEqualTo("من 50");
        assertThat(ar.get("datePreset.last7Days")).isEqualTo("آخر 7 أيام");
        assertThat(i18n(AppLanguage.ENGLISH).get("pager.of", 50)).isEqualTo("of 50");
    }

    @Test
    void aCountOfOneTakesTheMessagesSingularAndOnlyOne() {
        I18n en = i18n(AppLanguage.ENGLISH);
        assertThat(en.get("pager.total", 1)).isEqualTo("1 notification");
        assertThat(en.get("pager.total", 1L)).isEqualTo("1 notification");
        assertThat(en.get("pager.total", 0)).isEqualTo("0 notifications");
        assertThat(en.get("pager.total", 2)).isEqualTo("2 notifications");
        assertThat(en.get("pager.total", 1_000)).isEqualTo("1,000 notifications");
        assertThat(en.get("pager.of", 1))
                .isEqualTo("of 1"); // a message with no singular of its own
        I18n ar = i18n(AppLanguage.ARABIC);
        assertThat(ar.get("pager.total", 1)).isEqualTo("إشعار واحد");
        assertThat(ar.get("pager.total", 11)).isEqualTo("عدد الإشعارات: ١١");
    }

    @Test
    void digitsTypedOnAnArabicOrPersianKeyboardReadAsLatinDigits() {
        // the one reading of typed digits: RINs, page numbers, times, dates, the taxpayer search
        assertThat(I18n.latinDigits("٢٠٤٩١٨٥٧٣")).isEqualTo("204918573");
        assertThat(I18n.latinDigits("۲۰۴۹۱۸۵۷۳")).isEqualTo("204918573");
        assertThat(I18n.latinDigits("٠٨:٣٠ page 12")).isEqualTo("08:30 page 12");
    }
}
