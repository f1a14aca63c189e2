package app.ishaar.core.report;

import app.ishaar.core.archive.Handling;
import app.ishaar.core.model.Rin;
import app.ishaar.core.model.Status;
import com.openhtmltopdf.bidi.support.ICUBidiReorderer;
import com.openhtmltopdf.bidi.support.ICUBidiSplitter;
import com.openhtmltopdf.outputdevice.helper.BaseRendererBuilder;
import com.openhtmltopdf.pdfboxout.PDFontSupplier;
import com.openhtmltopdf.pdfboxout.PdfRendererBuilder;
import com.openhtmltopdf.util.XRLog;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Level;
import org.apache.fontbox.ttf.TTFParser;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.io.RandomAccessReadBuffer;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.jsoup.helper.W3CDom;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * A summary's report as a PDF to read and print: A4 portrait, a cover block (scope, period,
 * filters, when, zone, version), the totals, the taxpayers needing attention, the reasons, a bar
 * chart of the counts by status, then the failed deliveries and the rejections, each with its
 * message's first line. Laid out from HTML and CSS by openhtmltopdf, the header and page numbers on
 * every page, tables' headings repeated; Arabic shaped and right to left by ICU4J; the text in the
 * app's own font, which holds Latin and Arabic.
 */
public final class SummaryPdf {
    private SummaryPdf() {}

    static {
        // openhtmltopdf says at INFO how it lays out each document, on the error stream that the
        // command line keeps for its own one-line messages; its warnings still show.
        XRLog.listRegisteredLoggers().forEach(name -> XRLog.setLevel(name, Level.WARNING));
    }

    private static final String FONT = "Ishaar Sans";
    private static final String FONTS = "/app/ishaar/fonts/";
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd");
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    /** Each status's colour in the chart and its legend: readable printed in grey too. */
    private static final Map<String, String> COLOURS =
            Map.of(
                    Status.DELIVERED.wire(), "#4c9a5b",
                    Status.PENDING.wire(), "#d9a43b",
                    Status.BATCHED.wire(), "#7a8fb8",
                    Status.ERROR.wire(), "#c0392b");

    private static final String STYLE =
            """
            @page { size: A4 portrait; margin: 22mm 14mm 18mm 14mm;
              @top-center { content: element(header); }
              @bottom-center { content: element(footer); } }
            body { font-family: '%1$s'; font-size: 9.5pt; color: #1a1a1a; }
            .header { position: running(header); font-size: 9pt; color: #555;
              border-bottom: 0.5pt solid #999; padding-bottom: 1.5mm; width: 100%%; }
            .footer { position: running(footer); font-size: 9pt; color: #555; text-align: center; }
            .pageNo::after { content: counter(page); }
            .pages::after { content: counter(pages); }
            h1 { font-size: 16pt; margin: 0 0 3mm 0; }
            h2 { font-size: 12pt; margin: 6mm 0 2mm 0; page-break-after: avoid; }
            table { border-collapse: collapse; width: 100%%; -fs-table-paginate: paginate; }
            thead { display: table-header-group; }
            tr { page-break-inside: avoid; }
            th { background: #e8ecf1; font-weight: bold; text-align: %2$s; }
            th, td { border: 0.5pt solid #b8c0cc; padding: 1mm 1.5mm; vertical-align: top;
              text-align: %2$s; }
            td.n, th.n { text-align: %3$s; white-space: nowrap; }
            table.cover td { border: none; padding: 0.6mm 1.5mm; }
            table.cover td.k { color: #555; width: 32mm; }
            .bar { height: 3.2mm; display: inline-block; }
            td.chart { width: 100mm; }
            .legend span.swatch { display: inline-block; width: 3mm; height: 3mm; margin: 0 1mm; }
            .note { color: #555; font-size: 9pt; }
            .nowrap { white-space: nowrap; }
            table.listing { font-size: 9pt; }
            table.listing td { padding: 0.6mm 1.2mm; }
            """;

