package app.ishaar.ui.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Notification;
import app.ishaar.core.text.MessageText;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Names of types, statuses and channels, known and unknown, and the detail pane's content. */
class HistoryLabelsTest {

    private final I18n i18n = new I18n(AppLanguage.ENGLISH);
    private final HistoryLabels labels = new HistoryLabels(i18n);

    @Test
    void aCopiedRowIsItsCellsTabSeparatedOnOneLineWhateverTheServiceSent() {
        Instant t = Instant.parse("2026-03-15T08:00:00Z");
        // an address with a tab and a line break in it (the service's data, not ours) must not
        // break the row apart
        Notification n =
                new Notification(
                        "N-9",
                        t,
                        null,
                        "3",
                        null,
                        "x",
                        "email",
                        "a@b.example\tcc:\r\nc@d.example",
                        "en",
                        "error",
                        List.of());
        i18n.zoneProperty().set(java.time.ZoneId.of("UTC"));
        String row = labels.row(n, List.of("status", "address", "delivered", "attempts", "type"));
        assertThat(row.split("\t", -1))
                .containsExactly(
                        "Failed", "a@b.example cc: c@d.example", "—", "0", labels.cell("type", n));
        assertThat(row).doesNotContain("\n", "\r");
        assertThat(
                        List.of(
                                "sent",
                                "type",
                                "channel",
                                "address",
                                "language",
                                "status",
                                "delivered",
                                "attempts"))
                .allSatisfy(id -> assertThat(labels.cell(id, n)).isNotBlank());
    }

    @Test
    void knownValuesAreTranslatedUnknownOnesShownRaw() {
        assertThat(labels.type("7", "whatever")).isEqualTo("Document validated");
        assertThat(labels.type("12", "Tax Reminder")).isEqualTo("Tax Reminder");
        assertThat(labels.type("12", " ")).isEqualTo("12");
        assertThat(labels.type(null, null)).isEqualTo("—");
        assertThat(labels.status("archived")).isEqualTo("archived");
        assertThat(labels.channel("whatsapp")).isEqualTo("whatsapp");
        assertThat(HistoryLabels.statusStyle("archived")).isEqualTo("unknown");
        assertThat(HistoryLabels.statusStyle("Delivered")).isEqualTo("delivered");

        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(labels.type("1", null)).isEqualTo("دعوة تفويض");
        assertThat(labels.status("error")).containsPattern("\\p{IsArabic}");
        assertThat(labels.channel("sms")).isEqualTo("رسالة نصية");
        assertThat(labels.language("en")).containsPattern("\\p{IsArabic}");
        for (int t = 1; t <= 9; t++) {
            assertThat(labels.type(String.valueOf(t), null)).containsPattern("\\p{IsArabic}");
        }
    }

    @Test
    void emailHtmlBecomesReadableTextAndScriptsAreDropped() {
        String html =
                "<html><head><style>p{color:red}</style><script>alert('x')</script></head><body>"
                        + "<p>Dear taxpayer,</p><p>Document <b>INV-1</b> &amp; its copy were <i>validated</i>.<br>Thanks</p>"
                        + "<ul><li>one</li><li>two</li></ul><a href=\"https://invoicing.eta.gov.eg/d/1\">Open</a>"
                        + "<img src=x onerror=alert(1)></body></html>";
        String text = MessageText.toPlainText(html);
        assertThat(text)
                .doesNotContainPattern("<[a-zA-Z/]")
                .doesNotContain("alert", "color:red", "onerror");
        assertThat(text)
                .contains("Dear taxpayer,\nDocument INV-1 & its copy were validated.\nThanks");
        assertThat(text).contains("• one\n• two");
        assertThat(text).contains("Open (https://invoicing.eta.gov.eg/d/1)");
        assertThat(MessageText.toPlainText("Your OTP is 1234 (valid 5 < 10 minutes)"))
                .isEqualTo("Your OTP is 1234 (valid 5 < 10 minutes)");
    }

