package app.ishaar.faults;

import static app.ishaar.faults.FaultKit.page;

import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.TestTokens;
import app.ishaar.core.service.UnexpectedResponseException;
import app.ishaar.core.service.UnexpectedResponseException.BodyKind;
import app.ishaar.faults.FaultMatrixTest.Answer;
import app.ishaar.faults.FaultMatrixTest.Case;
import app.ishaar.faults.FaultMatrixTest.Expect;
import app.ishaar.faults.FaultMatrixTest.Op;
import app.ishaar.faults.FaultMatrixTest.Where;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import mockwebserver3.MockResponse;
import mockwebserver3.MockResponseBody;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.tls.HandshakeCertificates;
import okhttp3.tls.HeldCertificate;
import okio.Buffer;
import okio.BufferedSink;

/**
 * The fault matrix's rows for a hostile network and a strict service: answers without end, a gzip
 * bomb, a server that sends one byte at a time, page counts that lie, rows that shift while paging,
 * a strict rate limit, a clock ahead of the service's, an untrusted certificate. The test
 * configuration ({@link FaultKit#config()}) gives each exchange a 4 s deadline (60 s by default)
 * and the rate-limit patience 1 s (5 min by default).
 */
final class NetworkFaultRows {
    private NetworkFaultRows() {}

    private static final Answer TOKEN = FaultMatrixTest.TOKEN;
    private static final Answer ONE_PAGE = FaultMatrixTest.ONE_PAGE;

