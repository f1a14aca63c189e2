package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import app.ishaar.core.service.Environment;
import app.ishaar.testing.LogCapture;
import app.ishaar.ui.fx.ChoiceMenus;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.logging.LogRecord;
import javafx.geometry.Bounds;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.IndexRange;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.matcher.control.LabeledMatchers;

/**
 * The login dialog headless against the real sandbox: demo login, every failure message, Enter,
 * Esc, Cancel.
 */
class LoginDialogFxTest extends FxSandboxTestBase {

    private void fill(String clientId, String secret, String rin) {
        paste("#clientId", clientId);
        paste("#secret", secret);
        paste("#onBehalfOf", rin);
    }

    private void chooseEnvironment(Environment.Kind kind) {
        onFx(() -> lookup("#environment").<ChoiceBox<Environment.Kind>>query().setValue(kind));
    }

    /** Logs in with the form as it is and returns the failure message shown. */
    private String loginFails() {
        waitUntilClickable("#login-button");
        clickOn("#login-button");
        waitUntil(
                "a failure is shown",
                () ->
                        flow.loginViewModel().attempts().failureProperty().get() != null
                                && !flow.loginViewModel().attempts().busyProperty().get());
        assertThat(flow.mainStage()).isNull();
        return text("#failure");
    }

    @Test
    void aDemoAccountIsOneClickAwayFromTheMainWindow() {
        waitForDemoAccounts();
        assertThat(fx(() -> lookup("#environment").<ChoiceBox<Environment.Kind>>query().getValue()))
                .isEqualTo(Environment.Kind.SANDBOX);
        assertThat(fx(() -> lookup("#login-button").query().isDisabled()))
                .as("Log in is disabled while the form is empty")
                .isTrue();
        clickOn("#demo-erp-nile-trading");
        assertThat(text("#clientId")).isEqualTo("erp-nile-trading");
        clickOn("#login-button");
        waitForMainWindow();
        assertThat(text("#header-rin")).isEqualTo("204918573");
        assertThat(text("#env-badge")).isEqualTo("Sandbox · test data");
        assertThat(fx(() -> flow.mainStage().getTitle())).contains("204918573").contains("Sandbox");
        waitUntil("the session's time left shows", () -> !text("#session-time").isEmpty());
        assertThat(text("#session-time")).matches("Session: (1:00:00|59:[0-5]\\d) left");
    }

    @Test
    void aChosenDemoAccountHandsTheKeyboardToLogInSoEnterLogsIn() {
        waitForDemoAccounts();
        clickOn("#demo-erp-delta-accounting");
        assertThat(text("#clientId")).isEqualTo("erp-delta-accounting");
        assertThat(focusOwner())
                .as("the next step after a demo account is Log in")
                .isSameAs(fx(() -> lookup("#login-button").query()));
        type(KeyCode.ENTER);
        waitForMainWindow();
        assertThat(text("#header-rin")).isEqualTo("204918573");
    }

    @Test
    void enterOnRememberLogsInAndLeavesTheSecretUnremembered() {
        waitForDemoAccounts();
        clickOn("#demo-erp-nile-trading");
        assertThat(fx(() -> lookup("#remember").query().isDisabled()))
                .as("a keychain is there")
                .isFalse();
        onFx(() -> lookup("#remember").query().requestFocus());
        waitUntil("Remember has the keyboard", () -> lookup("#remember").query().isFocused());
        type(KeyCode.ENTER); // as on every desktop: the dialog's Log in, not a tick
        waitForMainWindow();
        assertThat(fx(() -> flow.mainViewModel() != null)).isTrue();
        ctx.settings().flush();
        assertThat(
                        new app.ishaar.core.settings.SettingsStore(configDir)
                                .load()
                                .settings()
                                .profiles())
                .as("the profile is kept without its secret")
                .singleElement()
                .satisfies(p -> assertThat(p.rememberSecret()).isFalse());
    }

