package app.ishaar.core.service.http;

/**
 * The most bytes an answer may have: as sent ({@code wire}, before any decompression) and as read
 * ({@code decoded}, after it). Carried as a request tag from the exchange to the transport.
 */
public record BodyLimit(long wire, long decoded) {

    private static final long MIB = 1024L * 1024;

    /**
     * A page of the history: 100 notifications are a few MB at most (the fault suite's largest
     * page, 100 notifications with 50 attempts and a 20 kB message each, is 3.5 MB); four times
     * that on the wire, eight times that decompressed.
     */
    public static final BodyLimit API = new BodyLimit(16 * MIB, 32 * MIB);

    /** A token answer is a few kB (a JWT and four members); an error page somewhat more. */
    public static final BodyLimit LOGIN = new BodyLimit(MIB, MIB);

    /** The limit in words: "16 MB". */
    public static String words(long bytes) {
        return bytes >= MIB ? (bytes / MIB) + " MB" : (bytes / 1024) + " kB";
    }
}
