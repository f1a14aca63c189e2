package app.ishaar.faults;

import static app.ishaar.faults.FaultKit.SECRET;
import static app.ishaar.faults.FaultKit.SECRET_VAR;
import static app.ishaar.faults.FaultKit.assertOneClearLine;
import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.Proxies;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.TestTokens;
import app.ishaar.core.service.http.ServiceClient;
import java.net.PasswordAuthentication;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.tls.HandshakeCertificates;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The proxy path, through a real CONNECT proxy on loopback: HTTPS to the service through the tunnel
 * with the certificate checked end to end, Basic credentials given once when the proxy asks, a
 * plain message when it asks and none are known, and the command line's {@code HTTPS_PROXY}. The
 * service is {@code https://ishaar.test:port}: only the proxy knows that host.
 */
class ProxyTest {
    static final HeldCertificate ROOT =
            new HeldCertificate.Builder().certificateAuthority(0).commonName("Test Root").build();
    static final HeldCertificate SERVICE =
            new HeldCertificate.Builder()
                    .commonName(ConnectProxy.HOST)
                    .addSubjectAlternativeName(ConnectProxy.HOST)
                    .signedBy(ROOT)
                    .build();
    static final HandshakeCertificates TRUSTING_ROOT =
            new HandshakeCertificates.Builder().addTrustedCertificate(ROOT.certificate()).build();
    static final String BASIC =
            okhttp3.Credentials.basic("alice", "pr0xy p@ss", StandardCharsets.UTF_8);

    MockWebServer server;
    ConnectProxy proxy;
    String url;

    @BeforeEach
    void start() throws Exception {
        server = new MockWebServer();
        server.useHttps(
                new HandshakeCertificates.Builder()
                        .heldCertificate(SERVICE, ROOT.certificate())
                        .build()
                        .sslSocketFactory());
        server.setDispatcher(
                new Dispatcher() {
                    @Override
                    public MockResponse dispatch(RecordedRequest r) {
                        if (r.getUrl().encodedPath().equals("/connect/token")) {
                            return TestTokens.tokenResponse(TestTokens.standardToken("p"));
                        }
                        return TestTokens.json(200, FaultKit.page(1, 2, "n1", "n2"));
                    }
                });
        server.start();
        url = "https://" + ConnectProxy.HOST + ":" + server.getPort() + "/";
    }

    @AfterEach
    void stop() throws Exception {
        if (proxy != null) {
            proxy.close();
        }
        server.close();
    }

    /** The fault suite's settings with room for TLS handshakes on a busy machine. */
    static ClientConfig base() {
        return FaultKit.config()
                .withReadTimeout(Duration.ofSeconds(5))
                .withCallTimeout(Duration.ofSeconds(20));
    }

    ClientConfig config(Proxies proxies) {
        return base().withTrustManager(TRUSTING_ROOT.trustManager()).withProxies(proxies);
    }

    int readThrough(ClientConfig config) throws Exception {
        try (ServiceClient client = new ServiceClient(config);
                Session s =
                        client.openSession(
                                Environment.custom(url, url),
                                new Credentials("erp-nile", SECRET.toCharArray(), null, null))) {
            return s.fetch(NotificationQuery.ALL).get(20, TimeUnit.SECONDS).result().size();
        }
    }

    Throwable failureThrough(ClientConfig config) throws Exception {
        try {
            readThrough(config);
            return null;
        } catch (ExecutionException e) {
            return e.getCause();
        }
    }

    @Test
    void httpsGoesThroughTheProxysTunnelToTheService() throws Exception {
        proxy = new ConnectProxy(null);
        assertThat(
                        readThrough(
                                config(
                                        Proxies.manual(
                                                "127.0.0.1",
                                                proxy.port(),
                                                Proxies.CredentialSource.NONE))))
                .isEqualTo(2);
        assertThat(proxy.connects).isNotEmpty().allMatch(c -> c.equals(hostPort()));
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void aProxyAskingForCredentialsGetsThemOnceARequest() throws Exception {
        proxy = new ConnectProxy(BASIC);
        AtomicInteger asked = new AtomicInteger();
        Proxies.CredentialSource source =
                (host, port) -> {
                    asked.incrementAndGet();
                    assertThat(host + ":" + port).isEqualTo("127.0.0.1:" + proxy.port());
                    return Optional.of(
                            new PasswordAuthentication("alice", "pr0xy p@ss".toCharArray()));
                };
        assertThat(readThrough(config(Proxies.manual("127.0.0.1", proxy.port(), source))))
                .isEqualTo(2);
        assertThat(proxy.authorizations).contains(BASIC);
        // OkHttp offers them with the tunnel's first CONNECT (an answer to a pre-emptive
        // challenge): one look-up a tunnel, never a refusal
        assertThat(proxy.authorizations).containsOnly(BASIC);
        assertThat(asked.get()).isEqualTo(proxy.connects.size());
    }

    @Test
    void aProxyAskingForCredentialsThatAreNotKnownIsSaidPlainly() throws Exception {
        proxy = new ConnectProxy(BASIC);
        Throwable t =
                failureThrough(
                        config(
                                Proxies.manual(
                                        "127.0.0.1", proxy.port(), Proxies.CredentialSource.NONE)));
        assertThat(t)
                .isInstanceOfSatisfying(
                        NetworkException.class,
                        e -> {
                            assertThat(e.kind()).isEqualTo(NetworkException.Kind.PROXY_AUTH);
                            assertThat(e.proxy()).isEqualTo("127.0.0.1:" + proxy.port());
                        });
        assertThat(server.getRequestCount()).isZero();

        FaultKit.CliResult r = cli(Map.of("HTTPS_PROXY", "http://127.0.0.1:" + proxy.port()));
        assertThat(r.code()).isEqualTo(5);
        assertOneClearLine(r);
        assertThat(r.err())
                .contains("proxy 127.0.0.1:" + proxy.port())
                .contains("asks for a user name and password");
    }

    @Test
    void theCommandLineTakesTheProxyAndItsCredentialsFromHttpsProxy() throws Exception {
        proxy = new ConnectProxy(BASIC);
        FaultKit.CliResult r =
                cli(Map.of("HTTPS_PROXY", "http://alice:pr0xy%20p%40ss@127.0.0.1:" + proxy.port()));
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(FaultKit.JSON.readTree(r.out())).hasSize(2);
        assertThat(proxy.authorizations).contains(BASIC);
        assertThat(r.out() + r.err()).doesNotContain("pr0xy");
    }

    @Test
    void theCertificateIsStillCheckedEndToEndThroughTheTunnel() throws Exception {
        proxy = new ConnectProxy(null);
        // the JDK's own trust: the test root is not in it
        ClientConfig jdkTrust =
                base().withProxies(
                                Proxies.manual(
                                        "127.0.0.1", proxy.port(), Proxies.CredentialSource.NONE));
        Throwable t = failureThrough(jdkTrust);
        assertThat(t)
                .isInstanceOfSatisfying(
                        NetworkException.class,
                        e -> {
                            assertThat(e.kind()).isEqualTo(NetworkException.Kind.CERTIFICATE);
                            assertThat(e.host()).isEqualTo(ConnectProxy.HOST);
                            assertThat(e.getMessage())
                                    .contains("certificate of " + ConnectProxy.HOST)
                                    .contains("not trusted");
                        });
        assertThat(proxy.connects).contains(hostPort());
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void aClientSwitchedToAProxyGoesThroughItFromItsNextRequestWithoutARestart() throws Exception {
        proxy = new ConnectProxy(null);
        try (ServiceClient client = new ServiceClient(config(Proxies.none()));
                Session s =
                        client.openSession(
                                Environment.custom(url, url),
                                new Credentials("erp-nile", SECRET.toCharArray(), null, null))) {
            Throwable direct = null;
            try {
                s.fetch(NotificationQuery.ALL).get(20, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                direct = e.getCause();
            }
            // only the proxy knows the service's host
            assertThat(direct).isInstanceOf(NetworkException.class);
            assertThat(proxy.connects).isEmpty();

            client.useProxies(
                    Proxies.manual("127.0.0.1", proxy.port(), Proxies.CredentialSource.NONE));
            assertThat(s.fetch(NotificationQuery.ALL).get(20, TimeUnit.SECONDS).result())
                    .hasSize(2);
            assertThat(proxy.connects).isNotEmpty().allMatch(c -> c.equals(hostPort()));
            int tunnels = proxy.connects.size();

            client.useProxies(Proxies.none());
            assertThatFailsDirectly(s);
            assertThat(proxy.connects).as("no pooled tunnel is reused").hasSize(tunnels);
        }
    }

    private static void assertThatFailsDirectly(Session s) throws Exception {
        try {
            s.fetch(NotificationQuery.ALL).get(20, TimeUnit.SECONDS);
            throw new AssertionError("reached the service without the proxy");
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(NetworkException.class);
        }
    }

    @Test
    void aManualProxyIsNotUsedForThisComputersOwnAddresses() {
        Proxies p = Proxies.manual("proxy.example.com", 3128, Proxies.CredentialSource.NONE);
        assertThat(p.proxyFor(java.net.URI.create("http://127.0.0.1:8080/"))).isEmpty();
        assertThat(p.proxyFor(java.net.URI.create("http://localhost:8080/"))).isEmpty();
        assertThat(p.proxyFor(java.net.URI.create("http://[::1]:8080/"))).isEmpty();
        assertThat(p.proxyFor(java.net.URI.create("https://id.eta.gov.eg/")))
                .contains("proxy.example.com:3128");
    }

    @Test
    void onATerminalTheCommandLineAsksForTheProxysPairWhenItAnswers407() throws Exception {
        proxy = new ConnectProxy(BASIC);
        java.util.List<String> prompts = new java.util.ArrayList<>();
        java.util.Deque<String> answers =
                new java.util.ArrayDeque<>(
                        java.util.List.of("alice", "not-the-pass-1", "alice", "pr0xy p@ss"));
        app.ishaar.cli.CliIo.SecretPrompt terminal =
                new app.ishaar.cli.CliIo.SecretPrompt() {
                    @Override
                    public char[] read(String prompt) {
                        prompts.add(prompt);
                        return answers.pop().toCharArray();
                    }

                    @Override
                    public String readLine(String prompt) {
                        prompts.add(prompt);
                        return answers.pop();
                    }
                };
        FaultKit.CliResult r =
                cliWithPrompt(Map.of("HTTPS_PROXY", "http://127.0.0.1:" + proxy.port()), terminal);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(FaultKit.JSON.readTree(r.out())).hasSize(2);
        assertThat(prompts)
                .containsExactly(
                        "Proxy user name: ",
                        "Proxy password: ",
                        "Proxy user name: ",
                        "Proxy password: ");
        assertThat(r.err())
                .contains(
                        "The proxy 127.0.0.1:"
                                + proxy.port()
                                + " asks for a user name and password.")
                .contains("refused that user name and password; try again.")
                .doesNotContain("pr0xy")
                .doesNotContain("not-the-pass-1");
        assertThat(proxy.authorizations).contains(BASIC);

        // nothing typed: the one-line message and exit 5, as without a terminal
        answers.clear();
        answers.add("");
        FaultKit.CliResult none =
                cliWithPrompt(Map.of("HTTPS_PROXY", "http://127.0.0.1:" + proxy.port()), terminal);
        assertThat(none.code()).isEqualTo(5);
        assertThat(none.err()).contains("asks for a user name and password");
    }

    FaultKit.CliResult cliWithPrompt(
            Map<String, String> proxyEnv, app.ishaar.cli.CliIo.SecretPrompt prompt) {
        Map<String, String> env = new java.util.HashMap<>(proxyEnv);
        env.put(SECRET_VAR, SECRET);
        return FaultKit.cli(
                base().withTrustManager(TRUSTING_ROOT.trustManager()),
                () -> null,
                env,
                prompt,
                FaultKit.asNile("notifications", url, "--format", "json"));
    }

    String hostPort() {
        return ConnectProxy.HOST + ":" + server.getPort();
    }

    FaultKit.CliResult cli(Map<String, String> proxyEnv) {
        Map<String, String> env = new java.util.HashMap<>(proxyEnv);
        env.put(SECRET_VAR, SECRET);
        return FaultKit.cli(
                base().withTrustManager(TRUSTING_ROOT.trustManager()),
                () -> null,
                env,
                FaultKit.asNile("notifications", url, "--format", "json"));
    }
}