    @Test
    void theServicesOwnWordsUnderAFailureReadInTheirOwnDirectionInArabic() {
        waitForDemoAccounts();
        clickOn("#lang-ar");
        fill("erp-delta-accounting", "sandbox-secret-2", "");
        String message = loginFails();
        assertThat(message).contains("بالنيابة عن");
        assertThat(fx(() -> lookup("#failure").query().getEffectiveNodeOrientation()))
                .isEqualTo(javafx.geometry.NodeOrientation.RIGHT_TO_LEFT);
        assertThat(text("#failureDetail"))
                .isEqualTo("The onbehalfof header is required when an intermediary logs in.");
        assertThat(fx(() -> lookup("#failureDetail").query().getEffectiveNodeOrientation()))
                .as("an English sentence in the Arabic UI, its full stop at its end")
                .isEqualTo(javafx.geometry.NodeOrientation.LEFT_TO_RIGHT);
        Bounds label =
                fx(
                        () ->
                                lookup("#failureDetail")
                                        .query()
                                        .localToScreen(
                                                lookup("#failureDetail")
                                                        .query()
                                                        .getLayoutBounds()));
        waitUntil(
                "the failure's words drawn",
                () -> !lookup("#failureDetail").query().lookupAll("Text").isEmpty());
        Bounds drawn =
                fx(
                        () -> {
                            javafx.scene.Node t =
                                    lookup("#failureDetail").query().lookupAll("Text").stream()
                                            .filter(n -> n instanceof javafx.scene.text.Text)
                                            .findFirst()
                                            .orElseThrow();
                            return t.localToScreen(t.getBoundsInLocal());
                        });
        assertThat(drawn.getMaxX())
                .as("at the reading side, under the message, as the UI's other data")
                .isCloseTo(label.getMaxX(), within(3.0));
        assertThat(drawn.getMinX()).isGreaterThan(label.getMinX() + 20);
    }

    @Test
    void aDemoAccountChosenWithTheKeyboardLeavesItOnLogInToo() {
        waitForDemoAccounts();
        onFx(() -> lookup("#demo-erp-blocked").query().requestFocus());
        type(KeyCode.SPACE);
        assertThat(text("#clientId")).isEqualTo("erp-blocked");
        assertThat(focusOwner()).isSameAs(fx(() -> lookup("#login-button").query()));
        type(KeyCode.ENTER);
        waitUntil(
                "the blocked user's failure is shown",
                () ->
                        flow.loginViewModel().attempts().failureProperty().get() != null
                                && !flow.loginViewModel().attempts().busyProperty().get());
        assertThat(text("#failure")).contains("blocked");
        assertThat(focusOwner())
                .as("a failed login leaves the keyboard on Log in")
                .isSameAs(fx(() -> lookup("#login-button").query()));
    }

    @Test
    void theEnvironmentIsNamedInTheUiLanguageAndChosenWithTheKeyboard() {
        waitForDemoAccounts();
        assertThat(text("#environment .label")).isEqualTo("Sandbox (built in)");
        clickOn("#lang-ar");
        assertThat(text("#environment .label")).isEqualTo("بيئة التجربة (مدمجة)");
        clickOn("#lang-en");
        assertThat(text("#environment .label")).isEqualTo("Sandbox (built in)");

        onFx(() -> lookup("#environment").query().requestFocus());
        type(KeyCode.SPACE);
        waitUntil(
                "its choices are open",
                () ->
                        fx(
                                () ->
                                        lookup("#environment")
                                                .<ChoiceBox<Environment.Kind>>query()
                                                .isShowing()));
        type(KeyCode.DOWN, KeyCode.ENTER);
        waitUntil(
                "the next environment is chosen",
                () ->
                        flow.loginViewModel().form().service().environmentProperty().get()
                                == Environment.Kind.PREPROD);
        assertThat(text("#environment .label")).isEqualTo("Pre-production");
        assertThat(visible("#demoBox")).as("the demo accounts are the sandbox's only").isFalse();
    }

    @Test
    void theEnvironmentBoxSpansTheFieldsColumnAndShowsItsChoiceWholeInBothLanguages() {
        waitForDemoAccounts();
        for (String lang : new String[] {"#lang-ar", "#lang-en"}) {
            clickOn(lang);
            waitForPulses(2);
            Bounds box =
                    fx(
                            () ->
                                    lookup("#environment")
                                            .query()
                                            .localToScene(
                                                    lookup("#environment")
                                                            .query()
                                                            .getLayoutBounds()));
            Bounds field =
                    fx(
                            () ->
                                    lookup("#clientId")
                                            .query()
                                            .localToScene(
                                                    lookup("#clientId").query().getLayoutBounds()));
            assertThat(box.getMinX())
                    .as("starts where the fields start")
                    .isCloseTo(field.getMinX(), within(0.5));
            assertThat(box.getWidth())
                    .as("as wide as the fields")
                    .isCloseTo(field.getWidth(), within(0.5));
            // the shown choice is not cut short: its label has at least the room it asks for
            assertThat(
                            fx(
                                    () -> {
                                        javafx.scene.control.Label shown =
                                                lookup("#environment .label").query();
                                        return shown.getWidth() + 0.5 >= shown.prefWidth(-1);
                                    }))
                    .as("the choice's name fits")
                    .isTrue();
        }
    }