    static Stream<Case> cases() {
        WindowLimit twoASecond = new WindowLimit(2, 1000);
        gzipBomb(); // made before any exchange starts: it takes a moment
        return Stream.of(
                new Case(
                        "answer of 500 MB (Content-Length says so)",
                        "refused after the headers, nothing read: UnexpectedResponseException"
                                + "(TOO_LARGE); CLI exit 5",
                        Op.FETCH,
                        TOKEN,
                        (r, call, token) -> endless(500L * 1024 * 1024),
                        Where.LOOPBACK,
                        tooLarge(),
                        1,
                        1,
                        5,
                        "larger than 16 MB"),
                new Case(
                        "endless answer (no Content-Length)",
                        "reading stops at 16 MB: UnexpectedResponseException(TOO_LARGE); CLI exit 5",
                        Op.FETCH,
                        TOKEN,
                        (r, call, token) -> endless(-1),
                        Where.LOOPBACK,
                        tooLarge(),
                        1,
                        1,
                        5,
                        "larger than 16 MB"),
                new Case(
                        "token answer of 500 MB",
                        "refused after the headers: UnexpectedResponseException(TOO_LARGE); CLI"
                                + " exit 5",
                        Op.LOGIN,
                        (r, call, token) -> endless(500L * 1024 * 1024),
                        ONE_PAGE,
                        Where.LOOPBACK,
                        tooLarge(),
                        0,
                        1,
                        5,
                        "larger than 1 MB"),
                new Case(
                        "gzip bomb: 40 kB inflating to 40 MB",
                        "inflating stops at 32 MB: UnexpectedResponseException(TOO_LARGE); CLI"
                                + " exit 5",
                        Op.FETCH,
                        TOKEN,
                        (r, call, token) -> gzipBomb(),
                        Where.LOOPBACK,
                        tooLarge(),
                        1,
                        1,
                        5,
                        "once decompressed"),
                new Case(
                        "slowloris API: one byte every 100 ms",
                        "the exchange's deadline ends it (60 s; 4 s here): NetworkException"
                                + "(TIMEOUT); CLI exit 5",
                        Op.FETCH,
                        TOKEN,
                        (r, call, token) -> slow(FaultMatrixTest.json(200, page(1, 2, "n1", "n2"))),
                        Where.LOOPBACK,
                        timeout(),
                        1,
                        1,
                        5,
                        "did not answer in time"),
                new Case(
                        "slowloris identity service: one byte every 100 ms",
                        "the exchange's deadline ends the login: NetworkException(TIMEOUT); CLI"
                                + " exit 5",
                        Op.LOGIN,
                        (r, call, token) -> slow(TOKEN.answer(r, call, token)),
                        ONE_PAGE,
                        Where.LOOPBACK,
                        timeout(),
                        0,
                        1,
                        5,
                        "did not answer in time"),
                new Case(
                        "totalPages = 10^9 for 2 notifications",
                        "--all stops at the first empty page: 2 notifications, 3 requests",
                        Op.READ_ALL,
                        TOKEN,
                        (r, call, token) -> {
                            int n = pageNo(r);
                            return FaultMatrixTest.json(
                                    200,
                                    n <= 2
                                            ? page(1_000_000_000, 1_000_000_000L, "n" + n)
                                            : page(1_000_000_000, 1_000_000_000L));
                        },
                        Where.LOOPBACK,
                        Expect.ok(2),
                        3,
                        1,
                        0,
                        null),
                new Case(
                        "totalPages = 1000, empty pages after the first",
                        "--all stops at the empty page 2: 10 notifications, 2 requests",
                        Op.READ_ALL_BY_10,
                        TOKEN,
                        (r, call, token) ->
                                FaultMatrixTest.json(
                                        200,
                                        pageNo(r) == 1
                                                ? page(1000, 10_000, ids("a", 0, 10))
                                                : page(1000, 10_000)),
                        Where.LOOPBACK,
                        Expect.ok(10),
                        2,
                        1,
                        0,
                        null),
                new Case(
                        "every page is page 1 (pageNo ignored)",
                        "--all stops at the first page of repeats: 10 notifications, 2 requests",
                        Op.READ_ALL_BY_10,
                        TOKEN,
                        (r, call, token) ->
                                FaultMatrixTest.json(200, page(1000, 10_000, ids("a", 0, 10))),
                        Where.LOOPBACK,
                        Expect.ok(10),
                        2,
                        1,
                        0,
                        null),
                new Case(
                        "notifications arrive while paging (rows shift to later pages)",
                        "each notification once: all 25, 4 requests",
                        Op.READ_ALL_BY_10,
                        TOKEN,
                        NetworkFaultRows::shifting,
                        Where.LOOPBACK,
                        Expect.ok(25),
                        4,
                        1,
                        0,
                        null),
                new Case(
                        "strict rate limit: 2 requests a second, 429 + Retry-After: 1",
                        "paced, never gives up while pages come: all 45 notifications",
                        Op.READ_ALL_BY_10,
                        TOKEN,
                        (r, call, token) ->
                                twoASecond.admit()
                                        ? FaultMatrixTest.json(200, pageOf(r, 45, 10))
                                        : new MockResponse.Builder()
                                                .code(429)
                                                .addHeader("Retry-After", "1")
                                                .build(),
                        Where.LOOPBACK,
                        Expect.ok(45),
                        -1,
                        1,
                        0,
                        null),
                new Case(
                        "token whose exp is 2 h past by the client's clock",
                        "timed by its lifetime (expires_in) on this computer's clock: one login for 3 requests",
                        Op.READ_ALL,
                        (r, call, token) -> TestTokens.tokenResponse(pastExpiry(call)),
                        (r, call, token) -> FaultMatrixTest.json(200, FaultMatrixTest.pageNo(r)),
                        Where.LOOPBACK,
                        Expect.ok(3),
                        3,
                        1,
                        0,
                        null),
                new Case(
                        "untrusted certificate",
                        "NetworkException(CERTIFICATE) naming the host; the CLI says so without -v,"
                                + " exit 5",
                        Op.FETCH,
                        TOKEN,
                        ONE_PAGE,
                        Where.UNTRUSTED_TLS,
                        Expect.fails(
                                NetworkException.class,
                                e ->
                                        e.kind() == NetworkException.Kind.CERTIFICATE
                                                && "localhost".equals(e.host())),
                        0,
                        0,
                        5,
                        "certificate of localhost is not trusted"));
    }

    private static Expect tooLarge() {
        return Expect.fails(
                UnexpectedResponseException.class, e -> e.bodyKind() == BodyKind.TOO_LARGE);
    }

    private static Expect timeout() {
        return Expect.fails(NetworkException.class, e -> e.kind() == NetworkException.Kind.TIMEOUT);
    }

    // ------------------------------------------------------------------ answers

    /** Zeros without end (until the client hangs up), {@code length} announced or not (-1). */
    static MockResponse endless(long length) {
        byte[] chunk = new byte[64 * 1024];
        java.util.Arrays.fill(chunk, (byte) '0');
        return new MockResponse.Builder()
                .code(200)
                .addHeader("Content-Type", "application/json")
                .body(
                        new MockResponseBody() {
                            @Override
                            public long getContentLength() {
                                return length;
                            }

                            @Override
                            public void writeTo(BufferedSink sink) throws IOException {
                                long left = length < 0 ? Long.MAX_VALUE : length;
                                while (left > 0) {
                                    int n = (int) Math.min(chunk.length, left);
                                    sink.write(chunk, 0, n);
                                    sink.flush();
                                    left -= n;
                                }
                            }
                        })
                .build();
    }

