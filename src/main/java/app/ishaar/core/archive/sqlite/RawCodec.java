package app.ishaar.core.archive.sqlite;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * How an item's JSON is kept: compressed with DEFLATE (the JDK's zlib) primed with a dictionary of
 * what every notification repeats (the member names, the e-mail's frame and greeting, the service's
 * sentences in both languages), which takes a one-kilobyte item to about a third. The first byte
 * says the form, so that a later dictionary can come beside this one.
 */
public final class RawCodec {
    private RawCodec() {}

    /** Plain UTF-8. */
    private static final byte PLAIN = 0;

    /** DEFLATE with {@link #DICTIONARY_1}. */
    private static final byte DEFLATE_1 = 1;

    /**
     * The dictionary: DEFLATE finds its matches in the last 32 KB, so the most common text goes
     * last (it is nearest).
     */
    private static final byte[] DICTIONARY_1 =
            String.join(
                            " ",
                            "Invoice UUID to for EGP passed validation. Your invoice was rejected by",
                            "Reason: Wrong invoice amount Wrong buyer details Goods not received Duplicate invoice",
                            "issued by was cancelled by the issuer. You received invoice from",
                            "Your requested document package is ready to download. The link stays valid for 24 hours.",
                            "Please review and confirm your taxpayer profile data (activity code, branch addresses) by",
                            "Scheduled maintenance: the e-invoicing system will be unavailable on from 01:00 to 04:00 Cairo time.",
                            "has sent you a delegation invitation on the e-invoicing system. Please accept or decline it within 7 days.",
                            "Your one-time verification code is It expires in 10 minutes. Do not share it with anyone.",
                            "Document received Document validated Document cancelled Document rejected Download ready Notice",
                            "Delegation Invite OTP Profile Data Validation Generic Notification Receive DownloadReady",
                            "ETA: Regards,<br/>Egyptian Tax Authority - E-Invoicing System</p></body></html>",
                            "<html lang=\\\"en\\\"><head><title></title></head><body><p>Dear",
                            "\\\"event\\\":\\\"DocumentValidated\\\",\\\"typeId\\\":\\\"\\\",\\\"internalId\\\":\\\"INV-",
                            "\\\",\\\"uuid\\\":\\\"\\\",\\\"amount\\\":\\\"\\\",\\\"text\\\":\\\"",
                            "قام المُصدِر بإلغاء الفاتورة (الرقم الموحد",
                            "رفض فاتورتكم السبب: قيمة الفاتورة غير صحيحة بيانات المشتري غير صحيحة لم يتم استلام البضاعة فاتورة مكررة",
                            "حزمة المستندات المطلوبة جاهزة للتنزيل. يظل الرابط صالحاً لمدة 24 ساعة.",
                            "يرجى مراجعة بيانات ملفكم الضريبي وتأكيدها (كود النشاط وعناوين الفروع) قبل",
                            "صيانة مجدولة: لن تتوفر منظومة الفاتورة الإلكترونية يوم من الساعة 01:00 حتى 04:00 بتوقيت القاهرة.",
                            "أرسلت دعوة تفويض إليكم على منظومة الفاتورة الإلكترونية. يرجى قبول الدعوة أو رفضها خلال 7 أيام.",
                            "رمز التحقق لمرة واحدة هو تنتهي صلاحيته خلال 10 دقائق. لا تشاركه مع أي شخص.",
                            "تم استلام مستند تم التحقق من المستند تم إلغاء المستند تم رفض المستند التنزيل جاهز إشعار عام",
                            "استلمتم الفاتورة (الرقم الموحد من بقيمة جنيه مصري.",
                            "تم التحقق من صحة فاتورتكم (الرقم الموحد إلى بقيمة جنيه مصري.",
                            "<html lang=\\\"ar\\\" dir=\\\"rtl\\\"><head><title></title></head><body><p>السادة ،</p><p>",
                            "</p><p>مع التحية،<br/>مصلحة الضرائب المصرية - منظومة الفاتورة الإلكترونية</p></body></html>",
                            "مصلحة الضرائب: ",
                            "\"status\":\"error\",\"statusDetails\":\"",
                            "\"},{\"attemptDateTime\":\"",
                            "\"status\":\"delivered\",\"statusDetails\":null}]}",
                            "\",\"channel\":\"email\",\"address\":\"\",\"language\":\"ar\",\"status\":\"delivered\",\"deliveryAttempts\":[{\"attemptDateTime\":\"",
                            "{\"notificationId\":\"\",\"receivedDateTime\":\"2026-01-01T00:00:00.0000000Z\",\"deliveredDateTime\":\"2026-01-01T00:00:00.0000000Z\",\"typeId\":\"7\",\"typeName\":\"Document Validated\",\"finalMessage\":\"")
                    .getBytes(StandardCharsets.UTF_8);

    /**
     * Compresses items one after the other with one zlib stream state, reset between items: making
     * and freeing that state for each item costs about a third of compressing it.
     */
    static final class Encoder implements AutoCloseable {
        private final Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        private byte[] buf = new byte[4096];

        byte[] encode(String json) {
            byte[] plain = json.getBytes(StandardCharsets.UTF_8);
            d.reset();
            d.setDictionary(DICTIONARY_1);
            d.setInput(plain);
            d.finish();
            if (buf.length < plain.length + 64) {
                buf = new byte[plain.length + 64];
            }
            buf[0] = DEFLATE_1;
            int n = 1;
            while (!d.finished()) {
                if (n == buf.length) {
                    buf = java.util.Arrays.copyOf(buf, buf.length * 2);
                }
                n += d.deflate(buf, n, buf.length - n);
            }
            if (n >= plain.length + 1) {
                byte[] out = new byte[plain.length + 1];
                out[0] = PLAIN;
                System.arraycopy(plain, 0, out, 1, plain.length);
                return out;
            }
            return java.util.Arrays.copyOf(buf, n);
        }

        @Override
        public void close() {
            d.end();
        }
    }

    /**
     * The item's JSON from a stored {@code notification_raw.raw} value; public for a program that
     * copies an archive file's rows elsewhere (the benchmark's copy to PostgreSQL).
     */
    public static String decode(byte[] stored) throws IOException {
        if (stored.length == 0) {
            throw new IOException("an empty archived item");
        }
        if (stored[0] == PLAIN) {
            return new String(stored, 1, stored.length - 1, StandardCharsets.UTF_8);
        }
        if (stored[0] != DEFLATE_1) {
            throw new IOException("an archived item in an unknown form " + stored[0]);
        }
        Inflater in = new Inflater(true);
        try {
            in.setDictionary(DICTIONARY_1);
            in.setInput(stored, 1, stored.length - 1);
            ByteArrayOutputStream out = new ByteArrayOutputStream(stored.length * 4);
            byte[] buf = new byte[4096];
            while (!in.finished()) {
                int n = in.inflate(buf);
                if (n == 0 && (in.needsInput() || in.needsDictionary())) {
                    throw new IOException("a damaged archived item");
                }
                out.write(buf, 0, n);
            }
            return out.toString(StandardCharsets.UTF_8);
        } catch (DataFormatException e) {
            throw new IOException("a damaged archived item", e);
        } finally {
            in.end();
        }
    }
}
