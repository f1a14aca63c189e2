package app.ishaar.core.service;

/** The service kept failing (5xx, or 429 past the wait cap) after the bounded retries. */
public final class ServiceUnavailableException extends ServiceException {
    private final int status;

    public ServiceUnavailableException(int status, String detail, String correlationId) {
        super(
                (status == 429
                                ? "the service is limiting requests from this system (HTTP 429); try again later"
                                : "the service is not answering (HTTP " + status + ")")
                        + (detail == null ? "" : ": " + detail),
                correlationId,
                null);
        this.status = status;
    }

    public int status() {
        return status;
    }

    /** The service is limiting this system's requests (HTTP 429), rather than failing. */
    public boolean rateLimited() {
        return status == 429;
    }
}
