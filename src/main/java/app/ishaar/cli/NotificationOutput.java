package app.ishaar.cli;

import app.ishaar.core.export.CsvNotificationWriter;
import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.service.http.DotNetDateTimes;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * Writes notifications page by page in one of the command line's formats. Never closes the stream.
 */
abstract class NotificationOutput {

    abstract void page(NotificationPage page) throws IOException;

    /**
     * @param single the page when only one was asked for (for the table's footer), else null
     */
    abstract void finish(NotificationPage single) throws IOException;

    /** "1 notification", "31 notifications": for people (the table, the verbose progress lines). */
    static String counted(long n) {
        return n + (n == 1 ? " notification" : " notifications");
    }

    static NotificationOutput of(
            NotificationsCommand.Format format, OutputStream out, ZoneId zone, OutputRules rules)
            throws IOException {
        return switch (format) {
            case json -> new Json(out, false);
            case csv -> new Csv(out, rules);
            case table -> new Table(out, zone);
        };
    }

    /**
     * The same, as it comes ({@code --follow}): the table and CSV as they are, and JSON as JSON
     * Lines, one notification's object a line, which a program can read while the command runs.
     */
    static NotificationOutput streaming(
            NotificationsCommand.Format format, OutputStream out, ZoneId zone, OutputRules rules)
            throws IOException {
        return format == NotificationsCommand.Format.json
                ? new Json(out, true)
                : of(format, out, zone, rules);
    }

    /**
     * An array of notifications with the API's field names and the values as received (control
     * characters escaped, {@link OutputRules}); or (lines) one object a line, with nothing around
     * them.
     */
    static final class Json extends NotificationOutput {
        private final JsonGenerator g;
        private final boolean lines;

        Json(OutputStream out, boolean lines) throws IOException {
            this.lines = lines;
            g = OutputRules.json(out);
            if (!lines) {
                g.useDefaultPrettyPrinter();
                g.writeStartArray();
            }
        }

        @Override
        void page(NotificationPage page) throws IOException {
            for (Notification n : page.result()) {
                g.writeStartObject();
                g.writeStringField("notificationId", n.notificationId());
                date("receivedDateTime", n.receivedDateTime());
                date("deliveredDateTime", n.deliveredDateTime());
                g.writeStringField("typeId", n.typeId());
                g.writeStringField("typeName", n.typeName());
                g.writeStringField("finalMessage", n.finalMessage());
                g.writeStringField("channel", n.channel());
                g.writeStringField("address", n.address());
                g.writeStringField("language", n.language());
                g.writeStringField("status", n.status());
                g.writeArrayFieldStart("deliveryAttempts");
                for (DeliveryAttempt a : n.deliveryAttempts()) {
                    g.writeStartObject();
                    date("attemptDateTime", a.attemptDateTime());
                    g.writeStringField("status", a.status());
                    g.writeStringField("statusDetails", a.statusDetails());
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
                if (lines) {
                    g.writeRaw('\n');
                }
            }
            g.flush();
        }

        private void date(String field, Instant i) throws IOException {
            g.writeStringField(field, DotNetDateTimes.format(i));
        }

        @Override
        void finish(NotificationPage single) throws IOException {
            if (!lines) {
                g.writeEndArray();
                g.writeRaw('\n');
            }
            g.flush();
        }
    }

    /**
     * Header row and one row per notification (attempts summarised), UTF-8, no byte order mark (a
     * program reads it), cells as the {@link OutputRules} say.
     */
    static final class Csv extends NotificationOutput {
        private final CsvNotificationWriter w;

        Csv(OutputStream out, OutputRules rules) throws IOException {
            w = new CsvNotificationWriter(out, false, rules.csvCell());
        }

        @Override
        void page(NotificationPage page) throws IOException {
            w.write(page.result());
            w.finish();
        }

        @Override
        void finish(NotificationPage single) throws IOException {
            w.finish();
        }
    }

    /** A plain text table for people; times in the local zone. */
    static final class Table extends NotificationOutput {
        /** A row of the table: the cells of {@link #cells}. */
        static final String ROW = "%-16s  %-26s  %-7s  %-9s  %-4s  %-30s  %s%n";

        private final PrintWriter w;
        private final DateTimeFormatter time;
        private long rows;

        Table(OutputStream out, ZoneId zone) {
            w = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
            time = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(zone);
            w.printf(ROW, "SENT", "TYPE", "CHANNEL", "STATUS", "LANG", "ADDRESS", "ID");
        }

        @Override
        void page(NotificationPage page) {
            for (Notification n : page.result()) {
                w.printf(ROW, cells(n, time));
                rows++;
            }
            w.flush();
        }

        @Override
        void finish(NotificationPage single) {
            if (single != null) {
                w.printf(
                        "page %d of %d, %s in all%n",
                        single.pageNo(), single.totalPages(), counted(single.totalCount()));
            } else {
                w.printf("%s%n", counted(rows));
            }
            w.flush();
        }

        /**
         * A notification's cells in the table: sent, type, channel, status, language, address, ID.
         */
        static Object[] cells(Notification n, DateTimeFormatter time) {
            String type =
                    (n.typeId() == null ? "?" : nz(n.typeId()))
                            + " "
                            + (n.typeName() == null ? "" : nz(n.typeName()));
            return new Object[] {
                n.receivedDateTime() == null ? "-" : time.format(n.receivedDateTime()),
                cut(type, 26),
                nz(n.channel()),
                nz(n.status()),
                nz(n.language()),
                cut(nz(n.address()), 30),
                nz(n.notificationId())
            };
        }

        /**
         * A value from the service, shown to a person: control and bidi characters (ESC sequences,
         * U+202E) written as \\uXXXX, never sent to the terminal ({@link OutputRules#shown}).
         */
        private static String nz(String s) {
            return s == null ? "-" : OutputRules.shown(s);
        }

        private static String cut(String s, int n) {
            return s.length() <= n ? s : s.substring(0, n - 1) + "…";
        }
    }
}
