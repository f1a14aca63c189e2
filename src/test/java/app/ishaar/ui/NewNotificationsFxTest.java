package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.Notification;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.ui.notifications.HistoryViewModel;
import java.time.Instant;
import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;

/**
 * New notifications arrive in the sandbox while the history is shown: the window's sync (every two
 * minutes by itself; here Sync all) archives them, the filter bar, the title and the taxpayer list
 * say how many came, and Show brings them, in bold.
 */
class NewNotificationsFxTest extends FxSandboxTestBase {

    private static final String NILE = "204918573";

    @Override
    protected SandboxConfig sandboxConfig() {
        return SandboxConfig.builder().notificationsPerTaxpayer(120).arrivalsPerHour(120).build();
    }

    /** The window's sync, as the taxpayer list shows it. */
    private app.ishaar.ui.taxpayers.SyncViewModel sync() {
        return fx(() -> flow.mainViewModel().listSync());
    }

    /**
     * Waits until the sync the login began has gone round (nothing syncs or waits) and the screen
     * shows all it brought (its last landing is read quietly after the sync says it ended).
     */
    private void loginSyncDone() throws Exception {
        app.ishaar.sandbox.Sandbox service = sandbox();
        try {
            waitUntil(
                    "the login's sync went round",
                    60,
                    () ->
                            !sync().runningProperty().get()
                                    && !sync().statuses().isEmpty()
                                    && fx(() -> !history().table().rows().isEmpty())
                                    && !fx(() -> history().requests().loadingProperty().get())
                                    && sync().statuses().values().stream()
                                            .allMatch(
                                                    s ->
                                                            s.lastSynced() != null
                                                                    || s.problem() != null)
                                    && fx(() -> history().pager().totalCountProperty().get())
                                            == service.notificationCount(NILE));
        } catch (AssertionError e) {
            throw new AssertionError(
                    e.getMessage()
                            + fx(
                                    () ->
                                            ": running "
                                                    + sync().runningProperty().get()
                                                    + ", statuses "
                                                    + sync().statuses()
                                                    + ", shown "
                                                    + flow.mainViewModel().current().rin()
                                                    + ", rows "
                                                    + history().table().rows().size()
                                                    + ", loading "
                                                    + history().requests().loadingProperty().get()
                                                    + ", total "
                                                    + history().pager().totalCountProperty().get()
                                                    + ", error "
                                                    + history().requests().errorProperty().get())
                            + ", the service's "
                            + service.notificationCount(NILE),
                    e);
        }
    }

    /**
     * Stops the service's clock, so that notifications arrive only when the test moves it: what the
     * screen shows can then be compared with what the service holds.
     */
    private Instant pinServiceClock() throws Exception {
        Instant now = Instant.now();
        sandbox().knobs().pinClock(now);
        return now;
    }

    private HistoryViewModel history() {
        return flow.mainViewModel().current().history();
    }

    /** The shown rows' notification IDs in the table's order, and which are bold. */
    private List<String> rows(boolean bold) {
        return fx(
                () ->
                        lookup("#history-table")
                                .queryAs(TableView.class)
                                .lookupAll(".table-row-cell")
                                .stream()
                                .map(n -> (TableRow<?>) n)
                                .filter(
                                        r ->
                                                r.isVisible()
                                                        && r.getItem() instanceof Notification
                                                        && r.getPseudoClassStates()
                                                                        .contains(
                                                                                PseudoClass
                                                                                        .getPseudoClass(
                                                                                                "new"))
                                                                == bold)
                                .sorted(java.util.Comparator.comparingInt(TableRow::getIndex))
                                .map(r -> ((Notification) r.getItem()).notificationId())
                                .toList());
    }

    @Test
    void newNotificationsAreCountedEveryTwoMinutesAndShowBringsThemInBold() throws Exception {
        waitForDemoAccounts();
        Instant pinned = pinServiceClock();
        logInAsDemo("erp-nile-trading");
        loginSyncDone();
        long shownTotal = fx(() -> history().pager().totalCountProperty().get());
        String firstShown = fx(() -> history().table().rows().get(0).notificationId());
        assertThat(rows(true)).as("a first visit: nothing is new yet").isEmpty();
        assertThat(visible("#history-arrived")).isFalse();

        // time passes at the service until a few notifications arrived (fewer than a page)
        for (int seconds = 15; sandbox().notificationCount(NILE) - shownTotal < 2; seconds += 15) {
            sandbox().knobs().pinClock(pinned.plusSeconds(seconds));
        }
        assertThat(sandbox().notificationCount(NILE) - shownTotal).isLessThan(8);
        onFx(() -> sync().syncAll());
        waitUntil("the bar says some arrived", () -> visible("#history-arrived"));
        long arrived = fx(() -> history().arrivedProperty().get());
        assertThat(arrived).isPositive();
        assertThat(arrived)
                .as("what the service sent since the page came")
                .isEqualTo(sandbox().notificationCount(NILE) - shownTotal);
        assertThat(text("#history-arrived"))
                .matches(
                        (arrived == 1 ? "A new notification" : arrived + " new notifications")
                                + " since (\\d+ \\w+ \\d{4}, )?\\d\\d:\\d\\d:\\d\\d"); // today's
        // time alone
        // (HistoryViewModelTest)
        assertThat(fx(() -> history().table().rows().get(0).notificationId()))
                .as("the page is not changed under the user")
                .isEqualTo(firstShown);

        clickOn("#history-arrived-show");
        waitUntil(
                "the newest shown",
                () ->
                        !fx(() -> history().table().rows().get(0).notificationId())
                                        .equals(firstShown)
                                && !fx(() -> history().requests().loadingProperty().get()));
        String newest = fx(() -> history().table().rows().get(0).notificationId());
        waitUntil(
                "the table drew them",
                () -> rows(true).contains(newest) || rows(false).contains(newest));
        assertThat(visible("#history-arrived")).isFalse();
        assertThat(fx(() -> lookup("#history-table").query().isFocused()))
                .as("the keyboard goes to the table")
                .isTrue();
        List<String> bold = rows(true);
        assertThat(bold).as("what arrived is bold, at the top").isNotEmpty();
        assertThat(rows(false)).as("what was there before is not").contains(firstShown);
        List<String> all =
                fx(
                        () ->
                                history().table().rows().stream()
                                        .map(Notification::notificationId)
                                        .toList());
        assertThat(all.subList(0, bold.size())).containsExactlyElementsOf(bold);
        assertThat(text("#history-new-since")).startsWith("In bold: sent since ");
    }

