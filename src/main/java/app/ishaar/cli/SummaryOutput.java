package app.ishaar.cli;

import app.ishaar.core.model.Rin;
import app.ishaar.core.model.Status;
import app.ishaar.core.report.Summary;
import app.ishaar.core.report.SummaryLabels;
import app.ishaar.core.report.SummaryQuery;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;

/** A summary written for {@code ishaar report}: JSON for programs, text for people. */
final class SummaryOutput {
    private SummaryOutput() {}

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    /**
     * {@code {"period":{…},"totals":{…},"byTaxpayer":[…],"reasons":[…],"perDay":[…]}}; the period's
     * ends as UTC instants, its days as dates in its zone.
     */
    static void json(Summary s, OutputStream out) throws IOException {
        SummaryQuery q = s.query();
        try (JsonGenerator g = OutputRules.json(out)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeObjectFieldStart("period");
            g.writeStringField("from", q.from().toString());
            g.writeStringField("to", q.to().toString());
            g.writeStringField("zone", q.zone().getId());
            g.writeStringField("unit", q.unit().name().toLowerCase(Locale.ROOT));
            g.writeEndObject();

            Summary.Totals t = s.totals();
            g.writeObjectFieldStart("totals");
            g.writeNumberField("all", t.all());
            counts(g, "byStatus", t.byStatus());
            g.writeNumberField("received", t.received());
            g.writeNumberField("validated", t.validated());
            g.writeNumberField("cancelled", t.cancelled());
            g.writeNumberField("rejected", t.rejected());
            g.writeNumberField("pendingOverADay", t.pendingTooLong());
            g.writeEndObject();

            g.writeArrayFieldStart("byTaxpayer");
            for (Summary.TaxpayerCounts c : s.byTaxpayer()) {
                g.writeStartObject();
                g.writeStringField("rin", c.rin().value());
                g.writeStringField("name", c.name());
                g.writeNumberField("all", c.all());
                g.writeNumberField("failed", c.failed());
                g.writeNumberField("rejected", c.rejected());
                g.writeNumberField("pendingOverADay", c.pendingTooLong());
                g.writeEndObject();
            }
            g.writeEndArray();

            g.writeArrayFieldStart("reasons");
            for (Summary.Reason r : s.reasons()) {
                g.writeStartObject();
                g.writeStringField("reason", r.reason());
                g.writeNumberField("count", r.count());
                g.writeEndObject();
            }
            g.writeEndArray();

            g.writeArrayFieldStart("perDay");
            for (Summary.Count c : s.counts()) {
                g.writeStartObject();
                g.writeStringField("start", c.start().toString());
                g.writeNumberField("all", c.all());
                counts(g, "byStatus", c.byStatus());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeRaw('\n');
        }
    }

    private static void counts(JsonGenerator g, String name, Map<String, Long> counts)
            throws IOException {
        g.writeObjectFieldStart(name);
        for (Map.Entry<String, Long> e : counts.entrySet()) {
            g.writeNumberField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
    }

    /** The summary as lines of text in the words of {@code l}; the archive's text shown safely. */
    static void text(Summary s, Map<Rin, String> names, SummaryLabels l, OutputStream out) {
        PrintStream p = new PrintStream(out, false, StandardCharsets.UTF_8);
        SummaryQuery q = s.query();
        p.println(l.get("summary.title"));
        p.println(l.get("summary.service") + ": " + OutputRules.shown(q.service().toString()));
        p.println(
                l.get("summary.taxpayers")
                        + ": "
                        + (q.taxpayers().isEmpty()
                                ? l.get("summary.allTaxpayers")
                                : String.join(
                                        ", ",
                                        q.taxpayers().stream()
                                                .map(r -> who(r, names.get(r)))
                                                .sorted()
                                                .toList())));
        p.println(
                l.get("summary.period")
                        + ": "
                        + q.from().atZone(q.zone()).format(TIME)
                        + " – "
                        + q.to().atZone(q.zone()).format(TIME)
                        + " ("
                        + q.zone().getId()
                        + ")");
        p.println();
        Summary.Totals t = s.totals();
        p.println(l.get("summary.totals"));
        line(p, l.get("summary.all"), t.all());
        for (Map.Entry<String, Long> e : t.byStatus().entrySet()) {
            line(p, OutputRules.shown(l.status(e.getKey())), e.getValue());
        }
        line(p, l.get("summary.received"), t.received());
        line(p, l.get("summary.validated"), t.validated());
        line(p, l.get("summary.cancelled"), t.cancelled());
        line(p, l.get("summary.rejected"), t.rejected());
        line(p, l.get("summary.pendingTooLong"), t.pendingTooLong());
        p.println();
        p.println(l.get("summary.byTaxpayer"));
        if (s.byTaxpayer().isEmpty()) {
            p.println("  " + l.get("summary.nothingToDo"));
        }
        for (Summary.TaxpayerCounts c : s.byTaxpayer()) {
            p.println("  " + who(c.rin(), c.name()));
            p.println(
                    String.format(
                            Locale.ROOT,
                            "    %s %d · %s %d · %s %d · %s %d",
                            l.get("summary.failed"),
                            c.failed(),
                            l.get("summary.rejected"),
                            c.rejected(),
                            l.get("summary.pendingTooLong"),
                            c.pendingTooLong(),
                            l.get("summary.all"),
                            c.all()));
        }
        p.println();
        p.println(l.get("summary.reasons"));
        if (s.reasons().isEmpty()) {
            p.println("  " + l.get("summary.none"));
        }
        for (Summary.Reason r : s.reasons()) {
            line(p, OutputRules.shown(r.reason()), r.count());
        }
        p.println();
        p.println(l.get("summary.chart." + q.unit().name()));
        for (Summary.Count c : s.counts()) {
            StringBuilder b = new StringBuilder();
            for (Status st : Status.values()) {
                b.append(" · ").append(l.status(st.wire())).append(' ').append(c.status(st));
            }
            p.println(String.format(Locale.ROOT, "  %s %6d%s", c.start(), c.all(), b));
        }
        p.flush();
    }

    private static void line(PrintStream p, String label, long n) {
        p.println(String.format(Locale.ROOT, "  %-32s %8d", label, n));
    }

    private static String who(Rin rin, String name) {
        return name == null || name.isBlank()
                ? rin.value()
                : OutputRules.shown(name) + " (" + rin.value() + ")";
    }
}
