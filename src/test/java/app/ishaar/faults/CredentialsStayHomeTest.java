package app.ishaar.faults;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.InvalidEndpointException;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.TestTokens;
import app.ishaar.core.service.http.ServiceClient;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Authorization header (Basic at login, Bearer afterwards) never goes to a host other than the
 * configured one: a redirect from the identity service or the API to another loopback host and port
 * is not followed (the client builds OkHttp with {@code followRedirects(false)}); the redirect ends
 * in a typed error and the other server receives nothing at all. Plain HTTP to a host that is not
 * this computer is refused before any request (the client side of that is in {@code
 * ServiceClientTest.httpIsRefusedOffLoopbackBeforeAnyRequest}; here: names that only look local).
 */
class CredentialsStayHomeTest {

    @StartStop final MockWebServer home = new MockWebServer();

    @StartStop final MockWebServer elsewhere = new MockWebServer();

    /**
     * Redirects every login or every query (as asked) to the other server, which would answer
     * happily.
     */
    final class Redirecting extends Dispatcher {
        final boolean login;
        final int code;

        Redirecting(boolean login, int code) {
            this.login = login;
            this.code = code;
        }

        @Override
        public MockResponse dispatch(RecordedRequest r) {
            boolean isLogin = r.getUrl().encodedPath().equals("/connect/token");
            if (isLogin == login) {
                // 127.0.0.1 vs "localhost": another host name and another port
                String to = "http://127.0.0.1:" + elsewhere.getPort() + r.getUrl().encodedPath();
                return new MockResponse.Builder().code(code).addHeader("Location", to).build();
            }
            return TestTokens.tokenResponse(TestTokens.standardToken("home"));
        }
    }

    static final class Welcoming extends Dispatcher {
        @Override
        public MockResponse dispatch(RecordedRequest r) {
            return r.getUrl().encodedPath().equals("/connect/token")
                    ? TestTokens.tokenResponse(TestTokens.standardToken("elsewhere"))
                    : TestTokens.json(200, FaultKit.page(1, 1, "stolen"));
        }
    }

    @ParameterizedTest(name = "HTTP {0} from the API")
    @ValueSource(ints = {301, 302, 303, 307, 308})
    void aRedirectFromTheApiIsNotFollowed(int code) throws Exception {
        home.setDispatcher(new Redirecting(false, code));
        elsewhere.setDispatcher(new Welcoming());
        String url = home.url("/").toString().replace("127.0.0.1", "localhost");
        try (ServiceClient client = new ServiceClient(FaultKit.config());
                Session s =
                        client.openSession(
                                Environment.custom(url, url),
                                new Credentials(
                                        "erp-nile", FaultKit.SECRET.toCharArray(), null, null))) {
            assertThat(failure(s.fetch(NotificationQuery.ALL)))
                    .isInstanceOf(ServiceException.class);
        }
        FaultKit.CliResult r =
                FaultKit.cli(FaultKit.config(), FaultKit.asNile("notifications", url));
        assertThat(r.code()).isEqualTo(5);
        FaultKit.assertOneClearLine(r);
        assertThat(r.err()).contains("HTTP " + code);
        assertThat(elsewhere.getRequestCount()).as("requests that reached the other host").isZero();
        assertThat(home.getRequestCount()).isEqualTo(4);
    }

    @ParameterizedTest(name = "HTTP {0} from the identity service")
    @ValueSource(ints = {302, 307, 308})
    void aRedirectFromTheIdentityServiceIsNotFollowed(int code) throws Exception {
        home.setDispatcher(new Redirecting(true, code));
        elsewhere.setDispatcher(new Welcoming());
        String url = home.url("/").toString().replace("127.0.0.1", "localhost");
        try (ServiceClient client = new ServiceClient(FaultKit.config());
                Session s =
                        client.openSession(
                                Environment.custom(url, url),
                                new Credentials(
                                        "erp-nile", FaultKit.SECRET.toCharArray(), null, null))) {
            assertThat(failure(s.login())).isInstanceOf(ServiceException.class);
        }
        FaultKit.CliResult r = FaultKit.cli(FaultKit.config(), FaultKit.asNile("login", url));
        assertThat(r.code()).isEqualTo(5);
        FaultKit.assertOneClearLine(r);
        assertThat(elsewhere.getRequestCount()).as("requests that reached the other host").isZero();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "http://id.example.com",
                "http://api.localhost",
                "http://localhost.example.com",
                "http://127.0.0.1.nip.io",
                "http://0.0.0.0",
                "http://10.0.0.1",
                "http://2130706433",
                "http://[::]",
                "http://192.168.1.10:8080"
            })
    void plainHttpToAHostThatIsNotThisComputerIsRefusedBeforeAnyRequest(String url)
            throws Exception {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Environment.custom(url, url))
                .isInstanceOfSatisfying(
                        InvalidEndpointException.class,
                        e ->
                                assertThat(e.reason())
                                        .isIn(
                                                InvalidEndpointException.Reason.HTTPS_REQUIRED,
                                                InvalidEndpointException.Reason.MALFORMED));
        // built by hand, the client checks again before sending
        Environment handMade =
                new Environment(Environment.Kind.CUSTOM, URI.create(url), URI.create(url));
        try (ServiceClient client = new ServiceClient(FaultKit.config());
                Session s =
                        client.openSession(
                                handMade,
                                new Credentials(
                                        "erp-nile", FaultKit.SECRET.toCharArray(), null, null))) {
            assertThat(failure(s.login())).isInstanceOf(InvalidEndpointException.class);
            assertThat(client.activeCalls()).isZero();
        }
        FaultKit.CliResult r = FaultKit.cli(FaultKit.config(), FaultKit.asNile("login", url));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--auth-url");
    }

    @org.junit.jupiter.api.Test
    void theBasicCredentialsGoOnlyToTheIdentityServiceAndTheTokenOnlyToTheApi() throws Exception {
        // "home" is the identity service, "elsewhere" the API
        home.setDispatcher(new Welcoming());
        elsewhere.setDispatcher(new Welcoming());
        String auth = home.url("/").toString();
        String api = elsewhere.url("/").toString();
        try (ServiceClient client = new ServiceClient(FaultKit.config());
                Session s =
                        client.openSession(
                                Environment.custom(auth, api),
                                new Credentials(
                                        "erp-nile", FaultKit.SECRET.toCharArray(), null, null))) {
            s.readAll(NotificationQuery.ALL, p -> {}).get(10, TimeUnit.SECONDS);
        }
        assertThat(home.getRequestCount()).isEqualTo(1);
        RecordedRequest login = home.takeRequest();
        assertThat(login.getUrl().encodedPath()).isEqualTo("/connect/token");
        assertThat(login.getHeaders().get("Authorization")).startsWith("Basic ");
        assertThat(elsewhere.getRequestCount()).isEqualTo(1);
        RecordedRequest query = elsewhere.takeRequest();
        assertThat(query.getUrl().encodedPath()).isEqualTo("/api/v1.0/notifications/taxpayer");
        assertThat(query.getHeaders().get("Authorization")).startsWith("Bearer ");
        assertThat(query.getBody() == null ? "" : query.getBody().utf8())
                .doesNotContain(FaultKit.SECRET);
    }

    private static Throwable failure(CompletableFuture<?> f) throws Exception {
        try {
            f.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return e.getCause();
        }
        throw new AssertionError("expected a failure");
    }
}
