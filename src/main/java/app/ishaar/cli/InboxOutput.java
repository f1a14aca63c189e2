package app.ishaar.cli;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.Handling;
import app.ishaar.core.export.ExportColumns;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.InputRules;
import app.ishaar.core.service.http.DotNetDateTimes;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Writes archived notifications in one of {@code ishaar inbox}'s formats: the formats of {@code
 * notifications}, with the taxpayer each notification belongs to (its RIN, and its name when the
 * archive keeps one) and when the service last confirmed its status. Never closes the stream.
 */
abstract class InboxOutput {

    /** The taxpayers' names the archive keeps, by RIN. */
    Map<Rin, String> names = Map.of();

    String name(ArchivedNotification a) {
        return names.get(a.taxpayer());
    }

    abstract void items(List<ArchivedNotification> items) throws IOException;

    /**
     * @param footer for the table: the page line, or null for a count of the rows written
     */
    abstract void finish(String footer) throws IOException;

    static InboxOutput of(
            NotificationsCommand.Format format,
            OutputStream out,
            ZoneId zone,
            OutputRules rules,
            Map<Rin, String> names)
            throws IOException {
        InboxOutput o =
                switch (format) {
                    case json -> new Json(out);
                    case csv -> new Csv(out, rules);
                    case table -> new Table(out, zone);
                };
        o.names = names;
        return o;
    }

    /**
     * A JSON array of the notifications exactly as the service sent them (unknown members and
     * values included, numbers as written; control characters escaped, {@link OutputRules}), each
     * with members added at its end: taxpayerRin, taxpayerName (null when the archive keeps none),
     * statusCheckedAt (null when unknown) and handling: who is dealing with it ({@code state}
     * to-handle or handled, {@code assignedTo}, {@code changedAt}, {@code changedBy}), null when no
     * one has marked it.
     */
    static final class Json extends InboxOutput {
        private static final JsonFactory FACTORY = new JsonFactory();
        private final JsonGenerator g;

        Json(OutputStream out) throws IOException {
            g = OutputRules.json(out);
            g.useDefaultPrettyPrinter();
            g.writeStartArray();
        }