    @Test
    void theSettingsSayHowOftenToCheckAndTheChoiceIsRemembered() {
        waitForDemoAccounts();
        logInAsDemo("erp-nile-trading");
        press(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.COMMA)
                .release(javafx.scene.input.KeyCode.COMMA, javafx.scene.input.KeyCode.CONTROL);
        waitUntil("the settings are open", () -> visible("#settings-check-new"));
        assertThat(
                        fx(
                                () ->
                                        lookup("#settings-check-new")
                                                .queryAs(javafx.scene.control.ChoiceBox.class)
                                                .getConverter()
                                                .toString(
                                                        lookup("#settings-check-new")
                                                                .queryAs(
                                                                        javafx.scene.control
                                                                                .ChoiceBox.class)
                                                                .getValue())))
                .isEqualTo("Check every 2 minutes");
        clickOn("#settings-check-new");
        clickOn("Do not check");
        waitUntil("remembered", () -> ctx.settings().get().checkMinutes() == 0);
        clickOn("#settings-text-size");
        clickOn("125%");
        waitUntil("the text size too", () -> ctx.textSize().percentProperty().get() == 125);
        clickOn("#settings-lang-ar");
        waitUntil(
                "named in Arabic",
                () ->
                        fx(() ->
                                        lookup("#settings-check-new")
                                                .queryAs(javafx.scene.control.ChoiceBox.class)
                                                .getConverter()
                                                .toString(0))
                                .equals("عدم التحقق"));
    }

    @Test
    void anIntermediarysListSaysHowManyCameForATaxpayerItIsNotShowing() throws Exception {
        waitForDemoAccounts();
        Instant pinned = pinServiceClock();
        logInAsDemo("erp-delta-accounting");
        loginSyncDone();
        long shownTotal = fx(() -> history().pager().totalCountProperty().get());
        for (int seconds = 15; sandbox().notificationCount(NILE) - shownTotal < 2; seconds += 15) {
            sandbox().knobs().pinClock(pinned.plusSeconds(seconds));
        }
        // a round of the window's own schedule may be under way: Sync all waits for it to end
        waitUntil("Sync all can be asked", () -> fx(() -> sync().canSyncAllProperty().get()));
        clickOn("#switcher-sync-all");
        waitUntil("the bar says some arrived", () -> visible("#history-arrived"));
        long arrived = fx(() -> history().arrivedProperty().get());
        assertThat(fx(() -> flow.mainStage().getTitle()))
                .as("the taskbar says so")
                .startsWith("(" + arrived + " new) Nile Trading Co. (204918573)");

        clickOn("#taxpayer-287364519");
        waitUntil(
                "Pharma shown",
                () ->
                        "287364519".equals(fx(() -> flow.mainViewModel().current().rin()))
                                && !fx(() -> history().table().rows().isEmpty())
                                && !fx(() -> history().requests().loadingProperty().get()));
        assertThat(fx(() -> flow.mainStage().getTitle())).startsWith("Cairo Pharma Industries");
        waitUntil(
                "Nile's row says how many came",
                () ->
                        fx(
                                () ->
                                        lookup("#taxpayer-204918573 .taxpayer-arrived")
                                                .tryQuery()
                                                .map(
                                                        n ->
                                                                n.isVisible()
                                                                        && (arrived + " new")
                                                                                .equals(
                                                                                        ((javafx
                                                                                                                .scene
                                                                                                                .control
                                                                                                                .Label)
                                                                                                        n)
                                                                                                .getText()))
                                                .orElse(false)));
        // read aloud whole; what arrived may hold a failed delivery or a rejection, which the row
        // also says is to handle
        waitUntil(
                "read aloud whole",
                () ->
                        fx(
                                () -> {
                                    long toHandle =
                                            flow.mainViewModel()
                                                    .taxpayers()
                                                    .toHandle()
                                                    .of(app.ishaar.core.model.Rin.of(NILE));
                                    return ("Nile Trading Co., 204918573, "
                                                    + arrived
                                                    + " new, logged in"
                                                    + (toHandle > 0
                                                            ? ", " + toHandle + " to handle"
                                                            : ""))
                                            .equals(
                                                    lookup("#taxpayer-204918573")
                                                            .query()
                                                            .getAccessibleText());
                                }));

        clickOn("#taxpayer-204918573");
        waitUntil(
                "Nile shown again, still saying so",
                () ->
                        NILE.equals(fx(() -> flow.mainViewModel().current().rin()))
                                && visible("#history-arrived"));
        assertThat(fx(() -> flow.mainStage().getTitle()))
                .startsWith("(" + arrived + " new) Nile Trading Co.");
    }
}
