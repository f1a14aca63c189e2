package app.ishaar.core.settings;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.settings.TaxpayerRows.Row;
import org.junit.jupiter.api.Test;

class TaxpayerRowsTest {

    @Test
    void rowsCopiedFromASpreadsheetAreTabSeparatedWithTheHeaderAndBlankRowsLeftOut() {
        String copied =
                "RIN\tName\n204918573\tNile Trading Co.\n\n287364519\tشركة القاهرة للأدوية\n356781204\n";
        assertThat(TaxpayerRows.isList(copied)).isTrue();
        assertThat(TaxpayerRows.parse(copied))
                .containsExactly(
                        new Row(2, "204918573", "Nile Trading Co."),
                        new Row(4, "287364519", "شركة القاهرة للأدوية"),
                        new Row(5, "356781204", ""));
    }

    @Test
    void aCsvFilesRowsAreCommaOrSemicolonSeparatedAndANameMayBeQuotedWithTheSeparatorInIt() {
        assertThat(
                        TaxpayerRows.parse(
                                "204918573,\"Nile Trading Co., Ltd\"\r\n287364519 , Cairo Pharma\r\n"))
                .containsExactly(
                        new Row(1, "204918573", "Nile Trading Co., Ltd"),
                        new Row(2, "287364519", "Cairo Pharma"));
        assertThat(TaxpayerRows.parse("204918573;Nile\n287364519;Cairo"))
                .containsExactly(new Row(1, "204918573", "Nile"), new Row(2, "287364519", "Cairo"));
    }

    @Test
    void arabicIndicDigitsAndARowThatIsNotANumberAreKeptAsWrittenForTheCallerToJudge() {
        assertThat(TaxpayerRows.parse("٢٠٤٩١٨٥٧٣\tالنيل\n12345\tshort\nabc\tnot a number"))
                .containsExactly(
                        new Row(1, "٢٠٤٩١٨٥٧٣", "النيل"),
                        new Row(2, "12345", "short"),
                        new Row(3, "abc", "not a number"));
    }

    @Test
    void aListKeptNameFirstGivesEachRowsNumberFromItsSecondColumn() {
        assertThat(
                        TaxpayerRows.parse(
                                "الاسم,رقم التسجيل\r\nشركة النيل للتجارة,204918573\r\nCairo Pharma,٢٨٧٣٦٤٥١٩\r\nOffice 2,356781204\r\n"))
                .containsExactly(
                        new Row(2, "204918573", "شركة النيل للتجارة"),
                        new Row(3, "٢٨٧٣٦٤٥١٩", "Cairo Pharma"),
                        new Row(
                                4,
                                "Office 2",
                                "356781204")); // a name with a digit in it is not told apart: left
        // to the caller
    }

    @Test
    void oneNumberIsNotAList() {
        assertThat(TaxpayerRows.isList("204918573")).isFalse();
        assertThat(TaxpayerRows.isList("  204918573\n\n")).isFalse();
        assertThat(TaxpayerRows.isList(null)).isFalse();
        assertThat(TaxpayerRows.parse("")).isEmpty();
    }

    @Test
    void aQuoteLeftOpenKeepsTheRowsBeforeIt() {
        assertThat(TaxpayerRows.parse("204918573,Nile\n287364519,\"Cairo\n"))
                .startsWith(new Row(1, "204918573", "Nile"));
    }
}