    @Test
    void theEnvironmentMenuOpensAsWideAsTheBoxWithTheChosenOneCheckedInBothLanguages() {
        waitForDemoAccounts();
        for (String lang : new String[] {"#lang-ar", "#lang-en"}) {
            clickOn(lang);
            waitForPulses(2);
            Bounds box =
                    fx(
                            () ->
                                    lookup("#environment")
                                            .query()
                                            .localToScreen(
                                                    lookup("#environment")
                                                            .query()
                                                            .getLayoutBounds()));
            // twice: the first opening makes the menu's skin, a later one places the chosen item
            // over the box
            for (int opening = 1; opening <= 2; opening++) {
                onFx(() -> lookup("#environment").<ChoiceBox<Environment.Kind>>query().show());
                waitUntil("its menu is open", () -> fx(() -> environmentMenu() != null));
                waitForPulses(3);
                Bounds menu =
                        fx(
                                () -> {
                                    javafx.scene.Node content =
                                            environmentMenu().getSkin().getNode();
                                    return content.localToScreen(content.getLayoutBounds());
                                });
                assertThat(menu.getMinX())
                        .as("%s, opening %d: the menu starts where the box starts", lang, opening)
                        .isCloseTo(box.getMinX(), within(1.0));
                assertThat(menu.getWidth())
                        .as("%s, opening %d: the menu is as wide as the box", lang, opening)
                        .isCloseTo(box.getWidth(), within(1.0));
                assertThat(fx(() -> lookup("#environment").query().getLayoutBounds().getWidth()))
                        .as(
                                "%s, opening %d: the box keeps its width while its menu is open",
                                lang, opening)
                        .isCloseTo(box.getWidth(), within(0.5));
                // the chosen environment is the one checked, also after the language (the box's
                // converter) changed
                assertThat(
                                fx(
                                        () ->
                                                environmentMenu().getItems().stream()
                                                        .filter(
                                                                i ->
                                                                        i
                                                                                        instanceof
                                                                                        javafx.scene
                                                                                                        .control
                                                                                                        .RadioMenuItem
                                                                                                r
                                                                                && r.isSelected())
                                                        .map(javafx.scene.control.MenuItem::getText)
                                                        .toList()))
                        .as("%s, opening %d: the checked choice", lang, opening)
                        .containsExactly(text("#environment .label"));
                // the check mark stands apart from its item's text (JavaFX keeps the check's column
                // left-to-right in an Arabic menu, and modena's gap after it fell on the menu's
                // edge)
                assertThat(fx(() -> checkToTextGaps(environmentMenu())))
                        .as(
                                "%s, opening %d: the gap between the check mark and its item's text",
                                lang, opening)
                        .isNotEmpty()
                        .allSatisfy(gap -> assertThat(gap).isGreaterThanOrEqualTo(4.0));
                onFx(() -> lookup("#environment").<ChoiceBox<Environment.Kind>>query().hide());
                waitUntil("its menu is closed", () -> fx(() -> environmentMenu() == null));
            }
        }
    }

    /**
     * For each checked item of an open menu, the room on screen between its check mark and its
     * text.
     */
    private static java.util.List<Double> checkToTextGaps(javafx.scene.control.ContextMenu menu) {
        java.util.List<Double> gaps = new java.util.ArrayList<>();
        for (javafx.scene.Node item : menu.getSkin().getNode().lookupAll(".radio-menu-item")) {
            if (item.lookup(".radio") instanceof javafx.scene.layout.Region check
                    && check.getShape() != null
                    && item.lookup(".label") instanceof javafx.scene.control.Label label) {
                // the mark is the check's shape drawn unscaled around the check's centre
                Bounds c = check.localToScreen(check.getLayoutBounds());
                double half = check.getShape().getLayoutBounds().getWidth() / 2;
                double markMin = c.getCenterX() - half;
                double markMax = c.getCenterX() + half;
                Bounds t = label.localToScreen(label.getLayoutBounds());
                gaps.add(markMax <= t.getMinX() ? t.getMinX() - markMax : markMin - t.getMaxX());
            }
        }
        return gaps;
    }

    /** The environment box's open menu, or null. */
    private javafx.scene.control.ContextMenu environmentMenu() {
        return ChoiceMenus.openMenu(lookup("#environment").<ChoiceBox<Environment.Kind>>query());
    }

