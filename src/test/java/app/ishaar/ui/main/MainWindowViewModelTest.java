package app.ishaar.ui.main;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.core.secrets.InMemorySecretStore;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.LoginError;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.session.SessionEnding;
import app.ishaar.core.settings.Profile;
import app.ishaar.core.settings.RepresentedTaxpayer;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.core.sync.SyncScheduler;
import app.ishaar.core.sync.TaxpayerResult;
import app.ishaar.testing.MutableClock;
import app.ishaar.ui.app.SettingsService;
import app.ishaar.ui.desktop.DesktopNotifier;
import app.ishaar.ui.fakes.FakeOpener;
import app.ishaar.ui.fakes.FakeSession;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.login.LoginViewModel;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import app.ishaar.ui.taxpayers.TaxpayerEntry.State;
import app.ishaar.ui.taxpayers.TaxpayerListTexts;
import app.ishaar.ui.taxpayers.TaxpayerListViewModel;
import app.ishaar.ui.taxpayers.TaxpayerListViewModel.LeftOut;
import app.ishaar.ui.taxpayers.TaxpayerListViewModel.LeftOutReason;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The main window's shell and taxpayer switcher, without the FX toolkit. */
class MainWindowViewModelTest {

    private static final Executor DIRECT = Runnable::run;
    private static final String NILE = "204918573";
    private static final String PHARMA = "287364519";
    private static final String TEXTILES = "356781204";

    @TempDir Path configDir;

    private final I18n i18n = new I18n(AppLanguage.ENGLISH);
    private final TaxpayerListTexts texts = new TaxpayerListTexts(i18n);

    /** The desktop the window is given; each test may change what it does. */
    private DesktopNotifier notifier = DesktopNotifier.NONE;

    private java.util.function.BooleanSupplier appInFront = () -> true;
    private Runnable toFront = () -> {};
    private final WindowDesktop desktop =
            new WindowDesktop(
                    app.ishaar.ui.desktop.FileOpener.NONE,
                    (title, body, action, onAction) -> notifier.tell(title, body, action, onAction),
                    () -> appInFront.getAsBoolean(),
                    () -> toFront.run());

    /** Why adding a taxpayer failed, as the view's message key; empty when it was added. */
    private static Optional<String> problem(TaxpayerListViewModel.AddResult r) {
        return Optional.ofNullable(TaxpayerListTexts.problemKey(r));
    }

    private final FakeOpener opener = new FakeOpener();
    private final InMemorySecretStore secrets = new InMemorySecretStore();
    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-10T10:00:00Z"));
    private SettingsService settings;
    private SqliteArchive archive;
    private Credentials loginCredentials;
    private FakeSession first;
    private MainWindowViewModel vm;

    @BeforeEach
    void setUp() throws Exception {
        archive = SqliteArchive.temporary();
        settings = new SettingsService(new SettingsStore(configDir), Duration.ZERO);
        Environment env = Environment.sandbox("http://127.0.0.1:1", "http://127.0.0.1:2");
        Profile profile =
                new Profile(
                        "SANDBOX|erp-delta-accounting",
                        app.ishaar.core.service.Environment.Kind.SANDBOX,
                        null,
                        null,
                        "erp-delta-accounting",
                        null,
                        false,
                        List.of(
                                new RepresentedTaxpayer(NILE, "Nile Trading Co."),
                                new RepresentedTaxpayer(PHARMA, "Cairo Pharma Industries"),
                                new RepresentedTaxpayer(TEXTILES, "Alexandria Textiles")),
                        NILE);
        settings.update(s -> s.withProfile(profile));
        loginCredentials =
                new Credentials(
                        "erp-delta-accounting", "sandbox-secret-2".toCharArray(), NILE, null);
        first = new FakeSession(env, loginCredentials.copy());
        first.loginCall.complete(FakeSession.token(NILE, null, clock.instant().plusSeconds(3600)));
        LoginViewModel.LoginResult result =
                new LoginViewModel.LoginResult(
                        first, first.loginCall.join(), profile, loginCredentials, env);
        vm =
                new MainWindowViewModel(
                        i18n, DIRECT, DIRECT, opener, secrets, settings, archive, clock, desktop,
                        result, null, schedules);
    }

    @AfterEach
    void tearDown() throws Exception {
        settings.close();
        archive.close();
    }

    private TaxpayerEntry entry(String rin) {
        return vm.taxpayers().entries().stream()
                .filter(e -> rin.equals(e.rin()))
                .findFirst()
                .orElseThrow();
    }

    /** New notifications the next sync of a taxpayer brings (key null: the ERP's own). */
    private final java.util.Map<Rin, Integer> arriving = new java.util.HashMap<>();

    /** The taxpayers synced, in order (null: the ERP's own). */
    private final List<Rin> synced = new ArrayList<>();

    /** The sync's wake-ups: when, and what. */
    private final java.util.Map<Runnable, Instant> timers = new java.util.LinkedHashMap<>();

    /** The window's sync scheduler, on the test's thread and clock, with a fake worker. */
    private final WindowSync.Schedules schedules =
            (real, every, listener) ->
                    new SyncScheduler(
                            (taxpayer, askAgain) -> {
                                synced.add(taxpayer);
                                Integer n = arriving.remove(taxpayer);
                                return new TaxpayerResult(
                                        taxpayer == null ? Rin.of("100000001") : taxpayer,
                                        TaxpayerResult.Outcome.OK,
                                        n == null ? 0 : n,
                                        0,
                                        0,
                                        null,
                                        null);
                            },
                            every,
                            null,
                            clock,
                            (task, delay) -> {
                                timers.put(task, clock.instant().plus(delay));
                                return () -> timers.remove(task);
                            },
                            Runnable::run,
                            listener);

    /** The window's clock ticks once this much later, and the sync's turns that came are run. */
    private void tickAfter(Duration later) {
        clock.advance(later);
        vm.tick();
        for (var t : new ArrayList<>(timers.entrySet())) {
            if (!t.getValue().isAfter(clock.instant()) && timers.remove(t.getKey()) != null) {
                t.getKey().run();
            }
        }
    }