    @Test
    void messageDirectionFollowsItsOwnLanguage() {
        assertThat(MessageText.rightToLeft("ar", "Invoice 1")).isTrue();
        assertThat(MessageText.rightToLeft("en", "مرحبا")).isFalse();
        assertThat(MessageText.rightToLeft("xx", "123 مرحبا")).isTrue();
        assertThat(MessageText.rightToLeft(null, "Hello")).isFalse();
    }

    @Test
    void detailShowsEverythingOfTheSelectedNotification() {
        DetailViewModel d = new DetailViewModel(i18n);
        Instant t = Instant.parse("2026-03-10T08:00:00Z");
        Notification batched =
                new Notification(
                        "N-1",
                        t,
                        null,
                        "6",
                        "Document Received",
                        "<p>تم استلام المستند</p>",
                        "email",
                        "a@b.example",
                        "ar",
                        "batched",
                        List.of(
                                new DeliveryAttempt(t, "error", "mailbox full"),
                                new DeliveryAttempt(t.plusSeconds(60), "delivered", null)));
        d.notificationProperty().set(batched);
        assertThat(d.presentProperty().get()).isTrue();
        assertThat(d.idProperty().get()).isEqualTo("N-1");
        assertThat(d.typeProperty().get()).isEqualTo("Document received");
        assertThat(d.statusStyleProperty().get()).isEqualTo("batched");
        assertThat(d.messageProperty().get()).isEqualTo("تم استلام المستند");
        assertThat(d.messageRightToLeftProperty().get()).isTrue();
        assertThat(d.messageWasHtmlProperty().get()).isTrue();
        assertThat(d.batchedProperty().get()).isTrue();
        assertThat(d.deliveredProperty().get()).isNotBlank();
        assertThat(d.sentUtcProperty().get()).isEqualTo("2026-03-10T08:00:00Z");
        assertThat(d.attempts())
                .extracting(DetailViewModel.AttemptRow::details)
                .containsExactly("mailbox full", "");
        assertThat(d.attempts())
                .extracting(DetailViewModel.AttemptRow::statusStyle)
                .containsExactly("error", "delivered");

        String english = d.typeProperty().get();
        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(d.typeProperty().get()).isNotEqualTo(english).isEqualTo("استلام مستند");
        assertThat(d.sentProperty().get()).containsPattern("[\u0660-\u0669]");

        d.notificationProperty().set(null);
        assertThat(d.presentProperty().get()).isFalse();
        assertThat(d.attempts()).isEmpty();
    }

