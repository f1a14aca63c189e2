package app.ishaar.core.archive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import app.ishaar.core.model.Rin;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every search rule, in both directions (what is typed, what the message says), on sentences of the
 * sandbox's message catalogue as the service sends them (e-mail HTML, SMS, push, the ERP's JSON).
 * Run once per kind of archive by a subclass that says how to make one.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class SearchRulesContract {

    static final ServiceKey SERVICE = ServiceKey.SANDBOX;
    static final Rin RIN = Rin.of("204918573");
    Archive archive;

    /** A new, empty archive for these rules. */
    protected abstract Archive newArchive() throws Exception;

    /** The messages, each a notification of its own; its ID starts with n and its index. */
    static final String[] MESSAGES = {
        // 0: an Arabic e-mail, HTML (tags and the frame not searched as words)
        "<html lang=\"ar\" dir=\"rtl\"><head><title>تم التحقق من المستند</title></head><body><p>السادة شركة النيل"
                + " للتجارة،</p><p>تم التحقق من صحة فاتورتكم INV-2025-004512 (الرقم الموحد"
                + " HGNV2PY0B7T50CPQC8RY0YG9HP) إلى بورسعيد للشحن بقيمة 724,425.02 جنيه مصري.</p><p>مع"
                + " التحية،<br/>مصلحة الضرائب المصرية - منظومة الفاتورة الإلكترونية</p></body></html>",
        // 1: an Arabic SMS with diacritics and tatweel, as some services write
        "مصلحة الضرائب: رَمْزُ التَّحَقُّقِ لمرة واحدة هو 357594. تنتهـــي صلاحيته خلال 10 دقائق.",
        // 2: an English push
        "Document rejected\nYour invoice INV-2026-000361 (UUID 0AABR2V7GNXGR1ND66N41M8X5K) was rejected by"
                + " Aswan Trading House. Reason: Duplicate invoice.",
        // 3: the ERP's JSON, Arabic text inside
        "{\"event\":\"DocumentCancelled\",\"typeId\":\"8\",\"internalId\":\"INV-2026-981677\",\"text\":\"قام"
                + " المُصدِر الدقهلية للأدوات المنزلية بإلغاء الفاتورة INV-2026-981677\"}",
        // 4: hamza forms, alef maqsura, teh marbuta as written
        "أرسلت مصر للكيماويات دعوة تفويض إليكم على منظومة الفاتورة الإلكترونية. يرجى قبول الدعوة أو رفضها"
                + " خلال 7 أيام. إلى مستشفى الإسكندرية",
        // 5: Arabic-Indic digits in the text
        "حزمة المستندات المطلوبة PKG-٢٠٢٥-٠٤٧١١٢ جاهزة للتنزيل.",
        // 6: English e-mail, mixed case
        "<html lang=\"en\"><body><p>Dear Giza Foods,</p><p>Scheduled MAINTENANCE: the e-invoicing system will be"
                + " unavailable on 2025-12-05.</p></body></html>",
        // 7: a pronoun attached (فاتورتكم), no other form of فاتورة
        "تم استلام فاتورتكم رقم 7781 بنجاح",
        // 8: the article after a preposition (بالفاتورة)
        "تم رفض الدفع بالفاتورة 5531",
        // 9: delivered on a second attempt; the first one's reason says why it failed
        "Your document was accepted.",
        // 10: a conjunction before the word and a pronoun after it (وفاتورتها)
        "وفاتورتها مرفقة",
    };

    /** The reason the first delivery attempt of message 9 gives. */
    static final String FAILED_ATTEMPT = "552 5.2.2 Mailbox full";

    @BeforeAll
    void fill() throws Exception {
        archive = newArchive();
        List<ArchivedNotification> items = new ArrayList<>();
        for (int i = 0; i < MESSAGES.length; i++) {
            String json =
                    "{\"notificationId\":\"n"
                            + i
                            + "-7c2d-9e41f"
                            + i
                            + "\",\"receivedDateTime\":\"2026-01-"
                            + String.format("%02d", i + 1)
                            + "T10:00:00Z\",\"typeId\":\"7\",\"finalMessage\":"
                            + com.fasterxml.jackson.databind.json.JsonMapper.builder()
                                    .build()
                                    .writeValueAsString(MESSAGES[i])
                            + ",\"channel\":\"email\",\"address\":\""
                            + (i == 6 ? "finance@gizafoods.com.eg" : "+201001234567")
                            + "\",\"language\":\"ar\",\"status\":\"delivered\",\"deliveryAttempts\":"
                            + (i == 9
                                    ? "[{\"attemptDateTime\":\"2026-01-10T10:00:00Z\","
                                            + "\"status\":\"failed\",\"statusDetails\":\""
                                            + FAILED_ATTEMPT
                                            + "\"},{\"attemptDateTime\":\"2026-01-10T10:05:00Z\","
                                            + "\"status\":\"delivered\"}]"
                                    : "[]")
                            + "}";
            items.add(ArchivedNotification.fromRaw(RIN, json));
        }
        archive.store(new SyncBatch(SERVICE, RIN, items, null, true, null));
    }

    @AfterAll
    void close() throws Exception {
        if (archive != null) { // none when the archive's server is missing (the tests skipped)
            archive.close();
        }
    }

    List<String> found(String search) throws Exception {
        return archive
                .query(new InboxQuery(SERVICE, Set.of(), null, search, 1, 50))
                .items()
                .stream()
                .map(a -> a.notificationId().substring(0, a.notificationId().indexOf('-')))
                .sorted()
                .toList();
    }

    @ParameterizedTest(name = "{0}: \"{1}\" finds {2}")
    @CsvSource(
            delimiter = '|',
            value = {
                "a whole Arabic word, and the words sharing its stem | فاتورتكم | n0 n10 n3 n4 n7 n8",
                "a pronoun attached is found from the bare word | فاتورة | n0 n10 n3 n4 n7 n8",
                "the article after a preposition, typed | بالفاتورة | n0 n10 n3 n4 n7 n8",
                "a plural typed finds the singular | فاتورات | n0 n10 n3 n4 n7 n8",
                "a delivery attempt's reason | mailbox | n9",
                "a delivery attempt's reason, two words | mailbox full | n9",
                "a word's beginning | بورسع | n0",
                "a word's end | الموحد | n0",
                "a word without ال finds it with ال | الكترونية | n0 n4",
                "a word with ال finds it without | الدعوة | n4",
                "without ال, for a word with it | الفاتورة | n0 n10 n3 n4 n7 n8",
                "an invoice number's tail | 4512 | n0",
                "a whole invoice number | INV-2025-004512 | n0",
                "Arabic-Indic digits typed, Latin written | ٣٥٧٥٩٤ | n1",
                "Latin digits typed, Arabic-Indic written | 047112 | n5",
                "Eastern Arabic-Indic digits typed | ۳۵۷۵۹۴ | n1",
                "diacritics written, none typed | رمز التحقق | n1",
                "diacritics typed, none written | فَاتُورَة | n0 n10 n3 n4 n7 n8",
                "tatweel written | تنتهي | n1",
                "tatweel typed | مـــصـــر | n0 n4",
                "hamza forms of alef: typed bare | ارسلت | n4",
                "hamza forms of alef: typed with madda | آيام | n4",
                "hamza forms: bare written, hamza typed | إلغاء | n3",
                "alef maqsura typed as yeh | مستشفي | n4",
                "yeh typed as alef maqsura | الى | n0 n4",
                "teh marbuta typed as heh | منظومه | n0 n4",
                "case ignored | maintenance | n6",
                "case ignored, upper typed | DUPLICATE | n2",
                "an English word's beginning | valid | ''",
                "a word's part in an English sentence | rejec | n2",
                "an address | gizafoods | n6",
                "the notification ID | 9e41f3 | n3",
                "every word must be found | invoice aswan | n2",
                "one word missing: nothing | invoice cairo | ''",
                "a tag is not a word of the message | html | ''",
                "the ERP JSON's text | الدقهلية | n3",
            })
    void rule(String rule, String typed, String expected) throws Exception {
        List<String> want = expected.isBlank() ? List.of() : List.of(expected.split(" "));
        assertThat(found(typed)).as(rule).containsExactlyElementsOf(want);
    }

    List<String> inOrder(String search, InboxQuery.Order order) throws Exception {
        return archive
                .query(new InboxQuery(SERVICE, Set.of(), null, search, 1, 50, order))
                .items()
                .stream()
                .map(a -> a.notificationId().substring(0, a.notificationId().indexOf('-')))
                .toList();
    }

    @Test
    void bestMatchPutsTheMessageWithEverySearchedWordBeforeThoseWithTheCommonWordOnly()
            throws Exception {
        // فاتورة is in six of the eleven messages, 7781 in one of them (n7, not the newest)
        assertThat(inOrder("فاتورة 7781", InboxQuery.Order.NEWEST)).containsExactly("n7");
        List<String> best = inOrder("فاتورة 7781", InboxQuery.Order.BEST);
        assertThat(best).containsExactlyInAnyOrder("n0", "n3", "n4", "n7", "n8", "n10");
        assertThat(best.get(0)).isEqualTo("n7");
        // the common word typed first or last: the same first
        assertThat(inOrder("7781 فاتورة", InboxQuery.Order.BEST).get(0)).isEqualTo("n7");
        // the rare word found through an attempt's reason weighs the same
        assertThat(inOrder("document mailbox", InboxQuery.Order.BEST)).startsWith("n9");
        assertThat(inOrder("document mailbox", InboxQuery.Order.BEST)).contains("n2");
    }

    @Test
    void bestMatchWithoutASearchIsNewestFirst() throws Exception {
        assertThat(inOrder(null, InboxQuery.Order.BEST))
                .isEqualTo(inOrder(null, InboxQuery.Order.NEWEST))
                .startsWith("n10", "n9", "n8");
    }

    @Test
    void normalisingIsOneFunctionForBothSides() {
        assertThat(SearchText.normalise("أإآٱ ى ة ـ ٠١٢٣٤٥٦٧٨٩ ۰۹ ABC فَتْحَة"))
                .isEqualTo("اااا ي ه 0123456789 09 abc فتحه");
        assertThat(SearchText.terms("  الفاتورة, 2025!")).containsExactly("فاتوره", "2025");
    }

    @Test
    void aSearchOfNothingOrTooMuchIsRefused() {
        assertThatThrownBy(() -> SearchText.terms("   "))
                .isInstanceOf(SearchText.InvalidSearchException.class)
                .hasMessage("the search is empty");
        assertThatThrownBy(() -> SearchText.terms("x".repeat(10_000)))
                .hasMessageContaining("at most 500 characters");
        assertThatThrownBy(() -> SearchText.terms("a b")).hasMessageContaining("at least 3");
        // FTS5's operators typed are only words
        assertThat(SearchText.terms("\"NEAR(invoice\" OR -x*")).containsExactly("near", "invoice");
    }
}
