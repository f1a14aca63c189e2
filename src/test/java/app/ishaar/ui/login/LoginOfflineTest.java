package app.ishaar.ui.login;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.secrets.InMemorySecretStore;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.LoginError;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.settings.Profile;
import app.ishaar.core.settings.RepresentedTaxpayer;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.ui.app.SettingsService;
import app.ishaar.ui.fakes.FakeOpener;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Work offline, and a login the service cannot be reached for, without the FX toolkit. */
class LoginOfflineTest {

    private static final Executor DIRECT = Runnable::run;

    @TempDir Path configDir;

    private final I18n i18n = new I18n(AppLanguage.ENGLISH);
    private final FakeOpener opener = new FakeOpener();
    private SettingsService settings;
    private Environment sandboxEnv;
    private LoginViewModel vm;

    @BeforeEach
    void setUp() throws Exception {
        settings = new SettingsService(new SettingsStore(configDir), Duration.ZERO);
        sandboxEnv = Environment.sandbox("http://127.0.0.1:1", "http://127.0.0.1:2");
        vm =
                new LoginViewModel(
                        i18n,
                        DIRECT,
                        DIRECT,
                        opener,
                        () -> sandboxEnv,
                        language -> List.of(),
                        new InMemorySecretStore(),
                        settings);
    }

    @AfterEach
    void tearDown() {
        settings.close();
    }

    private void saveProfile() {
        settings.update(
                s ->
                        s.withProfile(
                                new Profile(
                                        "SANDBOX|erp-delta-accounting",
                                        Environment.Kind.SANDBOX,
                                        null,
                                        null,
                                        "erp-delta-accounting",
                                        null,
                                        false,
                                        List.of(
                                                new RepresentedTaxpayer(
                                                        "204918573", "Nile Trading Co.")),
                                        "204918573")));
    }

    private void fill(String clientId) {
        vm.form().clientIdProperty().set(clientId);
        vm.form().secretProperty().set("sandbox-secret-2");
    }

    private void unreachable() {
        opener.onOpen(
                s ->
                        s.loginCall.completeExceptionally(
                                new NetworkException(
                                        NetworkException.Kind.UNREACHABLE, "127.0.0.1", null)));
    }

    @Test
    void workOfflineIsOfferedForASavedProfileAndOpensItWithoutTheService() {
        fill("erp-delta-accounting");
        assertThat(vm.canWorkOfflineProperty().get()).as("no saved profile yet").isFalse();
        saveProfile();
        vm.form().clientIdProperty().set("erp-other");
        assertThat(vm.canWorkOfflineProperty().get()).isFalse();
        vm.form().clientIdProperty().set("erp-delta-accounting");
        assertThat(vm.canWorkOfflineProperty().get()).isTrue();

        vm.workOffline();

        LoginViewModel.LoginResult r = vm.resultProperty().get();
        assertThat(r).isNotNull();
        assertThat(r.offline()).isTrue();
        assertThat(r.profile().taxpayers())
                .extracting(RepresentedTaxpayer::rin)
                .containsExactly("204918573");
        assertThat(new String(r.credentials().clientSecret()))
                .as("kept to log in once the service answers")
                .isEqualTo("sandbox-secret-2");
        assertThat(r.environment()).isEqualTo(sandboxEnv);
        assertThat(opener.opened).as("nothing asked of the service").isEmpty();
        assertThat(vm.form().secretProperty().get()).as("the form forgets the secret").isEmpty();
    }

    @Test
    void aLoginTheServiceCannotBeReachedForOpensTheSavedProfileOffline() {
        saveProfile();
        fill("erp-delta-accounting");
        unreachable();

        vm.login();

        assertThat(vm.attempts().failureProperty().get()).isNull();
        assertThat(vm.resultProperty().get()).isNotNull();
        assertThat(vm.resultProperty().get().offline()).isTrue();
        assertThat(opener.last().closed).isTrue();
    }

    @Test
    void withoutASavedProfileOrWhenTheServiceRefusesTheFailureShowsAsBefore() {
        fill("erp-delta-accounting");
        unreachable();
        vm.login();
        assertThat(vm.resultProperty().get()).isNull();
        assertThat(vm.attempts().failureText().get()).startsWith("Cannot reach 127.0.0.1");

        saveProfile();
        opener.onOpen(
                s ->
                        s.loginCall.completeExceptionally(
                                new LoginRejectedException(
                                        LoginError.INVALID_CLIENT,
                                        "invalid_client",
                                        null,
                                        LoginRejectedException.Reason.BAD_CREDENTIALS,
                                        null)));
        vm.login();
        assertThat(vm.resultProperty().get()).as("a refusal is no reason to go offline").isNull();
        assertThat(vm.attempts().failureText().get())
                .isEqualTo("The client ID or client secret is wrong.");
    }
}