    /** Writes {@code report} as a PDF to {@code out}, in the words of {@code labels}. */
    public static void write(SummaryReport report, SummaryLabels labels, OutputStream out)
            throws IOException {
        Document doc = html(report, labels);
        try (PDDocument pdf = new PDDocument()) {
            PdfRendererBuilder b = new PdfRendererBuilder();
            b.useFastMode();
            b.usePDDocument(pdf);
            b.useFont(
                    new PDFontSupplier(font(pdf, "IshaarSans-Regular.ttf")),
                    FONT,
                    400,
                    BaseRendererBuilder.FontStyle.NORMAL,
                    true);
            b.useFont(
                    new PDFontSupplier(font(pdf, "IshaarSans-Bold.ttf")),
                    FONT,
                    700,
                    BaseRendererBuilder.FontStyle.NORMAL,
                    true);
            b.useUnicodeBidiSplitter(new ICUBidiSplitter.ICUBidiSplitterFactory());
            b.useUnicodeBidiReorderer(new ICUBidiReorderer());
            b.defaultTextDirection(
                    labels.rightToLeft()
                            ? BaseRendererBuilder.TextDirection.RTL
                            : BaseRendererBuilder.TextDirection.LTR);
            b.withW3cDocument(new W3CDom().fromJsoup(doc), null);
            b.toStream(out);
            b.run();
        }
    }