    @Test
    void theSavedProfilesAreOfferedAfterALogOutAndFillTheForm() {
        waitForDemoAccounts();
        assertThat(visible("#profile")).as("a first start has no saved profile").isFalse();
        for (String demo : new String[] {"#demo-erp-nile-trading", "#demo-erp-delta-accounting"}) {
            waitForDemoAccounts();
            clickOn(demo);
            clickOn("#login-button");
            waitForMainWindow();
            onFx(() -> flow.mainViewModel().logout());
            waitUntil(
                    "the dialog is back",
                    () -> flow.loginStage().isShowing() && flow.mainStage() == null);
        }
        waitUntil("the saved profiles are offered", () -> visible("#profile"));
        assertThat(text("#profile .label"))
                .as("the profile the form was filled from: the last used")
                .isEqualTo("erp-delta-accounting  ·  Sandbox (built in)");
        assertThat(text("#clientId")).isEqualTo("erp-delta-accounting");
        clickOn("#lang-ar");
        assertThat(text("#profile .label"))
                .isEqualTo("erp-delta-accounting  ·  بيئة التجربة (مدمجة)");
        clickOn("#lang-en");

        // the other profile, chosen from the list, fills the form
        clickOn("#profile");
        waitUntil(
                "the profiles are open",
                () -> fx(() -> lookup("#profile").<ChoiceBox<?>>query().isShowing()));
        clickOn(LabeledMatchers.hasText("erp-nile-trading  ·  Sandbox (built in)"));
        waitUntil(
                "the form is filled from the other profile",
                () -> "erp-nile-trading".equals(text("#clientId")));
        assertThat(text("#profile .label")).isEqualTo("erp-nile-trading  ·  Sandbox (built in)");
        assertThat(text("#onBehalfOf")).as("the other profile's own taxpayer").isEmpty();
    }

    @Test
    void aFormThatNoLongerFitsScrollsAndTheFieldBeingTypedInKeepsItsFocusAndCaret() {
        waitForDemoAccounts();
        typeInto("#clientId", "erp-nile");
        type(KeyCode.LEFT, KeyCode.LEFT);
        press(KeyCode.SHIFT).type(KeyCode.LEFT).release(KeyCode.SHIFT);
        // the window is made shorter than the form (as on a small screen with large text)
        onFx(
                () -> {
                    flow.loginStage().setMinHeight(300);
                    flow.loginStage().setHeight(300);
                });
        waitUntil(
                "the form scrolls",
                () -> fx(() -> lookup("#formArea .scroll-pane").tryQuery().isPresent()));
        onFx(() -> lookup("#formArea").query().getScene().getRoot().layout());

        assertThat(
                        fx(
                                () ->
                                        flow.loginStage().getScene().getFocusOwner()
                                                == lookup("#clientId").query()))
                .as("the keyboard stays in the client ID")
                .isTrue();
        assertThat(fx(() -> lookup("#clientId").<TextField>query().getSelection()))
                .as("the selection made with Shift+Left")
                .isEqualTo(new IndexRange(5, 6));
        type(KeyCode.X);
        assertThat(text("#clientId")).isEqualTo("erp-nxle");

        // the buttons stay whole below the form, and the form's last part can be scrolled to
        double sceneHeight = fx(() -> flow.loginStage().getScene().getHeight());
        assertThat(
                        fx(
                                () ->
                                        lookup("#login-button")
                                                .query()
                                                .localToScene(
                                                        lookup("#login-button")
                                                                .query()
                                                                .getLayoutBounds())
                                                .getMaxY()))
                .isLessThanOrEqualTo(sceneHeight);
        ScrollPane scroll = fx(() -> lookup("#formArea .scroll-pane").<ScrollPane>query());
        Bounds viewport = fx(() -> scroll.localToScene(scroll.getLayoutBounds()));
        assertThat(
                        fx(
                                () ->
                                        lookup("#demoBox")
                                                .query()
                                                .localToScene(
                                                        lookup("#demoBox")
                                                                .query()
                                                                .getLayoutBounds())
                                                .getMaxY()))
                .as("the demo accounts end below the visible part")
                .isGreaterThan(viewport.getMaxY() + 1);
        onFx(() -> scroll.setVvalue(scroll.getVmax()));
        waitUntil(
                "the demo accounts are scrolled into view",
                () ->
                        fx(
                                () ->
                                        lookup("#demoBox")
                                                        .query()
                                                        .localToScene(
                                                                lookup("#demoBox")
                                                                        .query()
                                                                        .getLayoutBounds())
                                                        .getMaxY()
                                                <= viewport.getMaxY() + 0.5));
    }

    /**
     * Whether all of a node is on screen: inside its scene, and inside the viewport of every scroll
     * pane it is in.
     */
    private static boolean shownWhole(javafx.scene.Node node) {
        Bounds b = node.localToScene(node.getLayoutBounds());
        javafx.scene.Scene scene = node.getScene();
        if (b.getMinY() < 0
                || b.getMaxY() > scene.getHeight() + 0.5
                || b.getMinX() < 0
                || b.getMaxX() > scene.getWidth() + 0.5) {
            return false;
        }
        for (javafx.scene.Node p = node.getParent(); p != null; p = p.getParent()) {
            if (p instanceof ScrollPane sp) {
                Bounds viewport = sp.localToScene(sp.getLayoutBounds());
                if (b.getMinY() < viewport.getMinY() - 0.5
                        || b.getMaxY() > viewport.getMaxY() + 0.5) {
                    return false;
                }
            }
        }
        return true;
    }

