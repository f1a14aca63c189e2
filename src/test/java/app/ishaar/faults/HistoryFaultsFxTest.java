package app.ishaar.faults;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.Notification;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.SessionExpiredException;
import app.ishaar.core.service.TestTokens;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.fx.FxExecutor;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.notifications.HistoryView;
import app.ishaar.ui.notifications.HistoryViewModel;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The history screen under the faults of the matrix (issue #9), headless, on the real client
 * against a scripted loopback server: page 1 is shown with filters applied, then the next page
 * fails. The banner shows the localized message (English, then live in Arabic), the rows, the page
 * and the filters stay, the screen answers while the call hangs, and Retry recovers once the
 * service does. Every fault of {@link FaultMatrixTest} that can happen on a history call is played
 * here; 401 twice (the session is over: the shell is told) and the heaviest page (it renders, the
 * detail opens) have their own tests. The run writes its rows to {@code target/fault-matrix-ui.md},
 * the matrix's UI column. ({@code HistoryViewFxTest} covers the 503 through the sandbox's knob and
 * Dismiss/F5.)
 */
@ExtendWith(ApplicationExtension.class)
class HistoryFaultsFxTest {

    /**
     * A fault, the message key and argument the banner must show for it, and its row in the UI
     * matrix.
     */
    enum Fault {
        HTTP_429_RETRY_AFTER_PAST_THE_CAP("error.rateLimited", "429", "429 asking to wait an hour"),
        HTTP_429_PERSISTENT("error.rateLimited", "429", "429 without Retry-After, persistent"),
        HTTP_500("error.unavailable", "500", "500 Internal Server Error"),
        HTTP_502("error.unavailable", "502", "502 Bad Gateway, persistent"),
        HTTP_503("error.unavailable", "503", "503 Service Unavailable, persistent"),
        HTTP_504("error.unavailable", "504", "504 Gateway Timeout, persistent"),
        CONNECTION_REFUSED("error.network.unreachable", null, "connection refused"),
        TRUNCATED_JSON("error.unexpected", "200", "truncated JSON"),
        HTML_FROM_A_PROXY("error.unexpected", "200", "HTML error page from a proxy (200)"),
        EMPTY_200("error.unexpected", "200", "empty 200"),
        NO_RESULT_200("error.unexpected", "200", "200 without result"),
        RESET_MID_BODY(
                "error.network.connectionLost", null, "connection reset mid-body, persistent"),
        STALLED("error.network.timeout", null, "stalled server (no byte after the headers)"),
        ENDLESS_ANSWER("error.tooLarge", "200", "endless answer (no Content-Length)"),
        GZIP_BOMB("error.tooLarge", "200", "gzip bomb: 40 kB inflating to 40 MB"),
        SLOWLORIS("error.network.timeout", null, "slowloris API: one byte every 100 ms");

        final String key;
        final String arg;
        final String matrix;

        Fault(String key, String arg, String matrix) {
            this.key = key;
            this.arg = arg;
            this.matrix = matrix;
        }
    }

    /**
     * Case → pass/FAIL, written to {@code target/fault-matrix-ui.md} for the README's UI column.
     */
    static final Map<String, String[]> MATRIX = Collections.synchronizedMap(new LinkedHashMap<>());

    static final String SESSION_DEAD = "401 twice (the renewed token is refused too)";
    static final String BIG_PAGE_CASE = "100 notifications × 50 attempts × 20 kB message";

    /** Pages of 10 (40 notifications), or the fault once {@link #failing} is set. */
    static final class Service extends Dispatcher {
        volatile Fault failing;
        volatile boolean unauthorized;
        volatile boolean big;
        final AtomicInteger calls = new AtomicInteger();
        final AtomicInteger logins = new AtomicInteger();