    @Test
    void theHeaderShowsTheTaxpayerTheEnvironmentAndTheTimeLeft() {
        assertThat(vm.current().rin()).isEqualTo(NILE);
        assertThat(vm.title().titleProperty().get())
                .isEqualTo("Nile Trading Co. (204918573) — Sandbox · test data — Ishaar");
        assertThat(vm.title().timeLeftProperty().get()).isEqualTo("Session: 1:00:00 left");
        tickAfter(Duration.ofSeconds(61));
        assertThat(vm.title().timeLeftProperty().get()).isEqualTo("Session: 58:59 left");
        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(vm.title().timeLeftProperty().get()).isEqualTo("الوقت المتبقي في الجلسة: ٥٨:٥٩");
        assertThat(vm.title().titleProperty().get()).contains("إشعار").contains("(204918573)");
    }

    @Test
    void whileAllTaxpayersIsShownTheTitleNamesItInBothLanguagesThenTheTaxpayerAgain() {
        vm.allShownProperty().set(true);
        assertThat(vm.title().titleProperty().get())
                .isEqualTo("All taxpayers — Sandbox · test data — Ishaar");
        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(vm.title().titleProperty().get())
                .startsWith("جميع الممولين — ")
                .endsWith(" — إشعار")
                .doesNotContain("204918573");
        i18n.languageProperty().set(AppLanguage.ENGLISH);
        vm.allShownProperty().set(false);
        assertThat(vm.title().titleProperty().get())
                .isEqualTo("Nile Trading Co. (204918573) — Sandbox · test data — Ishaar");
    }

    @Test
    void whileTheWindowIsInTheBackgroundTheDesktopTellsOfMoreNewNotificationsUnlessTurnedOff() {
        List<String> told = new ArrayList<>();
        List<Runnable> clicks = new ArrayList<>();
        notifier =
                ((title, body, action, onAction) -> {
                    told.add(title + " | " + body + " | " + action);
                    clicks.add(onAction);
                });
        int[] fronts = {0};
        toFront = (() -> fronts[0]++);
        var history = vm.current().history();
        arriving.put(Rin.of(NILE), 2);
        tickAfter(Duration.ofMinutes(2));
        assertThat(history.arrivedProperty().get()).isEqualTo(2);
        assertThat(told).as("by default the app is taken to be in front").isEmpty();

        boolean[] inFront = {true};
        appInFront = (() -> inFront[0]);
        arriving.put(Rin.of(NILE), 1);
        tickAfter(Duration.ofMinutes(2));
        assertThat(told).as("a window of the app has the keyboard").isEmpty();
        inFront[0] = false;
        tickAfter(Duration.ofMinutes(2));
        assertThat(told).as("no more than were counted").isEmpty();
        arriving.put(Rin.of(NILE), 2);
        tickAfter(Duration.ofMinutes(2));
        assertThat(told)
                .singleElement()
                .asString()
                .startsWith("Nile Trading Co. | 5 new notifications since ")
                .endsWith(" | Show");

        // a click on it, later, another taxpayer shown meanwhile: Nile's first page, in front
        vm.switchTo(entry(PHARMA));
        int asked = first.fetched.size();
        clicks.get(0).run();
        assertThat(vm.current()).isSameAs(entry(NILE));
        assertThat(entry(NILE).history().pager().pageProperty().get())
                .as("its first page, read from the archive")
                .isEqualTo(1);
        assertThat(first.fetched).as("the service is asked for no page").hasSize(asked);
        assertThat(fronts[0]).as("the window in front").isEqualTo(1);
        assertThat(history.arrivedProperty().get()).as("shown: no longer counted").isZero();

        var settingsVm =
                vm.settings()
                        .dialog(
                                new app.ishaar.ui.app.TextSize(100),
                                new app.ishaar.ui.app.Theme(null));
        assertThat(settingsVm.desktopNotifyProperty().get()).as("on by default").isTrue();
        settingsVm.desktopNotifyProperty().set(false);
        assertThat(settings.get().desktopNotify()).as("remembered").isFalse();
        arriving.put(Rin.of(NILE), 2);
        tickAfter(Duration.ofMinutes(2));
        assertThat(history.arrivedProperty().get()).isEqualTo(2);
        assertThat(told).as("turned off").hasSize(1);
        assertThat(settingsVm.desktopNotifyOfferedProperty().get()).isTrue();
        settingsVm.checkMinutesProperty().set(0);
        assertThat(settingsVm.desktopNotifyOfferedProperty().get())
                .as("nothing is synced by itself: nothing to tell")
                .isFalse();
    }

    /** A window of the same login whose first page the service holds until the test answers. */
    private MainWindowViewModel windowWithItsFirstPageOnItsWay(FakeSession held) throws Exception {
        Environment env = Environment.sandbox("http://127.0.0.1:1", "http://127.0.0.1:2");
        held.holdPages = true;
        held.loginCall.complete(FakeSession.token(NILE, null, clock.instant().plusSeconds(3600)));
        vm.logout();
        synced.clear();
        return windowOf(
                new LoginViewModel.LoginResult(
                        held,
                        held.loginCall.join(),
                        settings.get().profile("SANDBOX|erp-delta-accounting").orElseThrow(),
                        loginCredentials,
                        env));
    }

    @Test
    void theWindowsSyncBeginsOnceTheFirstPageHasComeFromTheArchive() throws Exception {
        FakeSession held =
                new FakeSession(
                        Environment.sandbox("http://127.0.0.1:1", "http://127.0.0.1:2"),
                        loginCredentials.copy());
        MainWindowViewModel w = windowWithItsFirstPageOnItsWay(held);
        assertThat(w.current().history().pager().knownProperty().get())
                .as("its first page, read from the archive, came at once")
                .isTrue();
        assertThat(held.pages).as("the service is asked for no page").isEmpty();
        assertThat(synced)
                .as("the page came: the list synced, the ERP's own first")
                .containsExactly(null, Rin.of(NILE), Rin.of(PHARMA), Rin.of(TEXTILES));
        w.logout();
    }

