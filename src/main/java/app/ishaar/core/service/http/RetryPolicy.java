package app.ishaar.core.service.http;

import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.ServiceUnavailableException;
import app.ishaar.core.service.SessionExpiredException;
import java.time.Duration;

/**
 * The one retry policy of the client, for logins and protected calls alike: what to do with each
 * answer or failure of an attempt. It decides only; {@link Exchange} carries the decision out.
 *
 * <ul>
 *   <li>2xx (a login: 200): accepted.
 *   <li>401 on a protected call: log in again once and retry; a second 401 ends the session.
 *   <li>429: the {@link Pacer} slows every request of the client down and this one is sent again
 *       when the pacing lets it, for as long as some request of the client has succeeded within the
 *       patience ({@link ClientConfig#rateLimitPatience()}); a {@code Retry-After} longer than
 *       {@link ClientConfig#maxRetryAfter()} fails at once.
 *   <li>502, 503, 504 and a dropped connection, on a request that may be sent twice (not a login):
 *       retried {@link ClientConfig#maxRetries()} times, after {@code Retry-After} when given (up
 *       to its cap) or an exponential backoff.
 *   <li>Anything else: the typed error of the answer.
 * </ul>
 */
final class RetryPolicy {

    enum Kind {
        ACCEPT,
        RETRY,
        RELOGIN,
        FAIL
    }

    /** What to do next; {@code failure} null on FAIL means the answer's own error. */
    record Decision(Kind kind, Duration delay, ServiceException failure) {
        static final Decision ACCEPT = new Decision(Kind.ACCEPT, Duration.ZERO, null);
        static final Decision RELOGIN = new Decision(Kind.RELOGIN, Duration.ZERO, null);
        static final Decision REFUSED = new Decision(Kind.FAIL, Duration.ZERO, null);

        static Decision retry(Duration delay) {
            return new Decision(Kind.RETRY, delay, null);
        }

        static Decision fail(ServiceException e) {
            return new Decision(Kind.FAIL, Duration.ZERO, e);
        }
    }

    /** The attempts of one operation so far. */
    static final class State {
        int transientRetries;
        int rateLimited;
        boolean relogged;
    }

    private final ClientConfig config;
    private final boolean repeatable;
    private final boolean protectedCall;

    /**
     * @param repeatable whether the request may be sent twice after an unknown outcome (a GET: yes;
     *     a login: no, every login counts against the client's login limit)
     * @param protectedCall whether it carries a token (then a 401 means: log in again)
     */
    RetryPolicy(ClientConfig config, boolean repeatable, boolean protectedCall) {
        this.config = config;
        this.repeatable = repeatable;
        this.protectedCall = protectedCall;
    }

    /** Decides on an answer, and tells the pacer what the answer says about the client's pace. */
    Decision onAnswer(HttpResult r, State st, Pacer pacer, Pacer.Permit permit) {
        int s = r.status();
        if (s == 429) {
            return onRateLimited(r, st, pacer, permit);
        }
        if (s >= 500) {
            pacer.released(permit);
        } else {
            pacer.admitted(permit);
        }
        boolean accepted = protectedCall ? s >= 200 && s < 300 : s == 200;
        if (accepted) {
            return Decision.ACCEPT;
        }
        if (s == 401 && protectedCall) {
            if (st.relogged) {
                return Decision.fail(
                        new SessionExpiredException(
                                "the renewed token was refused too", r.correlationId(), null));
            }
            st.relogged = true;
            return Decision.RELOGIN;
        }
        if ((s == 502 || s == 503 || s == 504)
                && repeatable
                && st.transientRetries < config.maxRetries()) {
            Duration asked = Failures.retryAfter(r, config.clock());
            Duration wait = backoff(++st.transientRetries);
            if (asked != null && asked.compareTo(config.maxRetryAfter()) <= 0) {
                wait = asked.compareTo(wait) > 0 ? asked : wait;
            }
            return Decision.retry(wait);
        }
        return Decision.REFUSED;
    }

    /** Decides on a transport failure (the pacer has been told already). */
    Decision onNetworkFailure(NetworkException e, State st) {
        if (repeatable && Failures.retryable(e) && st.transientRetries < config.maxRetries()) {
            return Decision.retry(backoff(++st.transientRetries));
        }
        return Decision.fail(e);
    }

    private Decision onRateLimited(HttpResult r, State st, Pacer pacer, Pacer.Permit permit) {
        Duration asked = Failures.retryAfter(r, config.clock());
        st.rateLimited++;
        if (asked != null && asked.compareTo(config.maxRetryAfter()) > 0) {
            pacer.limited(permit, config.maxRetryAfter());
            return Decision.fail(
                    new ServiceUnavailableException(
                            429,
                            "the service asks to wait "
                                    + asked.toSeconds()
                                    + " s, more than "
                                    + config.maxRetryAfter().toSeconds()
                                    + " s",
                            r.correlationId()));
        }
        // no Retry-After, or "0": wait a growing backoff, never a busy loop
        Duration wait =
                asked == null || asked.isZero() ? backoff(Math.min(st.rateLimited, 8)) : asked;
        pacer.limited(permit, wait);
        if (!pacer.patient()) {
            return Decision.fail(
                    new ServiceUnavailableException(
                            429,
                            "no request has been admitted for "
                                    + config.rateLimitPatience().toSeconds()
                                    + " s",
                            r.correlationId()));
        }
        return Decision.retry(Duration.ZERO);
    }

    /** retryBackoff · 2^(attempt-1), attempt counted from 1. */
    Duration backoff(int attempt) {
        return config.retryBackoff().multipliedBy(1L << Math.min(10, Math.max(0, attempt - 1)));
    }
}
