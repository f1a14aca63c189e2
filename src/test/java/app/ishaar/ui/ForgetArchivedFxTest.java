package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.TaxpayerSummary;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.ui.i18n.AppLanguage;
import java.time.Instant;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;

/**
 * A taxpayer removed from the list while the app's archive keeps its notifications: the bar under
 * the list asks whether to forget them too; Keep (or nothing) keeps them, Forget removes them from
 * the archive and says how many went; in English and Arabic. With {@code -Dishaar.screenshots.dir}
 * it also writes forget-ar.png (the question in Arabic).
 */
class ForgetArchivedFxTest extends FxSandboxTestBase {

    private static final String PHARMA = "287364519";
    private static final String TEXTILES = "356781204";

    /** The archive keeps 12 notifications of each taxpayer. */
    private void archive(String... rins) throws Exception {
        try (Sandbox s =
                Sandbox.start(
                        SandboxConfig.builder()
                                .anchor(Instant.parse("2026-01-01T00:00:00Z"))
                                .notificationsPerTaxpayer(12)
                                .build())) {
            for (String rin : rins) {
                ctx.archive()
                        .store(
                                new SyncBatch(
                                        ServiceKey.SANDBOX,
                                        Rin.of(rin),
                                        app.ishaar.core.archive.SandboxItems.history(
                                                s, rin, Rin.of(rin)),
                                        "c",
                                        true,
                                        null));
            }
        }
    }

    private long kept(String rin) throws Exception {
        return ctx.archive().summaries().stream()
                .filter(t -> t.taxpayer().equals(Rin.of(rin)))
                .mapToLong(TaxpayerSummary::count)
                .sum();
    }

    @Test
    void removingAsksWhetherToForgetWhatTheArchiveKeepsAndForgetsOnlyWhenTold() throws Exception {
        archive(PHARMA, TEXTILES);
        // the archive as written here: the window's own sync off (only Sync now and Sync all)
        ctx.settings().update(s -> s.withCheckMinutes(0));
        waitForDemoAccounts();
        clickOn("#demo-erp-delta-accounting");
        clickOn("#login-button");
        waitForMainWindow();

        clickOnTaxpayer(TEXTILES);
        type(KeyCode.DELETE);
        waitUntil("asked", () -> visible("#switcher-forget-buttons"));
        assertThat(text("#switcher-forget-text"))
                .isEqualTo(
                        "The archive keeps 12 notifications of Alexandria Textiles (356781204)."
                                + " Forget them too?");
        onFx(() -> ctx.i18n().languageProperty().set(AppLanguage.ARABIC));
        assertThat(text("#switcher-forget-text"))
                .isEqualTo(
                        "يحتفظ الأرشيف بإشعارات Alexandria Textiles (٣٥٦٧٨١٢٠٤)، وعددها ١٢. هل"
                                + " تحذفها من الأرشيف أيضًا؟");
        assertThat(text("#switcher-forget-keep")).isEqualTo("أبقِ");
        waitForPulses(3);
        app.ishaar.ui.settings.Screenshots.take(fx(() -> flow.mainStage()), "forget-ar.png");
        onFx(() -> ctx.i18n().languageProperty().set(AppLanguage.ENGLISH));
        clickOn("#switcher-forget-keep");
        waitUntil("no longer asked", () -> !visible("#switcher-forget-bar"));
        assertThat(kept(TEXTILES)).as("kept").isEqualTo(12);
        assertThat(visible("#switcher-undo")).as("Undo still offered").isTrue();

        clickOnTaxpayer(PHARMA);
        type(KeyCode.DELETE);
        waitUntil("asked of Pharma", () -> visible("#switcher-forget-buttons"));
        clickOn("#switcher-forget");
        waitUntil(
                "says what went",
                () ->
                        text("#switcher-forget-text")
                                .equals(
                                        "Forgot 12 archived notifications of Cairo Pharma"
                                                + " Industries (287364519)."));
        assertThat(visible("#switcher-forget-buttons")).as("nothing more asked").isFalse();
        assertThat(kept(PHARMA)).as("forgotten").isZero();
        assertThat(kept(TEXTILES)).as("the other kept").isEqualTo(12);
        assertThat(fx(() -> lookup("#switcher-list").query().isFocused()))
                .as("the keyboard back in the list")
                .isTrue();
    }
}