    @Test
    void theWindowsSyncCountsWhatArrivedAsOftenAsTheSettingsSayOrOnlyWhenAsked() {
        var history = vm.current().history(); // its first page: none
        assertThat(history.requests().loadingProperty().get()).isFalse();
        assertThat(synced)
                .as("the list synced at login, the ERP's own first")
                .containsExactly(null, Rin.of(NILE), Rin.of(PHARMA), Rin.of(TEXTILES));
        int asked = first.fetched.size();
        arriving.put(Rin.of(NILE), 4);
        tickAfter(Duration.ofMinutes(1));
        assertThat(synced).as("every two minutes by default").hasSize(4);
        tickAfter(Duration.ofMinutes(1));
        assertThat(synced).hasSize(8);
        assertThat(first.fetched).as("the history asks the service nothing").hasSize(asked);
        assertThat(history.arrivedProperty().get()).isEqualTo(4);
        assertThat(vm.title().titleProperty().get())
                .as("the taskbar says so")
                .isEqualTo("(4 new) Nile Trading Co. (204918573) — Sandbox · test data — Ishaar");
        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(vm.title().titleProperty().get())
                .startsWith("(٤ جديدة) Nile Trading Co. (204918573) — ");
        i18n.languageProperty().set(AppLanguage.ENGLISH);

        // Settings: every 5 minutes, for every window, remembered
        var settingsVm =
                vm.settings()
                        .dialog(
                                new app.ishaar.ui.app.TextSize(100),
                                new app.ishaar.ui.app.Theme(null));
        assertThat(settingsVm.checkMinutesProperty().get()).isEqualTo(2);
        assertThat(settingsVm.checkChoices().stream().map(settingsVm::checkChoiceName).toList())
                .containsExactly(
                        "Check every minute",
                        "Check every 2 minutes",
                        "Check every 5 minutes",
                        "Check every 15 minutes",
                        "Do not check");
        settingsVm.checkMinutesProperty().set(5);
        assertThat(settings.get().checkMinutes()).isEqualTo(5);
        tickAfter(Duration.ofMinutes(4));
        assertThat(synced).hasSize(8);
        tickAfter(Duration.ofMinutes(1));
        assertThat(synced).hasSize(12);

        // another taxpayer shown: the list says what Nile's sync brought
        vm.switchTo(entry(PHARMA));
        assertThat(vm.title().titleProperty().get())
                .as("another taxpayer's window title")
                .startsWith("Cairo Pharma Industries (287364519)");
        assertThat(entry(NILE).arrivedText()).isEqualTo("4 new");
        assertThat(entry(PHARMA).arrivedText()).isEmpty();
        arriving.put(Rin.of(NILE), 1);
        tickAfter(Duration.ofMinutes(5));
        assertThat(entry(NILE).arrivedText()).isEqualTo("5 new");
        assertThat(entry(NILE).spokenText())
                .as("the row read aloud")
                .isEqualTo("Nile Trading Co., 204918573, 5 new, logged in");
        assertThat(entry(TEXTILES).spokenText())
                .isEqualTo("Alexandria Textiles, 356781204, not opened yet");
        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(entry(NILE).arrivedText()).isEqualTo("٥ جديدة");
        i18n.languageProperty().set(AppLanguage.ENGLISH);
        vm.switchTo(entry(NILE));
        assertThat(vm.title().titleProperty().get()).startsWith("(5 new) Nile Trading Co.");

        // Do not check: synced only when asked
        settingsVm.checkMinutesProperty().set(0);
        int before = synced.size();
        tickAfter(Duration.ofMinutes(20));
        assertThat(synced).hasSize(before);
        vm.sync().sync().syncNow(Rin.of(PHARMA));
        assertThat(synced).hasSize(before + 1).endsWith(Rin.of(PHARMA));
        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(settingsVm.checkChoices().stream().map(settingsVm::checkChoiceName).toList())
                .containsExactly(
                        "التحقق كل دقيقة",
                        "التحقق كل دقيقتين",
                        "التحقق كل ٥ دقائق",
                        "التحقق كل ١٥ دقيقة",
                        "عدم التحقق");

        // logged out: no sync any more
        vm.logout();
        tickAfter(Duration.ofMinutes(20));
        vm.sync().sync().syncNow(Rin.of(PHARMA));
        assertThat(synced).hasSize(before + 1);
        assertThat(timers).isEmpty();
    }

    @Test
    void aTaxpayerRemovedIsOfferedToBeForgottenFromTheArchiveOfTheServiceTheWindowIsLoggedInTo()
            throws Exception {
        String raw =
                "{\"notificationId\":\"n-1\",\"receivedDateTime\":\"2026-01-09T10:00:00Z\","
                        + "\"finalMessage\":\"Document received\"}";
        archive.store(
                new SyncBatch(
                        ServiceKey.SANDBOX,
                        Rin.of(PHARMA),
                        List.of(ArchivedNotification.fromRaw(Rin.of(PHARMA), raw)),
                        "c",
                        true,
                        null));
        vm.taxpayers().remove(entry(PHARMA));
        var offer = vm.taxpayers().archived().offerProperty().get();
        assertThat(offer).isNotNull();
        assertThat(offer.notifications()).isEqualTo(1);
        vm.taxpayers().archived().forget().join();
        assertThat(archive.summaries())
                .as("the sandbox's archive of that taxpayer forgotten")
                .isEmpty();
    }

    @Test
    void theTaxpayerListWritesTheNamesItHasIntoTheArchive() throws Exception {
        assertThat(archive.names())
                .as("the list's names, as the window opened")
                .containsEntry(Rin.of(NILE), "Nile Trading Co.")
                .containsEntry(Rin.of(PHARMA), "Cairo Pharma Industries")
                .containsEntry(Rin.of(TEXTILES), "Alexandria Textiles");
        vm.taxpayers().rename(entry(PHARMA), "شركة القاهرة للأدوية");
        vm.taxpayers().add("499201773", "Giza Foods");
        assertThat(archive.names())
                .containsEntry(Rin.of(PHARMA), "شركة القاهرة للأدوية")
                .containsEntry(Rin.of("499201773"), "Giza Foods");
    }