    @Test
    void
            aFailedLoginsMessageGrowsTheDialogSoTheWholeFormStaysInViewAndItGoesBackWhenTheMessageGoes() {
        waitForDemoAccounts();
        javafx.stage.Stage stage = flow.loginStage();
        waitUntil(
                "the dialog shows its whole form",
                () -> fx(() -> shownWhole(lookup("#demoBox").query())));
        double before = fx(stage::getHeight);
        fill("erp-blocked", "sandbox-secret-3", "");
        assertThat(loginFails()).startsWith("This ERP system user is blocked.");
        waitUntil(
                "the dialog grows to show the message and the whole form",
                () ->
                        fx(
                                () ->
                                        stage.getHeight() > before + 20
                                                && lookup("#failure")
                                                                .query()
                                                                .getLayoutBounds()
                                                                .getHeight()
                                                        > 0
                                                && shownWhole(lookup("#failure").query())
                                                && shownWhole(lookup("#demoBox").query())
                                                && shownWhole(lookup("#login-button").query())));
        // another account chosen: the message goes, and the dialog is as it was
        clickOn("#demo-erp-nile-trading");
        waitUntil(
                "the dialog is back at its height",
                () ->
                        fx(
                                () ->
                                        flow.loginViewModel().attempts().failureProperty().get()
                                                        == null
                                                && Math.abs(stage.getHeight() - before) < 0.5));
        assertThat(fx(() -> shownWhole(lookup("#demoBox").query()))).isTrue();
    }

    @Test
    void atTheBottomOfTheScreenTheDialogGrowsUpwardsAndGoesBackWhereItWas() {
        waitForDemoAccounts();
        javafx.stage.Stage stage = flow.loginStage();
        javafx.geometry.Rectangle2D screen =
                fx(() -> javafx.stage.Screen.getPrimary().getVisualBounds());
        onFx(() -> stage.setY(screen.getMaxY() - stage.getHeight()));
        double y = fx(stage::getY);
        double height = fx(stage::getHeight);
        fill("erp-blocked", "sandbox-secret-3", "");
        loginFails();
        waitUntil(
                "the dialog grows upwards, within the screen",
                () ->
                        fx(
                                () ->
                                        stage.getHeight() > height + 20
                                                && stage.getY() < y - 20
                                                && Math.abs(
                                                                stage.getY()
                                                                        + stage.getHeight()
                                                                        - screen.getMaxY())
                                                        < 0.5
                                                && shownWhole(lookup("#failure").query())));
        clickOn("#demo-erp-nile-trading");
        waitUntil(
                "the dialog is back where it was",
                () ->
                        fx(
                                () ->
                                        Math.abs(stage.getHeight() - height) < 0.5
                                                && Math.abs(stage.getY() - y) < 0.5));
    }

    @Test
    void aFailedLoginsMessageIsInViewAndTheKeyboardStaysOnLogIn() {
        waitForDemoAccounts();
        // a window shorter than the form (a small screen, large text): the form scrolls
        onFx(
                () -> {
                    flow.loginStage().setMinHeight(300);
                    flow.loginStage().setHeight(380);
                });
        waitUntil(
                "the form scrolls",
                () -> fx(() -> lookup("#formArea .scroll-pane").tryQuery().isPresent()));
        fill("erp-blocked", "sandbox-secret-3", "");
        assertThat(loginFails()).startsWith("This ERP system user is blocked.");
        waitUntil(
                "the message is laid out",
                () -> fx(() -> lookup("#failure").query().getLayoutBounds().getHeight() > 0));
        assertThat(fx(() -> shownWhole(lookup("#failure").query())))
                .as("the message is in view, not scrolled away")
                .isTrue();
        assertThat(fx(() -> shownWhole(lookup("#login-button").query()))).isTrue();
        // the keyboard is back on Log in (not moved to the language buttons while it was disabled):
        // Enter tries again
        assertThat(
                        fx(
                                () ->
                                        flow.loginStage().getScene().getFocusOwner()
                                                == lookup("#login-button").query()))
                .isTrue();
        fill("erp-nile-trading", "sandbox-secret-1", "");
        onFx(() -> lookup("#login-button").query().requestFocus());
        type(KeyCode.ENTER);
        waitForMainWindow();
    }

