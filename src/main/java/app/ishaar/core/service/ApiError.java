package app.ishaar.core.service;

import java.util.List;

/**
 * The service's standard error body: {@code {"error":{"code","message","target","details":[…]}}}.
 */
public record ApiError(String code, String message, String target, List<ApiError> details) {
    public ApiError {
        details = details == null ? List.of() : List.copyOf(details);
    }
}
