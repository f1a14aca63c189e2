package app.ishaar.core.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ApiError;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.LoginError;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.NotPermittedException;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.ServiceUnavailableException;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.SessionExpiredException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class TaxpayerSessionsTest {
    static final Rin NILE = Rin.of("204918573");
    static final Rin CAIRO = Rin.of("287364519");

    final Environment env = Environment.production();
    final List<FakeSession> opened = new ArrayList<>();
    Consumer<FakeSession> script = s -> {};

    TaxpayerSessions sessions() {
        TaxpayerSessions t =
                new TaxpayerSessions(
                        (e, c) -> {
                            FakeSession s = new FakeSession(e, c);
                            script.accept(s);
                            synchronized (opened) {
                                opened.add(s);
                            }
                            return s;
                        },
                        env,
                        new Credentials("erp-1", "secret".toCharArray(), "999999999", null));
        return t;
    }

    static Session get(CompletableFuture<Session> f) throws Exception {
        return f.get(10, TimeUnit.SECONDS);
    }

    static Throwable failure(CompletableFuture<Session> f) {
        ExecutionException e =
                assertThrows(ExecutionException.class, () -> f.get(10, TimeUnit.SECONDS));
        return ServiceException.unwrap(e);
    }

    static LoginRejectedException rejected(LoginRejectedException.Reason reason) {
        return new LoginRejectedException(
                LoginError.UNAUTHORIZED_CLIENT,
                "unauthorized_client",
                "not delegated",
                reason,
                null);
    }

    @Test
    void oneLoginPerTaxpayerSharedByEveryCaller() throws Exception {
        TaxpayerSessions t = sessions();
        CompletableFuture<Session> a = t.session(NILE);
        CompletableFuture<Session> b = t.session(NILE);
        Session first = get(a);
        get(b);
        get(t.session(NILE));
        assertEquals(1, opened.size(), "one session for the taxpayer");
        assertEquals(1, opened.get(0).logins, "one login, its token reused");
        assertEquals("204918573", first.key().onBehalfOf());
        assertEquals(1, t.loggedIn().size());
    }

    @Test
    void theErpsOwnTaxpayerLogsInWithoutOnBehalfOfAndRepresentedOnesWithTheirRin()
            throws Exception {
        TaxpayerSessions t = sessions();
        get(t.session(null));
        get(t.session(NILE));
        get(t.session(CAIRO));
        assertEquals(3, opened.size());
        assertNull(opened.get(0).credentials.onBehalfOf(), "the login's own RIN is not sent");
        assertEquals("204918573", opened.get(1).credentials.onBehalfOf());
        assertEquals("287364519", opened.get(2).credentials.onBehalfOf());
        assertArrayEquals("secret".toCharArray(), opened.get(2).credentials.clientSecret());
    }

    @Test
    void aRefusedLoginIsRememberedAndNotAskedAgainUntilTryAgain() throws Exception {
        script = s -> s.loginAnswers.add(rejected(LoginRejectedException.Reason.NOT_DELEGATED));
        TaxpayerSessions t = sessions();
        assertInstanceOf(LoginRejectedException.class, failure(t.session(NILE)));
        assertInstanceOf(LoginRejectedException.class, failure(t.session(NILE)));
        assertEquals(1, opened.size(), "the refusal was not asked for again");
        assertTrue(opened.get(0).closed);
        assertTrue(t.refused(NILE));

        // another taxpayer is not concerned
        script = s -> {};
        get(t.session(CAIRO));
        assertFalse(t.refused(CAIRO));

        get(t.retry(NILE));
        assertFalse(t.refused(NILE));
        assertEquals(3, opened.size());
    }

    @Test
    void aFaultIsNotRememberedAsARefusal() throws Exception {
        script =
                s ->
                        s.loginAnswers.add(
                                new NetworkException(
                                        NetworkException.Kind.UNREACHABLE, "id.eta.gov.eg", null));
        TaxpayerSessions t = sessions();
        assertInstanceOf(NetworkException.class, failure(t.session(NILE)));
        assertFalse(t.refused(NILE));
        script = s -> {};
        get(t.session(NILE));
        assertEquals(2, opened.size(), "asked again after a fault");
    }

    @Test
    void aForbiddenHistoryIsRememberedAsARefusal() throws Exception {
        script =
                s ->
                        s.fetchAnswer =
                                new NotPermittedException(
                                        new ApiError("Forbidden", "no access", null, List.of()),
                                        null);
        TaxpayerSessions t = sessions();
        Session s = get(t.session(NILE));
        ExecutionException e =
                assertThrows(
                        ExecutionException.class,
                        () -> s.fetch(app.ishaar.core.model.NotificationQuery.ALL).get());
        assertInstanceOf(NotPermittedException.class, e.getCause());
        assertTrue(t.refused(NILE));
        assertTrue(opened.get(0).closed, "its session is let go");
        assertInstanceOf(NotPermittedException.class, failure(t.session(NILE)));
        assertEquals(1, opened.size());
    }

    /**
     * The service client's retry policy alone waits out a rate-limited login (its patience): when
     * it gives up, the sessions do not try again behind it, and do not remember a refusal either.
     */
    @Test
    void aRateLimitedLoginIsNotTriedAgainHereNorRemembered() throws Exception {
        script =
                s -> {
                    for (int i = 0; i < 4; i++) {
                        s.loginAnswers.add(
                                new ServiceUnavailableException(429, "too many requests", null));
                    }
                };
        TaxpayerSessions t = sessions();
        ServiceUnavailableException e =
                assertInstanceOf(ServiceUnavailableException.class, failure(t.session(NILE)));
        assertTrue(e.rateLimited());
        assertEquals(1, opened.get(0).logins, "one login: the policy's, not a loop around it");
        assertFalse(t.refused(NILE));
        assertEquals(SessionState.Phase.FAILED, t.state(NILE).phase());
        script = s -> {};
        Session s = get(t.session(NILE));
        assertTrue(s.tokenInfo().isPresent(), "the next use asks again");
    }

    @Test
    void aSessionThatCouldNotBeRenewedIsDroppedAndTheNextCallLogsInAgain() throws Exception {
        script = s -> s.fetchAnswer = new SessionExpiredException("401 twice", null, null);
        TaxpayerSessions t = sessions();
        Session s = get(t.session(NILE));
        assertThrows(
                ExecutionException.class,
                () -> s.fetch(app.ishaar.core.model.NotificationQuery.ALL).get());
        assertTrue(opened.get(0).closed);
        assertFalse(t.refused(NILE));
        get(t.session(NILE));
        assertEquals(2, opened.size());
    }

    @Test
    void reloginTakesTheNewSecretAndReplacesTheSession() throws Exception {
        TaxpayerSessions t = sessions();
        Session old = get(t.session(NILE));
        char[] typed = "new-secret".toCharArray();
        Session fresh = get(t.relogin(NILE, typed));
        assertArrayEquals(new char[typed.length], typed, "the typed secret is wiped");
        assertTrue(opened.get(0).closed, "the old session is closed");
        assertFalse(opened.get(1).closed);
        assertSame(fresh.key().onBehalfOf(), old.key().onBehalfOf());
        get(t.session(CAIRO));
        assertArrayEquals("new-secret".toCharArray(), opened.get(2).credentials.clientSecret());
    }

    @Test
    void closingLogsEveryTaxpayerOut() throws Exception {
        TaxpayerSessions t = sessions();
        get(t.session(null));
        get(t.session(NILE));
        t.close();
        assertTrue(opened.stream().allMatch(s -> s.closed));
        assertInstanceOf(SessionExpiredException.class, failure(t.session(NILE)));
        assertTrue(t.loggedIn().isEmpty());
    }

    @Test
    void closingAHandedOutSessionEndsOnlyThatTaxpayer() throws Exception {
        TaxpayerSessions t = sessions();
        Session nile = get(t.session(NILE));
        get(t.session(CAIRO));
        nile.close();
        assertTrue(opened.get(0).closed);
        assertFalse(opened.get(1).closed);
        assertEquals(List.of(CAIRO), t.loggedIn());
    }
}
