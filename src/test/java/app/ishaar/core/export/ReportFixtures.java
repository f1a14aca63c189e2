package app.ishaar.core.export;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.core.report.SummaryFixture;
import app.ishaar.core.report.SummaryQuery;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Set;

/**
 * Notifications of every kind a report meets (an HTML e-mail in Arabic and in English, a system
 * message's JSON, an SMS, a push, a long message, values that look like formulas, an unknown type
 * and status), with the labels the desktop app fills from its bundles.
 */
final class ReportFixtures {
    private ReportFixtures() {}

    static final ZoneId CAIRO = ZoneId.of("Africa/Cairo");
    static final Rin NILE = Rin.of("204918573");
    static final Rin DELTA = Rin.of("318220475");
    static final String FORMULA = "=HYPERLINK(\"http://evil.example\",\"Open\")";

    /** The labels as the desktop app takes them from its I18n. */
    static ReportLabels labels(AppLanguage language) {
        return ReportLabels.of(new I18n(language)::get, language.rightToLeft());
    }

    static ExportScope scope(NotificationQuery query) {
        return ExportScope.of(
                new ExportScope.Taxpayer(NILE, "Nile Trading"),
                query,
                Instant.parse("2026-03-15T10:00:00Z"),
                CAIRO);
    }

    static ExportScope severalTaxpayers() {
        return new ExportScope(
                List.of(
                        new ExportScope.Taxpayer(NILE, "Nile Trading"),
                        new ExportScope.Taxpayer(DELTA, "شركة الدلتا للتجارة")),
                NotificationQuery.ALL.withStatus("error"),
                "INV-2026",
                Instant.parse("2026-03-15T10:00:00Z"),
                CAIRO);
    }

    /**
     * Exports the week of {@link SummaryFixture} from {@code archive} (every taxpayer, the week's
     * notifications) to a workbook given the week's summary, as the desktop app and the command
     * line pass it ({@link ArchiveExport}).
     */
    static Path weekWithSummary(Archive archive, Path file, AppLanguage language) throws Exception {
        SummaryQuery week = SummaryFixture.week();
        NotificationQuery dates =
                NotificationQuery.ALL.withDates(week.from(), week.to().minusNanos(1));
        ExportScope scope =
                new ExportScope(
                        List.of(
                                new ExportScope.Taxpayer(
                                        SummaryFixture.NILE, SummaryFixture.NILE_NAME),
                                new ExportScope.Taxpayer(
                                        SummaryFixture.DELTA, SummaryFixture.DELTA_NAME),
                                new ExportScope.Taxpayer(SummaryFixture.GIZA, null)),
                        dates,
                        null,
                        SummaryFixture.NOW,
                        SummaryFixture.CAIRO);
        ArchiveExport.export(
                        archive,
                        new InboxQuery(
                                SummaryFixture.SANDBOX,
                                Set.of(),
                                dates,
                                null,
                                1,
                                ArchiveExport.CHUNK),
                        NotificationSink.report(ExportFormat.XLSX, labels(language), scope),
                        file,
                        Runnable::run,
                        null,
                        week)
                .get();
        return file;
    }

    static Instant at(String time) {
        return Instant.parse("2026-03-" + time + "Z");
    }

    static final String ARABIC_EMAIL =
            "<html lang=\"ar\" dir=\"rtl\"><head><title>التحقق من صحة مستند</title>"
                    + "<style>p{color:red}</style></head><body><p>السادة شركة النيل للتجارة،</p>"
                    + "<p>تم التحقق من صحة المستند INV-2026-0042 بنجاح.</p>"
                    + "<p>مع التحية،<br/>مصلحة الضرائب المصرية - منظومة الفاتورة الإلكترونية</p>"
                    + "</body></html>";

    static final String ENGLISH_EMAIL =
            "<html lang=\"en\"><head><title>Document rejected</title></head><body>"
                    + "<p>Dear Nile Trading,</p><p>Your invoice INV-2026-0057 (UUID"
                    + " 9QK4ZB7T2M) was rejected by Suez Cement Co. Reason: Wrong invoice"
                    + " amount.</p><p>Regards,<br/>Egyptian Tax Authority - E-Invoicing"
                    + " System</p></body></html>";

