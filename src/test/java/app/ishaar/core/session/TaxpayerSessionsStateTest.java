package app.ishaar.core.session;

import static app.ishaar.core.session.TaxpayerSessionsTest.CAIRO;
import static app.ishaar.core.session.TaxpayerSessionsTest.NILE;
import static app.ishaar.core.session.TaxpayerSessionsTest.failure;
import static app.ishaar.core.session.TaxpayerSessionsTest.get;
import static app.ishaar.core.session.TaxpayerSessionsTest.rejected;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ApiError;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.LoginError;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.NotPermittedException;
import app.ishaar.core.service.ServiceUnavailableException;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.SessionExpiredException;
import app.ishaar.core.service.TokenInfo;
import app.ishaar.core.session.SessionState.Phase;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The sessions as the one owner of each taxpayer's session and refusal: the states they publish,
 * which the desktop's list shows, and the sessions they hand out.
 */
class TaxpayerSessionsStateTest {
    final Environment env = Environment.production();
    final List<FakeSession> opened = new ArrayList<>();
    final List<SessionState> published = new ArrayList<>();
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
                        new Credentials("erp-1", "secret".toCharArray(), null, null));
        t.listen(
                s -> {
                    synchronized (published) {
                        published.add(s);
                    }
                });
        return t;
    }

    FakeSession loggedIn(Rin rin, Boolean intermediary) {
        FakeSession s =
                new FakeSession(
                        env,
                        new Credentials(
                                "erp-1",
                                "secret".toCharArray(),
                                rin == null ? null : rin.value(),
                                null));
        s.intermediary = intermediary;
        s.login().join();
        return s;
    }

    List<Phase> phasesOf(Rin who) {
        synchronized (published) {
            return published.stream()
                    .filter(s -> java.util.Objects.equals(s.taxpayer(), who))
                    .map(SessionState::phase)
                    .toList();
        }
    }

    @Test
    void aSessionIsHandedOutAsOneHandleEveryTime() throws Exception {
        TaxpayerSessions t = sessions();
        Session first = get(t.session(NILE));
        assertSame(first, get(t.session(NILE)));
        assertSame(first, t.current(NILE).orElseThrow());
        assertSame(first, t.state(NILE).session(), "the state names the same handle");
        assertNotSame(opened.get(0), first, "a handle, watched by the sessions");
    }

    @Test
    void eachTaxpayersStateIsPublishedAsItChanges() throws Exception {
        TaxpayerSessions t = sessions();
        assertEquals(Phase.IDLE, t.state(NILE).phase());
        script = s -> s.held = new CompletableFuture<>();
        CompletableFuture<Session> login = t.session(NILE);
        assertEquals(Phase.CONNECTING, t.state(NILE).phase());
        TokenInfo token = loggedIn(NILE, null).tokenInfo().orElseThrow();
        opened.get(0).held.complete(token);
        get(login);
        SessionState ready = t.state(NILE);
        assertEquals(Phase.READY, ready.phase());
        assertSame(token, ready.token(), "what the login's token said");
        assertEquals(List.of(Phase.CONNECTING, Phase.READY), phasesOf(NILE));

        script = s -> s.loginAnswers.add(rejected(LoginRejectedException.Reason.NOT_DELEGATED));
        failure(t.session(CAIRO));
        SessionState refused = t.state(CAIRO);
        assertEquals(Phase.REFUSED, refused.phase());
        assertTrue(refused.refused());
        assertInstanceOf(LoginRejectedException.class, refused.failure());
        assertEquals(List.of(Phase.CONNECTING, Phase.REFUSED), phasesOf(CAIRO));

        t.end(NILE);
        assertEquals(Phase.IDLE, t.state(NILE).phase());
        t.close();
        assertEquals(Phase.IDLE, t.state(CAIRO).phase(), "logged out: nobody's session stands");
    }

    @Test
    void anAdoptedSessionIsUsedWithoutASecondLogin() throws Exception {
        TaxpayerSessions t = sessions();
        FakeSession dialogs = loggedIn(NILE, null);
        Session adopted = t.adopt(NILE, dialogs);
        assertSame(adopted, get(t.session(NILE)));
        assertTrue(opened.isEmpty(), "no login of its own");
        assertEquals(1, dialogs.logins, "the dialog's one login");
        assertEquals(List.of(NILE), t.loggedIn());
        assertEquals(Phase.READY, t.state(NILE).phase());
    }

    @Test
    void adoptingAnotherSessionClosesTheOneBeforeAndForgetsARefusal() throws Exception {
        script = s -> s.loginAnswers.add(rejected(LoginRejectedException.Reason.NOT_DELEGATED));
        TaxpayerSessions t = sessions();
        failure(t.session(NILE));
        assertTrue(t.refused(NILE));
        FakeSession a = loggedIn(NILE, null);
        t.adopt(NILE, a);
        assertFalse(t.refused(NILE));
        FakeSession b = loggedIn(NILE, null);
        t.adopt(NILE, b);
        assertTrue(a.closed);
        assertFalse(b.closed);
        t.adopt(NILE, b);
        assertFalse(b.closed, "adopting the same session again keeps it");
        t.close();
        FakeSession late = loggedIn(NILE, null);
        assertThrows(IllegalStateException.class, () -> t.adopt(NILE, late));
        assertTrue(late.closed, "a session adopted after the log out is closed");
    }

    /** A second retry layer here would show as more than one login per limited answer. */
    @Test
    void aRateLimitedLoginFailsWhenThePolicyGivesUpAndIsNotRemembered() throws Exception {
        script = s -> s.loginAnswers.add(new ServiceUnavailableException(429, "too many", null));
        TaxpayerSessions t = sessions();
        ServiceUnavailableException e =
                assertInstanceOf(ServiceUnavailableException.class, failure(t.session(NILE)));
        assertTrue(e.rateLimited());
        assertEquals(1, opened.get(0).logins, "not tried again behind the user's back");
        assertTrue(opened.get(0).closed);
        assertFalse(t.refused(NILE));
        assertEquals(Phase.FAILED, t.state(NILE).phase());
        script = s -> {};
        get(t.retry(NILE));
        assertEquals(2, opened.size(), "Try again logs in afresh");
        assertEquals(Phase.READY, t.state(NILE).phase());
    }

    @Test
    void onlyAnswersTheServiceWouldRepeatAreRememberedAsRefusals() throws Exception {
        script = s -> s.loginAnswers.add(rejected(LoginRejectedException.Reason.OTHER));
        TaxpayerSessions t = sessions();
        failure(t.session(NILE));
        assertFalse(t.refused(NILE), "a rejection the client cannot name is asked again");
        script = s -> s.loginAnswers.add(rejected(LoginRejectedException.Reason.BLOCKED));
        failure(t.session(CAIRO));
        assertTrue(t.refused(CAIRO));

        // a 403 from its history, whoever asked (a sync, a screen): one refusal for all of them
        script =
                s ->
                        s.fetchAnswer =
                                new NotPermittedException(
                                        new ApiError("Forbidden", "no access", null, List.of()),
                                        null);
        Session own = get(t.session(null));
        assertThrows(ExecutionException.class, () -> own.fetch(NotificationQuery.ALL).get());
        assertTrue(t.refused(null));
        assertEquals(Phase.REFUSED, t.state(null).phase());
        assertTrue(opened.get(opened.size() - 1).closed);
    }

    @Test
    void anEndedSessionIsDroppedAndTheNextLoginIsAFreshOne() throws Exception {
        TaxpayerSessions t = sessions();
        Session s = get(t.session(NILE));
        t.ended(NILE, loggedIn(NILE, null));
        assertFalse(opened.get(0).closed, "another session than the taxpayer's: nothing");
        s.close();
        assertTrue(opened.get(0).closed);
        assertTrue(t.current(NILE).isEmpty());
        assertNotSame(s, get(t.session(NILE)));
        assertEquals(2, opened.size());
    }

    @Test
    void aSessionThatCouldNotBeRenewedIsPublishedAsEndedUntilTheNextLogin() throws Exception {
        script = s -> s.fetchAnswer = new SessionExpiredException("401 twice", null, null);
        TaxpayerSessions t = sessions();
        Session s = get(t.session(NILE));
        assertThrows(ExecutionException.class, () -> s.fetch(NotificationQuery.ALL).get());
        SessionState ended = t.state(NILE);
        assertEquals(Phase.ENDED, ended.phase(), "the banner offers to log in again");
        assertInstanceOf(SessionExpiredException.class, ended.failure());
        assertNull(ended.session());
        script = s2 -> {};
        get(t.session(NILE));
        assertEquals(Phase.READY, t.state(NILE).phase());
    }

    /**
     * An intermediary's own entry is the login itself: the service refuses it whenever it is not on
     * behalf of a taxpayer, which is no refusal of a taxpayer.
     */
    @Test
    void anIntermediarysOwnEntryIsTheLoginNeverARefusedTaxpayer() throws Exception {
        TaxpayerSessions t = sessions();
        script =
                s ->
                        s.loginAnswers.add(
                                new LoginRejectedException(
                                        LoginError.INVALID_REQUEST,
                                        "invalid_request",
                                        "The onbehalfof header is required when an intermediary"
                                                + " logs in.",
                                        LoginRejectedException.Reason.BAD_REQUEST,
                                        null));
        failure(t.session(null));
        assertTrue(t.refused(null), "not known yet to be an intermediary's");

        t.adopt(NILE, loggedIn(NILE, true));
        assertEquals(Phase.INTERMEDIARY, t.state(null).phase());
        assertFalse(t.refused(null), "its answer is forgotten once a token says whose it is");
        assertTrue(phasesOf(null).contains(Phase.INTERMEDIARY), "and published");

        failure(t.retry(null));
        assertFalse(t.refused(null));
        assertEquals(Phase.INTERMEDIARY, t.state(null).phase());
        assertEquals(Phase.READY, t.state(NILE).phase());
    }

    /**
     * A login the window adopted for a taxpayer its list did not name yet is held by the own entry:
     * that entry is then the taxpayer's, logged in, not the intermediary's own login.
     */
    @Test
    void theOwnEntryHoldingALoginOnBehalfOfATaxpayerIsThatTaxpayersLogin() throws Exception {
        TaxpayerSessions t = sessions();
        t.adopt(null, loggedIn(NILE, true));
        assertEquals(Phase.READY, t.state(null).phase());
        t.adopt(CAIRO, loggedIn(CAIRO, true));
        assertEquals(Phase.READY, t.state(null).phase());
        t.end(null);
        assertEquals(Phase.INTERMEDIARY, t.state(null).phase(), "its session gone: the login");
    }

    @Test
    void reloginWithoutASecretUsesTheCurrentOne() throws Exception {
        TaxpayerSessions t = sessions();
        get(t.session(NILE));
        TaxpayerSessions.Login again = t.reloginWithToken(NILE, null).get(10, TimeUnit.SECONDS);
        assertArrayEquals("secret".toCharArray(), opened.get(1).credentials.clientSecret());
        assertSame(again.session(), t.current(NILE).orElseThrow());
        assertTrue(opened.get(0).closed);
        assertEquals("204918573", again.token().taxRin());
        get(t.session(CAIRO));
        assertArrayEquals("secret".toCharArray(), opened.get(2).credentials.clientSecret());
    }

    @Test
    void endingATaxpayerWhileItLogsInClosesTheSessionBeingLoggedIn() throws Exception {
        script = s -> s.held = new CompletableFuture<>();
        TaxpayerSessions t = sessions();
        var login = t.session(NILE);
        assertFalse(login.isDone(), "the login under way");
        t.end(NILE);
        assertTrue(opened.get(0).closed);
        assertTrue(login.isCompletedExceptionally());
        assertTrue(t.loggedIn().isEmpty());
        assertEquals(Phase.IDLE, t.state(NILE).phase());
    }
}
