package app.ishaar.core.export;

import static app.ishaar.core.export.ReportFixtures.DELTA;
import static app.ishaar.core.export.ReportFixtures.NILE;
import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.Handling;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.ui.i18n.AppLanguage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The CSV for spreadsheets byte for byte: the workbook's Notifications sheet changes as a data file
 * to read and print, the CSV does not (scripts and spreadsheets people built on it read its columns
 * by position): the golden files were written before the workbook's columns changed, and only the
 * handling's columns were added since, at the right of every row. {@code -Dexport.golden=DIR}
 * writes them anew there.
 */
class CsvReportGoldenTest {

    private static byte[] csv(AppLanguage language, ExportScope scope) throws IOException {
        List<Notification> all = ReportFixtures.notifications();
        List<ArchivedNotification> rows = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            rows.add(
                    new ArchivedNotification(i < 4 ? NILE : DELTA, all.get(i), "{}")
                            .checkedAt(i == 1 ? Instant.parse("2026-03-04T08:00:00Z") : null)
                            .withHandling(handling(i)));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (NotificationSink sink =
                NotificationSink.report(ExportFormat.CSV, ReportFixtures.labels(language), scope)
                        .open(out)) {
            sink.writeArchived(rows);
            sink.finish();
        }
        return out.toByteArray();
    }

    /** The first handled with a note, the fifth to handle and assigned, the others unmarked. */
    private static Handling handling(int i) {
        return switch (i) {
            case 0 ->
                    new Handling(
                            Handling.State.HANDLED,
                            null,
                            Instant.parse("2026-03-05T09:00:00Z"),
                            "mona",
                            3,
                            "=resent by hand, see the client's reply");
            case 4 ->
                    new Handling(
                            Handling.State.TO_HANDLE,
                            "karim",
                            Instant.parse("2026-03-06T11:30:00Z"),
                            "mona",
                            7,
                            null);
            default -> null;
        };
    }

    private static void check(String name, byte[] actual) throws IOException {
        String golden = System.getProperty("export.golden");
        if (golden != null && !golden.isBlank()) {
            Files.write(Files.createDirectories(Path.of(golden)).resolve(name), actual);
        }
        try (InputStream in = CsvReportGoldenTest.class.getResourceAsStream(name)) {
            assertThat(in).as("golden file " + name).isNotNull();
            assertThat(actual).as(name).isEqualTo(in.readAllBytes());
        }
    }

    @Test
    void anEnglishCsvOfOneTaxpayerIsAsBefore() throws Exception {
        check(
                "report-en.csv",
                csv(AppLanguage.ENGLISH, ReportFixtures.scope(NotificationQuery.ALL)));
    }

    @Test
    void anArabicCsvOfSeveralTaxpayersIsAsBefore() throws Exception {
        check("report-ar.csv", csv(AppLanguage.ARABIC, ReportFixtures.severalTaxpayers()));
    }
}
