package app.ishaar.ui.settings;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.secrets.InMemorySecretStore;
import app.ishaar.core.secrets.ProxyCredentials;
import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.app.TextSize;
import app.ishaar.ui.error.Failure;
import app.ishaar.ui.fx.FxExecutor;
import app.ishaar.ui.fx.OwnStageFxTestBase;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.geometry.NodeOrientation;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The dialog a proxy's 407 opens, in English and Arabic: it names the proxy, starts in the user
 * name, says what is wrong with an empty one, and Cancel closes it keeping nothing.
 */
class ProxyPasswordViewFxTest extends OwnStageFxTestBase {

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(10, TimeUnit.SECONDS);
    }

    private ProxyPasswordView open(AppLanguage language, InMemorySecretStore keychain)
            throws Exception {
        I18n i18n = new I18n(language);
        ProxyPasswordViewModel vm =
                ProxyPasswordViewModel.forFailure(
                                Failure.of(
                                        ProxyPasswordViewModel.PROXY_AUTH,
                                        "id.eta.gov.eg",
                                        "proxy.example.com:3128"),
                                i18n,
                                new ProxyCredentials(keychain),
                                FxExecutor.INSTANCE,
                                Runnable::run)
                        .orElseThrow();
        vm.load().get(10, TimeUnit.SECONDS);
        return fx(
                () -> {
                    ProxyPasswordView v =
                            new ProxyPasswordView(
                                    vm, i18n, new SceneFactory(i18n, new TextSize(100)), null);
                    stage = v.stage();
                    v.show();
                    return v;
                });
    }

    @Test
    void inEnglishItNamesTheProxyStartsInTheUserNameAndCancelKeepsNothing() throws Exception {
        InMemorySecretStore keychain = new InMemorySecretStore();
        ProxyPasswordView v = open(AppLanguage.ENGLISH, keychain);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fx(() -> ((Label) v.root().lookup("#proxy-password-heading")).getText()))
                .isEqualTo("The proxy proxy.example.com:3128 asks for a user name and password.");
        assertThat(fx(() -> v.root().lookup("#proxy-user").isFocused())).isTrue();
        fx(
                () -> {
                    ((Button) v.root().lookup("#proxy-password-login")).fire();
                    return null;
                });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fx(() -> ((Label) v.root().lookup("#proxy-user-error")).getText()))
                .isEqualTo("Type your user name for the proxy.");
        assertThat(fx(() -> v.root().lookup("#proxy-user-error").isVisible())).isTrue();
        assertThat(fx(() -> v.stage().isShowing())).as("kept open").isTrue();
        Screenshots.take(v.stage(), "proxy-password-en.png");
        fx(
                () -> {
                    ((Button) v.root().lookup("#proxy-password-cancel")).fire();
                    return null;
                });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fx(() -> v.stage().isShowing())).isFalse();
        assertThat(keychain.contains(ProxyCredentials.account("proxy.example.com", 3128)))
                .isFalse();
    }

    @Test
    void inArabicItReadsRightToLeftAndTheFieldsLeftToRight() throws Exception {
        InMemorySecretStore keychain = new InMemorySecretStore();
        // a pair kept before: the proxy refused it
        new ProxyCredentials(keychain)
                .save("proxy.example.com", 3128, "alice", "old".toCharArray());
        ProxyPasswordView v = open(AppLanguage.ARABIC, keychain);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fx(() -> ((Label) v.root().lookup("#proxy-password-heading")).getText()))
                .isEqualTo(
                        "رفض الخادم الوكيل proxy.example.com:3128 اسم المستخدم وكلمة المرور"
                                + " هذين. تحقّق منهما وحاول مجددًا.");
        assertThat(fx(() -> v.root().getEffectiveNodeOrientation()))
                .isEqualTo(NodeOrientation.RIGHT_TO_LEFT);
        assertThat(fx(() -> v.root().lookup("#proxy-user").getEffectiveNodeOrientation()))
                .isEqualTo(NodeOrientation.LEFT_TO_RIGHT);
        assertThat(fx(() -> ((TextField) v.root().lookup("#proxy-user")).getText()))
                .as("the user name given before")
                .isEqualTo("alice");
        assertThat(fx(() -> v.root().lookup("#proxy-password").isFocused())).isTrue();
        Screenshots.take(v.stage(), "proxy-password-ar.png");
    }
}
