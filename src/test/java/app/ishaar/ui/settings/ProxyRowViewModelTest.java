package app.ishaar.ui.settings;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.settings.ProxyAddress;
import app.ishaar.core.settings.ProxyChoice;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.ui.app.SettingsService;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.settings.ProxyRowViewModel.Mode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The settings dialog's proxy row, without the FX toolkit: what is applied (remembered, and told to
 * the service client through the settings), when, and what an address that is no proxy's says.
 */
class ProxyRowViewModelTest {
    @TempDir Path configDir;

    private final I18n i18n = new I18n(AppLanguage.ENGLISH);
    private SettingsService settings;
    private final List<ProxyChoice> told = new ArrayList<>();

    @BeforeEach
    void setUp() {
        settings = new SettingsService(new SettingsStore(configDir), Duration.ZERO);
        settings.addListener(s -> told.add(s.proxy()));
    }

    @AfterEach
    void tearDown() {
        settings.close();
    }

    private ProxyRowViewModel row() {
        return new ProxyRowViewModel(i18n, settings);
    }

    private ProxyChoice remembered() {
        settings.flush();
        return new SettingsStore(configDir).load().settings().proxy();
    }

    @Test
    void theSystemsSettingsAreTheDefault() {
        ProxyRowViewModel row = row();
        assertThat(row.modeProperty().get()).isEqualTo(Mode.SYSTEM);
        assertThat(row.addressProperty().get()).isEmpty();
        assertThat(row.appliedProperty().get()).isEqualTo(ProxyChoice.SYSTEM_SETTINGS);
        assertThat(row.problemProperty().get()).isNull();
    }

    @Test
    void noProxyAppliesAtOnceAndIsRemembered() {
        ProxyRowViewModel row = row();
        row.modeProperty().set(Mode.NONE);
        assertThat(told).containsExactly(ProxyChoice.DIRECT);
        assertThat(remembered()).isEqualTo(ProxyChoice.DIRECT);
        assertThat(row().modeProperty().get()).as("a new dialog shows it").isEqualTo(Mode.NONE);
        row.modeProperty().set(Mode.SYSTEM);
        assertThat(remembered()).isEqualTo(ProxyChoice.SYSTEM_SETTINGS);
    }

    @Test
    void aTypedProxyAppliesWhenCommittedNotWhileTyping() {
        ProxyRowViewModel row = row();
        row.modeProperty().set(Mode.MANUAL);
        assertThat(told).as("nothing typed yet: nothing applied").isEmpty();
        row.addressProperty().set("proxy.exa");
        row.addressProperty().set("proxy.example.com:31");
        assertThat(told).as("still typing").isEmpty();
        assertThat(row.problemProperty().get()).as("no complaint while typing").isNull();
        row.addressProperty().set("http://Proxy.Example.com:3128/");
        row.commit();
        assertThat(told).containsExactly(ProxyChoice.manual("proxy.example.com", 3128));
        assertThat(row.addressProperty().get())
                .as("shown as it is kept")
                .isEqualTo("proxy.example.com:3128");
        assertThat(remembered()).isEqualTo(ProxyChoice.manual("proxy.example.com", 3128));

        ProxyRowViewModel again = row();
        assertThat(again.modeProperty().get()).isEqualTo(Mode.MANUAL);
        assertThat(again.addressProperty().get()).isEqualTo("proxy.example.com:3128");
        // leaving for the system's settings and coming back applies the typed proxy again at once
        again.modeProperty().set(Mode.SYSTEM);
        again.modeProperty().set(Mode.MANUAL);
        assertThat(told)
                .containsExactly(
                        ProxyChoice.manual("proxy.example.com", 3128),
                        ProxyChoice.SYSTEM_SETTINGS,
                        ProxyChoice.manual("proxy.example.com", 3128));
    }

    @Test
    void anAddressThatIsNoProxysIsShownUnderTheFieldAndNeverApplied() {
        ProxyRowViewModel row = row();
        row.modeProperty().set(Mode.NONE);
        told.clear();
        row.modeProperty().set(Mode.MANUAL);
        row.commit();
        assertThat(row.problemProperty().get()).isEqualTo(ProxyAddress.Problem.EMPTY);
        assertThat(row.errorText().get()).contains("proxy.example.com:3128");

        row.addressProperty().set("proxy.example.com");
        row.commit();
        assertThat(row.problemProperty().get()).isEqualTo(ProxyAddress.Problem.NO_PORT);
        assertThat(row.errorText().get()).isEqualTo(i18n.get("settingsDialog.proxy.error.noPort"));
        // from then on the message follows the typing
        row.addressProperty().set("proxy.example.com:99999");
        assertThat(row.problemProperty().get()).isEqualTo(ProxyAddress.Problem.BAD_PORT);
        row.addressProperty().set("proxy example:80");
        assertThat(row.problemProperty().get()).isEqualTo(ProxyAddress.Problem.BAD_HOST);
        row.addressProperty().set("http://alice:secret@proxy.example.com:3128");
        assertThat(row.problemProperty().get()).isEqualTo(ProxyAddress.Problem.CREDENTIALS);
        row.commit();
        assertThat(told).as("the last good choice stays in effect").isEmpty();
        assertThat(row.appliedProperty().get()).isEqualTo(ProxyChoice.DIRECT);
        assertThat(remembered()).isEqualTo(ProxyChoice.DIRECT);
        assertThat(settings.get().toString()).doesNotContain("secret");

        row.addressProperty().set("10.0.0.7:8080");
        assertThat(row.problemProperty().get()).as("fixed: the message goes").isNull();
        row.commit();
        assertThat(told).containsExactly(ProxyChoice.manual("10.0.0.7", 8080));

        // another choice takes the complaint away
        row.addressProperty().set("nope");
        row.commit();
        assertThat(row.problemProperty().get()).isNotNull();
        row.modeProperty().set(Mode.SYSTEM);
        assertThat(row.problemProperty().get()).isNull();
    }

    @Test
    void theProblemIsSaidInTheUiLanguage() {
        ProxyRowViewModel row = row();
        row.modeProperty().set(Mode.MANUAL);
        row.addressProperty().set("proxy.example.com:0");
        row.commit();
        String english = row.errorText().get();
        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(row.errorText().get())
                .isNotEqualTo(english)
                .isEqualTo(i18n.get("settingsDialog.proxy.error.badPort"));
    }

    @Test
    void withoutSettingsNothingIsRemembered() {
        ProxyRowViewModel row = new ProxyRowViewModel(i18n, null);
        row.modeProperty().set(Mode.NONE);
        assertThat(row.appliedProperty().get()).isEqualTo(ProxyChoice.DIRECT);
        assertThat(told).isEmpty();
    }
}