    @Test
    void theSwitcherListsTheOwnTaxpayerAndTheProfilesAndFiltersByRinOrName() {
        assertThat(vm.taxpayers().entries())
                .extracting(TaxpayerEntry::rin)
                .containsExactly(null, NILE, PHARMA, TEXTILES);
        vm.taxpayers().shown().filterProperty().set("pharma");
        assertThat(vm.taxpayers().shown().list())
                .extracting(TaxpayerEntry::rin)
                .containsExactly(PHARMA);
        vm.taxpayers().shown().filterProperty().set("3567");
        assertThat(vm.taxpayers().shown().list())
                .extracting(TaxpayerEntry::rin)
                .containsExactly(TEXTILES);
        vm.taxpayers().shown().filterProperty().set("٢٨٧");
        assertThat(vm.taxpayers().shown().list())
                .extracting(TaxpayerEntry::rin)
                .containsExactly(PHARMA);
        vm.taxpayers().shown().filterProperty().set("");
        assertThat(vm.taxpayers().shown().list()).hasSize(4);
    }

    @Test
    void switchingLogsInOnBehalfOfThatTaxpayerAndSwitchingBackReusesTheSession() {
        vm.switchTo(entry(PHARMA));
        assertThat(opener.opened).hasSize(1);
        FakeSession pharma = opener.last();
        assertThat(pharma.credentials().onBehalfOf()).isEqualTo(PHARMA);
        assertThat(opener.secretsSeen).containsExactly("sandbox-secret-2");
        assertThat(entry(PHARMA).stateProperty().get()).isEqualTo(State.CONNECTING);
        pharma.loginCall.complete(
                FakeSession.token(PHARMA, null, clock.instant().plusSeconds(3600)));
        assertThat(entry(PHARMA).stateProperty().get()).isEqualTo(State.READY);
        assertThat(entry(PHARMA).session().orElse(null))
                .as("the sessions' handle of the login's session")
                .isSameAs(vm.sessions().current(Rin.of(PHARMA)).orElseThrow());
        assertThat(entry(PHARMA).session().orElseThrow().key()).isEqualTo(pharma.key());
        assertThat(vm.title().titleProperty().get())
                .startsWith("Cairo Pharma Industries (287364519)");

        vm.switchTo(entry(NILE));
        vm.switchTo(entry(PHARMA));
        assertThat(opener.opened).as("still-valid sessions are reused").hasSize(1);
        assertThat(entry(NILE).history()).isSameAs(entry(NILE).history());
        assertThat(
                        settings.get()
                                .profile("SANDBOX|erp-delta-accounting")
                                .orElseThrow()
                                .lastTaxpayerRin())
                .isEqualTo(PHARMA);
    }

    @Test
    void aFailureStaysWithItsTaxpayerAndOtherSessionsLive() {
        vm.taxpayers().add("499201773", "Giza Foods");
        vm.switchTo(entry("499201773"));
        opener.last()
                .loginCall
                .completeExceptionally(
                        new LoginRejectedException(
                                LoginError.UNAUTHORIZED_CLIENT,
                                "unauthorized_client",
                                "taxpayer has not delegated",
                                LoginRejectedException.Reason.NOT_DELEGATED,
                                null));
        TaxpayerEntry giza = entry("499201773");
        assertThat(giza.stateProperty().get()).isEqualTo(State.FAILED);
        assertThat(giza.failureText().get())
                .isEqualTo(
                        "Taxpayer 499201773 has not delegated this ERP system to act on its behalf.");
        assertThat(giza.failureDetail().get()).isEqualTo("taxpayer has not delegated");
        assertThat(opener.last().closed).isTrue();
        assertThat(first.closed).as("the other taxpayer's session lives on").isFalse();

        vm.switchTo(entry(NILE));
        assertThat(entry(NILE).stateProperty().get()).isEqualTo(State.READY);
        assertThat(opener.opened).as("no new login for Nile").hasSize(1);

        vm.retry(giza);
        assertThat(opener.opened).hasSize(2);
    }

    @Test
    void anIntermediarysOwnEntryThatTheServiceWillNotOpenSaysToChooseATaxpayerItActsFor() {
        TaxpayerEntry own = vm.taxpayers().entries().get(0);
        vm.switchTo(own);
        FakeSession ownLogin = opener.last();
        assertThat(ownLogin.credentials().onBehalfOf()).isNull();
        ownLogin.loginCall.completeExceptionally(
                new LoginRejectedException(
                        LoginError.INVALID_REQUEST,
                        "invalid_request",
                        "The onbehalfof header is required when an intermediary logs in.",
                        LoginRejectedException.Reason.BAD_REQUEST,
                        null));
        assertThat(own.stateProperty().get()).isEqualTo(State.FAILED);
        assertThat(own.failureText().get())
                .as("no \"On behalf of\" field to point at in this window")
                .isEqualTo(
                        "This ERP system logs in as an intermediary: the service opens notifications only on behalf of a taxpayer it acts for."
                                + " Choose one in the list, or add one under \"Add a taxpayer\".");
        assertThat(own.failureDetail().get())
                .isEqualTo("The onbehalfof header is required when an intermediary logs in.");
        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(own.failureText().get()).contains("وسيطًا").contains("«إضافة ممول»");

        // chosen again after another taxpayer, the refusal is shown as it was, with no login spent
        // on the same answer; Try again asks once more
        vm.switchTo(entry(PHARMA));
        int logins = opener.opened.size();
        vm.switchTo(own);
        assertThat(opener.opened).as("no new login on choosing a refused entry").hasSize(logins);
        assertThat(own.stateProperty().get()).isEqualTo(State.FAILED);
        assertThat(own.failureDetail().get())
                .isEqualTo("The onbehalfof header is required when an intermediary logs in.");
        vm.retry(own);
        assertThat(opener.opened).hasSize(logins + 1);
        assertThat(opener.last().credentials().onBehalfOf()).isNull();
        assertThat(own.stateProperty().get()).isEqualTo(State.CONNECTING);
        opener.last().loginCall.completeExceptionally(new java.io.IOException("connection reset"));
        assertThat(own.stateProperty().get()).isEqualTo(State.FAILED);
        // a fault, not the service's answer: choosing the entry tries again
        vm.switchTo(entry(PHARMA));
        vm.switchTo(own);
        assertThat(opener.opened)
                .as("a failure that is no refusal is tried again on choosing it")
                .hasSize(logins + 2);

        i18n.languageProperty().set(AppLanguage.ENGLISH);
        vm.taxpayers().add("499201773", "Giza Foods");
        vm.switchTo(entry("499201773"));
        opener.last()
                .loginCall
                .completeExceptionally(
                        new LoginRejectedException(
                                LoginError.INVALID_REQUEST,
                                "invalid_request",
                                "onbehalfof must be a 9-digit registration number.",
                                LoginRejectedException.Reason.BAD_REQUEST,
                                null));
        assertThat(entry("499201773").failureText().get())
                .as("a represented taxpayer's incomplete login keeps the login's words")
                .startsWith("The service refused the login as incomplete.");
    }

