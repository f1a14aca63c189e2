package app.ishaar.core.report;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.Handling;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.NotificationType;
import app.ishaar.core.model.Rin;
import app.ishaar.core.model.Status;
import app.ishaar.core.text.MessageText;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Everything a summary's report shows: the summary, and the failed deliveries and the rejections
 * behind it, each with the first line of its message and who is dealing with it, newest first, read
 * a page at a time up to {@link #LISTED} of each.
 *
 * @param names the taxpayers' names the archive keeps, by RIN
 * @param version the app's version, said on the cover
 */
public record SummaryReport(
        Summary summary,
        Listing failed,
        Listing rejected,
        Map<Rin, String> names,
        Instant generatedAt,
        String version) {

    /** How many notifications of each list a report shows at most (a page holds about 40). */
    public static final int LISTED = 1_000;

    private static final int PAGE = 500;

    /** The first {@link #LISTED} notifications of a list, and how many there are in all. */
    public record Listing(List<Line> lines, long total) {
        public Listing {
            lines = List.copyOf(lines);
        }
    }

    /**
     * One listed notification.
     *
     * @param reason the reason its last failed attempt gave, or null
     * @param handling who is dealing with it, or null when no one has marked it
     */
    public record Line(
            Instant received,
            Rin taxpayer,
            String typeId,
            String status,
            String channel,
            String firstLine,
            String reason,
            Handling handling) {}

    /** Reads the summary of {@code query} and the notifications it lists. */
    public static SummaryReport read(Archive archive, SummaryQuery query, String version)
            throws ArchiveException {
        NotificationQuery period =
                NotificationQuery.ALL.withDates(query.from(), query.to().minusNanos(1));
        return new SummaryReport(
                SummarySource.of(archive, query),
                listing(archive, query, period.withStatus(Status.ERROR.wire())),
                listing(archive, query, period.withType(NotificationType.DOCUMENT_REJECTED.id())),
                archive.names(),
                query.now(),
                version);
    }

    private static Listing listing(Archive archive, SummaryQuery q, NotificationQuery filters)
            throws ArchiveException {
        List<Line> lines = new ArrayList<>();
        long total = 0;
        for (int page = 1; lines.size() < LISTED; page++) {
            InboxPage p =
                    archive.query(
                            new InboxQuery(q.service(), q.taxpayers(), filters, null, page, PAGE));
            total = p.totalCount();
            for (ArchivedNotification a : p.items()) {
                if (lines.size() < LISTED) {
                    lines.add(line(a));
                }
            }
            if (p.items().size() < PAGE) {
                break;
            }
        }
        return new Listing(lines, total);
    }

    /**
     * The first line of a message as it reads ({@link MessageText#forReport}); after a greeting
     * ("Dear Nile Trading,", "السادة …،") the line that follows too, which says what happened.
     */
    public static String firstLine(String message) {
        StringBuilder out = new StringBuilder();
        for (String l : MessageText.forReport(message).split("\n")) {
            String line = l.strip();
            if (line.isEmpty()) {
                continue;
            }
            out.append(out.length() == 0 ? "" : " ").append(line);
            if (!(line.endsWith(",") || line.endsWith("،")) || out.length() > 80) {
                break;
            }
        }
        // a line, not a paragraph: the table and the app hold the whole message
        return out.length() <= FIRST_LINE ? out.toString() : out.substring(0, FIRST_LINE - 1) + "…";
    }

    /** The most of a message's first line a report lists. */
    static final int FIRST_LINE = 120;

    private static Line line(ArchivedNotification a) {
        Notification n = a.notification();
        String first = firstLine(n.finalMessage());
        String reason = null;
        for (DeliveryAttempt t : n.deliveryAttempts()) {
            if (Status.fromWire(t.status()).orElse(null) == Status.ERROR
                    && t.statusDetails() != null
                    && !t.statusDetails().isBlank()) {
                reason = t.statusDetails().strip();
            }
        }
        return new Line(
                n.receivedDateTime(),
                a.taxpayer(),
                n.typeId(),
                n.status(),
                n.channel(),
                first,
                reason,
                a.handling());
    }
}
