package app.ishaar.core.service;

/** No usable answer reached us: host unreachable, TLS failure, timeout, or the connection broke. */
public final class NetworkException extends ServiceException {
    public enum Kind {
        UNREACHABLE,
        TLS,
        TIMEOUT,
        CONNECTION_LOST
    }

    private final Kind kind;
    private final String host;

    public NetworkException(Kind kind, String host, Throwable cause) {
        super(
                switch (kind) {
                    case UNREACHABLE -> "cannot reach " + host;
                    case TLS -> "secure connection to " + host + " failed";
                    case TIMEOUT -> host + " did not answer in time";
                    case CONNECTION_LOST -> "the connection to " + host + " was lost";
                },
                null,
                cause);
        this.kind = kind;
        this.host = host;
    }

    public Kind kind() {
        return kind;
    }

    public String host() {
        return host;
    }
}