    /**
     * An intermediary's own entry is the window's login itself, which the service opens only on
     * behalf of a taxpayer it acts for: shown as that login, with nothing to try again, no login
     * spent on it and no sync of it (whose refusal the list would show in red).
     */
    @Test
    void anIntermediarysOwnEntryShowsAsItsLoginNeverAsARefusedTaxpayer() throws Exception {
        MainWindowViewModel w =
                openedBy(
                        vm.settings().profile(),
                        new Credentials(
                                "erp-delta-accounting",
                                "sandbox-secret-2".toCharArray(),
                                NILE,
                                null),
                        true);
        TaxpayerEntry own = w.taxpayers().own();
        assertThat(own.intermediaryLoginProperty().get()).isTrue();
        assertThat(own.stateProperty().get()).isEqualTo(State.READY);
        assertThat(own.failureProperty().get()).isNull();
        assertThat(own.failureText().get()).isEmpty();
        assertThat(own.isRefused()).isFalse();
        assertThat(own.spokenText()).endsWith("the intermediary's own login");
        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(own.spokenText()).endsWith("تسجيل دخول الوسيط نفسه");
        i18n.languageProperty().set(AppLanguage.ENGLISH);

        int logins = opener.opened.size();
        w.switchTo(own);
        w.retry(own);
        assertThat(opener.opened).as("no login the service would refuse").hasSize(logins);
        assertThat(own.stateProperty().get()).isEqualTo(State.READY);
        assertThat(own.failureProperty().get()).isNull();

        synced.clear();
        w.sync().syncAll();
        assertThat(synced)
                .as("its represented taxpayers are synced, not the login itself")
                .containsExactly(Rin.of(NILE), Rin.of(PHARMA), Rin.of(TEXTILES));
        assertThat(w.sync().refusal(null)).as("no refusal for the list to show").isEmpty();
    }

    /**
     * A window opened by a login of {@code profile} for NILE whose token says {@code intermediary}
     * (null: it does not say).
     */
    private MainWindowViewModel openedBy(Profile profile, Credentials c, Boolean intermediary)
            throws Exception {
        Environment env = Environment.sandbox("http://127.0.0.1:1", "http://127.0.0.1:2");
        FakeSession s = new FakeSession(env, c.copy());
        s.loginCall.complete(
                FakeSession.token(NILE, null, clock.instant().plusSeconds(3600), intermediary));
        return windowOf(new LoginViewModel.LoginResult(s, s.loginCall.join(), profile, c, env));
    }

    /** The window a login opens, on the test's collaborators. */
    private MainWindowViewModel windowOf(LoginViewModel.LoginResult login) throws Exception {
        return new MainWindowViewModel(
                i18n, DIRECT, DIRECT, opener, secrets, settings, archive, clock, desktop, login,
                null, schedules);
    }

    @Test
    void aTaxpayersOwnSystemIsNotOfferedToAddTaxpayersItCouldNotActFor() throws Exception {
        Profile own = app.ishaar.testing.SandboxProfiles.nileTrading();
        settings.update(s -> s.withProfile(own));
        Credentials c =
                new Credentials("erp-nile-trading", "sandbox-secret-1".toCharArray(), null, null);
        MainWindowViewModel ownVm = openedBy(own, c, false);

        assertThat(ownVm.taxpayers().ownTaxpayerOnlyProperty().get())
                .as("its token says IsIntermediary 0")
                .isTrue();
        assertThat(problem(ownVm.taxpayers().add(PHARMA, "Cairo Pharma Industries")))
                .contains("switcher.ownOnly");
        assertThat(ownVm.taxpayers().entries())
                .extracting(TaxpayerEntry::rin)
                .containsExactly((String) null);
        assertThat(settings.get().profile("SANDBOX|erp-nile-trading").orElseThrow().taxpayers())
                .isEmpty();
        assertThat(ownVm.settings().taxpayerListShownProperty().get())
                .as("nothing but its own taxpayer to list")
                .isFalse();
        assertThat(settings.get().taxpayerListHidden("SANDBOX|erp-nile-trading")).isTrue();
        // shown by the user, it is not hidden again at the next login
        ownVm.settings().taxpayerListShownProperty().set(true);
        assertThat(openedBy(own, c, false).settings().taxpayerListShownProperty().get()).isTrue();

        // an intermediary's token, or one that does not say (older tokens), keeps the offer
        assertThat(vm.taxpayers().ownTaxpayerOnlyProperty().get()).isFalse();
        MainWindowViewModel intermediaryVm =
                openedBy(
                        vm.settings().profile(),
                        new Credentials(
                                "erp-delta-accounting",
                                "sandbox-secret-2".toCharArray(),
                                NILE,
                                null),
                        true);
        assertThat(intermediaryVm.taxpayers().ownTaxpayerOnlyProperty().get()).isFalse();
        assertThat(intermediaryVm.settings().taxpayerListShownProperty().get()).isTrue();
        assertThat(problem(intermediaryVm.taxpayers().add("499201773", "Giza Foods"))).isEmpty();
    }

