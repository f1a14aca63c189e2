package app.ishaar.faults;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.TestTokens;
import app.ishaar.ui.FxSandboxTestBase;
import app.ishaar.ui.error.Failure;
import java.time.Duration;
import javafx.scene.control.ChoiceBox;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The login dialog under the faults of the matrix (issue #9), in Arabic, headless, in the real
 * window flow: an unreachable identity service, one that stalls past the read timeout, one behind a
 * proxy that answers with an HTML page (200 or 502). The dialog shows that fault's own message in
 * Arabic, keeps everything typed, and logging in again once the address is right reaches the main
 * window. ({@code LoginDialogFxTest} covers these in English, the slow login's Cancel/Esc and the
 * other rejections.)
 */
class LoginFaultsFxTest extends FxSandboxTestBase {

    enum Fault {
        UNREACHABLE("error.network.unreachable"),
        STALLED("error.network.timeout"),
        HTML_200_FROM_A_PROXY("error.unexpected"),
        HTML_502_FROM_A_PROXY("error.unavailable");

        final String key;

        Fault(String key) {
            this.key = key;
        }
    }

    @StartStop final MockWebServer identity = new MockWebServer();

    @Override
    protected ClientConfig clientConfig() {
        return ClientConfig.defaults()
                .withReadTimeout(Duration.ofMillis(800))
                .withRetries(0, Duration.ofMillis(5));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Fault.class)
    void theDialogSaysWhatHappenedInArabicKeepsTheInputAndLogsInOnceTheServiceAnswers(Fault fault)
            throws Exception {
        waitForDemoAccounts();
        identity.setDispatcher(
                new Dispatcher() {
                    @Override
                    public MockResponse dispatch(RecordedRequest r) {
                        return switch (fault) {
                            case STALLED ->
                                    TestTokens.tokenResponse(TestTokens.standardToken("stalled"))
                                            .newBuilder()
                                            .onResponseStart(SocketEffect.Stall.INSTANCE)
                                            .build();
                            case HTML_200_FROM_A_PROXY -> FaultMatrixTest.html(200);
                            default -> FaultMatrixTest.html(502);
                        };
                    }
                });
        String authUrl =
                fault == Fault.UNREACHABLE
                        ? "http://127.0.0.1:" + FaultKit.closedPort()
                        : identity.url("/").toString();

        clickOn("#lang-ar");
        onFx(
                () ->
                        lookup("#environment")
                                .<ChoiceBox<Environment.Kind>>query()
                                .setValue(Environment.Kind.CUSTOM));
        paste("#authUrl", authUrl);
        paste("#baseUrl", sandbox().baseUrl());
        typeInto("#clientId", "erp-nile-trading");
        typeInto("#secret", "sandbox-secret-1");
        paste("#onBehalfOf", "");

        clickOn("#login-button");
        waitUntil(
                "a failure is shown",
                () ->
                        flow.loginViewModel().attempts().failureProperty().get() != null
                                && !flow.loginViewModel().attempts().busyProperty().get());
        Failure f = fx(() -> flow.loginViewModel().attempts().failureProperty().get());
        assertThat(f.key()).isEqualTo(fault.key);
        String shown = text("#failure");
        assertThat(shown).isEqualTo(fx(() -> ctx.i18n().get(f.key(), f.args().toArray())));
        assertThat(shown).containsPattern("[\\u0600-\\u06FF]{3,}");
        assertThat(flow.mainStage()).isNull();
        assertThat(text("#clientId")).isEqualTo("erp-nile-trading");
        assertThat(text("#secret")).isEqualTo("sandbox-secret-1");
        assertThat(text("#authUrl")).isEqualTo(authUrl);

        // the service answers again (the right address): the same form logs in
        paste("#authUrl", sandbox().authUrl());
        clickOn("#login-button");
        waitForMainWindow();
    }
}
