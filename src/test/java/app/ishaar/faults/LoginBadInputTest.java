package app.ishaar.faults;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.secrets.InMemorySecretStore;
import app.ishaar.core.service.Environment;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.ui.app.SettingsService;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.login.LoginViewModel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Stream;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.StringProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad input in the login dialog's view model (issue #9), without the toolkit: every login field
 * given an empty (where required), a 10 kB, a control-character, an RTL-override (U+202E) or a
 * wrongly formed value is refused by validation with a localized message, and nothing is sent (no
 * session is opened). The rules are the command line's ({@code InputRules}); {@code
 * BadInputCliTest} is the same table for the CLI, {@code FiltersBadInputTest} for the history
 * filters.
 */
class LoginBadInputTest {

    private static final java.util.concurrent.Executor DIRECT = Runnable::run;
    private static final String TEN_KB = "a".repeat(10_240);

    @TempDir Path configDir;

    final I18n i18n = new I18n(AppLanguage.ENGLISH);
    final AtomicInteger opened = new AtomicInteger();
    SettingsService settings;
    LoginViewModel login;

    @BeforeEach
    void setUp() {
        settings = new SettingsService(new SettingsStore(configDir), Duration.ZERO);
        login =
                new LoginViewModel(
                        i18n,
                        DIRECT,
                        DIRECT,
                        (env, credentials) -> {
                            opened.incrementAndGet();
                            throw new AssertionError("a session was opened for invalid input");
                        },
                        () -> Environment.sandbox("http://127.0.0.1:1", "http://127.0.0.1:2"),
                        language -> List.of(),
                        new InMemorySecretStore(),
                        settings);
        login.form().service().environmentProperty().set(Environment.Kind.CUSTOM);
        login.form().service().authUrlProperty().set("https://id.example.com");
        login.form().service().baseUrlProperty().set("https://api.example.com");
        login.form().clientIdProperty().set("erp-nile");
        login.form().secretProperty().set("s3cret");
    }

    @AfterEach
    void tearDown() {
        settings.close();
    }

    record LoginField(
            String name,
            Function<LoginViewModel, StringProperty> value,
            Function<LoginViewModel, ReadOnlyStringProperty> error,
            String good,
            List<String> wrong,
            boolean required) {
        @Override
        public String toString() {
            return name;
        }
    }

    static final List<LoginField> LOGIN_FIELDS =
            List.of(
                    new LoginField(
                            "client id",
                            vm -> vm.form().clientIdProperty(),
                            vm -> vm.form().clientIdField().shownProperty(),
                            "erp-nile",
                            List.of("erp:nile", "erp nile"),
                            true),
                    new LoginField(
                            "secret",
                            vm -> vm.form().secretProperty(),
                            vm -> vm.form().secretField().shownProperty(),
                            "s3cret",
                            List.of(),
                            true),
                    new LoginField(
                            "on behalf of",
                            vm -> vm.form().onBehalfOfProperty(),
                            vm -> vm.form().rinField().shownProperty(),
                            "204918573",
                            List.of("12AB56789", "1234"),
                            false),
                    new LoginField(
                            "scope",
                            vm -> vm.form().scopeProperty(),
                            vm -> vm.form().scopeField().shownProperty(),
                            "InvoicingAPI",
                            List.of("Invoicing\"API"),
                            false),
                    new LoginField(
                            "auth url",
                            vm -> vm.form().service().authUrlProperty(),
                            vm -> vm.form().service().authUrlField().shownProperty(),
                            "https://id.example.com",
                            List.of("id.example.com", "http://id.example.com", "ftp://x"),
                            true),
                    new LoginField(
                            "base url",
                            vm -> vm.form().service().baseUrlProperty(),
                            vm -> vm.form().service().baseUrlField().shownProperty(),
                            "https://api.example.com",
                            List.of("api.example.com", "http://api.example.com"),
                            true));

    static Stream<Arguments> badLoginValues() {
        List<Arguments> out = new ArrayList<>();
        for (LoginField f : LOGIN_FIELDS) {
            if (f.required()) {
                out.add(Arguments.of(f, "empty", ""));
            }
            out.add(Arguments.of(f, "10 kB", f.good() + TEN_KB));
            out.add(
                    Arguments.of(
                            f,
                            "control character",
                            f.good().charAt(0) + "\u0007" + f.good().substring(1)));
            out.add(Arguments.of(f, "RTL override", "\u202E" + f.good()));
            for (String w : f.wrong()) {
                out.add(Arguments.of(f, "wrong format " + w, w));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("badLoginValues")
    void aBadLoginFieldIsRefusedWithAMessageAndNothingIsSent(
            LoginField f, String kind, String value) {
        assertThat(login.canLoginProperty().get()).as("the good form can log in").isTrue();
        f.value().apply(login).set(value);
        assertThat(login.canLoginProperty().get()).isFalse();
        String key = f.error().apply(login).get();
        assertThat(key).as("%s %s: a message", f, kind).isNotNull();
        assertThat(i18n.get(key)).isNotBlank().doesNotStartWith("!");
        login.login();
        assertThat(opened).hasValue(0);
        assertThat(login.attempts().busyProperty().get()).isFalse();
        // and the good value is accepted again
        f.value().apply(login).set(f.good());
        assertThat(f.error().apply(login).get()).isNull();
        assertThat(login.canLoginProperty().get()).isTrue();
    }
}
