package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.DesktopSandbox;
import app.ishaar.core.secrets.InMemorySecretStore;
import app.ishaar.core.secrets.SecretStore;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListView;
import javafx.scene.control.TextInputControl;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Runs the real desktop flow (login dialog → main window) headless (Monocle) against the real
 * in-process sandbox, with its own config folder and an in-memory keychain.
 */
public abstract class FxSandboxTestBase extends FxRobot {

    @TempDir protected Path configDir;

    protected DesktopSandbox desktopSandbox;
    protected AppContext ctx;
    protected WindowFlow flow;
    protected volatile boolean exited;

    /** The sandbox's start-up configuration; subclasses shorten or slow things. */
    protected SandboxConfig sandboxConfig() {
        return SandboxConfig.builder().notificationsPerTaxpayer(120).build();
    }

    protected ClientConfig clientConfig() {
        return ClientConfig.defaults()
                .withReadTimeout(Duration.ofSeconds(2))
                .withRetries(0, Duration.ofMillis(50));
    }

    protected SecretStore secretStore() {
        return new InMemorySecretStore();
    }

    /** The archive the app opens: a file in the test's own folder unless a subclass says. */
    protected AppServices.ArchiveSource archiveSource() {
        return AppServices.ArchiveSource.file(configDir.resolve("archive.db"));
    }

    /** Runs before the login dialog is built (e.g. to write a settings file). */
    protected void beforeLaunch() throws Exception {}

    @BeforeEach
    void launch() throws Exception {
        FxToolkit.registerPrimaryStage();
        beforeLaunch();
        desktopSandbox = new DesktopSandbox(this::sandboxConfig);
        ctx =
                new AppContext(
                        new AppServices(
                                desktopSandbox,
                                desktopSandbox,
                                secretStore(),
                                configDir,
                                clientConfig(),
                                Duration.ofMillis(20),
                                archiveSource()));
        FxToolkit.setupFixture(
                () -> {
                    flow = new WindowFlow(ctx, new Stage(), () -> exited = true);
                    flow.showLogin();
                });
    }

    @AfterEach
    void shutdown() throws Exception {
        FxToolkit.setupFixture(
                () -> {
                    if (!exited) {
                        flow.quit();
                    }
                });
        FxToolkit.cleanupStages();
        ctx.close();
        desktopSandbox.close();
    }

    protected Sandbox sandbox() throws Exception {
        return desktopSandbox.sandbox();
    }

    /**
     * How long a read or a task on the FX thread may wait for it: on a busy machine a window being
     * made (a first login's) takes the FX thread for seconds.
     */
    static final int FX_BUSY_SECONDS = 30;

    /** Waits (polling on the FX thread) until the condition holds. */
    protected static void waitUntil(String what, Supplier<Boolean> condition) {
        waitUntil(what, 15, condition);
    }