    private static Buffer bomb;

    /** 40 MB of spaces gzipped (about 40 kB): valid JSON white space, were it read whole. */
    static synchronized MockResponse gzipBomb() {
        if (bomb == null) {
            Buffer b = new Buffer();
            try (GZIPOutputStream gz =
                    new GZIPOutputStream(b.outputStream(), 64 * 1024) {
                        {
                            def.setLevel(Deflater.BEST_COMPRESSION);
                        }
                    }) {
                byte[] spaces = new byte[1024 * 1024];
                java.util.Arrays.fill(spaces, (byte) ' ');
                for (int i = 0; i < 40; i++) {
                    gz.write(spaces);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            bomb = b;
        }
        return new MockResponse.Builder()
                .code(200)
                .addHeader("Content-Type", "application/json")
                .addHeader("Content-Encoding", "gzip")
                .body(bomb.clone())
                .build();
    }

    /** The same answer, one byte every 100 ms. */
    static MockResponse slow(MockResponse m) {
        return m.newBuilder().throttleBody(1, 100, TimeUnit.MILLISECONDS).build();
    }

    static int pageNo(RecordedRequest r) {
        String p = r.getUrl().queryParameter("pageNo");
        return p == null ? 1 : Integer.parseInt(p);
    }

    static String[] ids(String prefix, int from, int to) {
        List<String> ids = new ArrayList<>();
        for (int i = from; i < to; i++) {
            ids.add(prefix + i);
        }
        return ids.toArray(new String[0]);
    }

    /** Page {@code pageNo} of a history of {@code total} notifications b0… (newest first). */
    static String pageOf(RecordedRequest r, int total, int size) {
        int n = pageNo(r);
        int from = Math.min(total, (n - 1) * size);
        int to = Math.min(total, n * size);
        return page((total + size - 1) / size, total, ids("b", from, to));
    }

    /**
     * 25 notifications, and three new ones arriving before each request after the first: every
     * later item moves three places down, so each page repeats some of the page before.
     */
    static MockResponse shifting(RecordedRequest r, int call, int token) {
        List<String> history = new ArrayList<>();
        for (int k = 3 * call; k >= 1; k--) {
            history.add("new" + k);
        }
        history.addAll(List.of(ids("b", 0, 25)));
        int n = pageNo(r);
        int from = Math.min(history.size(), (n - 1) * 10);
        int to = Math.min(history.size(), n * 10);
        int pages = (history.size() + 9) / 10;
        return FaultMatrixTest.json(
                200, page(pages, history.size(), history.subList(from, to).toArray(new String[0])));
    }

    /** A token the service says lasts an hour, whose exp is two hours ago by this clock. */
    static String pastExpiry(int call) {
        long now = Instant.now().getEpochSecond();
        return TestTokens.jwt(
                "{\"nbf\":"
                        + (now - 3 * 3600)
                        + ",\"exp\":"
                        + (now - 2 * 3600)
                        + ",\"client_id\":\"erp-nile\",\"jti\":\"past-"
                        + call
                        + "\"}");
    }

    /** Admits {@code requests} per fixed window of {@code windowMs}, like the service's limiter. */
    static final class WindowLimit {
        private final int requests;
        private final long windowNanos;
        private long start = System.nanoTime();
        private int used;

        WindowLimit(int requests, long windowMs) {
            this.requests = requests;
            this.windowNanos = TimeUnit.MILLISECONDS.toNanos(windowMs);
        }

        synchronized boolean admit() {
            long now = System.nanoTime();
            if (now - start >= windowNanos) {
                start = now;
                used = 0;
            }
            return ++used <= requests;
        }
    }

    // ------------------------------------------------------------------ an untrusted service

    private static MockWebServer untrusted;

    /** An HTTPS server on loopback whose certificate (for localhost) nothing here trusts. */
    static synchronized MockWebServer untrusted() throws IOException {
        if (untrusted == null) {
            HeldCertificate cert =
                    new HeldCertificate.Builder()
                            .commonName("localhost")
                            .addSubjectAlternativeName("localhost")
                            .build();
            HandshakeCertificates server =
                    new HandshakeCertificates.Builder().heldCertificate(cert).build();
            untrusted = new MockWebServer();
            untrusted.useHttps(server.sslSocketFactory());
            untrusted.start();
        }
        return untrusted;
    }

    static synchronized void closeUntrusted() throws IOException {
        if (untrusted != null) {
            untrusted.close();
            untrusted = null;
        }
    }
}
