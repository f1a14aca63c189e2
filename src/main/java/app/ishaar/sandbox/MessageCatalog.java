package app.ishaar.sandbox;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/** Final messages per type, channel and language, filled from a notification's parameters. */
final class MessageCatalog {
    private MessageCatalog() {}

    private static final ObjectMapper JSON = new ObjectMapper();

    /** [type][language] = {title, body}; placeholders in braces. */
    private static final String[][][] TEXTS = {
        { // 1 Delegation Invite
            {
                "دعوة تفويض",
                "أرسلت {party} دعوة تفويض إليكم على منظومة الفاتورة الإلكترونية. يرجى قبول الدعوة أو رفضها خلال 7 أيام."
            },
            {
                "Delegation invitation",
                "{party} has sent you a delegation invitation on the e-invoicing system. Please accept or decline it within 7 days."
            }
        },
        { // 2 OTP
            {
                "رمز التحقق",
                "رمز التحقق لمرة واحدة هو {otp}. تنتهي صلاحيته خلال 10 دقائق. لا تشاركه مع أي شخص."
            },
            {
                "Verification code",
                "Your one-time verification code is {otp}. It expires in 10 minutes. Do not share it with anyone."
            }
        },
        { // 3 Profile Data Validation
            {
                "التحقق من بيانات الملف",
                "يرجى مراجعة بيانات ملفكم الضريبي وتأكيدها (كود النشاط وعناوين الفروع) قبل {date}."
            },
            {
                "Profile data validation",
                "Please review and confirm your taxpayer profile data (activity code, branch addresses) by {date}."
            }
        },
        { // 4 Generic Notification
            {
                "إشعار عام",
                "صيانة مجدولة: لن تتوفر منظومة الفاتورة الإلكترونية يوم {date} من الساعة 01:00 حتى 04:00 بتوقيت القاهرة."
            },
            {
                "Notice",
                "Scheduled maintenance: the e-invoicing system will be unavailable on {date} from 01:00 to 04:00 Cairo time."
            }
        },
        { // 5 Receive DownloadReady
            {
                "التنزيل جاهز",
                "حزمة المستندات المطلوبة {pkg} جاهزة للتنزيل. يظل الرابط صالحاً لمدة 24 ساعة."
            },
            {
                "Download ready",
                "Your requested document package {pkg} is ready to download. The link stays valid for 24 hours."
            }
        },
        { // 6 Document Received
            {
                "تم استلام مستند",
                "استلمتم الفاتورة {doc} (الرقم الموحد {uuid}) من {party} بقيمة {amount} جنيه مصري."
            },
            {
                "Document received",
                "You received invoice {doc} (UUID {uuid}) from {party} for EGP {amount}."
            }
        },
        { // 7 Document Validated
            {
                "تم التحقق من المستند",
                "تم التحقق من صحة فاتورتكم {doc} (الرقم الموحد {uuid}) إلى {party} بقيمة {amount} جنيه مصري."
            },
            {
                "Document validated",
                "Your invoice {doc} (UUID {uuid}) to {party} for EGP {amount} passed validation."
            }
        },
        { // 8 Document Cancelled
            {
                "تم إلغاء المستند",
                "قام المُصدِر {party} بإلغاء الفاتورة {doc} (الرقم الموحد {uuid})."
            },
            {
                "Document cancelled",
                "Invoice {doc} (UUID {uuid}) issued by {party} was cancelled by the issuer."
            }
        },
        { // 9 Document Rejected
            {
                "تم رفض المستند",
                "رفض {party} فاتورتكم {doc} (الرقم الموحد {uuid}). السبب: {reason}."
            },
            {
                "Document rejected",
                "Your invoice {doc} (UUID {uuid}) was rejected by {party}. Reason: {reason}."
            }
        },
    };

