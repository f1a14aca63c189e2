package app.ishaar.core.service;

/**
 * An answer the client cannot read: wrong status, empty, not JSON, HTML, truncated, missing
 * members, or too large.
 */
public final class UnexpectedResponseException extends ServiceException {
    public enum BodyKind {
        EMPTY,
        NOT_JSON,
        HTML,
        MALFORMED_JSON,
        MISSING_MEMBERS,
        /** Larger than the client reads (see docs/network.md): reading stopped at the limit. */
        TOO_LARGE,
        OTHER
    }

    private final int status;
    private final BodyKind bodyKind;

    public UnexpectedResponseException(
            int status, BodyKind bodyKind, String detail, String correlationId, Throwable cause) {
        super(
                "unexpected answer from the service (HTTP "
                        + status
                        + ", "
                        + bodyKind.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
                        + (detail == null ? "" : ": " + detail)
                        + ")",
                correlationId,
                cause);
        this.status = status;
        this.bodyKind = bodyKind;
    }

    public int status() {
        return status;
    }

    public BodyKind bodyKind() {
        return bodyKind;
    }
}