    @Test
    void eachLanguageButtonSaysWhatItChoosesWhenHovered() {
        for (String id : new String[] {"#lang-en", "#lang-ar"}) {
            waitUntil(
                    "the tooltip of " + id + " is made",
                    () -> fx(() -> lookup(id).<ToggleButton>query().getTooltip() != null));
            moveTo(id);
            waitUntil(
                    "the tooltip shows over " + id,
                    () -> fx(() -> lookup(id).<ToggleButton>query().getTooltip().isShowing()));
            assertThat(fx(() -> lookup(id).<ToggleButton>query().getTooltip().getText()))
                    .isEqualTo("Language");
        }
        // the pointer leaves, and the tooltip goes (a tooltip left showing took the next test's
        // clicks)
        moveTo("#clientId");
        waitUntil(
                "the tooltip is gone",
                () -> fx(() -> !lookup("#lang-ar").<ToggleButton>query().getTooltip().isShowing()));
    }

    @Test
    void bothWindowsCarryTheApplicationIconsInEverySize() {
        waitUntil(
                "the dialog has its icons",
                () -> fx(() -> flow.loginStage().getIcons().size()) == 8);
        waitForDemoAccounts();
        clickOn("#demo-erp-nile-trading");
        clickOn("#login-button");
        waitForMainWindow();
        waitUntil(
                "the main window has its icons",
                () -> fx(() -> flow.mainStage().getIcons().size()) == 8);
        assertThat(
                        fx(
                                () ->
                                        flow.mainStage().getIcons().stream()
                                                .map(i -> (int) i.getWidth())
                                                .toList()))
                .containsExactly(16, 24, 32, 48, 64, 128, 256, 512);
    }

    @Test
    void everyLoginFailureHasItsOwnMessageAndTheInputStays() throws Exception {
        waitForDemoAccounts();
        typeInto("#clientId", "erp-nile-trading");
        typeInto("#secret", "not-the-secret");
        assertThat(loginFails()).isEqualTo("The client ID or client secret is wrong.");
        assertThat(text("#clientId")).isEqualTo("erp-nile-trading");
        assertThat(text("#secret")).isEqualTo("not-the-secret");

        fill("erp-blocked", "sandbox-secret-3", "");
        assertThat(loginFails()).startsWith("This ERP system user is blocked.");
        assertThat(text("#failureDetail")).contains("System user is blocked");

        fill("erp-expired", "sandbox-secret-4", "");
        assertThat(loginFails()).startsWith("This ERP system user has expired.");
        assertThat(text("#failureDetail")).contains("System user has expired");

        fill("erp-delta-accounting", "sandbox-secret-2", "499201773");
        assertThat(loginFails())
                .isEqualTo(
                        "Taxpayer 499201773 has not delegated this ERP system to act on its behalf.");
        assertThat(text("#failureDetail")).contains("499201773");
        assertThat(text("#onBehalfOf")).isEqualTo("499201773");

        fill("erp-delta-accounting", "sandbox-secret-2", "");
        assertThat(loginFails()).startsWith("The service refused the login as incomplete.");
        assertThat(text("#failureDetail")).contains("onbehalfof");

        fill("erp-nile-trading", "sandbox-secret-1", "");
        clickOn("#advanced");
        paste("#scope", "PayrollAPI");
        assertThat(loginFails()).startsWith("The service refused the requested scope.");
        paste("#scope", "");

        // unreachable: a loopback port nobody listens on
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        chooseEnvironment(Environment.Kind.CUSTOM);
        paste("#authUrl", "http://127.0.0.1:" + closedPort);
        paste("#baseUrl", sandbox().baseUrl());
        assertThat(loginFails())
                .isEqualTo(
                        "Cannot reach 127.0.0.1. Check the internet connection and the address.");

        // TLS: a server that answers the TLS handshake in plain text
        try (ServerSocket plain = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            Thread answerer =
                    new Thread(
                            () -> {
                                try (Socket s = plain.accept()) {
                                    s.getOutputStream()
                                            .write(
                                                    "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n"
                                                            .getBytes(StandardCharsets.US_ASCII));
                                    s.getOutputStream().flush();
                                } catch (IOException ignored) {
                                    // the test closes the socket
                                }
                            },
                            "plain-text-answerer");
            answerer.setDaemon(true);
            answerer.start();
            paste("#authUrl", "https://127.0.0.1:" + plain.getLocalPort());
            assertThat(loginFails()).startsWith("The secure connection to 127.0.0.1 failed");
        }

        // an error answer of the service: the API host has no login endpoint
        paste("#authUrl", sandbox().baseUrl());
        assertThat(loginFails()).isEqualTo("The service reported an error (HTTP 404).");

        // timeout: the sandbox answers slower than the client waits
        paste("#authUrl", sandbox().authUrl());
        sandbox().knobs().latency(Duration.ofSeconds(3));
        try {
            assertThat(loginFails()).isEqualTo("127.0.0.1 did not answer in time. Try again.");
        } finally {
            sandbox().knobs().latency(Duration.ZERO);
        }
        assertThat(text("#clientId")).isEqualTo("erp-nile-trading");
        assertThat(text("#secret")).isEqualTo("sandbox-secret-1");
    }