    @Test
    void taxpayersAreAddedWithAValidatedRinRenamedAndRemovedAndSaved() {
        assertThat(problem(vm.taxpayers().add("12345", "x"))).contains("login.validation.rin");
        assertThat(problem(vm.taxpayers().add(PHARMA, "again")))
                .contains("switcher.validation.duplicate");
        assertThat(problem(vm.taxpayers().add("٤٩٩٢٠١٧٧٣", " Giza Foods "))).isEmpty();
        // the answers are typed; only the view says them in words
        assertThat(vm.taxpayers().add("12345", "x"))
                .isEqualTo(new TaxpayerListViewModel.InvalidRin(Rin.Problem.BAD_FORMAT));
        assertThat(vm.taxpayers().add(" ", "x"))
                .isEqualTo(new TaxpayerListViewModel.InvalidRin(Rin.Problem.EMPTY));
        assertThat(vm.taxpayers().add(PHARMA, "again"))
                .isEqualTo(new TaxpayerListViewModel.Duplicate(Rin.of(PHARMA)));
        assertThat(entry("499201773").label()).isEqualTo("Giza Foods");

        vm.taxpayers().rename(entry(PHARMA), "Cairo Pharma");
        vm.switchTo(entry(TEXTILES));
        FakeSession textiles = opener.last();
        vm.taxpayers().remove(entry(TEXTILES));
        assertThat(textiles.closed).isTrue();
        assertThat(vm.current().rin()).as("removing the shown taxpayer shows the own one").isNull();

        Profile saved = settings.get().profile("SANDBOX|erp-delta-accounting").orElseThrow();
        assertThat(saved.taxpayers())
                .containsExactly(
                        new RepresentedTaxpayer(NILE, "Nile Trading Co."),
                        new RepresentedTaxpayer(PHARMA, "Cairo Pharma"),
                        new RepresentedTaxpayer("499201773", "Giza Foods"));
    }

    @Test
    void theErpsOwnTaxpayerCanBeRenamedTheNameIsRememberedAndABlankOneGivesBackTheTokens() {
        TaxpayerEntry own = vm.taxpayers().entries().get(0);
        vm.switchTo(own);
        opener.last()
                .loginCall
                .complete(FakeSession.token("538201946", null, clock.instant().plusSeconds(3600)));
        assertThat(own.label()).as("the token's name for it").isEqualTo("Demo ERP");
        vm.taxpayers().rename(own, "  Delta Accounting S.A.E.  ");
        assertThat(own.label()).isEqualTo("Delta Accounting S.A.E.");
        assertThat(vm.title().titleProperty().get()).startsWith("Delta Accounting S.A.E.");
        assertThat(settings.get().profile("SANDBOX|erp-delta-accounting").orElseThrow().ownName())
                .isEqualTo("Delta Accounting S.A.E.");
        assertThat(vm.taxpayers().entries()).as("not removable").contains(own);
        vm.taxpayers().remove(own);
        assertThat(vm.taxpayers().entries()).contains(own);

        MainWindowViewModel next =
                new MainWindowViewModel(
                        i18n,
                        DIRECT,
                        DIRECT,
                        opener,
                        secrets,
                        settings,
                        archive,
                        clock,
                        desktop,
                        new LoginViewModel.LoginResult(
                                first,
                                first.loginCall.join(),
                                settings.get()
                                        .profile("SANDBOX|erp-delta-accounting")
                                        .orElseThrow(),
                                loginCredentials,
                                first.environment()),
                        null,
                        schedules);
        assertThat(next.taxpayers().entries().get(0).label())
                .as("remembered for the next window")
                .isEqualTo("Delta Accounting S.A.E.");

        vm.taxpayers().rename(own, " ");
        assertThat(own.label()).as("the token's again").isEqualTo("Demo ERP");
        assertThat(settings.get().profile("SANDBOX|erp-delta-accounting").orElseThrow().ownName())
                .isEmpty();
    }

    @Test
    void theOwnNameAndTheTaxpayerShownLastStaySavedWhenTheListChangesAfterThem() {
        vm.taxpayers().rename(vm.taxpayers().entries().get(0), "Delta Accounting S.A.E.");
        vm.switchTo(entry(PHARMA));
        vm.taxpayers().add("499201773", "Giza Foods");
        Profile saved = settings.get().profile("SANDBOX|erp-delta-accounting").orElseThrow();
        assertThat(saved.taxpayers()).endsWith(new RepresentedTaxpayer("499201773", "Giza Foods"));
        assertThat(saved.ownName()).isEqualTo("Delta Accounting S.A.E.");
        assertThat(saved.lastTaxpayerRin()).isEqualTo(PHARMA);

        vm.taxpayers().rename(vm.taxpayers().entries().get(0), "Delta Accounting");
        assertThat(settings.get().profile("SANDBOX|erp-delta-accounting").orElseThrow().taxpayers())
                .as("the taxpayer added before the rename")
                .endsWith(new RepresentedTaxpayer("499201773", "Giza Foods"));
    }

    @Test
    void aRemovedTaxpayerComesBackAtItsPlaceWithItsNameOnceAndIsSaved() {
        vm.taxpayers().rename(entry(PHARMA), "Cairo Pharma");
        List<String> before = vm.taxpayers().entries().stream().map(TaxpayerEntry::rin).toList();
        vm.taxpayers().remove(entry(PHARMA));
        assertThat(vm.taxpayers().lastRemovedProperty().get())
                .isEqualTo(
                        new TaxpayerListViewModel.Removed(
                                PHARMA, "Cairo Pharma", before.indexOf(PHARMA)));
        assertThat(texts.removed(vm.taxpayers().lastRemovedProperty().get()))
                .isEqualTo("Removed Cairo Pharma (287364519).");
        assertThat(settings.get().profile("SANDBOX|erp-delta-accounting").orElseThrow().taxpayers())
                .extracting(RepresentedTaxpayer::rin)
                .doesNotContain(PHARMA);

        vm.taxpayers().undoRemove();
        assertThat(vm.taxpayers().entries().stream().map(TaxpayerEntry::rin).toList())
                .as("at its place")
                .isEqualTo(before);
        assertThat(entry(PHARMA).label()).isEqualTo("Cairo Pharma");
        assertThat(vm.taxpayers().lastRemovedProperty().get()).as("once").isNull();
        assertThat(texts.removed(vm.taxpayers().lastRemovedProperty().get())).isEmpty();
        assertThat(settings.get().profile("SANDBOX|erp-delta-accounting").orElseThrow().taxpayers())
                .contains(new RepresentedTaxpayer(PHARMA, "Cairo Pharma"));

        // added again by hand meanwhile: the undo adds no second one
        vm.taxpayers().remove(entry(PHARMA));
        vm.taxpayers().add(PHARMA, "by hand");
        vm.taxpayers().undoRemove();
        assertThat(
                        vm.taxpayers().entries().stream()
                                .filter(e -> PHARMA.equals(e.rin()))
                                .map(TaxpayerEntry::label)
                                .toList())
                .containsExactly("by hand");

        // a log out ends the offer
        vm.taxpayers().remove(entry(TEXTILES));
        assertThat(vm.taxpayers().lastRemovedProperty().get()).isNotNull();
        vm.logout();
        assertThat(vm.taxpayers().lastRemovedProperty().get()).isNull();
    }

