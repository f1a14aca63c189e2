package app.ishaar.core.service.http;

import app.ishaar.core.service.ApiError;
import app.ishaar.core.service.ApiErrorException;
import app.ishaar.core.service.BadArgumentException;
import app.ishaar.core.service.LoginError;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.LoginRejectedException.Reason;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.NotPermittedException;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.ServiceUnavailableException;
import app.ishaar.core.service.UnexpectedResponseException;
import app.ishaar.core.service.UnexpectedResponseException.BodyKind;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.time.Clock;
import java.time.Duration;
import java.util.Date;
import java.util.Locale;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLPeerUnverifiedException;

/** Maps transport failures and error answers to the typed {@link ServiceException}s. */
public final class Failures {
    private Failures() {}

    public static NetworkException network(IOException e, String host) {
        return network(e, host, null);
    }

    /**
     * A transport failure in words: what failed, the host, and the proxy when the request went
     * through one ({@code proxy} "host:port", or null).
     */
    public static NetworkException network(IOException e, String host, String proxy) {
        NetworkException.CertificateProblem cert = certificateProblem(e);
        if (cert != null) {
            return new NetworkException(NetworkException.Kind.CERTIFICATE, host, proxy, cert, e);
        }
        NetworkException.Kind kind;
        String message = e.getMessage() == null ? "" : e.getMessage();
        if (proxy != null && message.startsWith("Failed to authenticate with proxy")) {
            kind = NetworkException.Kind.PROXY_AUTH;
        } else if (proxy != null && message.startsWith("Unexpected response code for CONNECT")) {
            kind =
                    message.endsWith("407")
                            ? NetworkException.Kind.PROXY_AUTH
                            : NetworkException.Kind.PROXY;
        } else if (e instanceof UnknownHostException
                || e instanceof ConnectException
                || e instanceof NoRouteToHostException) {
            // through a proxy, the connection that failed is the one to the proxy
            kind = proxy != null ? NetworkException.Kind.PROXY : NetworkException.Kind.UNREACHABLE;
        } else if (e instanceof SSLException) {
            kind = NetworkException.Kind.TLS;
        } else if (e instanceof SocketTimeoutException || e instanceof InterruptedIOException) {
            kind = NetworkException.Kind.TIMEOUT;
        } else {
            kind = NetworkException.Kind.CONNECTION_LOST;
        }
        return new NetworkException(kind, host, proxy, null, e);
    }

    /**
     * What is wrong with the peer's certificate, read from the JDK's handshake failure (its causes:
     * a path not built to a trusted root, an expired certificate) or OkHttp's host name check; null
     * when the failure is not about the certificate.
     */
    static NetworkException.CertificateProblem certificateProblem(IOException e) {
        if (e instanceof SSLPeerUnverifiedException) {
            return NetworkException.CertificateProblem.WRONG_HOST;
        }
        if (!(e instanceof SSLException)) {
            return null;
        }
        boolean certificate = false;
        for (Throwable t = e; t != null && t != t.getCause(); t = t.getCause()) {
            if (t instanceof CertificateExpiredException
                    || t instanceof CertificateNotYetValidException) {
                return NetworkException.CertificateProblem.EXPIRED;
            }
            if (t instanceof CertificateException
                    || t instanceof CertPathBuilderException
                    || t instanceof CertPathValidatorException) {
                certificate = true;
            }
            String m = t.getMessage() == null ? "" : t.getMessage();
            if (m.contains("PKIX path") || m.contains("certification path")) {
                certificate = true;
            }
            if (m.contains("No subject alternative") || m.contains("No name matching")) {
                return NetworkException.CertificateProblem.WRONG_HOST;
            }
        }
        return certificate ? NetworkException.CertificateProblem.UNTRUSTED : null;
    }

    /** A reset or broken connection, worth retrying for an idempotent call. */
    public static boolean retryable(NetworkException e) {
        return e.kind() == NetworkException.Kind.CONNECTION_LOST;
    }

    /** The error of a non-success answer to a protected call (not 401/429/5xx-retry handling). */
    public static ServiceException forProtectedCall(HttpResult r) {
        ApiError err = Bodies.apiError(r);
        String cid = r.correlationId();
        int s = r.status();
        if (s == 400) {
            return new BadArgumentException(err, cid);
        }
        if (s == 403) {
            return new NotPermittedException(err, cid);
        }
        if (s >= 500) {
            return new ServiceUnavailableException(s, err == null ? null : err.message(), cid);
        }
        if (err == null && s >= 200 && s < 300) {
            return new UnexpectedResponseException(s, BodyKind.OTHER, null, cid, null);
        }
        return new ApiErrorException(s, err, cid);
    }

    /** The error of a failed login answer (anything but 200 and 429). */
    public static ServiceException forLogin(HttpResult r) {
        String cid = r.correlationId();
        int s = r.status();
        if (s >= 500) {
            ApiError err = Bodies.apiError(r);
            return new ServiceUnavailableException(s, err == null ? null : err.message(), cid);
        }
        JsonNode body;
        try {
            body = Bodies.readJson(r);
        } catch (UnexpectedResponseException e) {
            return e;
        }
        String raw = Bodies.text(body, "error");
        if (raw == null || raw.isBlank()) {
            if (s == 400 || s == 401) {
                return new UnexpectedResponseException(
                        s, BodyKind.MISSING_MEMBERS, "no error code", cid, null);
            }
            ApiError err = Bodies.apiError(r);
            return new ApiErrorException(s, err, cid);
        }
        String description = Bodies.text(body, "error_description");
        LoginError error = LoginError.fromWire(raw);
        return new LoginRejectedException(error, raw, description, reason(error, description), cid);
    }

    static Reason reason(LoginError error, String description) {
        String d = description == null ? "" : description.toLowerCase(Locale.ROOT);
        boolean notDelegated =
                d.contains("delegat")
                        && (d.contains("not")
                                || d.contains("no ")
                                || d.contains("never")
                                || d.contains("without"));
        switch (error) {
            case INVALID_CLIENT:
                return Reason.BAD_CREDENTIALS;
            case INVALID_GRANT:
                if (d.contains("block")) {
                    return Reason.BLOCKED;
                }
                if (d.contains("expir")) {
                    return Reason.EXPIRED;
                }
                return notDelegated ? Reason.NOT_DELEGATED : Reason.OTHER;
            case UNAUTHORIZED_CLIENT:
                return Reason.NOT_DELEGATED;
            case INVALID_REQUEST:
                return notDelegated ? Reason.NOT_DELEGATED : Reason.BAD_REQUEST;
            case INVALID_SCOPE:
                return Reason.SCOPE_REFUSED;
            default:
                return notDelegated ? Reason.NOT_DELEGATED : Reason.OTHER;
        }
    }

    /** The wait a 429 asks for (seconds or an HTTP-date), or null when it gives none. */
    public static Duration retryAfter(HttpResult r, Clock clock) {
        String v = r.headers().get("Retry-After");
        if (v == null || v.isBlank()) {
            return null;
        }
        v = v.trim();
        if (v.matches("\\d{1,9}")) {
            return Duration.ofSeconds(Long.parseLong(v));
        }
        Date d = r.headers().getDate("Retry-After");
        if (d == null) {
            return null;
        }
        Duration wait = Duration.between(clock.instant(), d.toInstant());
        return wait.isNegative() ? Duration.ZERO : wait;
    }
}
