package app.ishaar.ui.login;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.secrets.InMemorySecretStore;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.InvalidEndpointException;
import app.ishaar.core.service.LoginError;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.SandboxProvider;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.ServiceUnavailableException;
import app.ishaar.core.service.SessionExpiredException;
import app.ishaar.core.service.UnexpectedResponseException;
import app.ishaar.core.settings.Profile;
import app.ishaar.core.settings.RepresentedTaxpayer;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.ui.app.SettingsService;
import app.ishaar.ui.fakes.FakeOpener;
import app.ishaar.ui.fakes.FakeSession;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The login dialog's logic, without the FX toolkit: direct executors, a fake session. */
class LoginViewModelTest {

    private static final Executor DIRECT = Runnable::run;

    @TempDir Path configDir;

    private final I18n i18n = new I18n(AppLanguage.ENGLISH);
    private final FakeOpener opener = new FakeOpener();
    private final InMemorySecretStore secrets = new InMemorySecretStore();
    private SettingsService settings;
    private Environment sandboxEnv;
    private SandboxProvider sandbox;
    private LoginViewModel vm;

    @BeforeEach
    void setUp() throws Exception {
        settings = new SettingsService(new SettingsStore(configDir), Duration.ZERO);
        sandboxEnv = Environment.sandbox("http://127.0.0.1:1", "http://127.0.0.1:2");
        sandbox = () -> sandboxEnv;
        vm = newViewModel(secrets);
    }

    @AfterEach
    void tearDown() {
        settings.close();
    }

    private LoginViewModel newViewModel(InMemorySecretStore store) {
        DemoAccounts demo =
                language ->
                        List.of(
                                new DemoAccount(
                                        "erp-nile-trading",
                                        "sandbox-secret-1",
                                        DemoAccount.Kind.TAXPAYER,
                                        List.of(
                                                new RepresentedTaxpayer(
                                                        "204918573", "Nile Trading Co."))),
                                new DemoAccount(
                                        "erp-delta-accounting",
                                        "sandbox-secret-2",
                                        DemoAccount.Kind.INTERMEDIARY,
                                        List.of(
                                                new RepresentedTaxpayer(
                                                        "204918573", "Nile Trading Co."),
                                                new RepresentedTaxpayer(
                                                        "287364519", "Cairo Pharma Industries"))));
        LoginViewModel created =
                new LoginViewModel(
                        i18n,
                        DIRECT,
                        DIRECT,
                        opener,
                        () -> sandbox.environment(),
                        demo,
                        store,
                        settings);
        created.activate();
        return created;
    }

    private void fillValid() {
        vm.form().clientIdProperty().set("erp-nile-trading");
        vm.form().secretProperty().set("sandbox-secret-1");
    }

    @Test
    void sandboxIsTheDefaultAndItsDemoAccountsAreOffered() {
        assertThat(vm.form().service().environmentProperty().get())
                .isEqualTo(Environment.Kind.SANDBOX);
        assertThat(vm.demos().accounts())
                .extracting(DemoAccount::clientId)
                .containsExactly("erp-nile-trading", "erp-delta-accounting");
    }

    @Test
    void oneClickFillsADemoIntermediaryWithItsFirstTaxpayer() {
        vm.fillDemo(vm.demos().accounts().get(1));
        assertThat(vm.form().clientIdProperty().get()).isEqualTo("erp-delta-accounting");
        assertThat(vm.form().secretProperty().get()).isEqualTo("sandbox-secret-2");
        assertThat(vm.form().onBehalfOfProperty().get()).isEqualTo("204918573");
        assertThat(vm.canLoginProperty().get()).isTrue();
    }