        @Override
        void items(List<ArchivedNotification> items) throws IOException {
            for (ArchivedNotification a : items) {
                try (JsonParser p = FACTORY.createParser(a.rawJson())) {
                    int depth = 0;
                    JsonToken t;
                    while ((t = p.nextToken()) != null) {
                        if (t == JsonToken.END_OBJECT && depth == 1) {
                            g.writeStringField("taxpayerRin", a.taxpayer().value());
                            g.writeStringField("taxpayerName", name(a));
                            g.writeStringField(
                                    "statusCheckedAt", DotNetDateTimes.format(a.statusCheckedAt()));
                            handling(a.handling());
                        }
                        if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                            depth++;
                        } else if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                            depth--;
                        }
                        g.copyCurrentEventExact(p);
                    }
                }
            }
            g.flush();
        }

        private void handling(Handling h) throws IOException {
            g.writeFieldName("handling");
            if (h == null) {
                g.writeNull();
                return;
            }
            g.writeStartObject();
            g.writeStringField("state", h.state().word());
            g.writeStringField("assignedTo", h.assignedTo());
            g.writeStringField("changedAt", DotNetDateTimes.format(h.changedAt()));
            g.writeStringField("changedBy", h.changedBy());
            g.writeEndObject();
        }

        @Override
        void finish(String footer) throws IOException {
            g.writeEndArray();
            g.writeRaw('\n');
            g.flush();
        }
    }

    /**
     * The export's columns with the taxpayer's RIN and name first, then when its status was last
     * confirmed and who is dealing with it (the handling's state word, assigned to, changed at and
     * by, as in JSON, and its latest note; empty when no one has marked it), UTF-8, cells as the
     * rules say.
     */
    static final class Csv extends InboxOutput {
        private static final CsvMapper MAPPER =
                CsvMapper.builder().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET).build();
        private final Writer writer;
        private final SequenceWriter rows;
        private final UnaryOperator<String> cellText;

        Csv(OutputStream out, OutputRules rules) throws IOException {
            this.cellText = rules.csvCell();
            writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            List<String> headers = new ArrayList<>();
            headers.add("taxpayerRin");
            headers.add("taxpayerName");
            headers.addAll(ExportColumns.HEADERS);
            headers.add("statusCheckedAt");
            headers.addAll(
                    List.of(
                            "handlingState",
                            "handlingAssignedTo",
                            "handlingChangedAt",
                            "handlingChangedBy",
                            "lastNote"));
            CsvSchema.Builder schema =
                    CsvSchema.builder().setUseHeader(false).setLineSeparator("\r\n");
            for (String h : headers) {
                schema.addColumn(h);
            }
            rows = MAPPER.writer(schema.build()).writeValues(writer);
            rows.write(headers);
        }

        @Override
        void items(List<ArchivedNotification> items) throws IOException {
            for (ArchivedNotification a : items) {
                List<String> cells = new ArrayList<>();
                cells.add(a.taxpayer().value());
                List<Object> values = new ArrayList<>();
                values.add(name(a));
                values.addAll(Arrays.asList(ExportColumns.row(a.notification())));
                values.add(a.statusCheckedAt());
                Handling h = a.handling();
                values.add(h == null ? null : h.state().word());
                values.add(h == null ? null : h.assignedTo());
                values.add(h == null ? null : h.changedAt());
                values.add(h == null ? null : h.changedBy());
                values.add(h == null ? null : h.lastNote());
                for (Object o : values) {
                    String cell =
                            o == null
                                    ? ""
                                    : o instanceof Instant i
                                            ? DotNetDateTimes.format(i)
                                            : o.toString();
                    cells.add(cellText.apply(cell));
                }
                rows.write(cells);
            }
            rows.flush();
        }

        @Override
        void finish(String footer) throws IOException {
            rows.flush();
            writer.flush();
        }
    }

    /** A plain text table for people; times in the local zone. */
    static final class Table extends InboxOutput {
        /** Characters of a taxpayer's name shown, at most (the rest cut with an ellipsis). */
        static final int NAME_WIDTH = 24;

        /**
         * The taxpayer's RIN and name, then the columns of {@code notifications}' table ({@link
         * NotificationOutput.Table#ROW}) with when the status was last confirmed after the status.
         */
        private static final String ROW =
                "%-9s  %-" + NAME_WIDTH + "s  %-16s  %-26s  %-7s  %-9s  %-16s  %-4s  %-30s  %s%n";

        private final PrintWriter w;
        private final DateTimeFormatter time;
        private long rows;

        Table(OutputStream out, ZoneId zone) {
            w = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
            time = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(zone);
            w.printf(
                    ROW,
                    "TAXPAYER",
                    "NAME",
                    "SENT",
                    "TYPE",
                    "CHANNEL",
                    "STATUS",
                    "CHECKED",
                    "LANG",
                    "ADDRESS",
                    "ID");
        }

        @Override
        void items(List<ArchivedNotification> items) {
            for (ArchivedNotification a : items) {
                Object[] cells = NotificationOutput.Table.cells(a.notification(), time);
                // SENT, TYPE, CHANNEL, STATUS; then when it was checked; LANG, ADDRESS, ID
                Object[] row = new Object[cells.length + 3];
                row[0] = a.taxpayer().value();
                row[1] = cut(name(a));
                System.arraycopy(cells, 0, row, 2, 4);
                row[6] = a.statusCheckedAt() == null ? "-" : time.format(a.statusCheckedAt());
                System.arraycopy(cells, 4, row, 7, cells.length - 4);
                w.printf(ROW, row);
                rows++;
            }
            w.flush();
        }

        /** A taxpayer's name on one line of a table: controls shown as \\uXXXX, long ones cut. */
        static String cut(String name) {
            if (name == null) {
                return "-";
            }
            String one = InputRules.printable(name.replaceAll("\\s+", " "), 500);
            return one.codePointCount(0, one.length()) <= NAME_WIDTH
                    ? one
                    : one.substring(0, one.offsetByCodePoints(0, NAME_WIDTH - 1)) + "…";
        }

        @Override
        void finish(String footer) {
            w.printf("%s%n", footer != null ? footer : NotificationOutput.counted(rows));
            w.flush();
        }
    }
}