        @Override
        public MockResponse dispatch(RecordedRequest r) {
            if (r.getUrl().encodedPath().equals("/connect/token")) {
                return TestTokens.tokenResponse(
                        TestTokens.standardToken("history-faults-" + logins.getAndIncrement()));
            }
            calls.incrementAndGet();
            if (unauthorized) {
                return new MockResponse.Builder().code(401).build();
            }
            if (big) {
                return TestTokens.json(200, ServiceFaultRows.BIG_PAGE);
            }
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
                items.add(
                        FaultKit.notification(
                                String.format("p%d-n%03d", pageNo, n),
                                t.minusSeconds(n * 60L),
                                1,
                                0));
            }
            return TestTokens.json(200, FaultKit.page(4, 40, items));
        }

        static MockResponse fault(Fault f) {
            String ok = FaultKit.page(1, 1, "x1");
            return switch (f) {
                case HTTP_429_RETRY_AFTER_PAST_THE_CAP ->
                        new MockResponse.Builder()
                                .code(429)
                                .addHeader("Retry-After", "3600")
                                .build();
                case HTTP_429_PERSISTENT -> new MockResponse.Builder().code(429).build();
                case HTTP_502 -> FaultMatrixTest.status(502);
                case HTTP_504 -> FaultMatrixTest.status(504);
                case NO_RESULT_200 ->
                        TestTokens.json(200, "{\"metadata\":{\"totalPages\":1,\"totalCount\":0}}");
                case CONNECTION_REFUSED ->
                        throw new IllegalStateException(
                                "played by closing the server, not by an answer");
                case HTTP_500 ->
                        TestTokens.json(
                                500,
                                "{\"error\":{\"code\":\"InternalError\",\"message\":\"boom\"}}");
                case HTTP_503 -> new MockResponse.Builder().code(503).build();
                case TRUNCATED_JSON -> TestTokens.json(200, ok.substring(0, ok.length() / 2));
                case HTML_FROM_A_PROXY -> FaultMatrixTest.html(200);
                case EMPTY_200 -> TestTokens.json(200, "");
                case RESET_MID_BODY -> FaultMatrixTest.resetMidBody();
                case STALLED ->
                        TestTokens.json(200, ok)
                                .newBuilder()
                                .onResponseBody(SocketEffect.Stall.INSTANCE)
                                .build();
                case ENDLESS_ANSWER -> NetworkFaultRows.endless(-1);
                case GZIP_BOMB -> NetworkFaultRows.gzipBomb();
                case SLOWLORIS -> NetworkFaultRows.slow(TestTokens.json(200, ok));
            };
        }
    }

    MockWebServer server = new MockWebServer();
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
        ClientConfig config =
                FaultKit.config()
                        // short enough for the stalled case, long enough that a busy machine's
                        // pause between two chunks of the 2 MB page is not taken for a stall
                        .withReadTimeout(Duration.ofSeconds(3))
                        .withRetries(1, Duration.ofMillis(5))
                        .withMaxRetryAfter(Duration.ofSeconds(2));
        client = new ServiceClient(config);
        session =
                client.openSession(
                        Environment.custom(url, url),
                        new Credentials("erp-nile", FaultKit.SECRET.toCharArray(), null, null));
        i18n = new I18n(AppLanguage.ENGLISH);
        i18n.zoneProperty().set(ZoneId.of("Africa/Cairo"));
        vm = new HistoryViewModel(i18n, FxExecutor.INSTANCE, null, p -> {});
        vm.pager().pageSizeProperty().set(10);
        SceneFactory scenes = new SceneFactory(i18n, new app.ishaar.ui.app.TextSize(100));
        HistoryView view = new HistoryView(vm, i18n, scenes);
        scenes.prepare(stage, view.root(), "application.title");
        stage.setWidth(1000);
        stage.setHeight(600);
        stage.show();
        vm.readFrom(new app.ishaar.ui.notifications.SessionPages(session));
    }

    @AfterEach
    void stop() throws Exception {
        service.failing = null;
        service.unauthorized = false;
        service.big = false;
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
        return fx(() -> vm.table().rows().stream().map(Notification::notificationId).toList());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Fault.class)
    void theBannerSaysWhatHappenedInTheUsersLanguageKeepsTheScreenAndRetryRecovers(
            Fault fault, FxRobot robot) throws Exception {
        MATRIX.put(fault.matrix, new String[] {bannerBehaviour(fault), "FAIL"});
        List<String> before = pageOneFiltered(robot);

        int port = server.getPort();
        if (fault == Fault.CONNECTION_REFUSED) {
            server.close(); // nobody listens on the port any more: the next page is refused
        } else {
            service.failing = fault;
        }
        robot.clickOn("#pager-next");
        if (fault == Fault.STALLED) {
            // while the call hangs, the screen still answers: the FX thread runs a task at once,
            // the fields still edit
            until(() -> vm.requests().loadingProperty().get());
            CompletableFuture<Boolean> ran = new CompletableFuture<>();
            Platform.runLater(() -> ran.complete(true));
            assertThat(ran.get(500, TimeUnit.MILLISECONDS)).isTrue();
            robot.interact(() -> vm.filters().channelProperty().set("sms"));
            assertThat(fx(() -> vm.filters().channelProperty().get())).isEqualTo("sms");
            robot.interact(() -> vm.filters().channelProperty().set(""));
        }
        until(
                () ->
                        vm.requests().errorProperty().get() != null
                                && !vm.requests().loadingProperty().get());

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
        if (fault == Fault.CONNECTION_REFUSED) {
            server = new MockWebServer();
            server.setDispatcher(service);
            server.start(port); // the service is back on the same address
        }
        robot.clickOn("#history-retry");
        until(
                () ->
                        vm.requests().errorProperty().get() == null
                                && !vm.requests().loadingProperty().get()
                                && vm.pager().pageProperty().get() == 2);
        assertThat(fx(() -> robot.lookup("#history-banner").query().isVisible())).isFalse();
        assertThat(ids()).hasSize(10).allMatch(id -> id.startsWith("p2-"));
        assertThat(fx(() -> vm.filters().applied().type())).isEqualTo("7");
        MATRIX.get(fault.matrix)[1] = "pass";
    }

    private static String bannerBehaviour(Fault f) {
        return "banner `"
                + f.key
                + "`"
                + (f.arg == null ? " (host)" : " (HTTP " + f.arg + ")")
                + " in English then Arabic; rows, page, filters kept; Retry recovers";
    }

    /** Page 1 shown with a filter applied (type 7, status error); its ten ids. */
    private List<String> pageOneFiltered(FxRobot robot) throws TimeoutException {
        until(() -> !vm.requests().loadingProperty().get() && !vm.table().rows().isEmpty());
        robot.interact(
                () -> {
                    vm.filters().typeProperty().set("7");
                    vm.filters().statusProperty().set("error");
                    vm.filters().apply();
                });
        until(
                () ->
                        !vm.requests().loadingProperty().get()
                                && !vm.table().rows().isEmpty()
                                && "7".equals(vm.filters().applied().type()));
        List<String> before = ids();
        assertThat(before).hasSize(10);
        return before;
    }

    /**
     * 401 twice: the client logs in again once, the renewed token is refused too, so the session is
     * really over. The view model hands that to the shell (its onSessionExpired callback, which
     * shows the login dialog) rather than offering a Retry that cannot work; the rows and filters
     * stay for when the user is back.
     */
    @Test
    void aSessionThatIsReallyOverGoesBackToTheShellAndKeepsTheScreen(FxRobot robot)
            throws Exception {
        MATRIX.put(
                SESSION_DEAD,
                new String[] {
                    "the failure said; rows, page, filters kept (the re-login banner is the sync's)",
                    "FAIL"
                });
        List<String> before = pageOneFiltered(robot);
        int loginsBefore = service.logins.get();

        service.unauthorized = true;
        robot.clickOn("#pager-next");
        until(
                () ->
                        vm.requests().errorProperty().get() != null
                                && !vm.requests().loadingProperty().get());

        assertThat(service.logins.get() - loginsBefore)
                .as("one renewal, then it gives up")
                .isEqualTo(1);
        assertThat(fx(() -> vm.requests().errorProperty().get()))
                .isInstanceOf(SessionExpiredException.class);
        assertThat(label(robot, "#history-error"))
                .isEqualTo(fx(() -> i18n.get("error.sessionEnded")));
        assertThat(ids()).as("the rows of page 1 stay").isEqualTo(before);
        assertThat(fx(() -> vm.pager().pageProperty().get())).isEqualTo(1);
        assertThat(fx(() -> vm.filters().applied().type())).isEqualTo("7");
        assertThat(fx(() -> vm.filters().applied().status())).isEqualTo("error");
        MATRIX.get(SESSION_DEAD)[1] = "pass";
    }

    /**
     * The heaviest page the matrix plays (2 MB): it renders, and the detail of one row opens
     * without freezing the screen.
     */
    @Test
    void aHundredHeavyNotificationsRenderAndTheDetailOpens(FxRobot robot) throws Exception {
        MATRIX.put(
                BIG_PAGE_CASE,
                new String[] {
                    "100 rows shown; a row's detail (50 attempts, 20 kB message) opens; FX thread answers",
                    "FAIL"
                });
        until(() -> !vm.requests().loadingProperty().get() && !vm.table().rows().isEmpty());

        service.big = true;
        robot.interact(() -> vm.pager().pageSizeProperty().set(100));
        robot.interact(vm::refresh);
        until(() -> !vm.requests().loadingProperty().get() && vm.table().rows().size() == 100);
        assertThat(fx(() -> vm.requests().errorProperty().get())).isNull();
        TableView<?> table = robot.lookup("#history-table").queryTableView();
        assertThat(fx(() -> table.getItems().size())).isEqualTo(100);
        until(() -> !robot.lookup("#history-table .table-row-cell").queryAll().isEmpty());

        robot.interact(() -> table.getSelectionModel().select(3));
        until(() -> vm.detail().presentProperty().get() && vm.detail().attempts().size() == 50);
        assertThat(fx(() -> vm.detail().idProperty().get())).isEqualTo("big-3");
        assertThat(fx(() -> vm.detail().messageProperty().get())).hasSize(20_000);
        assertThat(fx(() -> robot.lookup("#detail-message").query().isVisible())).isTrue();
        // the screen still answers: a task queued on the FX thread runs at once
        CompletableFuture<Boolean> ran = new CompletableFuture<>();
        Platform.runLater(() -> ran.complete(true));
        assertThat(ran.get(1, TimeUnit.SECONDS)).isTrue();
        // another heavy row: the detail follows
        robot.interact(() -> table.getSelectionModel().select(97));
        until(
                () ->
                        "big-97".equals(vm.detail().idProperty().get())
                                && vm.detail().attempts().size() == 50);
        MATRIX.get(BIG_PAGE_CASE)[1] = "pass";
    }

    @AfterAll
    static void writeTheUiMatrix() throws IOException {
        StringBuilder md =
                new StringBuilder("| fault (history screen) | behaviour | UI |\n|---|---|---|\n");
        MATRIX.forEach(
                (k, v) ->
                        md.append("| ")
                                .append(k)
                                .append(" | ")
                                .append(v[0])
                                .append(" | ")
                                .append(v[1])
                                .append(" |\n"));
        Path matrix = Path.of(System.getProperty("ishaar.fault.matrix", "target/fault-matrix.md"));
        Path out = matrix.resolveSibling("fault-matrix-ui.md");
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, md.toString(), StandardCharsets.UTF_8);
    }
}