    static final String SYSTEM_JSON =
            "{\"event\":\"DocumentReceived\",\"typeId\":\"6\",\"internalId\":\"INV-2026-0061\","
                    + "\"uuid\":\"7HD2KQ9W1X\",\"amount\":\"15230.50\","
                    + "\"text\":\"A document INV-2026-0061 was received from Misr Chemical"
                    + " Industries.\"}";

    static final String LONG_PUSH =
            "File ready for download\nThe package PKG-2026-03-0007 you requested is ready. "
                    + "It holds every document received and issued between 1 and 14 March 2026, "
                    + "with their signatures and validation results. Download it from the portal "
                    + "within seven days: after that it is removed and must be requested again. "
                    + "Large packages are split into several files of at most 100 MB each.";

    static List<Notification> notifications() {
        return List.of(
                new Notification(
                        "N-2026-000101",
                        at("01T08:15:30.123"),
                        at("01T08:16:02"),
                        "7",
                        "Document Validated",
                        ARABIC_EMAIL,
                        "email",
                        "accounts@nile-trading.example",
                        "ar",
                        "delivered",
                        List.of(
                                new DeliveryAttempt(
                                        at("01T08:15:50"), "error", "452 4.2.2 Mailbox full"),
                                new DeliveryAttempt(at("01T08:16:02"), "delivered", null))),
                new Notification(
                        "N-2026-000102",
                        at("02T11:40:00"),
                        at("02T11:40:05"),
                        "9",
                        "Document Rejected",
                        ENGLISH_EMAIL,
                        "email",
                        "finance@nile-trading.example",
                        "en",
                        "delivered",
                        List.of(new DeliveryAttempt(at("02T11:40:05"), "delivered", null))),
                new Notification(
                        "N-2026-000103",
                        at("03T14:05:10"),
                        null,
                        "6",
                        "Document Received",
                        SYSTEM_JSON,
                        "system",
                        "ERP-NILE-01",
                        "en",
                        "error",
                        List.of(
                                new DeliveryAttempt(
                                        at("03T14:05:40"),
                                        "error",
                                        "ERP endpoint returned HTTP 503 Service Unavailable"),
                                new DeliveryAttempt(
                                        at("03T14:35:40"),
                                        "error",
                                        "Connection to ERP endpoint timed out after 30 s"))),
                new Notification(
                        "N-2026-000104",
                        at("04T09:00:00"),
                        at("04T09:00:03"),
                        "2",
                        "OTP",
                        "مصلحة الضرائب: رمز التحقق الخاص بك هو 482913",
                        "sms",
                        "+201001234567",
                        "ar",
                        "delivered",
                        List.of(new DeliveryAttempt(at("04T09:00:03"), "delivered", null))),
                new Notification(
                        "N-2026-000105",
                        at("05T16:20:00"),
                        null,
                        "5",
                        "Receive DownloadReady",
                        LONG_PUSH,
                        "push",
                        "device-7f3a9c",
                        "en",
                        "pending",
                        List.of()),
                new Notification(
                        "N-2026-000106",
                        at("06T10:00:00"),
                        null,
                        "12",
                        "Tax Audit Scheduled",
                        FORMULA,
                        "sms",
                        "+20 100 123 4567",
                        "ar",
                        "queued",
                        List.of(
                                new DeliveryAttempt(
                                        at("06T10:00:30"), "-cmd|' /C calc'!A0", "@SUM(A1:A9)"))),
                new Notification(
                        "N-2026-000107",
                        at("07T12:30:00"),
                        at("07T12:31:00"),
                        "8",
                        "Document Cancelled",
                        "تم إلغاء المستند INV-2026-0033 بناءً على طلب المشتري.",
                        "push",
                        "device-7f3a9c",
                        "ar",
                        "batched",
                        List.of(new DeliveryAttempt(at("07T12:31:00"), "delivered", null))));
    }
}
