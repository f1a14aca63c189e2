package app.ishaar.faults;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.secrets.InMemorySecretStore;
import app.ishaar.core.secrets.ProxyCredentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.Proxies;
import app.ishaar.core.service.TestTokens;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.ui.app.SettingsService;
import app.ishaar.ui.error.Failure;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.login.LoginViewModel;
import app.ishaar.ui.settings.ProxyPasswordViewModel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.tls.HandshakeCertificates;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The desktop's answer to a proxy's 407, through a real CONNECT proxy on loopback that demands
 * Basic credentials: the login dialog's view model gets the failure, the proxy dialog's view model
 * takes the user's pair and keeps it in the (in-memory) keychain, and the login tried again passes;
 * a wrong pair asks again, saying the proxy refused it; the next run needs no asking.
 */
class ProxyPasswordFlowTest {
    @TempDir Path configDir;

    private final I18n i18n = new I18n(AppLanguage.ENGLISH);
    private final InMemorySecretStore keychain = new InMemorySecretStore();

    /** The FX thread's stand-in: a queue the test runs (everything the view models post). */
    private final LinkedBlockingQueue<Runnable> fxQueue = new LinkedBlockingQueue<>();

    private final Executor fx = fxQueue::add;
    private final ExecutorService background = Executors.newCachedThreadPool();
    private MockWebServer server;
    private ConnectProxy proxy;
    private SettingsService settings;
    private String url;

    @BeforeEach
    void start() throws Exception {
        server = new MockWebServer();
        server.useHttps(
                new HandshakeCertificates.Builder()
                        .heldCertificate(ProxyTest.SERVICE, ProxyTest.ROOT.certificate())
                        .build()
                        .sslSocketFactory());
        server.setDispatcher(
                new Dispatcher() {
                    @Override
                    public MockResponse dispatch(RecordedRequest r) {
                        return r.getUrl().encodedPath().equals("/connect/token")
                                ? TestTokens.tokenResponse(TestTokens.standardToken("p"))
                                : TestTokens.json(200, FaultKit.page(1, 2, "n1", "n2"));
                    }
                });
        server.start();
        url = "https://" + ConnectProxy.HOST + ":" + server.getPort() + "/";
        proxy =
                new ConnectProxy(
                        okhttp3.Credentials.basic("alice", "pr0xy p@ss", StandardCharsets.UTF_8));
        settings = new SettingsService(new SettingsStore(configDir), Duration.ZERO);
    }

    @AfterEach
    void stop() throws Exception {
        settings.close();
        background.shutdownNow();
        proxy.close();
        server.close();
    }

    private ServiceClient client(ProxyCredentials credentials) {
        return new ServiceClient(
                ProxyTest.base()
                        .withTrustManager(ProxyTest.TRUSTING_ROOT.trustManager())
                        .withProxies(Proxies.manual("127.0.0.1", proxy.port(), credentials)));
    }

    private LoginViewModel login(ServiceClient client) {
        LoginViewModel vm =
                new LoginViewModel(
                        i18n,
                        fx,
                        background,
                        client::openSession,
                        () -> Environment.custom(url, url),
                        language -> List.of(),
                        keychain,
                        settings);
        vm.activate();
        vm.form().service().environmentProperty().set(Environment.Kind.CUSTOM);
        vm.form().service().authUrlProperty().set(url);
        vm.form().service().baseUrlProperty().set(url);
        vm.form().clientIdProperty().set("erp-nile");
        vm.form().secretProperty().set(FaultKit.SECRET);
        return vm;
    }

