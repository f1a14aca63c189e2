package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Session;
import app.ishaar.sandbox.SandboxConfig;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import javafx.scene.Node;
import org.junit.jupiter.api.Test;

/**
 * Five-second tokens while the user keeps paging in the history screen: the session renews ahead of
 * expiry without the user noticing (no banner, no error, every page arrives).
 */
class SessionRenewalFxTest extends FxSandboxTestBase {

    @Override
    protected SandboxConfig sandboxConfig() {
        return SandboxConfig.builder()
                .notificationsPerTaxpayer(400)
                .tokenLifetime(Duration.ofSeconds(5))
                .build();
    }

    @Override
    protected ClientConfig clientConfig() {
        return super.clientConfig().withRefreshAhead(Duration.ofSeconds(2));
    }

    @Test
    void tokensAreRenewedSilentlyWhileTheUserKeepsPaging() {
        waitForDemoAccounts();
        clickOn("#demo-erp-nile-trading");
        clickOn("#login-button");
        waitForMainWindow();
        Session session = flow.mainViewModel().current().session().orElseThrow();
        Set<Instant> expiries = new HashSet<>();
        expiries.add(session.tokenInfo().orElseThrow().expiresAt());
        waitUntil("the first page shows", () -> enabled("#pager-next"));

        Instant until = Instant.now().plusSeconds(40);
        int pages = 0;
        String forward = "#pager-next";
        while (expiries.size() < 3 && Instant.now().isBefore(until)) {
            if (!enabled(forward)) {
                forward = forward.equals("#pager-next") ? "#pager-previous" : "#pager-next";
            }
            String before = text("#pager-page");
            clickOn(forward);
            waitUntil(
                    "the next page arrived",
                    () -> !before.equals(text("#pager-page")) && !visible("#history-progress"));
            pages++;
            assertThat(visible("#history-banner")).as("no error while paging").isFalse();
            assertThat(visible("#expired-banner")).as("no session-ended banner").isFalse();
            session.tokenInfo().ifPresent(t -> expiries.add(t.expiresAt()));
        }
        assertThat(expiries).as("two silent renewals while paging").hasSizeGreaterThanOrEqualTo(3);
        assertThat(pages).isGreaterThan(2);
        assertThat(flow.mainViewModel().relogin().sessionEndedProperty().get()).isFalse();
        waitUntil(
                "the header counts down a fresh token",
                () -> text("#session-time").matches("Session: 00:0[0-5] left"));
    }

    private boolean enabled(String query) {
        return fx(
                () ->
                        lookup(query)
                                .tryQuery()
                                .map(n -> !((Node) n).isDisabled() && n.isVisible())
                                .orElse(false));
    }
}