    /** Counterparties: {ar, en}. */
    static final String[][] PARTIES = {
        {"شركة السويس للأسمنت", "Suez Cement Co."},
        {"مصر للكيماويات", "Misr Chemical Industries"},
        {"طنطا للزيوت والصابون", "Tanta Oil and Soap"},
        {"بيت أسوان التجاري", "Aswan Trading House"},
        {"المنصورة للدواجن", "Mansoura Poultry"},
        {"بورسعيد للشحن", "Port Said Shipping"},
        {"الدقهلية للأدوات المنزلية", "Dakahlia Home Appliances"},
    };

    /** Rejection reasons: {ar, en}. */
    static final String[][] REASONS = {
        {"قيمة الفاتورة غير صحيحة", "Wrong invoice amount"},
        {"بيانات المشتري غير صحيحة", "Wrong buyer details"},
        {"لم يتم استلام البضاعة", "Goods not received"},
        {"فاتورة مكررة", "Duplicate invoice"},
    };

    static final String[][] DELIVERY_ERRORS = {
        {
            "Handset unreachable (SMSC error 27)",
            "Number not in service",
            "SMS gateway timeout after 30 s"
        },
        {
            "550 5.1.1 Recipient address rejected: mailbox unavailable",
            "421 4.7.0 Temporary failure, try again later",
            "552 5.2.2 Mailbox full"
        },
        {
            "Device token not registered (NotRegistered)",
            "Push service unavailable (HTTP 503)",
            "Invalid registration token"
        },
        {
            "ERP endpoint returned HTTP 503 Service Unavailable",
            "Connection to ERP endpoint timed out after 30 s",
            "ERP endpoint rejected the call: HTTP 401 Unauthorized"
        },
    };

    static String typeName(int type) {
        return Vocabulary.TYPE_NAMES.get(type);
    }

    /**
     * The final message of a notification.
     *
     * @param params placeholder values (party, otp, date, pkg, doc, uuid, amount, reason) in the
     *     language
     */
    static String message(
            int type, int channel, int lang, String recipient, Map<String, String> params) {
        String title = TEXTS[type][lang][0];
        String body = fill(TEXTS[type][lang][1], params);
        boolean ar = lang == Vocabulary.AR;
        switch (channel) {
            case Vocabulary.EMAIL:
                return "<html"
                        + (ar ? " lang=\"ar\" dir=\"rtl\"" : " lang=\"en\"")
                        + "><head><title>"
                        + title
                        + "</title></head><body><p>"
                        + (ar ? "السادة " + recipient + "،" : "Dear " + recipient + ",")
                        + "</p><p>"
                        + body
                        + "</p><p>"
                        + (ar
                                ? "مع التحية،<br/>مصلحة الضرائب المصرية - منظومة الفاتورة الإلكترونية"
                                : "Regards,<br/>Egyptian Tax Authority - E-Invoicing System")
                        + "</p></body></html>";
            case Vocabulary.SMS:
                if (type == Vocabulary.OTP) return (ar ? "مصلحة الضرائب: " : "ETA: ") + body;
                return (ar ? "مصلحة الضرائب: " : "ETA: ") + title + " - " + shortRef(type, params);
            case Vocabulary.PUSH:
                return title + "\n" + body;
            default:
                {
                    ObjectNode n = JSON.createObjectNode();
                    n.put("event", typeName(type).replace(" ", ""));
                    n.put("typeId", String.valueOf(type + 1));
                    for (String key : List.of("doc", "uuid", "amount", "pkg", "date")) {
                        if (params.containsKey(key)) {
                            n.put(
                                    switch (key) {
                                        case "doc" -> "internalId";
                                        case "pkg" -> "packageId";
                                        default -> key;
                                    },
                                    params.get(key));
                        }
                    }
                    n.put("text", body);
                    return n.toString();
                }
        }
    }

    private static String shortRef(int type, Map<String, String> p) {
        if (p.containsKey("doc")) return p.get("doc");
        if (p.containsKey("pkg")) return p.get("pkg");
        if (p.containsKey("date")) return p.get("date");
        return p.getOrDefault("party", "");
    }

    private static String fill(String template, Map<String, String> params) {
        String s = template;
        for (Map.Entry<String, String> e : params.entrySet()) {
            s = s.replace("{" + e.getKey() + "}", e.getValue());
        }
        return s;
    }
}