    @Test
    void aPastedListAddsATaxpayerARowLeavesOutTheRowsThatAreNotNewNumbersAndSaysWhich() {
        String copied =
                String.join(
                        "\n",
                        "RIN\tName",
                        "499201773\tGiza Foods",
                        PHARMA + "\tagain",
                        "12345\tshort",
                        "٥٠٠١٢٣٤٥٦\tشركة الإسكندرية",
                        "499201773\ttwice in the list",
                        "",
                        "600111222");
        TaxpayerListViewModel.ListAdded added = vm.taxpayers().addAll(copied);
        assertThat(added.added()).isEqualTo(3);
        assertThat(added.leftOut())
                .containsExactly(
                        new LeftOut(3, LeftOutReason.ALREADY_LISTED),
                        new LeftOut(4, LeftOutReason.NOT_A_RIN),
                        new LeftOut(6, LeftOutReason.ALREADY_LISTED));
        assertThat(texts.listAdded(added))
                .isEqualTo(
                        "Added 3 taxpayers. Left out: row 3 (already listed), row 4 (not a 9-digit registration number), row 6 (already listed).");
        assertThat(settings.get().profile("SANDBOX|erp-delta-accounting").orElseThrow().taxpayers())
                .as("saved")
                .endsWith(
                        new RepresentedTaxpayer("499201773", "Giza Foods"),
                        new RepresentedTaxpayer("500123456", "شركة الإسكندرية"),
                        new RepresentedTaxpayer("600111222", ""));

        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(texts.listAdded(vm.taxpayers().addAll("700111222\tx\n700111223\ty")))
                .isEqualTo("تمت الإضافة. عدد الممولين المضافين: ٢.");
        // a long list's left-out rows are named up to a few, the rest counted
        i18n.languageProperty().set(AppLanguage.ENGLISH);
        String bad = String.join("\n", java.util.Collections.nCopies(8, "1"));
        assertThat(texts.listAdded(vm.taxpayers().addAll(bad)))
                .endsWith("row 5 (not a 9-digit registration number), 3 more.");
        assertThat(texts.listAdded(vm.taxpayers().addAll("800111222\n1")))
                .isEqualTo(
                        "Added 1 taxpayer. Left out: row 2 (not a 9-digit registration number).");
    }

    @Test
    void aFilesListIsAddedAndTheMessageNamesTheFileOrSaysWhyItGaveNone(@TempDir Path dir)
            throws IOException {
        // Excel's plain CSV on an Arabic Windows: windows-1256, semicolons where commas are decimal
        // marks
        Path csv = dir.resolve("clients.csv");
        Files.write(
                csv,
                String.join(
                                "\r\n",
                                "الرقم;الاسم",
                                "499201773;شركة الجيزة للأغذية",
                                PHARMA + ";again",
                                "")
                        .getBytes(Charset.forName("windows-1256")));
        TaxpayerListViewModel.FileAdded added = vm.taxpayers().addFrom(csv).join();
        assertThat(added.isError()).as("a row was left out").isTrue();
        assertThat(texts.fileAdded(added))
                .isEqualTo(
                        "From “clients.csv”: Added 1 taxpayer. Left out: row 3 (already listed).");
        assertThat(settings.get().profile("SANDBOX|erp-delta-accounting").orElseThrow().taxpayers())
                .as("saved")
                .endsWith(new RepresentedTaxpayer("499201773", "شركة الجيزة للأغذية"));
        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(texts.fileAdded(added))
                .isEqualTo(
                        "من الملف «clients.csv»: تمت إضافة ممول واحد. لم يُضف: الصف ٣ (موجود بالفعل في القائمة).");
        i18n.languageProperty().set(AppLanguage.ENGLISH);

        int listed = vm.taxpayers().entries().size();
        Path workbook = dir.resolve("clients.xlsx");
        Files.write(workbook, new byte[] {'P', 'K', 3, 4, 20, 0, 0, 0});
        TaxpayerListViewModel.FileAdded refused = vm.taxpayers().addFrom(workbook).join();
        assertThat(refused.isError()).isTrue();
        assertThat(texts.fileAdded(refused)).startsWith("“clients.xlsx” is a spreadsheet workbook");
        Path headerOnly = dir.resolve("empty.csv");
        Files.writeString(headerOnly, "RIN,Name\n");
        assertThat(texts.fileAdded(vm.taxpayers().addFrom(headerOnly).join()))
                .startsWith("“empty.csv” lists no taxpayer");
        assertThat(texts.fileAdded(vm.taxpayers().addFrom(dir.resolve("gone.csv")).join()))
                .startsWith("“gone.csv” could not be read.");
        assertThat(vm.taxpayers().entries())
                .as("nothing added by the files that listed none")
                .hasSize(listed);
    }

