package app.ishaar.core.service;

/** Any other non-success answer with the standard error body (e.g. 404). */
public final class ApiErrorException extends ServiceException {
    private final int status;
    private final ApiError apiError;

    public ApiErrorException(int status, ApiError apiError, String correlationId) {
        super(
                "the service answered HTTP "
                        + status
                        + (apiError == null
                                ? ""
                                : ": " + apiError.code() + " " + apiError.message()),
                correlationId,
                null);
        this.status = status;
        this.apiError = apiError;
    }

    public int status() {
        return status;
    }

    public ApiError apiError() {
        return apiError;
    }
}