    @Test
    void requiredFieldsDisableLoginButShowNoErrorBeforeTheUserTouchesThem() {
        assertThat(vm.canLoginProperty().get()).isFalse();
        assertThat(vm.form().clientIdField().shownProperty().get()).isNull();
        vm.form().clientIdProperty().set("x");
        vm.form().clientIdProperty().set("");
        assertThat(vm.form().clientIdField().shownProperty().get())
                .isEqualTo("login.validation.required");
        vm.form().clientIdProperty().set("erp");
        assertThat(vm.form().clientIdField().shownProperty().get()).isNull();
        assertThat(vm.canLoginProperty().get()).as("secret still missing").isFalse();
        vm.form().secretProperty().set("s");
        assertThat(vm.canLoginProperty().get()).isTrue();
    }

    @Test
    void submittingAnIncompleteFormShowsEveryProblemAndSendsNothing() {
        vm.login();
        assertThat(opener.opened).isEmpty();
        assertThat(vm.form().clientIdField().shownProperty().get())
                .isEqualTo("login.validation.required");
        assertThat(vm.form().secretField().shownProperty().get())
                .isEqualTo("login.validation.required");
    }

    @Test
    void theRinIsOptionalButMustHaveNineDigitsArabicIndicDigitsAccepted() {
        fillValid();
        vm.form().onBehalfOfProperty().set("12345");
        assertThat(vm.form().rinField().shownProperty().get()).isEqualTo("login.validation.rin");
        assertThat(vm.canLoginProperty().get()).isFalse();
        vm.form().onBehalfOfProperty().set("2049185731");
        assertThat(vm.form().rinField().shownProperty().get()).isEqualTo("login.validation.rin");
        vm.form().onBehalfOfProperty().set("20491857a");
        assertThat(vm.form().rinField().shownProperty().get()).isEqualTo("login.validation.rin");
        vm.form().onBehalfOfProperty().set("٢٠٤٩١٨٥٧٣");
        assertThat(vm.form().rinField().shownProperty().get()).isNull();
        assertThat(vm.canLoginProperty().get()).isTrue();
        vm.login();
        assertThat(opener.last().credentials().onBehalfOf()).isEqualTo("204918573");
    }

    @Test
    void customEnvironmentNeedsWellFormedAddressesWithHttpsOffLoopback() {
        fillValid();
        vm.form().service().environmentProperty().set(Environment.Kind.CUSTOM);
        assertThat(vm.canLoginProperty().get()).as("custom without addresses").isFalse();
        vm.form().service().authUrlProperty().set("not a url");
        assertThat(vm.form().service().authUrlField().shownProperty().get())
                .isEqualTo("login.validation.url");
        vm.form().service().authUrlProperty().set("http://id.example.com");
        assertThat(vm.form().service().authUrlField().shownProperty().get())
                .isEqualTo("login.validation.https");
        vm.form().service().authUrlProperty().set("https://id.example.com");
        assertThat(vm.form().service().authUrlField().shownProperty().get()).isNull();
        vm.form().service().baseUrlProperty().set("http://127.0.0.1:8080");
        assertThat(vm.form().service().baseUrlField().shownProperty().get()).isNull();
        assertThat(vm.canLoginProperty().get()).isTrue();
        vm.form().service().environmentProperty().set(Environment.Kind.PROD);
        vm.form().service().authUrlProperty().set("junk");
        assertThat(vm.canLoginProperty().get())
                .as("addresses do not matter outside Custom")
                .isTrue();
    }

    @Test
    void aDoubleSubmitSendsOneLoginAndLoginIsDisabledMeanwhile() {
        fillValid();
        vm.login();
        vm.login();
        assertThat(opener.opened).hasSize(1);
        assertThat(opener.last().loginCalls.get()).isEqualTo(1);
        assertThat(vm.attempts().busyProperty().get()).isTrue();
        assertThat(vm.canLoginProperty().get()).isFalse();
        assertThat(vm.attempts().progressText().get()).isEqualTo("Logging in…");
    }

