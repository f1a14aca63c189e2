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
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ApiError;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.NotPermittedException;
import app.ishaar.core.service.ServiceUnavailableException;
import app.ishaar.core.service.Session;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The sessions as the desktop uses them: adopted, handed out as they are, failing at once. */
class TaxpayerSessionsModesTest {
    final Environment env = Environment.production();
    final List<FakeSession> opened = new ArrayList<>();
    Consumer<FakeSession> script = s -> {};

    TaxpayerSessions sessions(SessionRules mode) {
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
                        new Credentials("erp-1", "secret".toCharArray(), null, null),
                        mode);
        t.firstLimitedWait(Duration.ofMillis(10));
        return t;
    }

    FakeSession loggedIn(Rin rin) {
        FakeSession s =
                new FakeSession(
                        env,
                        new Credentials(
                                "erp-1",
                                "secret".toCharArray(),
                                rin == null ? null : rin.value(),
                                null));
        s.login().join();
        return s;
    }

    @Test
    void aSharedSessionIsHandedOutAsOneHandleEveryTime() throws Exception {
        TaxpayerSessions t = sessions(SessionRules.SHARED);
        Session first = get(t.session(NILE));
        assertSame(first, get(t.session(NILE)));
        assertSame(first, t.current(NILE).orElseThrow());
        assertNotSame(opened.get(0), first, "a handle, watched by the sessions");
    }

    @Test
    void anAdoptedSessionIsUsedWithoutASecondLogin() throws Exception {
        for (SessionRules mode : SessionRules.values()) {
            opened.clear();
            TaxpayerSessions t = sessions(mode);
            FakeSession dialogs = loggedIn(NILE);
            Session adopted = t.adopt(NILE, dialogs);
            assertSame(adopted, get(t.session(NILE)), mode.name());
            assertTrue(opened.isEmpty(), "no login of its own: " + mode);
            assertEquals(1, dialogs.logins, "the dialog's one login: " + mode);
            assertEquals(List.of(NILE), t.loggedIn());
        }
    }

    @Test
    void adoptingAnotherSessionClosesTheOneBeforeAndForgetsARefusal() throws Exception {
        script = s -> s.loginAnswers.add(rejected(LoginRejectedException.Reason.NOT_DELEGATED));
        TaxpayerSessions t = sessions(SessionRules.INTERACTIVE);
        failure(t.session(NILE));
        assertTrue(t.refused(NILE));
        FakeSession a = loggedIn(NILE);
        t.adopt(NILE, a);
        assertFalse(t.refused(NILE));
        FakeSession b = loggedIn(NILE);
        t.adopt(NILE, b);
        assertTrue(a.closed);
        assertFalse(b.closed);
        t.adopt(NILE, b);
        assertFalse(b.closed, "adopting the same session again keeps it");
        t.close();
        FakeSession late = loggedIn(NILE);
        assertThrows(IllegalStateException.class, () -> t.adopt(NILE, late));
        assertTrue(late.closed, "a session adopted after the log out is closed");
    }

    @Test
    void interactiveSessionsAreTheOpenedOnesThemselves() throws Exception {
        TaxpayerSessions t = sessions(SessionRules.INTERACTIVE);
        TaxpayerSessions.Login login = t.login(NILE).get(10, TimeUnit.SECONDS);
        assertSame(opened.get(0), login.session());
        assertEquals("204918573", login.token().taxRin());
        assertSame(opened.get(0), t.current(NILE).orElseThrow());
        assertEquals(1, opened.get(0).logins);
    }

    @Test
    void anInteractiveRateLimitedLoginFailsAtOnceAndIsNotRemembered() throws Exception {
        script = s -> s.loginAnswers.add(new ServiceUnavailableException(429, "too many", null));
        TaxpayerSessions t = sessions(SessionRules.INTERACTIVE);
        ServiceUnavailableException e =
                assertInstanceOf(ServiceUnavailableException.class, failure(t.session(NILE)));
        assertTrue(e.rateLimited());
        assertEquals(1, opened.get(0).logins, "not tried again behind the user's back");
        assertTrue(opened.get(0).closed);
        assertFalse(t.refused(NILE));
        script = s -> {};
        get(t.retry(NILE));
        assertEquals(2, opened.size(), "Try again logs in afresh");
    }

    @Test
    void interactiveRemembersOnlyLoginsRejectedForAReasonOfTheServicesOwn() throws Exception {
        script = s -> s.loginAnswers.add(rejected(LoginRejectedException.Reason.OTHER));
        TaxpayerSessions t = sessions(SessionRules.INTERACTIVE);
        failure(t.session(NILE));
        assertFalse(t.refused(NILE), "a rejection the client cannot name is asked again");
        script = s -> s.loginAnswers.add(rejected(LoginRejectedException.Reason.BLOCKED));
        failure(t.session(CAIRO));
        assertTrue(t.refused(CAIRO));

        script =
                s ->
                        s.fetchAnswer =
                                new NotPermittedException(
                                        new ApiError("Forbidden", "no access", null, List.of()),
                                        null);
        Session own = get(t.session(null));
        assertThrows(ExecutionException.class, () -> own.fetch(NotificationQuery.ALL).get());
        assertFalse(t.refused(null), "a history's 403 is its screen's to tell");
        assertFalse(((FakeSession) own).closed);
    }

    @Test
    void anEndedSessionIsDroppedAndTheNextLoginIsAFreshOne() throws Exception {
        TaxpayerSessions t = sessions(SessionRules.INTERACTIVE);
        Session s = get(t.session(NILE));
        t.ended(NILE, loggedIn(NILE));
        assertFalse(opened.get(0).closed, "another session than the taxpayer's: nothing");
        t.ended(NILE, s);
        assertTrue(opened.get(0).closed);
        assertTrue(t.current(NILE).isEmpty());
        assertNotSame(s, get(t.session(NILE)));
        assertEquals(2, opened.size());
    }

    @Test
    void reloginWithoutASecretUsesTheCurrentOne() throws Exception {
        TaxpayerSessions t = sessions(SessionRules.INTERACTIVE);
        Session old = get(t.session(NILE));
        TaxpayerSessions.Login again = t.reloginWithToken(NILE, null).get(10, TimeUnit.SECONDS);
        assertArrayEquals("secret".toCharArray(), opened.get(1).credentials.clientSecret());
        assertSame(opened.get(1), again.session());
        assertTrue(((FakeSession) old).closed);
        assertEquals("204918573", again.token().taxRin());
        get(t.session(CAIRO));
        assertArrayEquals("secret".toCharArray(), opened.get(2).credentials.clientSecret());
    }

    @Test
    void endingATaxpayerWhileItLogsInClosesTheSessionBeingLoggedIn() throws Exception {
        script = s -> s.loginAnswers.add(new ServiceUnavailableException(429, "too many", null));
        TaxpayerSessions t = sessions(SessionRules.SHARED);
        t.firstLimitedWait(Duration.ofMinutes(1));
        var login = t.session(NILE);
        assertFalse(login.isDone(), "waiting out the limit");
        t.end(NILE);
        assertTrue(opened.get(0).closed);
        assertTrue(login.isCompletedExceptionally());
        assertTrue(t.loggedIn().isEmpty());
    }
}