    @Test
    void aDoubleClickSendsOneLogin() throws Exception {
        // Raises the session logger: a command-line test earlier in this JVM may have left
        // "app.ishaar" at WARNING, which would hide the INFO record counted here.
        try (LogCapture logs = LogCapture.install("app.ishaar.core.service.session")) {
            waitForDemoAccounts();
            sandbox().knobs().latency(Duration.ofMillis(800));
            clickOn("#demo-erp-nile-trading");
            doubleClickOn("#login-button");
            waitForMainWindow();
            assertThat(logs.records().stream().filter(LoginDialogFxTest::isLoginSent).count())
                    .as("logins sent")
                    .isEqualTo(1);
        } finally {
            sandbox().knobs().latency(Duration.ZERO);
        }
    }

    /** The client's "logging in to ..." record, heard on its session logger (or a child of it). */
    private static boolean isLoginSent(LogRecord r) {
        String logger = String.valueOf(r.getLoggerName());
        boolean fromSession =
                logger.equals("app.ishaar.core.service.session")
                        || logger.startsWith("app.ishaar.core.service.session.");
        return fromSession && r.getMessage() != null && r.getMessage().startsWith("logging in to");
    }

    private javafx.scene.Node focusOwner() {
        return fx(() -> flow.loginStage().getScene().getFocusOwner());
    }

    @Test
    void showingTheSecretWhileTypingItLeavesTheCaretWhereItWasSoTheNextKeysGoOnAtTheEnd() {
        waitForDemoAccounts();
        typeInto("#secret", "abc");
        clickOn("#reveal");
        assertThat(flow.loginViewModel().form().secretRevealedProperty().get()).isTrue();
        assertThat(focusOwner())
                .as("the keyboard is in the shown secret")
                .isSameAs(fx(() -> lookup("#secretShown").query()));
        write("def");
        assertThat(flow.loginViewModel().form().secretProperty().get()).isEqualTo("abcdef");
        assertThat(text("#secretShown")).isEqualTo("abcdef");

        // a selection made in the shown secret is the one typed over once it is hidden again
        press(KeyCode.SHIFT).type(KeyCode.LEFT, KeyCode.LEFT).release(KeyCode.SHIFT);
        clickOn("#reveal");
        assertThat(flow.loginViewModel().form().secretRevealedProperty().get()).isFalse();
        assertThat(focusOwner())
                .as("the keyboard is back in the secret's field")
                .isSameAs(fx(() -> lookup("#secret").query()));
        assertThat(text("#secretShown")).as("the plain twin lets go of the secret").isEmpty();
        write("X");
        assertThat(flow.loginViewModel().form().secretProperty().get()).isEqualTo("abcdX");
    }

    @Test
    void tabReachesTheEyeWhoseSpaceShowsAndHidesTheSecretAndTheKeyboardStaysOnIt() {
        waitForDemoAccounts();
        typeInto("#secret", "s3cret");
        type(KeyCode.TAB);
        assertThat(focusOwner())
                .as("Tab goes from the secret to the eye")
                .isSameAs(fx(() -> lookup("#reveal").query()));
        type(KeyCode.SPACE);
        assertThat(flow.loginViewModel().form().secretRevealedProperty().get()).isTrue();
        assertThat(text("#secretShown")).isEqualTo("s3cret");
        assertThat(focusOwner())
                .as("the keyboard stays on the eye")
                .isSameAs(fx(() -> lookup("#reveal").query()));
        type(KeyCode.TAB);
        assertThat(focusOwner())
                .as("and goes on to the RIN")
                .isSameAs(fx(() -> lookup("#onBehalfOf").query()));
        press(KeyCode.SHIFT).type(KeyCode.TAB).release(KeyCode.SHIFT);
        type(KeyCode.SPACE);
        assertThat(flow.loginViewModel().form().secretRevealedProperty().get()).isFalse();
        press(KeyCode.SHIFT).type(KeyCode.TAB).release(KeyCode.SHIFT);
        assertThat(focusOwner())
                .as("Shift+Tab goes back from the eye to the secret")
                .isSameAs(fx(() -> lookup("#secret").query()));
    }

