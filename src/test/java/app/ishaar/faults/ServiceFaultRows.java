package app.ishaar.faults;

import static app.ishaar.faults.FaultKit.notification;
import static app.ishaar.faults.FaultKit.page;
import static app.ishaar.faults.FaultMatrixTest.ONE_PAGE;
import static app.ishaar.faults.FaultMatrixTest.TOKEN;
import static app.ishaar.faults.FaultMatrixTest.apiError;
import static app.ishaar.faults.FaultMatrixTest.html;
import static app.ishaar.faults.FaultMatrixTest.json;
import static app.ishaar.faults.FaultMatrixTest.pageNo;
import static app.ishaar.faults.FaultMatrixTest.resetMidBody;
import static app.ishaar.faults.FaultMatrixTest.status;

import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.ServiceUnavailableException;
import app.ishaar.core.service.SessionExpiredException;
import app.ishaar.core.service.UnexpectedResponseException;
import app.ishaar.core.service.UnexpectedResponseException.BodyKind;
import app.ishaar.faults.FaultMatrixTest.Case;
import app.ishaar.faults.FaultMatrixTest.Expect;
import app.ishaar.faults.FaultMatrixTest.Op;
import app.ishaar.faults.FaultMatrixTest.Where;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import mockwebserver3.SocketEffect;

/**
 * The fault matrix's rows for the service's own faults: expired and refused tokens, 429s, 5xx,
 * refused and reset connections, a stalled server, unreadable and very large answers.
 */
final class ServiceFaultRows {
    private ServiceFaultRows() {}