    protected static void waitUntil(String what, int seconds, Supplier<Boolean> condition) {
        // each look waits as long as the whole wait may: on a busy machine the FX thread can be
        // taken for seconds by a window being made
        Callable<Boolean> onFx =
                () -> WaitForAsyncUtils.asyncFx(condition::get).get(seconds, TimeUnit.SECONDS);
        try {
            WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, onFx);
        } catch (TimeoutException e) {
            throw new AssertionError("timed out waiting until " + what, e);
        }
    }

    /** Reads something on the FX thread. */
    protected static <T> T fx(Supplier<T> read) {
        try {
            return WaitForAsyncUtils.asyncFx(read::get).get(FX_BUSY_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Waits until the toolkit has run this many pulses from now (what is left for after a frame has
     * then run).
     */
    protected static void waitForPulses(int count) {
        java.util.concurrent.CountDownLatch pulses = new java.util.concurrent.CountDownLatch(count);
        onFx(
                () ->
                        new javafx.animation.AnimationTimer() {
                            @Override
                            public void handle(long now) {
                                pulses.countDown();
                                if (pulses.getCount() == 0) {
                                    stop();
                                }
                            }
                        }.start());
        try {
            assertThat(pulses.await(20, TimeUnit.SECONDS))
                    .as(count + " pulses within 20 s")
                    .isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    protected static void onFx(Runnable r) {
        try {
            WaitForAsyncUtils.asyncFx(r).get(FX_BUSY_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    protected String text(String query) {
        return fx(
                () -> {
                    Node n = lookup(query).query();
                    return n instanceof Labeled l
                            ? l.getText()
                            : n instanceof TextInputControl t ? t.getText() : String.valueOf(n);
                });
    }

    /** Whether a node is shown whole inside its window's scene. */
    protected boolean withinTheWindow(String query) {
        return fx(
                () -> {
                    Node n = lookup(query).query();
                    if (n.getScene() == null || !n.isVisible()) {
                        return false;
                    }
                    var at = n.localToScene(n.getLayoutBounds());
                    return at.getMinY() >= 0
                            && at.getMaxY() <= n.getScene().getHeight() + 0.5
                            && at.getMinX() >= -0.5
                            && at.getMaxX() <= n.getScene().getWidth() + 0.5;
                });
    }

    protected boolean visible(String query) {
        return fx(
                () ->
                        lookup(query)
                                .tryQuery()
                                .map(
                                        n ->
                                                n.isVisible()
                                                        && n.getScene() != null
                                                        && n.getScene().getWindow() != null
                                                        && n.getScene().getWindow().isShowing())
                                .orElse(false));
    }

    /**
     * Waits until the demo accounts can be clicked: listed, drawn at their place (laid out, in a
     * showing window, nothing above them hidden) and enabled, all read on the FX thread. Found as
     * soon as a button existed, a click could come before the pulse that lays it out, and the robot
     * then found no visible button.
     */
    protected void waitForDemoAccounts() {
        waitUntil(
                "the demo accounts are listed and can be clicked",
                () ->
                        fx(
                                () ->
                                        lookup("#demo-erp-nile-trading")
                                                .tryQuery()
                                                .map(FxSandboxTestBase::clickable)
                                                .orElse(false)));
    }

    /**
     * Waits until the node can be clicked: drawn at its place inside its window (a window that
     * grows to fit what a change added does so at the next pulse) and enabled.
     */
    protected void waitUntilClickable(String query) {
        waitUntil(
                query + " can be clicked",
                () ->
                        fx(
                                () ->
                                        lookup(query)
                                                .tryQuery()
                                                .map(FxSandboxTestBase::clickable)
                                                .orElse(false)));
    }

    private static boolean clickable(Node n) {
        if (n.getScene() == null
                || n.getScene().getWindow() == null
                || !n.getScene().getWindow().isShowing()
                || n.isDisabled()
                || n.getLayoutBounds().getWidth() <= 0
                || n.getLayoutBounds().getHeight() <= 0) {
            return false;
        }
        javafx.geometry.Bounds inScene = n.localToScene(n.getLayoutBounds());
        if (inScene.getMaxX() > n.getScene().getWidth()
                || inScene.getMaxY() > n.getScene().getHeight()
                || inScene.getMinX() < 0
                || inScene.getMinY() < 0) {
            return false;
        }
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Waits for the main window of a login, and for the login dialog to go: a window kept after a
     * log out is shown again before its first frame is drawn, and the dialog goes only after that
     * frame.
     */
    protected void waitForMainWindow() {
        waitUntil(
                "the main window shows and the dialog has gone",
                60,
                () ->
                        flow.mainStage() != null
                                && flow.mainStage().isShowing()
                                && !flow.loginStage().isShowing());
    }

    /** Clicks a listed demo account and Log in, and waits for the first page of its history. */
    protected void logInAsDemo(String clientId) {
        clickOn("#demo-" + clientId);
        clickOn("#login-button");
        waitForMainWindow();
        waitUntil(
                "the first page is shown",
                () ->
                        fx(
                                () -> {
                                    app.ishaar.ui.notifications.HistoryViewModel h =
                                            flow.mainViewModel().current().history();
                                    return !h.table().rows().isEmpty()
                                            && !h.requests().loadingProperty().get();
                                }));
    }

    /**
     * Puts a value into a field at once, as a paste does (typing is kept for where keys matter).
     */
    protected void paste(String query, String value) {
        onFx(() -> ((TextInputControl) lookup(query).query()).setText(value));
    }

    /** Types into a field the way a user does: click, select all, type. */
    protected void typeInto(String query, String value) {
        clickOn(query);
        onFx(() -> ((TextInputControl) lookup(query).query()).clear());
        if (!value.isEmpty()) {
            write(value);
        }
        assertThat(text(query)).isEqualTo(value);
    }

    /**
     * Clicks a taxpayer in the list, scrolling the list to it first as a user would when the list
     * is longer than its room.
     */
    @SuppressWarnings("unchecked")
    protected void clickOnTaxpayer(String rin) {
        onFx(
                () -> {
                    ListView<TaxpayerEntry> list = lookup("#switcher-list").query();
                    list.getItems().stream()
                            .filter(e -> rin.equals(e.rin()))
                            .findFirst()
                            .ifPresent(list::scrollTo);
                });
        // the list lays its cells out again at the next pulse
        try {
            waitUntil(
                    "taxpayer " + rin + " in view",
                    () ->
                            fx(
                                    () ->
                                            lookup("#taxpayer-" + rin).queryAll().stream()
                                                    .anyMatch(Node::isVisible)));
        } catch (AssertionError e) {
            throw new AssertionError(
                    e.getMessage()
                            + fx(
                                    () -> {
                                        ListView<TaxpayerEntry> list =
                                                lookup("#switcher-list").query();
                                        return "; the list: "
                                                + list.getItems().stream()
                                                        .map(TaxpayerEntry::rin)
                                                        .toList()
                                                + ", "
                                                + list.getHeight()
                                                + " px high, visible "
                                                + list.isVisible()
                                                + ", in a showing window "
                                                + (list.getScene() != null
                                                        && list.getScene().getWindow() != null
                                                        && list.getScene().getWindow().isShowing())
                                                + "; cells "
                                                + lookup("#taxpayer-" + rin).queryAll().stream()
                                                        .map(
                                                                n ->
                                                                        n.isVisible()
                                                                                + "@"
                                                                                + n.getLayoutY())
                                                        .toList();
                                    }),
                    e);
        }
        clickOn("#taxpayer-" + rin);
    }

    // ---- what the scene walks share (SceneWalkFxTest, ThemeFxTest)

    /** Whether a node is drawn: it and every parent visible and not transparent. */
    protected static boolean shown(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (!n.isVisible() || n.getOpacity() == 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * A node as a failure names it: the nearest id, and the node's kind when the id is an
     * ancestor's.
     */
    protected static String where(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (p.getId() != null) {
                return "#" + p.getId() + (p == n ? "" : " > " + n.getClass().getSimpleName());
            }
        }
        return n.getClass().getSimpleName();
    }

    /** The login dialog with a failure shown: a demo account with a wrong secret. */
    protected void loginDialogWithAFailure() {
        waitForDemoAccounts();
        clickOn("#demo-erp-delta-accounting");
        paste("#secret", "not-the-secret");
        clickOn("#login-button");
        waitUntil(
                "a failure is shown",
                () ->
                        flow.loginViewModel().attempts().failureProperty().get() != null
                                && !flow.loginViewModel().attempts().busyProperty().get());
        assertThat(visible("#failure")).isTrue();
    }

    /**
     * The shown history's error banner: the taxpayer's sync refused by the service (the screen
     * reads the archive; what is missing from it is the sync's to say).
     */
    protected void historyErrorBanner() throws Exception {
        onFx(
                () ->
                        flow.mainViewModel()
                                .current()
                                .history()
                                .syncFailed(
                                        new app.ishaar.core.service.NotPermittedException(
                                                null, "corr-1"),
                                        true));
        waitUntil("the history's error banner", () -> visible("#history-banner"));
    }

    /** The session-ended banner, laid out. */
    protected void sessionEndedBanner() {
        onFx(
                () -> {
                    var vm = flow.mainViewModel();
                    String rin = vm.current().rin();
                    app.ishaar.core.session.SessionEnding.of(
                            vm.sessions(), rin == null ? null : app.ishaar.core.model.Rin.of(rin));
                });
        waitUntil("the session-ended banner", () -> visible("#expired-banner"));
        // the banner is laid out in the next pulse, moving what is under it; TestFX reads a node's
        // place off the FX thread, so a click right away could find the toolbar in mid-layout
        waitForPulses(2);
    }

    /** Gives the main window the keyboard (a dialog over it had it). */
    protected void focusMainWindow() {
        onFx(() -> flow.mainStage().requestFocus());
        waitUntil("the main window has the focus", () -> flow.mainStage().isFocused());
    }
}
