package app.ishaar.core.report;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.model.Rin;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An archive whose summary is known: three taxpayers of the sandbox (two named, one in Arabic), a
 * week in Cairo from Monday 2 March 2026, notifications on both edges of the week (Cairo's
 * midnight, not UTC's), failed attempts giving the same reason twice, a delivery that failed once
 * and then succeeded, and one notification of another service. Counted by hand:
 *
 * <pre>
 *            all  delivered error pending batched  rejected validated cancelled received  late
 *  Nile       5      2        2     1       0         1        2         1         1       1
 *  Delta      4      2        1     0       1         2        0         0         1       1
 *  Giza       3      1        1     1       0         0        2         0         0       0
 *  in all    12      5        4     2       1         3        4         1         2       2
 * </pre>
 *
 * Reasons of the failed: "SMS gateway timeout" 3, "552 5.2.2 Mailbox full" 1. Per Cairo day, 2 to 8
 * March: 3, 1, 3, 2, 1, 1, 1.
 */
public final class SummaryFixture {
    private SummaryFixture() {}

    public static final ServiceKey SANDBOX = ServiceKey.SANDBOX;
    public static final ServiceKey PROD = new ServiceKey("https://api.invoicing.eta.gov.eg");
    public static final Rin NILE = Rin.of("204918573");
    public static final Rin DELTA = Rin.of("318220475");
    public static final Rin GIZA = Rin.of("499201773");
    public static final String NILE_NAME = "Nile Trading";
    public static final String DELTA_NAME = "شركة الدلتا للتجارة";
    public static final ZoneId CAIRO = ZoneId.of("Africa/Cairo");

    /** The week: Monday 2 March 2026, Cairo's midnight (UTC+2), to the next Monday's. */
    public static final Instant FROM = Instant.parse("2026-03-01T22:00:00Z");

    public static final Instant TO = Instant.parse("2026-03-08T22:00:00Z");
    public static final Instant NOW = Instant.parse("2026-03-09T12:00:00Z");

    public static final String MAILBOX_FULL = "552 5.2.2 Mailbox full";
    public static final String SMS_TIMEOUT = "SMS gateway timeout";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The week of every taxpayer of the sandbox. */
    public static SummaryQuery week() {
        return week(Set.of());
    }

    public static SummaryQuery week(Set<Rin> taxpayers) {
        return new SummaryQuery(SANDBOX, taxpayers, FROM, TO, CAIRO, NOW);
    }

    /** Stores the fixture and the names in {@code archive}. */
    public static void fill(Archive archive) throws ArchiveException {
        Map<Rin, List<ArchivedNotification>> by = new LinkedHashMap<>();
        add(
                by,
                NILE,
                "N1",
                "2026-03-02T08:00:00Z",
                "9",
                "delivered",
                "email",
                "Your invoice INV-1 was rejected by Suez Cement Co.\nReason: Wrong invoice amount",
                "delivered",
                null);
        add(
                by,
                NILE,
                "N2",
                "2026-03-02T09:00:00Z",
                "7",
                "error",
                "email",
                "Invoice INV-2 passed validation.",
                "error",
                MAILBOX_FULL,
                "error",
                MAILBOX_FULL);
        add(
                by,
                NILE,
                "N3",
                "2026-03-03T10:00:00Z",
                "7",
                "error",
                "sms",
                "Invoice INV-3 passed validation.",
                "error",
                SMS_TIMEOUT);
        add(
                by,
                NILE,
                "N4",
                "2026-03-04T10:00:00Z",
                "6",
                "delivered",
                "sms",
                "You received invoice INV-4.",
                "error",
                "Carrier busy",
                "delivered",
                null);
        add(
                by,
                NILE,
                "N5",
                "2026-03-06T10:00:00Z",
                "8",
                "pending",
                "email",
                "Invoice INV-5 was cancelled by the issuer.");
        add(
                by,
                DELTA,
                "D1",
                "2026-03-05T12:00:00Z",
                "9",
                "error",
                "sms",
                "رفض فاتورتكم INV-6\nالسبب: قيمة الفاتورة غير صحيحة",
                "error",
                SMS_TIMEOUT);
        add(
                by,
                DELTA,
                "D2",
                "2026-03-05T13:00:00Z",
                "9",
                "delivered",
                "email",
                "رفض فاتورتكم INV-7",
                "delivered",
                null);
        // Saturday 7 March, 01:30 in Cairo
        add(
                by,
                DELTA,
                "D3",
                "2026-03-06T23:30:00Z",
                "6",
                "delivered",
                "email",
                "استلمتم الفاتورة INV-8",
                "delivered",
                null);
        // Monday 9 March, 01:00 in Cairo: after the week
        add(
                by,
                DELTA,
                "D4",
                "2026-03-08T23:00:00Z",
                "9",
                "error",
                "sms",
                "رفض فاتورتكم INV-9",
                "error",
                SMS_TIMEOUT);
        // Sunday 1 March, 23:59 in Cairo: before the week
        add(
                by,
                DELTA,
                "D5",
                "2026-03-01T21:59:00Z",
                "7",
                "error",
                "sms",
                "INV-10 passed validation.",
                "error",
                SMS_TIMEOUT);
        // Monday 2 March, midnight in Cairo: the week's first moment
        add(
                by,
                DELTA,
                "D6",
                "2026-03-01T22:00:00Z",
                "4",
                "batched",
                "push",
                "Scheduled maintenance.");
        add(
                by,
                GIZA,
                "G1",
                "2026-03-08T21:00:00Z",
                "7",
                "pending",
                "email",
                "Invoice INV-11 passed validation.");
        add(
                by,
                GIZA,
                "G2",
                "2026-03-04T10:00:00Z",
                "5",
                "delivered",
                "push",
                "Your requested document package is ready to download.",
                "delivered",
                null);
        add(
                by,
                GIZA,
                "G3",
                "2026-03-04T11:00:00Z",
                "7",
                "error",
                "sms",
                "Invoice INV-12 passed validation.",
                "error",
                " " + SMS_TIMEOUT + " ");
        for (var e : by.entrySet()) {
            archive.store(new SyncBatch(SANDBOX, e.getKey(), e.getValue(), "cp", true, null));
        }
        List<ArchivedNotification> other = new ArrayList<>();
        other.add(
                item(
                        NILE,
                        "P1",
                        "2026-03-03T10:00:00Z",
                        "9",
                        "error",
                        "sms",
                        "x",
                        "error",
                        SMS_TIMEOUT));
        archive.store(new SyncBatch(PROD, NILE, other, "cp", true, null));
        archive.name(Map.of(NILE, NILE_NAME, DELTA, DELTA_NAME));
    }

    private static void add(
            Map<Rin, List<ArchivedNotification>> by,
            Rin rin,
            String id,
            String received,
            String type,
            String status,
            String channel,
            String message,
            String... attempts) {
        by.computeIfAbsent(rin, r -> new ArrayList<>())
                .add(item(rin, id, received, type, status, channel, message, attempts));
    }

    /** An item as the service sends it; attempts are given as status and reason, in pairs. */
    static ArchivedNotification item(
            Rin rin,
            String id,
            String received,
            String type,
            String status,
            String channel,
            String message,
            String... attempts) {
        ObjectNode o = JSON.createObjectNode();
        o.put("notificationId", id);
        o.put("receivedDateTime", received);
        o.put("typeId", type);
        o.put("typeName", "Type " + type);
        o.put("finalMessage", message);
        o.put("channel", channel);
        o.put("address", channel.equals("sms") ? "+201000000000" : "a@example.com");
        o.put("language", message.matches("(?s).*[\\u0600-\\u06FF].*") ? "ar" : "en");
        o.put("status", status);
        ArrayNode a = o.putArray("deliveryAttempts");
        Instant t = Instant.parse(received);
        for (int i = 0; i < attempts.length; i += 2) {
            ObjectNode x = a.addObject();
            x.put("attemptDateTime", t.plusSeconds(60L * (i + 1)).toString());
            x.put("status", attempts[i]);
            if (attempts[i + 1] != null) {
                x.put("statusDetails", attempts[i + 1]);
            }
        }
        try {
            return ArchivedNotification.fromRaw(rin, o.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