    @Test
    void successHandsOverTheSessionSavesTheProfileWithoutSecretAndClearsTheField()
            throws Exception {
        fillValid();
        vm.form().onBehalfOfProperty().set("204918573");
        vm.login();
        FakeSession s = opener.last();
        assertThat(opener.secretsSeen).containsExactly("sandbox-secret-1");
        s.loginCall.complete(
                FakeSession.token(
                        "204918573", "Nile Trading Co.", Instant.now().plusSeconds(3600)));

        LoginViewModel.LoginResult r = vm.resultProperty().get();
        assertThat(r).isNotNull();
        assertThat(r.session()).isSameAs(s);
        assertThat(r.environment()).isEqualTo(sandboxEnv);
        assertThat(new String(r.credentials().clientSecret())).isEqualTo("sandbox-secret-1");
        assertThat(vm.form().secretProperty().get()).as("the field model is cleared").isEmpty();
        assertThat(vm.form().secretField().shownProperty().get())
                .as("the emptied field is not called missing")
                .isNull();
        assertThat(vm.attempts().busyProperty().get())
                .as("done: the dialog takes no second login until it is closed")
                .isTrue();
        vm.login();
        assertThat(opener.opened).hasSize(1);
        Profile p = settings.get().profile("SANDBOX|erp-nile-trading").orElseThrow();
        assertThat(p.taxpayers())
                .containsExactly(new RepresentedTaxpayer("204918573", "Nile Trading Co."));
        assertThat(p.lastTaxpayerRin()).isEqualTo("204918573");
        assertThat(settings.get().lastProfileId()).isEqualTo(p.id());
        settings.flush();
        assertThat(java.nio.file.Files.readString(configDir.resolve("settings.json")))
                .contains("erp-nile-trading")
                .doesNotContain("sandbox-secret-1");
    }

    @Test
    void rememberKeepsTheSecretInTheKeychainOnlyAndTheNextDialogFillsIt() {
        fillValid();
        vm.form().rememberProperty().set(true);
        assertThat(vm.remembered().availableProperty().get()).isTrue();
        vm.login();
        opener.last()
                .loginCall
                .complete(FakeSession.token("204918573", null, Instant.now().plusSeconds(3600)));
        assertThat(secrets.load("SANDBOX|erp-nile-trading"))
                .hasValueSatisfying(c -> assertThat(new String(c)).isEqualTo("sandbox-secret-1"));

        LoginViewModel next = newViewModel(secrets);
        assertThat(next.form().clientIdProperty().get()).isEqualTo("erp-nile-trading");
        assertThat(next.form().rememberProperty().get()).isTrue();
        assertThat(next.form().secretProperty().get()).isEqualTo("sandbox-secret-1");

        next.form().rememberProperty().set(false);
        next.login();
        opener.last()
                .loginCall
                .complete(FakeSession.token("204918573", null, Instant.now().plusSeconds(3600)));
        assertThat(secrets.contains("SANDBOX|erp-nile-trading"))
                .as("unticking forgets it")
                .isFalse();
    }

    @Test
    void withoutAKeychainRememberIsOffAndUnavailable() {
        LoginViewModel noKeychain =
                newViewModel(InMemorySecretStore.unavailable("no Secret Service"));
        assertThat(noKeychain.remembered().availableProperty().get()).isFalse();
        noKeychain.form().rememberProperty().set(true);
        noKeychain.form().clientIdProperty().set("erp-nile-trading");
        noKeychain.form().secretProperty().set("sandbox-secret-1");
        noKeychain.login();
        opener.last()
                .loginCall
                .complete(FakeSession.token("204918573", null, Instant.now().plusSeconds(3600)));
        assertThat(
                        settings.get()
                                .profile("SANDBOX|erp-nile-trading")
                                .orElseThrow()
                                .rememberSecret())
                .isFalse();
    }

