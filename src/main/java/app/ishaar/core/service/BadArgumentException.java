package app.ishaar.core.service;

/**
 * HTTP 400 from a protected call: the service refused a parameter ({@link #target()} names it, e.g.
 * pageSize).
 */
public final class BadArgumentException extends ServiceException {
    private final ApiError apiError;

    public BadArgumentException(ApiError apiError, String correlationId) {
        super(
                "the service refused the request"
                        + (apiError == null
                                ? ""
                                : ": "
                                        + (apiError.target() == null
                                                ? ""
                                                : apiError.target() + ": ")
                                        + (apiError.message() == null
                                                ? apiError.code()
                                                : apiError.message())),
                correlationId,
                null);
        this.apiError = apiError;
    }

    public ApiError apiError() {
        return apiError;
    }

    /** The refused parameter, or null. */
    public String target() {
        return apiError == null ? null : apiError.target();
    }
}
