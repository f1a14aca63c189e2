package app.ishaar.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The message as a report reads it (the detail pane's forms are tested with the detail pane). */
class MessageTextTest {

    @Test
    void aSystemMessageReadsAsItsTextThenItsValuesOneALine() {
        String json =
                "{\"event\":\"DocumentReceived\",\"typeId\":\"6\",\"internalId\":\"INV-1\","
                        + "\"amount\":891074.54,\"party\":{\"name\":\"مصر للكيماويات\",\"rin\":\"100200300\"},"
                        + "\"tags\":[\"a\",\"b\"],\"lines\":[{\"n\":1},{\"n\":2}],\"none\":null,"
                        + "\"text\":\"استلام الفاتورة INV-1\"}";
        assertThat(MessageText.forReport(json).lines().toList())
                .containsExactly(
                        "استلام الفاتورة INV-1",
                        "event: DocumentReceived",
                        "typeId: 6",
                        "internalId: INV-1",
                        "amount: 891074.54",
                        "party.name: مصر للكيماويات",
                        "party.rin: 100200300",
                        "tags: a, b",
                        "lines[1].n: 1",
                        "lines[2].n: 2");
        assertThat(MessageText.forReport("  {\"message\":\"<p>Hello</p>\",\"id\":7}\n"))
                .as("another text member, itself HTML")
                .isEqualTo("Hello\nid: 7");
        assertThat(MessageText.forReport("[{\"a\":1},2]")).isEqualTo("[1].a: 1\n[2]: 2");
    }

    @Test
    void anEmailReadsAsItsTextAndOtherMessagesAsTheyAre() {
        assertThat(
                        MessageText.forReport(
                                "<html><head><title>T</title><script>x()</script></head>"
                                        + "<body><p>Dear taxpayer,</p><p>Done.</p></body></html>"))
                .isEqualTo("Dear taxpayer,\nDone.");
        assertThat(MessageText.forReport("ETA: OTP 1234 {not json"))
                .isEqualTo("ETA: OTP 1234 {not json");
        assertThat(MessageText.forReport("{\"a\":1} and more")).isEqualTo("{\"a\":1} and more");
        assertThat(MessageText.forReport(null)).isEmpty();
        assertThat(MessageText.forReport("  ")).isEmpty();
    }

    @Test
    void aTableCellReadsTheTextOnOneLineTheValuesOfASystemMessageSetApart() {
        assertThat(MessageText.oneLine("{\"message\":\"<p>Hello</p>\",\"id\":7,\"ok\":true}"))
                .isEqualTo("Hello · id: 7 · ok: true");
        assertThat(
                        MessageText.oneLine(
                                "<html><body><p>Dear   taxpayer,</p>\n\n<p>Done.</p></body></html>"))
                .isEqualTo("Dear taxpayer, Done.");
        assertThat(MessageText.oneLine("OTP\t1234\r\n  sent")).isEqualTo("OTP 1234 sent");
        assertThat(MessageText.oneLine(null)).isEmpty();
    }
}