    @Test
    void cancelStopsTheLoginKeepsTheInputAndIgnoresALateAnswer() {
        fillValid();
        vm.form().onBehalfOfProperty().set("204918573");
        vm.login();
        FakeSession s = opener.last();
        assertThat(vm.attempts().isLoggingIn()).isTrue();
        vm.cancel();
        assertThat(s.loginCall).isCancelled();
        assertThat(s.closed).isTrue();
        assertThat(vm.attempts().busyProperty().get()).isFalse();
        assertThat(vm.canLoginProperty().get()).isTrue();
        assertThat(vm.resultProperty().get()).isNull();
        assertThat(vm.attempts().failureProperty().get())
                .as("cancelling is not a failure")
                .isNull();
        assertThat(vm.form().clientIdProperty().get()).isEqualTo("erp-nile-trading");
        assertThat(vm.form().secretProperty().get()).isEqualTo("sandbox-secret-1");
        assertThat(vm.form().onBehalfOfProperty().get()).isEqualTo("204918573");
    }

    @Test
    void aLoginCanBeRepeatedAfterCancel() {
        fillValid();
        vm.login();
        vm.cancel();
        vm.login();
        assertThat(opener.opened).hasSize(2);
        opener.last()
                .loginCall
                .complete(FakeSession.token("204918573", null, Instant.now().plusSeconds(3600)));
        assertThat(vm.resultProperty().get()).isNotNull();
    }

    @Test
    void aLoginCancelledWhileTheSandboxStartsOpensNoSessionAndSendsNothing() {
        Deque<Runnable> background = new ArrayDeque<>();
        vm =
                new LoginViewModel(
                        i18n,
                        DIRECT,
                        background::add,
                        opener,
                        () -> sandbox.environment(),
                        language -> List.of(),
                        secrets,
                        settings);
        fillValid();
        vm.login();
        vm.cancel(); // Esc while the sandbox is still starting
        assertThat(vm.attempts().busyProperty().get()).isFalse();
        while (!background.isEmpty()) {
            background.poll().run();
        }
        assertThat(opener.opened).as("no session, so no login request").isEmpty();
        assertThat(vm.attempts().busyProperty().get()).isFalse();
        assertThat(vm.attempts().failureProperty().get()).isNull();
        assertThat(vm.resultProperty().get()).isNull();
    }

    @Test
    void aCancelledLoginsLateTokenNeitherEndsNorReplacesTheNextLogin() {
        Deque<Runnable> fxTasks = new ArrayDeque<>();
        vm =
                new LoginViewModel(
                        i18n,
                        fxTasks::add,
                        DIRECT,
                        opener,
                        () -> sandbox.environment(),
                        language -> List.of(),
                        secrets,
                        settings);
        fillValid();
        vm.login();
        runAll(fxTasks);
        FakeSession first = opener.last();
        vm.cancel();
        vm.login();
        runAll(fxTasks);
        FakeSession second = opener.last();
        assertThat(second).isNotSameAs(first);

        first.loginCall.complete(
                FakeSession.token("204918573", null, Instant.now().plusSeconds(3600)));
        runAll(fxTasks);
        assertThat(vm.resultProperty().get()).as("the cancelled login's token").isNull();
        assertThat(vm.attempts().isLoggingIn()).as("the second login still runs").isTrue();
        assertThat(first.closed).isTrue();

        second.loginCall.complete(
                FakeSession.token("204918573", null, Instant.now().plusSeconds(3600)));
        runAll(fxTasks);
        assertThat(vm.resultProperty().get().session()).isSameAs(second);
        assertThat(second.closed).isFalse();
    }

    private static void runAll(Deque<Runnable> tasks) {
        while (!tasks.isEmpty()) {
            tasks.poll().run();
        }
    }

