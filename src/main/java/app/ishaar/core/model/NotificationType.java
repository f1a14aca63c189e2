package app.ishaar.core.model;

import java.util.Optional;

/**
 * The notification types the spec lists (2.7). The service may send others: see {@link #fromId}.
 */
public enum NotificationType {
    DELEGATION_INVITE("1", "Delegation Invite"),
    OTP("2", "OTP"),
    PROFILE_DATA_VALIDATION("3", "Profile Data Validation"),
    GENERIC_NOTIFICATION("4", "Generic Notification"),
    RECEIVE_DOWNLOAD_READY("5", "Receive DownloadReady"),
    DOCUMENT_RECEIVED("6", "Document Received"),
    DOCUMENT_VALIDATED("7", "Document Validated"),
    DOCUMENT_CANCELLED("8", "Document Cancelled"),
    DOCUMENT_REJECTED("9", "Document Rejected");

    private final String id;
    private final String specName;

    NotificationType(String id, String specName) {
        this.id = id;
        this.specName = specName;
    }

    public String id() {
        return id;
    }

    /** The English name the spec gives; the UI shows its own localized name. */
    public String specName() {
        return specName;
    }

    public static Optional<NotificationType> fromId(String id) {
        if (id == null) {
            return Optional.empty();
        }
        String trimmed = id.trim();
        for (NotificationType t : values()) {
            if (t.id.equals(trimmed)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