    /** Runs what the view models posted to the UI thread until {@code done}. */
    private void runFxUntil(String what, BooleanSupplier done) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!done.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waiting for " + what).isLessThan(end);
            Runnable r = fxQueue.poll(100, TimeUnit.MILLISECONDS);
            if (r != null) {
                r.run();
            }
        }
    }

    private ProxyPasswordViewModel askedFor(Failure f, ProxyCredentials credentials)
            throws InterruptedException {
        ProxyPasswordViewModel ask =
                ProxyPasswordViewModel.forFailure(f, i18n, credentials, fx, background)
                        .orElseThrow(() -> new AssertionError("no proxy dialog for " + f));
        boolean[] loaded = {false};
        ask.load().thenRun(() -> loaded[0] = true);
        runFxUntil("the dialog's state", () -> loaded[0]);
        return ask;
    }

    @Test
    void the407AsksOnceTheAnswerIsKeptInTheKeychainAndTheLoginThenPasses() throws Exception {
        ProxyCredentials credentials = new ProxyCredentials(keychain);
        try (ServiceClient client = client(credentials)) {
            LoginViewModel vm = login(client);
            vm.login();
            runFxUntil("the login's failure", () -> vm.attempts().failureProperty().get() != null);
            Failure f = vm.attempts().failureProperty().get();
            assertThat(f.key()).isEqualTo(ProxyPasswordViewModel.PROXY_AUTH);
            assertThat(f.text(i18n)).contains("127.0.0.1:" + proxy.port());
            assertThat(server.getRequestCount()).as("nothing reached the service").isZero();

            ProxyPasswordViewModel ask = askedFor(f, credentials);
            assertThat(ask.refusedProperty().get()).isFalse();
            assertThat(ask.heading().get())
                    .isEqualTo(
                            "The proxy 127.0.0.1:"
                                    + proxy.port()
                                    + " asks for a user name and password.");
            // a wrong pair first: the proxy refuses it, and the dialog asks again, saying so
            ask.userNameProperty().set("alice");
            ask.passwordProperty().set("not-the-pass-1");
            ask.submit();
            runFxUntil("kept", () -> ask.outcomeProperty().get() != null);
            assertThat(ask.outcomeProperty().get()).isEqualTo(ProxyPasswordViewModel.Outcome.SAVED);
            assertThat(ask.passwordProperty().get()).as("not kept in the form").isEmpty();
            vm.login();
            runFxUntil(
                    "the second failure",
                    () ->
                            vm.attempts().failureProperty().get() != null
                                    && !vm.attempts().busyProperty().get());
            ProxyPasswordViewModel again =
                    askedFor(vm.attempts().failureProperty().get(), credentials);
            assertThat(again.refusedProperty().get()).isTrue();
            assertThat(again.heading().get()).contains("refused that user name and password");
            assertThat(again.userNameProperty().get()).as("filled in").isEqualTo("alice");

            again.passwordProperty().set("pr0xy p@ss");
            again.submit();
            runFxUntil("kept", () -> again.outcomeProperty().get() != null);
            assertThat(keychain.contains(ProxyCredentials.account("127.0.0.1", proxy.port())))
                    .isTrue();
            vm.login();
            runFxUntil(
                    "logged in",
                    () ->
                            vm.resultProperty().get() != null
                                    || vm.attempts().failureProperty().get() != null);
            assertThat(vm.attempts().failureProperty().get()).isNull();
            assertThat(vm.resultProperty().get()).isNotNull();
            assertThat(proxy.authorizations)
                    .contains(
                            okhttp3.Credentials.basic(
                                    "alice", "pr0xy p@ss", StandardCharsets.UTF_8));
            assertThat(server.getRequestCount()).isPositive();
        }

        // the next run: the pair comes from the keychain, nothing is asked
        proxy.authorizations.clear();
        try (ServiceClient client = client(new ProxyCredentials(keychain))) {
            LoginViewModel vm = login(client);
            vm.login();
            runFxUntil(
                    "logged in",
                    () ->
                            vm.resultProperty().get() != null
                                    || vm.attempts().failureProperty().get() != null);
            assertThat(vm.attempts().failureProperty().get()).isNull();
            assertThat(proxy.authorizations).doesNotContainNull();
        }
    }

    @Test
    void aUserNameThatCannotBeIsShownAndNothingIsKept() throws Exception {
        ProxyCredentials credentials = new ProxyCredentials(keychain);
        Failure f = Failure.of(ProxyPasswordViewModel.PROXY_AUTH, "ishaar.test", "127.0.0.1:3128");
        ProxyPasswordViewModel ask = askedFor(f, credentials);
        ask.submit();
        assertThat(ask.problemProperty().get()).isEqualTo(ProxyPasswordViewModel.Problem.EMPTY);
        ask.userNameProperty().set("DOMAIN:alice");
        assertThat(ask.problemProperty().get()).isEqualTo(ProxyPasswordViewModel.Problem.COLON);
        assertThat(ask.problemText().get()).contains("no colon");
        ask.userNameProperty().set("DOMAIN\\alice");
        assertThat(ask.problemProperty().get()).isNull();
        ask.cancel();
        assertThat(ask.outcomeProperty().get()).isEqualTo(ProxyPasswordViewModel.Outcome.CANCELLED);
        assertThat(keychain.contains(ProxyCredentials.account("127.0.0.1", 3128))).isFalse();
        assertThat(
                        ProxyPasswordViewModel.forFailure(
                                Failure.of("error.network.proxy", "h", "127.0.0.1:3128"),
                                i18n,
                                credentials,
                                fx,
                                background))
                .as("only a 407 asks")
                .isEmpty();
    }
}