    @Test
    void aSessionThatEndedIsRenewedByReloginKeepingTheSameHistoryScreen() {
        var history = entry(NILE).history();
        assertUses(entry(NILE), first);
        SessionEnding.of(vm.sessions(), Rin.of(NILE));
        assertThat(vm.relogin().sessionEndedProperty().get()).isTrue();
        assertThat(vm.relogin().needsSecret()).isTrue();

        vm.relogin().secretProperty().set("new-secret");
        vm.relogin().start();
        assertThat(vm.relogin().secretProperty().get())
                .as("the typed secret is not kept in the field")
                .isEmpty();
        FakeSession renewed = opener.last();
        assertThat(opener.secretsSeen).containsExactly("new-secret");
        assertThat(renewed.credentials().onBehalfOf()).isEqualTo(NILE);
        renewed.loginCall.complete(
                FakeSession.token(NILE, null, clock.instant().plusSeconds(3600)));

        assertThat(vm.relogin().sessionEndedProperty().get()).isFalse();
        assertThat(entry(NILE).history()).isSameAs(history);
        assertUses(entry(NILE), renewed);
        assertThat(first.closed).isTrue();

        vm.switchTo(entry(PHARMA));
        assertThat(opener.secretsSeen)
                .as("later switches use the new secret")
                .containsExactly("new-secret", "new-secret");
    }

    @Test
    void aFailedReloginIsShownAndTheBannerStays() {
        SessionEnding.of(vm.sessions(), Rin.of(NILE));
        vm.relogin().secretProperty().set("not-the-secret-1");
        vm.relogin().start();
        opener.last()
                .loginCall
                .completeExceptionally(
                        new LoginRejectedException(
                                LoginError.INVALID_CLIENT,
                                "invalid_client",
                                null,
                                LoginRejectedException.Reason.BAD_CREDENTIALS,
                                null));
        assertThat(vm.relogin().sessionEndedProperty().get()).isTrue();
        assertThat(vm.relogin().failureText().get())
                .isEqualTo("The client ID or client secret is wrong.");
        assertThat(vm.relogin().busyProperty().get()).isFalse();
    }

    @Test
    void logoutClosesEverySessionAndWipesTheSecret() {
        vm.switchTo(entry(PHARMA));
        FakeSession pharma = opener.last();
        pharma.loginCall.complete(
                FakeSession.token(PHARMA, null, clock.instant().plusSeconds(3600)));
        vm.logout();
        assertThat(first.closed).isTrue();
        assertThat(pharma.closed).isTrue();
        assertThat(loginCredentials.clientSecret()).containsOnly('\0');
        assertThat(first.credentials().clientSecret()).containsOnly('\0');
        assertThat(vm.loggedOutProperty().get()).isTrue();
    }

    private LoginViewModel.LoginResult loginAgain(Profile profile, String onBehalfOf)
            throws Exception {
        Environment env = Environment.sandbox("http://127.0.0.1:1", "http://127.0.0.1:2");
        Credentials c =
                new Credentials(
                        "erp-delta-accounting", "sandbox-secret-2".toCharArray(), onBehalfOf, null);
        FakeSession s = new FakeSession(env, c.copy());
        s.loginCall.complete(
                FakeSession.token(onBehalfOf, null, clock.instant().plusSeconds(3600)));
        return new LoginViewModel.LoginResult(s, s.loginCall.join(), profile, c, env);
    }

    @Test
    void aLoginOfTheSameProfileReopensTheLoggedOutWindowFromPageOneAndAnotherProfileCannot()
            throws Exception {
        var nileHistory = entry(NILE).history();
        vm.switchTo(entry(PHARMA));
        opener.last()
                .loginCall
                .complete(FakeSession.token(PHARMA, null, clock.instant().plusSeconds(3600)));
        Profile profile = vm.settings().profile();
        LoginViewModel.LoginResult again = loginAgain(profile, NILE);
        assertThat(vm.canReopen(again)).as("not while logged in").isFalse();

        vm.logout();
        assertThat(entry(NILE).session()).isEmpty();
        assertThat(nileHistory.pager().pageProperty().get()).isEqualTo(1);
        assertThat(vm.title().timeLeftProperty().get()).isEmpty();
        assertThat(
                        vm.canReopen(
                                loginAgain(
                                        profile.withTaxpayers(
                                                List.of(
                                                        new RepresentedTaxpayer(
                                                                NILE, "Nile Trading Co."))),
                                        NILE)))
                .as("other taxpayers: screens of their own")
                .isFalse();
        Profile other = app.ishaar.testing.SandboxProfiles.nileTrading();
        assertThat(vm.canReopen(loginAgain(other, null))).as("another profile").isFalse();
        assertThat(vm.canReopen(again)).isTrue();

        vm.reopen(again);
        assertThat(vm.loggedOutProperty().get()).isFalse();
        assertThat(vm.current()).isSameAs(entry(NILE));
        assertThat(entry(NILE).history()).as("the same history screen").isSameAs(nileHistory);
        assertUses(entry(NILE), (FakeSession) again.session());
        assertThat(entry(PHARMA).stateProperty().get())
                .as("the others connect when chosen")
                .isEqualTo(State.IDLE);
        assertThat(vm.title().titleProperty().get()).startsWith("Nile Trading Co. (204918573)");
        assertThat(vm.title().timeLeftProperty().get()).isEqualTo("Session: 1:00:00 left");
    }

    @Test
    void aReloginThatEndsAfterTheLogOutOpensNoSession() {
        SessionEnding.of(vm.sessions(), Rin.of(NILE));
        vm.relogin().secretProperty().set("new-secret");
        vm.relogin().start();
        FakeSession late = opener.last();
        vm.logout();
        late.loginCall.complete(FakeSession.token(NILE, null, clock.instant().plusSeconds(3600)));
        assertThat(late.closed).as("closed: it belongs to no login").isTrue();
        assertThat(entry(NILE).session()).isEmpty();
        assertThat(entry(NILE).stateProperty().get()).isEqualTo(State.IDLE);
    }

    /** The entry's session is the sessions' handle of {@code s}: its key and its token. */
    private static void assertUses(TaxpayerEntry e, FakeSession s) {
        app.ishaar.core.service.Session handed = e.session().orElseThrow();
        assertThat(handed.key()).isEqualTo(s.key());
        assertThat(handed.tokenInfo().orElseThrow()).isSameAs(s.tokenInfo().orElseThrow());
    }
}
