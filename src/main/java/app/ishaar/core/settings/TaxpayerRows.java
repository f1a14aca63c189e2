package app.ishaar.core.settings;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Taxpayers given as rows of text, as a spreadsheet copies them (tab-separated) or a CSV file holds
 * them (comma- or semicolon-separated, quoted where a name has the separator): a registration
 * number, then optionally a name (or a name, then the number: a row whose first column has no digit
 * and whose second is all digits). Whether a number is valid is the caller's to say.
 */
public final class TaxpayerRows {
    private TaxpayerRows() {}

    /**
     * A row: its number in the text (1 for the first line), the registration number as written, and
     * the name ("" for none).
     */
    public record Row(int number, String rin, String name) {}

    private static final CsvMapper MAPPER =
            CsvMapper.builder()
                    .enable(CsvParser.Feature.WRAP_AS_ARRAY)
                    .enable(CsvParser.Feature.TRIM_SPACES)
                    .build();

    /** Whether the text holds more than one row that is not blank: a list, not one number. */
    public static boolean isList(String text) {
        return text != null && text.strip().lines().filter(l -> !l.isBlank()).limit(2).count() == 2;
    }

    /**
     * The text's rows, blank ones left out, and a first row that has no digit in its first column
     * too (a header such as "RIN, Name"). Tabs separate the columns if the text has one, else
     * semicolons if it has one and no comma, else commas.
     */
    public static List<Row> parse(String text) {
        if (text == null || text.isBlank()) {
            return List.of();
        }
        char separator =
                text.indexOf('\t') >= 0
                        ? '\t'
                        : text.indexOf(';') >= 0 && text.indexOf(',') < 0 ? ';' : ',';
        CsvSchema schema = CsvSchema.emptySchema().withColumnSeparator(separator);
        List<Row> rows = new ArrayList<>();
        try (MappingIterator<String[]> it =
                MAPPER.readerFor(String[].class).with(schema).readValues(text)) {
            int number = 0;
            boolean first = true;
            while (it.hasNextValue()) {
                String[] columns = it.nextValue();
                number++;
                String rin = columns.length > 0 && columns[0] != null ? columns[0].strip() : "";
                String name = columns.length > 1 && columns[1] != null ? columns[1].strip() : "";
                if (rin.isEmpty() && name.isEmpty()) {
                    continue;
                }
                if (first && rin.codePoints().noneMatch(Character::isDigit)) {
                    first = false;
                    continue; // a header
                }
                first = false;
                if (rin.codePoints().noneMatch(Character::isDigit)
                        && !name.isEmpty()
                        && name.codePoints().allMatch(Character::isDigit)) {
                    rows.add(
                            new Row(
                                    number, name,
                                    rin)); // a list kept name first: the number is the second
                    // column
                } else {
                    rows.add(new Row(number, rin, name));
                }
            }
        } catch (IOException e) {
            // a quote left open: what was read before it stands, the rest is not a list of rows
        }
        return rows;
    }
}
