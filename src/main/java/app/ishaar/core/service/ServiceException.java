package app.ishaar.core.service;

import java.util.Optional;

/**
 * Every failure the client reports is one of these typed errors; nothing else escapes it. Messages
 * are plain English for logs and the command line; the UI maps the type (and its fields) to its own
 * localized text. No message ever contains a secret or a token.
 */
public abstract sealed class ServiceException extends Exception
        permits InvalidEndpointException,
                LoginRejectedException,
                UnexpectedResponseException,
                NotPermittedException,
                SessionExpiredException,
                BadArgumentException,
                ApiErrorException,
                ServiceUnavailableException,
                NetworkException {

    private final String correlationId;

    protected ServiceException(String message, String correlationId, Throwable cause) {
        super(message, cause);
        this.correlationId = correlationId;
    }

    /**
     * The failure a future of this client (or of code built on it) completed with, without the
     * {@link java.util.concurrent.CompletionException} / {@link
     * java.util.concurrent.ExecutionException} wrappers the future adds: usually a {@code
     * ServiceException}, or a cancellation.
     */
    public static Throwable unwrap(Throwable t) {
        Throwable cur = t;
        while ((cur instanceof java.util.concurrent.CompletionException
                        || cur instanceof java.util.concurrent.ExecutionException)
                && cur.getCause() != null) {
            cur = cur.getCause();
        }
        return cur;
    }

    /** The response's {@code correlationId} header, to quote in error reports. */
    public Optional<String> correlationId() {
        return Optional.ofNullable(correlationId);
    }
}