    static Stream<Arguments> failures() {
        return Stream.of(
                Arguments.of(
                        new LoginRejectedException(
                                LoginError.INVALID_CLIENT,
                                "invalid_client",
                                null,
                                LoginRejectedException.Reason.BAD_CREDENTIALS,
                                null),
                        "error.login.badCredentials",
                        "The client ID or client secret is wrong.",
                        ""),
                Arguments.of(
                        new LoginRejectedException(
                                LoginError.INVALID_GRANT,
                                "invalid_grant",
                                "User blocked",
                                LoginRejectedException.Reason.BLOCKED,
                                "c-1"),
                        "error.login.blocked",
                        "This ERP system user is blocked.",
                        "User blocked\nReference: c-1"),
                Arguments.of(
                        new LoginRejectedException(
                                LoginError.INVALID_GRANT,
                                "invalid_grant",
                                "User expired",
                                LoginRejectedException.Reason.EXPIRED,
                                null),
                        "error.login.expired",
                        "This ERP system user has expired.",
                        "User expired"),
                Arguments.of(
                        new LoginRejectedException(
                                LoginError.UNAUTHORIZED_CLIENT,
                                "unauthorized_client",
                                "not delegated",
                                LoginRejectedException.Reason.NOT_DELEGATED,
                                null),
                        "error.login.notDelegated",
                        "Taxpayer 499201773 has not delegated",
                        "not delegated"),
                Arguments.of(
                        new LoginRejectedException(
                                LoginError.INVALID_SCOPE,
                                "invalid_scope",
                                null,
                                LoginRejectedException.Reason.SCOPE_REFUSED,
                                null),
                        "error.login.scopeRefused",
                        "refused the requested scope",
                        ""),
                Arguments.of(
                        new LoginRejectedException(
                                LoginError.INVALID_REQUEST,
                                "invalid_request",
                                "onbehalfof required",
                                LoginRejectedException.Reason.BAD_REQUEST,
                                null),
                        "error.login.badRequest",
                        "refused the login as incomplete",
                        "onbehalfof required"),
                Arguments.of(
                        new LoginRejectedException(
                                LoginError.UNKNOWN,
                                "weird_error",
                                null,
                                LoginRejectedException.Reason.OTHER,
                                null),
                        "error.login.rejected",
                        "(weird_error)",
                        ""),
                Arguments.of(
                        new NetworkException(
                                NetworkException.Kind.UNREACHABLE, "id.eta.gov.eg", null),
                        "error.network.unreachable",
                        "Cannot reach id.eta.gov.eg.",
                        ""),
                Arguments.of(
                        new NetworkException(NetworkException.Kind.TLS, "id.eta.gov.eg", null),
                        "error.network.tls",
                        "secure connection to id.eta.gov.eg failed",
                        ""),
                Arguments.of(
                        new NetworkException(NetworkException.Kind.TIMEOUT, "id.eta.gov.eg", null),
                        "error.network.timeout",
                        "id.eta.gov.eg did not answer in time",
                        ""),
                Arguments.of(
                        new UnexpectedResponseException(
                                502, UnexpectedResponseException.BodyKind.HTML, null, null, null),
                        "error.unexpected",
                        "(HTTP 502)",
                        ""),
                Arguments.of(
                        new ServiceUnavailableException(503, null, null),
                        "error.unavailable",
                        "(HTTP 503)",
                        ""),
                Arguments.of(
                        new ServiceUnavailableException(429, null, null),
                        "error.rateLimited",
                        "limiting requests from this system (HTTP 429)",
                        ""),
                Arguments.of(
                        new SessionExpiredException(null, null, null),
                        "error.sessionEnded",
                        "The session has ended.",
                        ""));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("failures")
    void eachFailureHasItsOwnMessageWithTheServiceDetailAndKeepsTheInput(
            ServiceException error, String key, String text, String detail) {
        fillValid();
        vm.form().onBehalfOfProperty().set("499201773");
        vm.form().scopeProperty().set("InvoicingAPI");
        vm.login();
        opener.last().loginCall.completeExceptionally(error);

        assertThat(vm.attempts().failureProperty().get().key()).isEqualTo(key);
        assertThat(vm.attempts().failureText().get()).contains(text);
        assertThat(
                        Stream.of(
                                        vm.attempts().failureDetail().get(),
                                        vm.attempts().failureReference().get())
                                .filter(line -> !line.isEmpty())
                                .collect(Collectors.joining("\n")))
                .as("the banner's lines under the message: the service's words, then the reference")
                .isEqualTo(detail);
        assertThat(vm.attempts().busyProperty().get()).isFalse();
        assertThat(vm.resultProperty().get()).isNull();
        assertThat(opener.last().closed).isTrue();
        assertThat(vm.form().clientIdProperty().get()).isEqualTo("erp-nile-trading");
        assertThat(vm.form().secretProperty().get()).isEqualTo("sandbox-secret-1");
        assertThat(vm.form().onBehalfOfProperty().get()).isEqualTo("499201773");
        assertThat(vm.form().scopeProperty().get()).isEqualTo("InvoicingAPI");
        assertThat(vm.canLoginProperty().get()).isTrue();
    }

    @Test
    void theFailureMessageFollowsTheLanguageLive() {
        fillValid();
        vm.login();
        opener.last()
                .loginCall
                .completeExceptionally(
                        new LoginRejectedException(
                                LoginError.INVALID_CLIENT,
                                "invalid_client",
                                null,
                                LoginRejectedException.Reason.BAD_CREDENTIALS,
                                null));
        assertThat(vm.attempts().failureText().get()).startsWith("The client ID");
        vm.languageProperty().set(AppLanguage.ARABIC);
        assertThat(vm.attempts().failureText().get())
                .isEqualTo("معرّف العميل أو المفتاح السري غير صحيح.");
    }

    @Test
    void aSandboxThatCannotStartIsReportedAsSuch() {
        sandbox =
                () -> {
                    throw new InvalidEndpointException(
                            "auth-url", "", InvalidEndpointException.Reason.MISSING);
                };
        fillValid();
        vm.login();
        assertThat(opener.opened).isEmpty();
        assertThat(vm.attempts().failureProperty().get().key()).isEqualTo("error.invalidEndpoint");
        assertThat(vm.attempts().busyProperty().get()).isFalse();
    }

    @Test
    void aCorruptSettingsFileIsSetAsideWithOneNoticeNotACrash() throws Exception {
        java.nio.file.Path dir = configDir.resolve("corrupt");
        java.nio.file.Files.createDirectories(dir);
        java.nio.file.Files.writeString(dir.resolve("settings.json"), "{ this is not json");
        SettingsService broken = new SettingsService(new SettingsStore(dir), Duration.ZERO);
        try {
            LoginViewModel first =
                    new LoginViewModel(
                            i18n,
                            DIRECT,
                            DIRECT,
                            opener,
                            () -> sandboxEnv,
                            DemoAccounts.NONE,
                            secrets,
                            broken);
            assertThat(first.savedProfiles().setAsideProperty().get())
                    .startsWith("settings.json.corrupt-");
            assertThat(first.form().service().environmentProperty().get())
                    .as("defaults")
                    .isEqualTo(Environment.Kind.SANDBOX);
            assertThat(
                            i18n.get(
                                    "login.notice.settingsSetAside",
                                    first.savedProfiles().setAsideProperty().get()))
                    .contains("settings.json.corrupt-");
            LoginViewModel second =
                    new LoginViewModel(
                            i18n,
                            DIRECT,
                            DIRECT,
                            opener,
                            () -> sandboxEnv,
                            DemoAccounts.NONE,
                            secrets,
                            broken);
            assertThat(second.savedProfiles().setAsideProperty().get()).as("told once").isNull();
        } finally {
            broken.close();
        }
    }

    @Test
    void aNewFailureReplacesTheOldAndSuccessClearsIt() {
        fillValid();
        vm.login();
        opener.last()
                .loginCall
                .completeExceptionally(
                        new NetworkException(NetworkException.Kind.TIMEOUT, "127.0.0.1", null));
        assertThat(vm.attempts().failureProperty().get()).isNotNull();
        vm.login();
        assertThat(vm.attempts().failureProperty().get())
                .as("cleared when a new login starts")
                .isNull();
        opener.last()
                .loginCall
                .complete(FakeSession.token("204918573", null, Instant.now().plusSeconds(3600)));
        assertThat(vm.attempts().failureProperty().get()).isNull();
    }
}
