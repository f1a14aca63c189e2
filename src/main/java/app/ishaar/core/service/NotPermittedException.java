package app.ishaar.core.service;

/**
 * HTTP 403: this session may not read that data (e.g. the taxpayer did not grant notification
 * access).
 */
public final class NotPermittedException extends ServiceException {
    private final ApiError apiError;

    public NotPermittedException(ApiError apiError, String correlationId) {
        super(
                "not permitted"
                        + (apiError == null || apiError.message() == null
                                ? ""
                                : ": " + apiError.message()),
                correlationId,
                null);
        this.apiError = apiError;
    }

    /** The parsed error body, or null when there was none. */
    public ApiError apiError() {
        return apiError;
    }
}