    static Stream<Case> cases() {
        return Stream.of(
                new Case(
                        "token expires mid-paging (401 on page 2)",
                        "logs in again once, reads every page",
                        Op.READ_ALL,
                        TOKEN,
                        (r, call, token) ->
                                token == 0 && call > 0 ? status(401) : json(200, pageNo(r)),
                        Where.LOOPBACK,
                        Expect.ok(3),
                        4,
                        2,
                        0,
                        null),
                new Case(
                        "401 twice (the renewed token is refused too)",
                        "SessionExpiredException; CLI exit 4 \"log in again\"",
                        Op.FETCH,
                        TOKEN,
                        (r, call, token) -> status(401),
                        Where.LOOPBACK,
                        Expect.fails(SessionExpiredException.class, e -> true),
                        2,
                        2,
                        4,
                        "log in again"),
                new Case(
                        "429 with Retry-After: 1",
                        "waits 1 s, retries, succeeds",
                        Op.FETCH,
                        TOKEN,
                        (r, call, token) ->
                                call == 0
                                        ? new MockResponse.Builder()
                                                .code(429)
                                                .addHeader("Retry-After", "1")
                                                .build()
                                        : json(200, page(1, 2, "n1", "n2")),
                        Where.LOOPBACK,
                        Expect.ok(2),
                        2,
                        1,
                        0,
                        null),
                new Case(
                        "429 without Retry-After, persistent",
                        "paced with a growing backoff until no request has been admitted for the"
                                + " patience (5 min; 1 s here), then ServiceUnavailableException(429);"
                                + " CLI exit 5",
                        Op.FETCH,
                        TOKEN,
                        (r, call, token) -> status(429),
                        Where.LOOPBACK,
                        Expect.fails(ServiceUnavailableException.class, e -> e.status() == 429),
                        -1,
                        1,
                        5,
                        "429"),
                new Case(
                        "429 asking to wait an hour",
                        "fails at once, ServiceUnavailableException(429); CLI exit 5",
                        Op.FETCH,
                        TOKEN,
                        (r, call, token) ->
                                new MockResponse.Builder()
                                        .code(429)
                                        .addHeader("Retry-After", "3600")
                                        .build(),
                        Where.LOOPBACK,
                        Expect.fails(ServiceUnavailableException.class, e -> e.status() == 429),
                        1,
                        1,
                        5,
                        "3600 s"),
                new Case(
                        "500 Internal Server Error",
                        "not retried; ServiceUnavailableException(500); CLI exit 5",
                        Op.FETCH,
                        TOKEN,
                        (r, call, token) -> apiError(500, "InternalError", "boom"),
                        Where.LOOPBACK,
                        Expect.fails(ServiceUnavailableException.class, e -> e.status() == 500),
                        1,
                        1,
                        5,
                        "HTTP 500"),
                new Case(
                        "502 Bad Gateway, persistent",
                        "retried twice; ServiceUnavailableException(502); CLI exit 5",
                        Op.FETCH,
                        TOKEN,
                        (r, call, token) -> status(502),
                        Where.LOOPBACK,
                        Expect.fails(ServiceUnavailableException.class, e -> e.status() == 502),
                        3,
                        1,
                        5,
                        "HTTP 502"),
                new Case(
                        "503 Service Unavailable, persistent",
                        "retried twice; ServiceUnavailableException(503); CLI exit 5",
                        Op.FETCH,
                        TOKEN,
                        (r, call, token) -> status(503),
                        Where.LOOPBACK,
                        Expect.fails(ServiceUnavailableException.class, e -> e.status() == 503),
                        3,
                        1,
                        5,
                        "HTTP 503"),
                new Case(
                        "503 once, then fine",
                        "retried, succeeds",
                        Op.FETCH,
                        TOKEN,
                        (r, call, token) ->
                                call == 0 ? status(503) : json(200, page(1, 2, "n1", "n2")),
                        Where.LOOPBACK,
                        Expect.ok(2),
                        2,
                        1,
                        0,
                        null),
                new Case(
                        "504 Gateway Timeout, persistent",
                        "retried twice; ServiceUnavailableException(504); CLI exit 5",
                        Op.FETCH,
                        TOKEN,
                        (r, call, token) -> status(504),
                        Where.LOOPBACK,
                        Expect.fails(ServiceUnavailableException.class, e -> e.status() == 504),
                        3,
                        1,
                        5,
                        "HTTP 504"),
                new Case(
                        "connection refused",
                        "NetworkException(UNREACHABLE) naming the host; CLI exit 5",
                        Op.FETCH,
                        TOKEN,
                        ONE_PAGE,
                        Where.REFUSED,
                        Expect.fails(
                                NetworkException.class,
                                e ->
                                        e.kind() == NetworkException.Kind.UNREACHABLE
                                                && "127.0.0.1".equals(e.host())),
                        0,
                        0,
                        5,
                        "cannot reach 127.0.0.1"),
                new Case(
                        "connection reset mid-body, once",
                        "retried, succeeds",
                        Op.FETCH,
                        TOKEN,
                        (r, call, token) ->
                                call == 0 ? resetMidBody() : json(200, page(1, 2, "n1", "n2")),
                        Where.LOOPBACK,
                        Expect.ok(2),
                        2,
                        1,
                        0,
                        null),
                new Case(
                        "connection reset mid-body, persistent",
                        "retried twice; NetworkException(CONNECTION_LOST); CLI exit 5",
                        Op.FETCH,
                        TOKEN,
                        (r, call, token) -> resetMidBody(),
                        Where.LOOPBACK,
                        Expect.fails(
                                NetworkException.class,
                                e -> e.kind() == NetworkException.Kind.CONNECTION_LOST),
                        3,
                        1,
                        5,
                        "was lost"),
                new Case(
                        "stalled server (no byte after the headers)",
                        "read timeout; NetworkException(TIMEOUT); CLI exit 5",
                        Op.FETCH,
                        TOKEN,
                        (r, call, token) ->
                                json(200, page(1, 2, "n1", "n2"))
                                        .newBuilder()
                                        .onResponseBody(SocketEffect.Stall.INSTANCE)
                                        .build(),
                        Where.LOOPBACK,
                        Expect.fails(
                                NetworkException.class,
                                e -> e.kind() == NetworkException.Kind.TIMEOUT),
                        1,
                        1,
                        5,
                        "did not answer in time"),
                new Case(
                        "stalled identity service",
                        "read timeout at login; NetworkException(TIMEOUT); CLI exit 5",
                        Op.LOGIN,
                        (r, call, token) ->
                                TOKEN.answer(r, call, token)
                                        .newBuilder()
                                        .onResponseStart(SocketEffect.Stall.INSTANCE)
                                        .build(),
                        ONE_PAGE,
                        Where.LOOPBACK,
                        Expect.fails(
                                NetworkException.class,
                                e -> e.kind() == NetworkException.Kind.TIMEOUT),
                        0,
                        1,
                        5,
                        "did not answer in time"),
                new Case(
                        "truncated JSON",
                        "UnexpectedResponseException(MALFORMED_JSON); CLI exit 5",
                        Op.FETCH,
                        TOKEN,
                        (r, call, token) -> {
                            String p = page(1, 2, "n1", "n2");
                            return json(200, p.substring(0, p.length() / 2));
                        },
                        Where.LOOPBACK,
                        Expect.fails(
                                UnexpectedResponseException.class,
                                e -> e.bodyKind() == BodyKind.MALFORMED_JSON),
                        1,
                        1,
                        5,
                        "malformed json"),
                new Case(
                        "HTML error page from a proxy (200)",
                        "UnexpectedResponseException(HTML); CLI exit 5",
                        Op.FETCH,
                        TOKEN,
                        (r, call, token) -> html(200),
                        Where.LOOPBACK,
                        Expect.fails(
                                UnexpectedResponseException.class,
                                e -> e.bodyKind() == BodyKind.HTML),
                        1,
                        1,
                        5,
                        "html"),
                new Case(
                        "HTML 502 page from a proxy",
                        "retried twice; ServiceUnavailableException(502); CLI exit 5",
                        Op.FETCH,
                        TOKEN,
                        (r, call, token) -> html(502),
                        Where.LOOPBACK,
                        Expect.fails(ServiceUnavailableException.class, e -> e.status() == 502),
                        3,
                        1,
                        5,
                        "HTTP 502"),
                new Case(
                        "HTML page from a proxy at login",
                        "UnexpectedResponseException(HTML); CLI exit 5",
                        Op.LOGIN,
                        (r, call, token) -> html(200),
                        ONE_PAGE,
                        Where.LOOPBACK,
                        Expect.fails(
                                UnexpectedResponseException.class,
                                e -> e.bodyKind() == BodyKind.HTML),
                        0,
                        1,
                        5,
                        "html"),
                new Case(
                        "empty 200",
                        "UnexpectedResponseException(EMPTY); CLI exit 5",
                        Op.FETCH,
                        TOKEN,
                        (r, call, token) -> json(200, ""),
                        Where.LOOPBACK,
                        Expect.fails(
                                UnexpectedResponseException.class,
                                e -> e.bodyKind() == BodyKind.EMPTY),
                        1,
                        1,
                        5,
                        "empty"),
                new Case(
                        "200 without result",
                        "UnexpectedResponseException(MISSING_MEMBERS); CLI exit 5",
                        Op.FETCH,
                        TOKEN,
                        (r, call, token) ->
                                json(200, "{\"metadata\":{\"totalPages\":1,\"totalCount\":0}}"),
                        Where.LOOPBACK,
                        Expect.fails(
                                UnexpectedResponseException.class,
                                e -> e.bodyKind() == BodyKind.MISSING_MEMBERS),
                        1,
                        1,
                        5,
                        "missing members"),
                new Case(
                        "100 notifications × 50 attempts × 20 kB message",
                        "read whole (2 MB page); CLI prints all 100",
                        Op.FETCH,
                        TOKEN,
                        (r, call, token) -> json(200, BIG_PAGE),
                        Where.LOOPBACK,
                        Expect.ok(100),
                        1,
                        1,
                        0,
                        null));
    }

    static final String BIG_PAGE;

    static {
        List<ObjectNode> items = new ArrayList<>();
        Instant t = Instant.parse("2026-03-01T10:00:00Z");
        for (int i = 0; i < 100; i++) {
            items.add(notification("big-" + i, t.minusSeconds(i * 60L), 50, 20_000));
        }
        BIG_PAGE = page(1, 100, items);
    }
}
