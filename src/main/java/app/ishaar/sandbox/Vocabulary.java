package app.ishaar.sandbox;

import java.util.List;

/** The spec's enumerations, as the wire writes them; a column stores the index into these lists. */
final class Vocabulary {
    private Vocabulary() {}

    /** Index i holds type id i+1 (spec 2.7). */
    static final List<String> TYPE_NAMES =
            List.of(
                    "Delegation Invite",
                    "OTP",
                    "Profile Data Validation",
                    "Generic Notification",
                    "Receive DownloadReady",
                    "Document Received",
                    "Document Validated",
                    "Document Cancelled",
                    "Document Rejected");

    static final List<String> CHANNELS = List.of("sms", "email", "push", "system");
    static final List<String> LANGUAGES = List.of("ar", "en");
    static final List<String> STATUSES = List.of("pending", "batched", "delivered", "error");

    static final int SMS = 0, EMAIL = 1, PUSH = 2, SYSTEM = 3;
    static final int AR = 0, EN = 1;
    static final int PENDING = 0, BATCHED = 1, DELIVERED = 2, ERROR = 3;
    static final int OTP = 1, GENERIC = 3, DOWNLOAD_READY = 4;

    /** Index of a type id "1".."9", or -1. */
    static int typeIndex(String id) {
        if (id == null || id.length() != 1) return -1;
        char c = id.charAt(0);
        return c >= '1' && c <= '9' ? c - '1' : -1;
    }
}
