package app.ishaar.faults;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.Notification;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.ServiceClient;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.TestTokens;
import app.ishaar.ui.common.FxExecutor;
import app.ishaar.ui.common.SceneFactory;
import app.ishaar.ui.history.HistoryView;
import app.ishaar.ui.history.HistoryViewModel;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The history screen under the faults of the matrix (issue #9), headless, on the real client against
 * a scripted loopback server: page 1 is shown with filters applied, then the next page fails. The
 * banner shows the localized message (English, then live in Arabic), the rows, the page and the
 * filters stay, the screen answers while the call hangs, and Retry recovers once the service does.
 * ({@code HistoryViewFxTest} covers the 503 through the sandbox's knob and Dismiss/F5.)
 */
@ExtendWith(ApplicationExtension.class)
class HistoryFaultsFxTest {

    /** A fault, and the message key and argument the banner must show for it. */
    enum Fault {
        HTTP_500("error.call.unavailable", "500"),
        HTTP_503("error.call.unavailable", "503"),
        TRUNCATED_JSON("error.call.unexpected", "200"),
        HTML_FROM_A_PROXY("error.call.unexpected", "200"),
        EMPTY_200("error.call.unexpected", "200"),
        RESET_MID_BODY("error.call.network.lost", null),
        STALLED("error.call.network.timeout", null);

        final String key;
        final String arg;

        Fault(String key, String arg) {
            this.key = key;
            this.arg = arg;
        }
    }

    /** Pages of 10 (40 notifications), or the fault once {@link #failing} is set. */
    static final class Service extends Dispatcher {
        volatile Fault failing;
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public MockResponse dispatch(RecordedRequest r) {
            if (r.getUrl().encodedPath().equals("/connect/token")) {
                return TestTokens.tokenResponse(TestTokens.standardToken("history-faults"));
            }
            calls.incrementAndGet();
            Fault f = failing;
            if (f != null) {
                return fault(f);
            }
            String p = r.getUrl().queryParameter("pageNo");
            int pageNo = p == null ? 1 : Integer.parseInt(p);
            List<ObjectNode> items = new ArrayList<>();
            Instant t = Instant.parse("2026-03-01T10:00:00Z");
            for (int i = 0; i < 10; i++) {
                int n = (pageNo - 1) * 10 + i;
                items.add(FaultKit.notification(String.format("p%d-n%03d", pageNo, n), t.minusSeconds(n * 60L), 1, 0));
            }
            return TestTokens.json(200, FaultKit.page(4, 40, items));
        }

        static MockResponse fault(Fault f) {
            String ok = FaultKit.page(1, 1, "x1");
            return switch (f) {
                case HTTP_500 -> TestTokens.json(500, "{\"error\":{\"code\":\"InternalError\",\"message\":\"boom\"}}");
                case HTTP_503 -> new MockResponse.Builder().code(503).build();
                case TRUNCATED_JSON -> TestTokens.json(200, ok.substring(0, ok.length() / 2));
                case HTML_FROM_A_PROXY -> FaultMatrixTest.html(200);
                case EMPTY_200 -> TestTokens.json(200, "");
                case RESET_MID_BODY -> FaultMatrixTest.resetMidBody();
                case STALLED -> TestTokens.json(200, ok).newBuilder().onResponseBody(SocketEffect.Stall.INSTANCE).build();
            };
        }
    }

    final MockWebServer server = new MockWebServer();
    final Service service = new Service();
    ServiceClient client;
    Session session;
    I18n i18n;
    HistoryViewModel vm;

    @Start
    void start(Stage stage) throws Exception {
        server.setDispatcher(service);
        server.start();
        String url = server.url("/").toString();
        ClientConfig config = FaultKit.config().withReadTimeout(Duration.ofSeconds(1)).withRetries(1, Duration.ofMillis(5));
        client = new ServiceClient(config);
        session = client.openSession(Environment.custom(url, url), new Credentials("erp-nile", FaultKit.SECRET.toCharArray(), null, null));
        i18n = new I18n(AppLanguage.ENGLISH);
        i18n.zoneProperty().set(ZoneId.of("Africa/Cairo"));
        vm = new HistoryViewModel(i18n, FxExecutor.INSTANCE, null, p -> { }, () -> { });
        vm.pager().pageSizeProperty().set(10);
        SceneFactory scenes = new SceneFactory(i18n);
        HistoryView view = new HistoryView(vm, i18n, scenes);
        scenes.prepare(stage, view.root(), "application.title");
        stage.setWidth(1000);
        stage.setHeight(600);
        stage.show();
        vm.sessionProperty().set(session);
    }

    @AfterEach
    void stop() throws Exception {
        service.failing = null;
        if (session != null) {
            session.close();
        }
        if (client != null) {
            client.close();
        }
        server.close();
    }

    private static <T> T fx(Callable<T> c) {
        return WaitForAsyncUtils.waitForAsyncFx(10_000, c);
    }

    private static void until(Callable<Boolean> condition) throws TimeoutException {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> fx(condition));
    }

    private String label(FxRobot robot, String id) {
        Node n = robot.lookup(id).query();
        return fx(() -> ((Label) n).getText());
    }

    private List<String> ids() {
        return fx(() -> vm.rows().stream().map(Notification::notificationId).toList());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Fault.class)
    void theBannerSaysWhatHappenedInTheUsersLanguageKeepsTheScreenAndRetryRecovers(Fault fault, FxRobot robot) throws Exception {
        until(() -> !vm.loadingProperty().get() && !vm.rows().isEmpty());
        robot.interact(() -> {
            vm.filters().typeProperty().set("7");
            vm.filters().statusProperty().set("error");
            vm.filters().apply();
        });
        until(() -> !vm.loadingProperty().get() && !vm.rows().isEmpty() && "7".equals(vm.filters().applied().type()));
        List<String> before = ids();
        assertThat(before).hasSize(10);

        service.failing = fault;
        robot.clickOn("#pager-next");
        if (fault == Fault.STALLED) {
            // while the call hangs, the screen still answers: the FX thread runs a task at once, the fields still edit
            until(() -> vm.loadingProperty().get());
            CompletableFuture<Boolean> ran = new CompletableFuture<>();
            Platform.runLater(() -> ran.complete(true));
            assertThat(ran.get(500, TimeUnit.MILLISECONDS)).isTrue();
            robot.interact(() -> vm.filters().channelProperty().set("sms"));
            assertThat(fx(() -> vm.filters().channelProperty().get())).isEqualTo("sms");
            robot.interact(() -> vm.filters().channelProperty().set(""));
        }
        until(() -> vm.errorProperty().get() != null && !vm.loadingProperty().get());

        String host = server.getHostName();
        String english = fx(() -> i18n.get(fault.key, fault.arg == null ? host : fault.arg));
        assertThat(fx(() -> robot.lookup("#history-banner").query().isVisible())).isTrue();
        assertThat(label(robot, "#history-error")).isEqualTo(english);
        assertThat(ids()).as("the rows of page 1 stay").isEqualTo(before);
        assertThat(fx(() -> vm.pager().pageProperty().get())).isEqualTo(1);
        assertThat(fx(() -> vm.filters().applied().type())).isEqualTo("7");
        assertThat(fx(() -> vm.filters().applied().status())).isEqualTo("error");
        assertThat(fx(() -> vm.filters().typeProperty().get())).isEqualTo("7");

        // live in Arabic: the same banner in Arabic
        robot.interact(() -> i18n.languageProperty().set(AppLanguage.ARABIC));
        String arabic = fx(() -> i18n.get(fault.key, fault.arg == null ? host : fault.arg));
        assertThat(arabic).isNotEqualTo(english).containsPattern("[\\u0600-\\u06FF]");
        until(() -> arabic.equals(((Label) robot.lookup("#history-error").query()).getText()));

        service.failing = null;
        robot.clickOn("#history-retry");
        until(() -> vm.errorProperty().get() == null && !vm.loadingProperty().get() && vm.pager().pageProperty().get() == 2);
        assertThat(fx(() -> robot.lookup("#history-banner").query().isVisible())).isFalse();
        assertThat(ids()).hasSize(10).allMatch(id -> id.startsWith("p2-"));
        assertThat(fx(() -> vm.filters().applied().type())).isEqualTo("7");
    }
}
