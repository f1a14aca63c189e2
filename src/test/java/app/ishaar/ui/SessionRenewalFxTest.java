package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Session;
import app.ishaar.sandbox.SandboxConfig;
import java.time.Duration;
import java.time.Instant;
import javafx.scene.Node;
import org.junit.jupiter.api.Test;

/**
 * Five-second tokens while the user keeps paging in the notification screen, for longer than two of
 * them: the pages are the archive's, so a token running out under them changes nothing the user
 * sees (no banner, no error, every page arrives). The renewal of tokens ahead of expiry is the
 * session's own, for the sync's requests ({@code TokenKeeper}'s tests).
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
    void pagingGoesOnUnnoticedWhileTokensRunOut() {
        waitForDemoAccounts();
        clickOn("#demo-erp-nile-trading");
        clickOn("#login-button");
        waitForMainWindow();
        Session session = flow.mainViewModel().current().session().orElseThrow();
        Instant firstExpiry = session.tokenInfo().orElseThrow().expiresAt();
        waitUntil("the first page shows", 30, () -> enabled("#pager-next"));

        Instant until = firstExpiry.plusSeconds(10); // two token lifetimes past the first
        int pages = 0;
        String forward = "#pager-next";
        while (Instant.now().isBefore(until)) {
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
        }
        assertThat(pages).isGreaterThan(2);
        assertThat(flow.mainViewModel().relogin().sessionEndedProperty().get()).isFalse();
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