    @Test
    void enterSubmits() {
        waitForDemoAccounts();
        fill("erp-nile-trading", "sandbox-secret-1", "");
        clickOn("#secret").type(KeyCode.ENTER);
        waitForMainWindow();
    }

    @Test
    void enterOnAnIncompleteFormShowsWhatIsMissingAndEscClosesTheDialog() {
        clickOn("#onBehalfOf").type(KeyCode.ENTER);
        waitUntil(
                "the missing fields are marked",
                () -> visible("#clientIdError") && visible("#secretError"));
        assertThat(text("#clientIdError")).isEqualTo("Required");
        type(KeyCode.ESCAPE);
        waitUntil("the dialog closed", () -> exited && !flow.loginStage().isShowing());
    }

    @Test
    void aLoginSaysItIsUnderWayOnceItHasTakenAMomentNotAtTheClick() throws Exception {
        waitForDemoAccounts();
        sandbox().knobs().latency(Duration.ofSeconds(2));
        fill("erp-nile-trading", "sandbox-secret-1", "");
        // what the dialog shows in the very change that makes it busy: Log in greyed, no spinner or
        // "Logging in…" yet (a login that ends within a moment just ends, with nothing flashing)
        boolean[] atTheClick = new boolean[3];
        onFx(
                () ->
                        flow.loginViewModel()
                                .attempts()
                                .busyProperty()
                                .addListener(
                                        (o, was, busy) -> {
                                            if (busy) {
                                                atTheClick[0] =
                                                        lookup("#login-button")
                                                                .query()
                                                                .isDisabled();
                                                atTheClick[1] =
                                                        lookup("#progress")
                                                                .tryQuery()
                                                                .map(javafx.scene.Node::isVisible)
                                                                .orElse(false);
                                                atTheClick[2] =
                                                        lookup("#progressText").query().isVisible();
                                            }
                                        }));
        clickOn("#login-button");
        waitUntil(
                "the login is under way",
                () -> fx(() -> flow.loginViewModel().attempts().busyProperty().get()));
        assertThat(atTheClick[0]).as("Log in greys at the click").isTrue();
        assertThat(atTheClick[1]).as("the spinner shows at the click").isFalse();
        assertThat(atTheClick[2]).as("\"Logging in…\" shows at the click").isFalse();
        waitUntil(
                "the spinner and its words show once the login has taken a moment",
                () ->
                        visible("#progress")
                                && visible("#progressText")
                                && fx(() -> flow.loginViewModel().attempts().busyProperty().get()));
        assertThat(text("#progressText")).isIn("Starting the sandbox…", "Logging in…");
        clickOn("#cancel");
        waitUntil(
                "the login was cancelled and its spinner went with it",
                () ->
                        !fx(() -> flow.loginViewModel().attempts().busyProperty().get())
                                && !visible("#progress")
                                && !visible("#progressText"));
    }

    @Test
    void escAndCancelStopASlowLoginAndKeepTheInput() throws Exception {
        waitForDemoAccounts();
        // slow enough that the clicks below come before its answer, however busy the machine
        sandbox().knobs().latency(Duration.ofSeconds(30));
        fill("erp-nile-trading", "sandbox-secret-1", "204918573");
        clickOn("#login-button");
        waitUntil(
                "the login is under way",
                () ->
                        flow.loginViewModel().attempts().busyProperty().get()
                                && visible("#progress"));
        assertThat(text("#progressText")).isIn("Starting the sandbox…", "Logging in…");
        // the dialog stays responsive: the language can be switched meanwhile
        clickOn("#lang-ar");
        assertThat(text("#cancel")).isEqualTo("إلغاء");
        clickOn("#lang-en");
        clickOn("#cancel");
        waitUntil(
                "the login was cancelled",
                () -> !flow.loginViewModel().attempts().busyProperty().get());
        assertThat(flow.loginViewModel().attempts().failureProperty().get()).isNull();
        assertThat(text("#clientId")).isEqualTo("erp-nile-trading");
        assertThat(text("#secret")).isEqualTo("sandbox-secret-1");
        assertThat(text("#onBehalfOf")).isEqualTo("204918573");
        assertThat(exited).isFalse();

        clickOn("#login-button");
        waitUntil(
                "the second login is under way",
                () -> flow.loginViewModel().attempts().busyProperty().get());
        type(KeyCode.ESCAPE);
        waitUntil("Esc cancelled it", () -> !flow.loginViewModel().attempts().busyProperty().get());
        assertThat(exited).as("Esc during a login cancels the login, not the dialog").isFalse();
        assertThat(flow.mainStage()).isNull();

        sandbox().knobs().latency(Duration.ZERO);
        clickOn("#login-button");
        waitForMainWindow();
    }
}