    @Test
    void aJsonMessageIsLaidOutOneMemberPerLineAndReadsLeftToRight() throws Exception {
        String system =
                "{\"typeId\":\"6\",\"internalId\":\"INV-2026-208388\",\"amount\":891074.54,\"tags\":[\"<b>\",\"x\"],"
                        + "\"text\":\"استلام الفاتورة\"}";
        String laidOut = MessageText.asJson(system).orElseThrow();
        assertThat(laidOut.lines().toList())
                .hasSizeGreaterThan(5)
                .contains("  \"internalId\" : \"INV-2026-208388\",", "  \"amount\" : 891074.54,")
                // an Arabic value on a line of its own under its name, where it can read right to
                // left
                .containsSubsequence("  \"text\" :", "    \"استلام الفاتورة\"");
        String quoted =
                MessageText.asJson(
                                "{\"a\":{\"b\":\"قال \\\"نعم\\\" INV-1\",\"c\":\"English \\\"عربي\\\"\"}}")
                        .orElseThrow();
        assertThat(quoted.lines().toList())
                .as("escaped quotes within; a value that starts in English stays on its line")
                .containsExactly(
                        "{",
                        "  \"a\" : {",
                        "    \"b\" :",
                        "      \"قال \\\"نعم\\\" INV-1\",",
                        "    \"c\" : \"English \\\"عربي\\\"\"",
                        "  }",
                        "}");
        assertThat(new com.fasterxml.jackson.databind.ObjectMapper().readTree(quoted))
                .as("still the same JSON")
                .isEqualTo(
                        new com.fasterxml.jackson.databind.ObjectMapper()
                                .readTree(
                                        "{\"a\":{\"b\":\"قال \\\"نعم\\\" INV-1\",\"c\":\"English \\\"عربي\\\"\"}}"));
        assertThat(laidOut).startsWith("{").endsWith("}").doesNotContain("\\u");
        assertThat(MessageText.asJson("  [1, {\"a\": null}]\n")).isPresent();
        String array =
                MessageText.asJson(
                                "{\"lines\":[\"استلام الفاتورة INV-7 من 204918573\",\"Received\"],\"codes\":[1,2],\"none\":[]}")
                        .orElseThrow();
        assertThat(array.lines().toList())
                .as(
                        "an array's elements each on a line of its own, an Arabic one where it can read right to left")
                .containsExactly(
                        "{",
                        "  \"lines\" : [",
                        "    \"استلام الفاتورة INV-7 من 204918573\",",
                        "    \"Received\"",
                        "  ],",
                        "  \"codes\" : [",
                        "    1,",
                        "    2",
                        "  ],",
                        "  \"none\" : [ ]",
                        "}");
        assertThat(laidOut + array + quoted)
                .as("lines end the same on every platform")
                .doesNotContain("\r");

        // not one JSON document: shown as it came
        for (String notJson :
                List.of(
                        "{not json",
                        "{\"a\":1} and more",
                        "{\"a\":1}{\"b\":2}",
                        "\"just a string\"",
                        "42",
                        "Hello {\"a\":1}",
                        "",
                        "{")) {
            assertThat(MessageText.asJson(notJson)).as(notJson).isEmpty();
        }
        assertThat(MessageText.asJson(null)).isEmpty();

        // in the detail pane: laid out, left to right even for an Arabic notification, not taken
        // for HTML
        DetailViewModel d = new DetailViewModel(i18n);
        Instant t = Instant.parse("2026-03-10T08:00:00Z");
        d.notificationProperty()
                .set(
                        new Notification(
                                "N-2",
                                t,
                                t,
                                "6",
                                "Document Received",
                                system,
                                "system",
                                "ERP-1",
                                "ar",
                                "delivered",
                                List.of()));
        assertThat(d.messageProperty().get()).isEqualTo(laidOut);
        assertThat(d.messageWasJsonProperty().get()).isTrue();
        assertThat(d.messageWasHtmlProperty().get()).isFalse();
        assertThat(d.messageRightToLeftProperty().get()).isFalse();

        // the next notification's Arabic prose reads right to left again
        d.notificationProperty()
                .set(
                        new Notification(
                                "N-3",
                                t,
                                t,
                                "6",
                                "Document Received",
                                "تم استلام المستند",
                                "sms",
                                "+20100",
                                "ar",
                                "delivered",
                                List.of()));
        assertThat(d.messageWasJsonProperty().get()).isFalse();
        assertThat(d.messageRightToLeftProperty().get()).isTrue();
    }

    @Test
    void theDetailSaysWhenAnArchivedStatusWasLastConfirmedAndNothingWhereItIsNotKnown() {
        i18n.zoneProperty().set(java.time.ZoneId.of("Africa/Cairo"));
        DetailViewModel detail = new DetailViewModel(i18n);
        Notification pending =
                new Notification(
                        "N-7",
                        Instant.parse("2026-03-01T08:00:00Z"),
                        null,
                        "3",
                        null,
                        "x",
                        "email",
                        "a@b.example",
                        "en",
                        "pending",
                        List.of());
        detail.statusCheckedAtProperty().set(Instant.parse("2026-03-04T08:00:00Z"));
        detail.notificationProperty().set(pending);
        assertThat(detail.statusCheckedProperty().get())
                .isEqualTo(labels.dateTime(Instant.parse("2026-03-04T08:00:00Z")))
                .contains("10:00");
        detail.statusCheckedAtProperty().set(null);
        assertThat(detail.statusCheckedProperty().get()).isEmpty();
        detail.statusCheckedAtProperty().set(Instant.parse("2026-03-05T08:00:00Z"));
        detail.notificationProperty().set(null);
        assertThat(detail.statusCheckedProperty().get()).isEmpty();
    }
}
