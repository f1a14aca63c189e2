package app.ishaar.core.service;

/**
 * The identity service refused the login (HTTP 400 with an {@code error}). Never retried. {@link
 * #reason()} is what a person needs to know, derived from {@code error} and {@code
 * error_description}.
 */
public final class LoginRejectedException extends ServiceException {

    /** What went wrong, in a person's terms. */
    public enum Reason {
        /** invalid_client: wrong client ID or secret. */
        BAD_CREDENTIALS,
        /** invalid_grant whose description speaks of a block. */
        BLOCKED,
        /** invalid_grant whose description speaks of expiry. */
        EXPIRED,
        /** unauthorized_client, or a description saying the taxpayer did not delegate. */
        NOT_DELEGATED,
        /** invalid_request: e.g. an intermediary without {@code onbehalfof}. */
        BAD_REQUEST,
        /** invalid_scope. */
        SCOPE_REFUSED,
        /**
         * unsupported_grant_type, an unknown error value, or an invalid_grant that says neither.
         */
        OTHER
    }

    private final LoginError error;
    private final String rawError;
    private final String description;
    private final Reason reason;

    public LoginRejectedException(
            LoginError error,
            String rawError,
            String description,
            Reason reason,
            String correlationId) {
        super(
                "login rejected: "
                        + rawError
                        + (description == null ? "" : " (" + description + ")"),
                correlationId,
                null);
        this.error = error;
        this.rawError = rawError;
        this.description = description;
        this.reason = reason;
    }

    public LoginError error() {
        return error;
    }

    /** The {@code error} exactly as the service wrote it. */
    public String rawError() {
        return rawError;
    }

    /** {@code error_description}, or null. Shown to the user as detail. */
    public String description() {
        return description;
    }

    public Reason reason() {
        return reason;
    }
}
