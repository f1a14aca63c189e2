package app.ishaar.core.service;

/**
 * No usable answer reached us: host or proxy unreachable, a certificate not trusted, another TLS
 * failure, no answer in time, or the connection broke. The message says so in words and names the
 * host (and the proxy, when one was used); the cause is for {@code -v} only.
 */
public final class NetworkException extends ServiceException {
    public enum Kind {
        UNREACHABLE,
        /** The service's certificate is not trusted here, expired, or names another host. */
        CERTIFICATE,
        /** The secure connection failed for another reason (protocol, cipher, renegotiation). */
        TLS,
        TIMEOUT,
        CONNECTION_LOST,
        /** The proxy cannot be reached or refused the tunnel. */
        PROXY,
        /** The proxy asks for a user name and password, or refused those given. */
        PROXY_AUTH
    }

    /** What is wrong with a certificate, when the kind is CERTIFICATE. */
    public enum CertificateProblem {
        UNTRUSTED,
        EXPIRED,
        WRONG_HOST
    }

    private final Kind kind;
    private final String host;
    private final String proxy;
    private final CertificateProblem certificateProblem;

    public NetworkException(Kind kind, String host, Throwable cause) {
        this(kind, host, null, null, cause);
    }

    public NetworkException(
            Kind kind,
            String host,
            String proxy,
            CertificateProblem certificateProblem,
            Throwable cause) {
        super(message(kind, host, proxy, certificateProblem), null, cause);
        this.kind = kind;
        this.host = host;
        this.proxy = proxy;
        this.certificateProblem =
                kind == Kind.CERTIFICATE && certificateProblem == null
                        ? CertificateProblem.UNTRUSTED
                        : certificateProblem;
    }

    private static String message(
            Kind kind, String host, String proxy, CertificateProblem problem) {
        String via = proxy == null ? "" : " through the proxy " + proxy;
        return switch (kind) {
            case UNREACHABLE -> "cannot reach " + host + via;
            case CERTIFICATE ->
                    switch (problem == null ? CertificateProblem.UNTRUSTED : problem) {
                        case UNTRUSTED ->
                                "the certificate of "
                                        + host
                                        + " is not trusted on this computer: the connection was"
                                        + " refused (a network that inspects HTTPS needs its"
                                        + " certificate installed)";
                        case EXPIRED ->
                                "the certificate of "
                                        + host
                                        + " has expired (or this computer's clock is wrong):"
                                        + " the connection was refused";
                        case WRONG_HOST ->
                                "the certificate presented for "
                                        + host
                                        + " is for another host: the connection was refused";
                    };
            case TLS -> "the secure connection to " + host + via + " failed";
            case TIMEOUT -> host + " did not answer in time" + via;
            case CONNECTION_LOST -> "the connection to " + host + " was lost" + via;
            case PROXY ->
                    "the proxy "
                            + proxy
                            + " could not open a connection to "
                            + host
                            + " (is the proxy address right, and does it allow HTTPS?)";
            case PROXY_AUTH ->
                    "the proxy "
                            + proxy
                            + " asks for a user name and password, or refused those given";
        };
    }

    public Kind kind() {
        return kind;
    }

    public String host() {
        return host;
    }

    /** The proxy the request went through ("host:port"), or null for a direct connection. */
    public String proxy() {
        return proxy;
    }

    /** What is wrong with the certificate, for the CERTIFICATE kind; null otherwise. */
    public CertificateProblem certificateProblem() {
        return certificateProblem;
    }
}
