package app.ishaar.core.service;

/**
 * The session could not be renewed (401 again after one re-login, or the re-login failed): log in
 * again.
 */
public final class SessionExpiredException extends ServiceException {
    public SessionExpiredException(String detail, String correlationId, Throwable cause) {
        super(
                "the session has ended; log in again" + (detail == null ? "" : " (" + detail + ")"),
                correlationId,
                cause);
    }
}
