package app.ishaar.core.service;

/**
 * A service address was refused before any request: missing, malformed, or plain HTTP off loopback.
 */
public final class InvalidEndpointException extends ServiceException {
    public enum Reason {
        MISSING,
        MALFORMED,
        HTTPS_REQUIRED
    }

    private final String field;
    private final String url;
    private final Reason reason;

    public InvalidEndpointException(String field, String url, Reason reason) {
        super(
                switch (reason) {
                    case MISSING -> field + ": an address is required";
                    case MALFORMED ->
                            field + ": not an http(s) address: " + InputRules.printable(url, 100);
                    case HTTPS_REQUIRED ->
                            field
                                    + ": HTTPS is required for a host other than this computer: "
                                    + InputRules.printable(url, 100);
                },
                null,
                null);
        this.field = field;
        this.url = url;
        this.reason = reason;
    }

    public String field() {
        return field;
    }

    public String url() {
        return url;
    }

    public Reason reason() {
        return reason;
    }
}