    /**
     * The app's font, its own glyph substitutions off: PDFBox would otherwise draw "fi" as one
     * ligature glyph that text extraction (a reader's copy, a search) gives back as a blank. The
     * Arabic is shaped before, by ICU4J, into the forms the font holds.
     */
    private static PDFont font(PDDocument pdf, String file) {
        try (InputStream in = SummaryPdf.class.getResourceAsStream(FONTS + file)) {
            if (in == null) {
                throw new IllegalStateException("the app's font is missing: " + file);
            }
            TrueTypeFont ttf = new TTFParser().parse(new RandomAccessReadBuffer(in));
            ttf.setEnableGsub(false);
            return PDType0Font.load(pdf, ttf, true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The report as an HTML document. */
    static Document html(SummaryReport report, SummaryLabels l) {
        Summary s = report.summary();
        SummaryQuery q = s.query();
        Document doc = Document.createShell("");
        doc.outputSettings().syntax(Document.OutputSettings.Syntax.xml);
        Element html = doc.selectFirst("html");
        html.attr("dir", l.rightToLeft() ? "rtl" : "ltr")
                .attr("lang", l.rightToLeft() ? "ar" : "en");
        doc.head().appendElement("title").text(l.get("summary.title"));
        doc.head()
                .appendElement("style")
                .appendChild(
                        new org.jsoup.nodes.DataNode(
                                // the layout knows left and right, not start and end
                                String.format(
                                        Locale.ROOT,
                                        STYLE,
                                        FONT,
                                        l.rightToLeft() ? "right" : "left",
                                        l.rightToLeft() ? "left" : "right")));
        Element body = doc.body();

        String period =
                q.from().atZone(q.zone()).format(TIME)
                        + " – "
                        + q.to().atZone(q.zone()).format(TIME);
        Element header = body.appendElement("div").addClass("header");
        header.appendElement("span").text(l.get("summary.title") + " · " + period);
        Element footer = body.appendElement("div").addClass("footer");
        String[] page = l.get("summary.page").split("\\{0\\}|\\{1\\}", -1);
        footer.appendText(page[0]);
        footer.appendElement("span").addClass("pageNo");
        footer.appendText(page.length > 1 ? page[1] : " / ");
        footer.appendElement("span").addClass("pages");
        if (page.length > 2) {
            footer.appendText(page[2]);
        }

        body.appendElement("h1").text(l.get("summary.title"));
        Element cover = body.appendElement("table").addClass("cover");
        pair(cover, l.get("summary.service"), q.service().toString());
        pair(cover, l.get("summary.taxpayers"), scope(q, report.names(), l));
        pair(cover, l.get("summary.period"), period);
        pair(cover, l.get("summary.filters"), l.get("summary.none"));
        pair(
                cover,
                l.get("summary.generatedAt"),
                report.generatedAt().atZone(q.zone()).format(TIME));
        pair(cover, l.get("summary.zone"), q.zone().getId());
        pair(cover, l.get("summary.version"), report.version());

        totals(body, s.totals(), l);
        taxpayers(body, s.byTaxpayer(), l);
        reasons(body, s.reasons(), l);
        chart(body, s, l);
        listing(body, l.get("summary.failedList"), report.failed(), report.names(), q, l, true);
        listing(
                body,
                l.get("summary.rejectedList"),
                report.rejected(),
                report.names(),
                q,
                l,
                false);
        return doc;
    }

    private static void pair(Element table, String key, String value) {
        Element tr = table.appendElement("tr");
        tr.appendElement("td").addClass("k").text(key);
        tr.appendElement("td").text(value);
    }

    private static String scope(SummaryQuery q, Map<Rin, String> names, SummaryLabels l) {
        if (q.taxpayers().isEmpty()) {
            return l.get("summary.allTaxpayers");
        }
        return String.join(
                l.rightToLeft() ? "، " : ", ",
                q.taxpayers().stream()
                        .sorted(java.util.Comparator.comparing(Rin::value))
                        .map(r -> who(r, names))
                        .toList());
    }

    private static String who(Rin rin, Map<Rin, String> names) {
        String name = names.get(rin);
        return name == null || name.isBlank() ? rin.value() : name + " (" + rin.value() + ")";
    }

    /**
     * A taxpayer's cell: the name in its own direction (an Arabic name in an English report reads
     * right to left), the RIN under it.
     */
    private static void taxpayer(Element tr, Rin rin, String name) {
        Element td = tr.appendElement("td");
        if (name != null && !name.isBlank()) {
            td.appendElement("div").attr("dir", "auto").text(name);
            td.appendElement("div").addClass("note").text(rin.value());
        } else {
            td.text(rin.value());
        }
    }

    private static void totals(Element body, Summary.Totals t, SummaryLabels l) {
        body.appendElement("h2").text(l.get("summary.totals"));
        Element table = body.appendElement("table");
        Element head = table.appendElement("thead").appendElement("tr");
        Element row = table.appendElement("tbody").appendElement("tr");
        cell(head, row, l.get("summary.all"), t.all());
        for (Map.Entry<String, Long> e : t.byStatus().entrySet()) {
            if (e.getValue() > 0 || Status.fromWire(e.getKey()).isPresent()) {
                cell(head, row, l.status(e.getKey()), e.getValue());
            }
        }
        Element head2 = table.appendElement("tbody").appendElement("tr");
        Element row2 = table.appendElement("tbody").appendElement("tr");
        cell(head2, row2, l.get("summary.received"), t.received());
        cell(head2, row2, l.get("summary.validated"), t.validated());
        cell(head2, row2, l.get("summary.cancelled"), t.cancelled());
        cell(head2, row2, l.get("summary.rejected"), t.rejected());
        cell(head2, row2, l.get("summary.pendingTooLong"), t.pendingTooLong());
        head2.children().forEach(c -> c.tagName("th"));
    }

    private static void cell(Element head, Element row, String label, long n) {
        head.appendElement("th").addClass("n").text(label);
        row.appendElement("td").addClass("n").text(Long.toString(n));
    }

    private static void taxpayers(
            Element body, List<Summary.TaxpayerCounts> list, SummaryLabels l) {
        body.appendElement("h2").text(l.get("summary.byTaxpayer"));
        if (list.isEmpty()) {
            body.appendElement("p").text(l.get("summary.nothingToDo"));
            return;
        }
        Element table = body.appendElement("table");
        Element head = table.appendElement("thead").appendElement("tr");
        head.appendElement("th").text(l.get("summary.taxpayer"));
        for (String k :
                List.of(
                        "summary.failed",
                        "summary.rejected",
                        "summary.pendingTooLong",
                        "summary.all")) {
            head.appendElement("th").addClass("n").text(l.get(k));
        }
        Element rows = table.appendElement("tbody");
        for (Summary.TaxpayerCounts t : list) {
            Element tr = rows.appendElement("tr");
            taxpayer(tr, t.rin(), t.name());
            for (long n : new long[] {t.failed(), t.rejected(), t.pendingTooLong(), t.all()}) {
                tr.appendElement("td").addClass("n").text(Long.toString(n));
            }
        }
    }

    private static void reasons(Element body, List<Summary.Reason> list, SummaryLabels l) {
        body.appendElement("h2").text(l.get("summary.reasons"));
        if (list.isEmpty()) {
            body.appendElement("p").text(l.get("summary.none"));
            return;
        }
        Element table = body.appendElement("table");
        Element head = table.appendElement("thead").appendElement("tr");
        head.appendElement("th").text(l.get("summary.reason"));
        head.appendElement("th").addClass("n").text(l.get("summary.failed"));
        Element rows = table.appendElement("tbody");
        for (Summary.Reason r : list) {
            Element tr = rows.appendElement("tr");
            tr.appendElement("td").attr("dir", "auto").text(r.reason());
            tr.appendElement("td").addClass("n").text(Long.toString(r.count()));
        }
    }

    /**
     * The counts as a bar chart drawn by the layout itself: one row per day (week, month), a bar as
     * long as its count, in a segment per status; right to left in Arabic, as the text runs.
     */
    private static void chart(Element body, Summary s, SummaryLabels l) {
        body.appendElement("h2").text(l.get("summary.chart." + s.query().unit().name()));
        Element legend = body.appendElement("p").addClass("legend").addClass("note");
        for (Status st : Status.values()) {
            legend.appendElement("span")
                    .addClass("swatch")
                    .attr("style", "background: " + COLOURS.get(st.wire()));
            legend.appendElement("span").addClass("nowrap").text(l.status(st.wire()) + "  ");
        }
        legend.appendElement("br");
        legend.appendText(l.get("summary.chart.drawn"));
        long most = s.counts().stream().mapToLong(Summary.Count::all).max().orElse(0);
        Element table = body.appendElement("table");
        Element rows = table.appendElement("tbody");
        for (Summary.Count c : s.counts()) {
            Element tr = rows.appendElement("tr");
            tr.appendElement("td").addClass("nowrap").text(day(c.start()));
            Element bars = tr.appendElement("td").addClass("chart");
            for (Status st : Status.values()) {
                long n = c.status(st);
                if (n > 0 && most > 0) {
                    double mm = 95.0 * n / most;
                    bars.appendElement("span")
                            .addClass("bar")
                            .attr(
                                    "style",
                                    String.format(
                                            Locale.ROOT,
                                            "width: %.2fmm; background: %s",
                                            mm,
                                            COLOURS.get(st.wire())));
                }
            }
            tr.appendElement("td").addClass("n").text(Long.toString(c.all()));
        }
    }

    private static String day(LocalDate d) {
        return d.format(DAY);
    }

    private static void listing(
            Element body,
            String title,
            SummaryReport.Listing listing,
            Map<Rin, String> names,
            SummaryQuery q,
            SummaryLabels l,
            boolean reasons) {
        body.appendElement("h2").text(title + " (" + listing.total() + ")");
        if (listing.lines().isEmpty()) {
            body.appendElement("p").text(l.get("summary.none"));
            return;
        }
        Element table = body.appendElement("table");
        Element head = table.appendElement("thead").appendElement("tr");
        table.addClass("listing");
        head.appendElement("th").text(l.get("summary.time"));
        head.appendElement("th").text(l.get("summary.taxpayer"));
        head.appendElement("th").text(l.get("summary.type"));
        head.appendElement("th").text(l.get("summary.message"));
        if (reasons) {
            head.appendElement("th").text(l.get("summary.reason"));
        }
        head.appendElement("th").text(l.get("summary.handling"));
        Element rows = table.appendElement("tbody");
        for (SummaryReport.Line line : listing.lines()) {
            Element tr = rows.appendElement("tr");
            tr.appendElement("td").addClass("nowrap").text(time(line.received(), q));
            taxpayer(tr, line.taxpayer(), names.get(line.taxpayer()));
            tr.appendElement("td").text(l.type(line.typeId() == null ? "" : line.typeId()));
            tr.appendElement("td").attr("dir", "auto").text(line.firstLine());
            if (reasons) {
                tr.appendElement("td")
                        .attr("dir", "auto")
                        .text(line.reason() == null ? "" : line.reason());
            }
            handling(tr.appendElement("td"), line.handling(), l);
        }
        if (listing.total() > listing.lines().size()) {
            body.appendElement("p")
                    .addClass("note")
                    .text(l.get("summary.more", listing.total() - listing.lines().size()));
        }
    }

    /** Its state in words, and to whom it is assigned on a line of its own; empty: unmarked. */
    private static void handling(Element td, Handling h, SummaryLabels l) {
        if (h == null) {
            return;
        }
        td.addClass("nowrap")
                .appendText(
                        l.get(
                                h.state() == Handling.State.HANDLED
                                        ? "handling.handled"
                                        : "handling.toHandle"));
        if (h.assignedTo() != null && !h.assignedTo().isBlank()) {
            td.appendElement("br");
            td.appendElement("span")
                    .attr("dir", "auto")
                    .text(l.get("handling.assignedTo", h.assignedTo()));
        }
    }

    private static String time(Instant t, SummaryQuery q) {
        return t == null ? "" : t.atZone(q.zone()).format(TIME);
    }
}
