package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Session;
import app.ishaar.sandbox.SandboxConfig;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Five-second tokens while the user keeps paging: the session renews ahead of expiry without the
 * user noticing (no banner, every page arrives). Paging is driven at the session of the shown
 * taxpayer (see the report: the history screen's own pager is exercised by its tests).
 */
class SessionRenewalFxTest extends FxSandboxTestBase {

    @Override
    protected SandboxConfig sandboxConfig() {
        return SandboxConfig.builder().notificationsPerTaxpayer(400).tokenLifetime(Duration.ofSeconds(5)).build();
    }

    @Override
    protected ClientConfig clientConfig() {
        return super.clientConfig().withRefreshAhead(Duration.ofSeconds(2));
    }

    @Test
    void tokensAreRenewedSilentlyWhileTheUserKeepsPaging() throws Exception {
        waitForDemoAccounts();
        clickOn("#demo-erp-nile-trading");
        clickOn("#login-button");
        waitForMainWindow();
        Session session = flow.mainViewModel().current().session().orElseThrow();
        Set<Instant> expiries = new HashSet<>();
        expiries.add(session.tokenInfo().orElseThrow().expiresAt());
        int[] page = {1};
        waitUntil("two renewals were seen while paging", 30, () -> false || pageAndCount(session, page, expiries) >= 3);
        assertThat(flow.mainViewModel().sessionEndedProperty().get()).as("no banner").isFalse();
        assertThat(visible("#expired-banner")).isFalse();
        assertThat(page[0]).isGreaterThan(3);
        waitUntil("the header still counts down", () -> text("#session-time").startsWith("Session: 00:0"));
    }

    /** One more page (the call waits for its answer); returns how many different token expiries were seen. */
    private static int pageAndCount(Session session, int[] page, Set<Instant> expiries) {
        try {
            NotificationPage p = session.fetch(NotificationQuery.ALL.withPageSize(10).withPage(page[0])).get(10, TimeUnit.SECONDS);
            assertThat(p.pageNo()).isEqualTo(page[0]);
            page[0] = page[0] % Math.max(1, p.totalPages()) + 1;
        } catch (Exception e) {
            throw new AssertionError("a page failed while the token was renewed", e);
        }
        session.tokenInfo().ifPresent(t -> expiries.add(t.expiresAt()));
        return expiries.size();
    }
}
