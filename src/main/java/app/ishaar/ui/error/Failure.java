package app.ishaar.ui.error;

import app.ishaar.core.service.ApiErrorException;
import app.ishaar.core.service.BadArgumentException;
import app.ishaar.core.service.InvalidEndpointException;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.NotPermittedException;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.ServiceUnavailableException;
import app.ishaar.core.service.SessionExpiredException;
import app.ishaar.core.service.UnexpectedResponseException;
import app.ishaar.ui.i18n.I18n;
import java.util.List;

/**
 * A failure as the user reads it, the one mapping for the login, the main window and the history: a
 * bundle key with its arguments (localized live by the view), the service's own words as detail
 * (its {@code error_description} or error message, already in the requested language), and the
 * correlation id to quote.
 *
 * @param key message key under {@code error.}
 * @param args arguments of the message (host names, RINs, HTTP status) — plain strings, never
 *     digits to localize
 * @param detail the service's own explanation, or null
 * @param correlationId the response's correlationId, or null
 */
public record Failure(String key, List<String> args, String detail, String correlationId) {

    public Failure {
        args = args == null ? List.of() : List.copyOf(args);
    }

    public static Failure of(String key, String... args) {
        return new Failure(key, List.of(args), null, null);
    }

    /** The message in the UI language. */
    public String text(I18n i18n) {
        return i18n.get(key, args.toArray());
    }

    /** "Reference: …" for the correlation id in the UI language, or "" when there is none. */
    public String reference(I18n i18n) {
        return correlationId == null ? "" : i18n.get("error.reference", correlationId);
    }

    /** Whether a failure is only the cancellation of the work (nothing to tell the user). */
    public static boolean isCancellation(Throwable t) {
        return ServiceException.unwrap(t) instanceof java.util.concurrent.CancellationException;
    }

    /**
     * Maps any failure of a login or a protected call to its message.
     *
     * @param onBehalfOf the taxpayer the call was for (named in "not delegated"), or null
     */
    public static Failure describe(Throwable error, String onBehalfOf) {
        Throwable e = ServiceException.unwrap(error);
        String corr =
                e instanceof app.ishaar.core.service.ServiceException se
                        ? se.correlationId().orElse(null)
                        : null;
        if (e instanceof LoginRejectedException r) {
            String key =
                    switch (r.reason()) {
                        case BAD_CREDENTIALS -> "error.login.badCredentials";
                        case BLOCKED -> "error.login.blocked";
                        case EXPIRED -> "error.login.expired";
                        case NOT_DELEGATED ->
                                onBehalfOf == null
                                        ? "error.login.notDelegatedOwn"
                                        : "error.login.notDelegated";
                        case BAD_REQUEST -> "error.login.badRequest";
                        case SCOPE_REFUSED -> "error.login.scopeRefused";
                        case OTHER -> "error.login.rejected";
                    };
            List<String> args =
                    switch (r.reason()) {
                        case NOT_DELEGATED -> onBehalfOf == null ? List.of() : List.of(onBehalfOf);
                        case OTHER -> List.of(String.valueOf(r.rawError()));
                        default -> List.of();
                    };
            return new Failure(key, args, r.description(), corr);
        }
        if (e instanceof NetworkException n) {
            String key =
                    switch (n.kind()) {
                        case UNREACHABLE -> "error.network.unreachable";
                        case CERTIFICATE ->
                                switch (n.certificateProblem()) {
                                    case EXPIRED -> "error.network.certificateExpired";
                                    case WRONG_HOST -> "error.network.certificateWrongHost";
                                    default -> "error.network.certificate";
                                };
                        case TLS -> "error.network.tls";
                        case TIMEOUT -> "error.network.timeout";
                        case CONNECTION_LOST -> "error.network.connectionLost";
                        case PROXY -> "error.network.proxy";
                        case PROXY_AUTH -> "error.network.proxyAuth";
                    };
            return new Failure(
                    key, List.of(String.valueOf(n.host()), String.valueOf(n.proxy())), null, corr);
        }
        if (e instanceof UnexpectedResponseException u
                && u.bodyKind() == UnexpectedResponseException.BodyKind.TOO_LARGE) {
            return new Failure("error.tooLarge", List.of(String.valueOf(u.status())), null, corr);
        }
        if (e instanceof UnexpectedResponseException u) {
            return new Failure("error.unexpected", List.of(String.valueOf(u.status())), null, corr);
        }
        if (e instanceof ServiceUnavailableException u) {
            return u.rateLimited()
                    ? new Failure("error.rateLimited", List.of(), null, corr)
                    : new Failure(
                            "error.unavailable", List.of(String.valueOf(u.status())), null, corr);
        }
        if (e instanceof SessionExpiredException) {
            return new Failure("error.sessionEnded", List.of(), null, corr);
        }
        if (e instanceof NotPermittedException p) {
            return new Failure(
                    "error.notPermitted",
                    List.of(),
                    p.apiError() == null ? null : p.apiError().message(),
                    corr);
        }
        if (e instanceof InvalidEndpointException) {
            return new Failure("error.invalidEndpoint", List.of(), null, corr);
        }
        if (e instanceof BadArgumentException b) {
            String detail = b.apiError() == null ? null : b.apiError().message();
            return b.target() == null
                    ? new Failure("error.badArgument", List.of(), detail, corr)
                    : new Failure("error.badArgumentTarget", List.of(b.target()), detail, corr);
        }
        if (e instanceof ApiErrorException a) {
            return new Failure(
                    "error.apiError",
                    List.of(String.valueOf(a.status())),
                    a.apiError() == null ? null : a.apiError().message(),
                    corr);
        }
        if (e instanceof app.ishaar.core.archive.ArchiveException a) {
            // the screens read the archive: its fault in the words All taxpayers says it with
            return new Failure(archiveKey(a.reason()), List.of(), null, null);
        }
        // a bug: the person reads that something went wrong; its class and trace go to the log
        System.getLogger(Failure.class.getName())
                .log(System.Logger.Level.ERROR, "unexpected failure", e);
        return new Failure("error.internal", List.of(), null, null);
    }

    /** The words of an archive's fault, for every screen that reads or writes it. */
    public static String archiveKey(app.ishaar.core.archive.ArchiveException.Reason r) {
        return switch (r) {
            case LOCKED -> "inbox.archive.locked";
            case NOT_WRITABLE -> "inbox.archive.notWritable";
            case DISK_FULL -> "inbox.archive.diskFull";
            case NOT_AN_ARCHIVE -> "inbox.archive.notAnArchive";
            case NEWER_VERSION -> "inbox.archive.newerVersion";
            case NOT_FOUND, FAILED -> "inbox.archive.failed";
        };
    }
}
