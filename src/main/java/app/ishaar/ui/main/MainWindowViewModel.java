package app.ishaar.ui.main;

import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.core.secrets.SecretStore;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.PageAhead;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.TokenInfo;
import app.ishaar.core.settings.HistoryPrefs;
import app.ishaar.core.settings.Profile;
import app.ishaar.core.settings.RepresentedTaxpayer;
import app.ishaar.core.settings.Settings;
import app.ishaar.core.settings.TaxpayerListFile;
import app.ishaar.core.settings.TaxpayerRows;
import app.ishaar.ui.app.SettingsService;
import app.ishaar.ui.app.TextSize;
import app.ishaar.ui.app.Theme;
import app.ishaar.ui.desktop.DesktopNotifier;
import app.ishaar.ui.desktop.FileOpener;
import app.ishaar.ui.error.Failure;
import app.ishaar.ui.fx.LatestTask;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.history.HistoryViewModel;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.login.LoginViewModel;
import app.ishaar.ui.login.SessionOpener;
import app.ishaar.ui.settings.SettingsViewModel;
import java.io.IOException;
import java.nio.file.Path;
import java.text.NumberFormat;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * The main window's shell: who is represented, where, for how long; the taxpayer switcher (one
 * session and one history screen per taxpayer, kept for the window's life); renewal failure and
 * re-login; log out. The view only binds.
 *
 * <p>Secrets: the window keeps one {@link Credentials} (the login's, a {@code char[]} secret) to
 * open sessions for other taxpayers; each session owns its own copy. {@link #logout()} closes every
 * session and wipes them all.
 */
public final class MainWindowViewModel {

    /** Where a taxpayer's session stands. */
    public enum State {
        IDLE,
        CONNECTING,
        READY,
        FAILED
    }

    private static final System.Logger LOG = System.getLogger(MainWindowViewModel.class.getName());

    private final I18n i18n;
    private final Executor fx;
    private final Executor background;
    private final SessionOpener opener;
    private final SecretStore secrets;
    private final SettingsService settings;
    private final Clock clock;

    /**
     * The profile's environment: its kind is the profile's; its addresses are known once a login
     * opened it.
     */
    private final Environment.Kind kind;

    private Environment environment;
    private final ReadOnlyStringWrapper apiHost = new ReadOnlyStringWrapper(this, "apiHost", "");
    private final BooleanProperty taxpayerListShown =
            new SimpleBooleanProperty(this, "taxpayerListShown", true);
    private Profile profile;
    private Credentials base;

    /** Counts the logins opened in this window (a window with none holds nothing of anyone's). */
    private int opened;

    /** The re-login under way: a log out, or a new login into the window, drops it. */
    private final LatestTask relogin;

    private final ObservableList<TaxpayerEntry> entries = FXCollections.observableArrayList();
    private final FilteredList<TaxpayerEntry> filtered = new FilteredList<>(entries, e -> true);
    private final StringProperty filter = new SimpleStringProperty(this, "filter", "");
    private final ReadOnlyObjectWrapper<TaxpayerEntry> current =
            new ReadOnlyObjectWrapper<>(this, "current");
    private final ReadOnlyStringWrapper timeLeft = new ReadOnlyStringWrapper(this, "timeLeft", "");
    private final ReadOnlyBooleanWrapper sessionEnded =
            new ReadOnlyBooleanWrapper(this, "sessionEnded", false);
    private final ReadOnlyBooleanWrapper reloginBusy =
            new ReadOnlyBooleanWrapper(this, "reloginBusy", false);
    private final ReadOnlyObjectWrapper<Failure> reloginFailure =
            new ReadOnlyObjectWrapper<>(this, "reloginFailure");
    private final StringProperty reloginSecret =
            new SimpleStringProperty(this, "reloginSecret", "");
    private final ReadOnlyBooleanWrapper loggedOut =
            new ReadOnlyBooleanWrapper(this, "loggedOut", false);
    private final ReadOnlyBooleanWrapper ownTaxpayerOnly =
            new ReadOnlyBooleanWrapper(this, "ownTaxpayerOnly", false);
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", "");
    private final StringBinding reloginFailureText;

    /** Held here, heard weakly by the app's I18n (see {@link Weak}). */
    private final javafx.beans.value.ChangeListener<Object> languageChanged =
            (o, a, b) -> {
                refreshTitle();
                tick();
            };

    /**
     * The taxpayers not shown are checked for new notifications this many times less often than the
     * shown one.
     */
    static final int OTHERS_CHECKED_LESS_OFTEN = 5;

    /**
     * ...and only while their token has this much left: well before the session renews it (2
     * minutes ahead), so that no check of a taxpayer not shown costs a login.
     */
    static final Duration OTHERS_TOKEN_LEFT = Duration.ofMinutes(5);

    private boolean tokenOutlasts(Session s, Duration left) {
        Optional<TokenInfo> t = s == null ? Optional.empty() : s.tokenInfo();
        return t.isPresent()
                && t.get().expiresAt() != null
                && t.get().expiresAt().isAfter(clock.instant().plus(left));
    }

    /**
     * The settings dialog's state: the text size, and how often the shown history checks for new
     * notifications.
     */
    public SettingsViewModel settingsViewModel(TextSize textSize, Theme theme) {
        return new SettingsViewModel(i18n, clock, textSize, theme, settings);
    }

    /** Where the settings are kept (Help › About). */
    public Path settingsFile() {
        return settings == null ? null : settings.file();
    }

    public MainWindowViewModel(
            I18n i18n,
            Executor fx,
            Executor background,
            SessionOpener opener,
            SecretStore secrets,
            SettingsService settings,
            Clock clock,
            LoginViewModel.LoginResult login) {
        this(i18n, fx, background, opener, secrets, settings, clock, login.profile());
        open(login);
    }

    /**
     * A window made ahead for a profile, before its login (while the dialog waits for the user):
     * logged out, no session, showing the taxpayer the profile last showed. A login of that profile
     * then opens in it ({@link #reopen}).
     */
    public static MainWindowViewModel prepared(
            I18n i18n,
            Executor fx,
            Executor background,
            SessionOpener opener,
            SecretStore secrets,
            SettingsService settings,
            Clock clock,
            Profile profile) {
        MainWindowViewModel vm =
                new MainWindowViewModel(
                        i18n, fx, background, opener, secrets, settings, clock, profile);
        vm.loggedOut.set(true);
        vm.current.set(vm.entryFor(profile.lastTaxpayerRin()));
        return vm;
    }

    private MainWindowViewModel(
            I18n i18n,
            Executor fx,
            Executor background,
            SessionOpener opener,
            SecretStore secrets,
            SettingsService settings,
            Clock clock,
            Profile profile) {
        this.i18n = i18n;
        this.fx = fx;
        this.background = background;
        this.opener = opener;
        this.secrets = secrets;
        this.settings = settings;
        this.clock = clock;
        this.profile = profile;
        this.kind = profile.environment();
        this.relogin = new LatestTask(fx);

        entries.add(new TaxpayerEntry(null, profile.ownName()));
        for (RepresentedTaxpayer t : profile.taxpayers()) {
            entries.add(new TaxpayerEntry(t.rin(), t.name()));
        }
        filter.addListener((o, a, b) -> filtered.setPredicate(e -> e.matches(b)));
        taxpayerListShown.set(!settings.get().taxpayerListHidden(profile.id()));
        taxpayerListShown.addListener(
                (o, a, shown) -> {
                    String id = this.profile.id();
                    settings.update(s -> s.withTaxpayerListHidden(id, !shown));
                });
        current.addListener(
                (o, a, b) -> {
                    updateEnded();
                    refreshTitle();
                    tick();
                });
        Weak.listen(languageChanged, i18n.languageProperty());
        reloginFailureText =
                Bindings.createStringBinding(
                        () -> reloginFailure.get() == null ? "" : reloginFailure.get().text(i18n),
                        reloginFailure,
                        i18n.languageProperty());
        refreshTitle();
    }

    /**
     * Whether a new login can open in this logged-out window as it is: the same profile (so the
     * same environment and client ID), the same represented taxpayers and the same keychain choice.
     * Then its screens (each taxpayer's filters, page size, columns) are the ones the login would
     * build anew, and need not be.
     */
    public boolean canReopen(LoginViewModel.LoginResult login) {
        return loggedOut.get()
                && login.profile().id().equals(profile.id())
                && login.environment().kind() == kind
                && (environment == null || login.environment().equals(environment))
                && login.profile().rememberSecret() == profile.rememberSecret()
                && login.profile().taxpayers().equals(profile.taxpayers());
    }

    /**
     * A new login in this logged-out window (see {@link #canReopen}): its taxpayer is shown, from
     * page 1.
     */
    public void reopen(LoginViewModel.LoginResult login) {
        if (!canReopen(login)) {
            throw new IllegalStateException("a login of another profile needs a window of its own");
        }
        open(login);
    }

    private void open(LoginViewModel.LoginResult login) {
        opened++;
        relogin.cancel();
        profile = login.profile();
        base = login.credentials();
        environment = login.environment();
        apiHost.set(environment.apiHost());
        filter.set("");
        TaxpayerEntry own = entries.get(0);
        TaxpayerEntry first = entryFor(base.onBehalfOf());
        first.attach(login.session(), login.token(), login.firstPage());
        if (first != own
                && login.token() != null
                && login.token().taxpayerName() != null
                && first.name.get().isBlank()) {
            first.name.set(login.token().taxpayerName());
        }
        TokenInfo t = login.token();
        ownTaxpayerOnly.set(t != null && t.saysOwnTaxpayerOnly());
        if (ownTaxpayerOnly.get()
                && entries.size() == 1
                && !settings.get().taxpayerListChosen(profile.id())) {
            // nothing but its own taxpayer to list: the table takes the list's room (remembered as
            // if chosen; View → Taxpayer list or Ctrl+T shows it, and that is remembered too)
            taxpayerListShown.set(false);
        }
        if (first != own && t != null && t.saysIntermediary()) {
            // an intermediary's token names its own taxpayer too
            own.displayRin.set(
                    t.intermediaryRin() == null || t.intermediaryRin().isBlank()
                            ? null
                            : t.intermediaryRin());
            own.tokenName.set(t.erpName() == null ? "" : t.erpName());
        }
        current.set(first);
        loggedOut.set(false);
        updateEnded();
        refreshTitle();
        tick();
    }

    // ---- what the view binds to ---------------------------------------------------------------

    /** Where the window's sessions are opened; null in a window made ahead, until its login. */
    public Environment environment() {
        return environment;
    }

    public Environment.Kind environmentKind() {
        return kind;
    }

    /** The service's host, once a login opened the window. */
    public ReadOnlyStringProperty apiHostProperty() {
        return apiHost.getReadOnlyProperty();
    }

    public Profile profile() {
        return profile;
    }

    /**
     * Whether this window was made ahead of a login ({@link #prepared}) and no login has opened it
     * yet: it holds nothing of anyone's.
     */
    public boolean madeAheadAndUnused() {
        return loggedOut.get() && opened == 0;
    }

    /**
     * The history page a login into this logged-out window would ask for first, for the taxpayer it
     * represents (null: the ERP's own; an unknown one opens as the ERP's own); null when this
     * window is not waiting for a login or has not made that taxpayer's history.
     */
    public NotificationQuery firstQueryFor(String onBehalfOf) {
        if (!loggedOut.get()) {
            return null;
        }
        TaxpayerEntry e = entryFor(onBehalfOf);
        return e.history == null ? null : e.history.nextSessionQuery();
    }

    /**
     * The taxpayer a login on behalf of {@code rin} opens on: that one, or the ERP's own when the
     * profile has no such taxpayer.
     */
    private TaxpayerEntry entryFor(String rin) {
        return find(rin).orElse(entries.get(0));
    }

    /** Every taxpayer of the profile, the ERP's own first. */
    private FileOpener fileOpener = FileOpener.NONE;

    private DesktopNotifier notifier = DesktopNotifier.NONE;
    private java.util.function.BooleanSupplier inFront = () -> true;

    /**
     * What tells the desktop of new notifications while the window is in the background (none by
     * default, as in tests).
     */
    public void useNotifier(DesktopNotifier desktop) {
        notifier = desktop == null ? DesktopNotifier.NONE : desktop;
    }

    /**
     * Asked whether the app is in front (one of its windows has the keyboard: the main window, or a
     * dialog over it), so the user sees what comes; the window flow gives it (true by default).
     */
    public void useInFront(java.util.function.BooleanSupplier appInFront) {
        inFront = appInFront == null ? () -> true : appInFront;
    }

    private Runnable toFront = () -> {};

    /** Brings the window in front of others, with the keyboard (the window flow gives it). */
    public void useToFront(Runnable bringToFront) {
        toFront = bringToFront == null ? () -> {} : bringToFront;
    }

    /**
     * More new notifications were counted for a taxpayer: while the app is in the background, the
     * desktop says so (its name, and how many since when), unless the user turned it off in the
     * settings; the title and the taxpayer list say it in the window. A click on the desktop's
     * notification brings the window in front on that taxpayer's first page, newest first, as Show
     * does.
     */
    private void tellTheDesktop(TaxpayerEntry e) {
        if (notifier != DesktopNotifier.NONE
                && !inFront.getAsBoolean()
                && settings != null
                && settings.get().desktopNotify()
                && e.history != null) {
            notifier.tell(
                    e.label(),
                    e.history.arrivedText().get(),
                    i18n.get("history.arrived.show"),
                    () -> {
                        if (entries.contains(e)) {
                            switchTo(e);
                            e.history().showArrived();
                            toFront.run();
                        }
                    });
        }
    }

    /**
     * What opens an export's file and its folder once written: the desktop's (none by default, as
     * in tests).
     */
    public void useFileOpener(FileOpener opener) {
        fileOpener = opener == null ? FileOpener.NONE : opener;
        for (TaxpayerEntry e : entries) {
            if (e.history != null) {
                e.history.useFileOpener(fileOpener);
            }
        }
    }

    public ObservableList<TaxpayerEntry> entries() {
        return entries;
    }

    /** The entries matching {@link #filterProperty()} (RIN or name). */
    public ObservableList<TaxpayerEntry> filteredEntries() {
        return filtered;
    }

    /**
     * Whether the window shows its taxpayer list (View → Taxpayer list): a taxpayer's own system
     * has one entry there, and its table gains the room. Remembered for the profile (an
     * intermediary's other profile keeps its list); searching the taxpayers (Ctrl+T) shows it
     * again. Hidden at the first login of a system whose token says it logs in for its own taxpayer
     * only, unless the user chose otherwise for the profile.
     */
    public BooleanProperty taxpayerListShownProperty() {
        return taxpayerListShown;
    }

    public StringProperty filterProperty() {
        return filter;
    }

    public ReadOnlyObjectProperty<TaxpayerEntry> currentProperty() {
        return current.getReadOnlyProperty();
    }

    public TaxpayerEntry current() {
        return current.get();
    }

    /** "Nile Trading Co. (204918573) — Sandbox — Ishaar", live. */
    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    /**
     * Time left in the current session, e.g. "54:12" (localized digits); ticks with {@link
     * #tick()}.
     */
    public ReadOnlyStringProperty timeLeftProperty() {
        return timeLeft.getReadOnlyProperty();
    }

    /** The current taxpayer's session ended (renewal failed): the banner asks to log in again. */
    public ReadOnlyBooleanProperty sessionEndedProperty() {
        return sessionEnded.getReadOnlyProperty();
    }

    /** Whether re-login needs the secret typed (it is not in the keychain). */
    public boolean reloginNeedsSecret() {
        return !profile.rememberSecret();
    }

    public StringProperty reloginSecretProperty() {
        return reloginSecret;
    }

    public ReadOnlyBooleanProperty reloginBusyProperty() {
        return reloginBusy.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Failure> reloginFailureProperty() {
        return reloginFailure.getReadOnlyProperty();
    }

    public ObservableStringValue reloginFailureText() {
        return reloginFailureText;
    }

    public ReadOnlyBooleanProperty loggedOutProperty() {
        return loggedOut.getReadOnlyProperty();
    }

    public ObjectProperty<AppLanguage> languageProperty() {
        return i18n.languageProperty();
    }

    // ---- commands -----------------------------------------------------------------------------

    /**
     * Recomputes the time left, and lets the shown history check for new notifications (the view
     * calls this every second).
     */
    public void tick() {
        TaxpayerEntry e = current.get();
        int checkMinutes = loggedOut.get() ? 0 : settings.get().checkMinutes();
        if (checkMinutes > 0) {
            // the shown history asks now and then whether new notifications came; the others the
            // user saw in this window (an intermediary's other taxpayers) less often, for the list
            for (TaxpayerEntry x : entries) {
                if (x == e && x.history != null) {
                    x.history.checkForNew(Duration.ofMinutes(checkMinutes));
                } else if (x.history != null && tokenOutlasts(x.session, OTHERS_TOKEN_LEFT)) {
                    // only while its token lasts: a check never logs in (logins are limited per
                    // client)
                    x.history.checkForNew(
                            Duration.ofMinutes(checkMinutes * (long) OTHERS_CHECKED_LESS_OFTEN));
                }
            }
        }
        Optional<TokenInfo> t =
                e == null || e.session == null ? Optional.empty() : e.session.tokenInfo();
        if (t.isEmpty() || t.get().expiresAt() == null) {
            timeLeft.set("");
            return;
        }
        long secs =
                Math.max(0, Duration.between(clock.instant(), t.get().expiresAt()).getSeconds());
        NumberFormat two = NumberFormat.getIntegerInstance(i18n.formatLocale());
        two.setMinimumIntegerDigits(2);
        two.setGroupingUsed(false);
        String mmss = two.format(secs / 60 % 60) + ":" + two.format(secs % 60);
        timeLeft.set(
                i18n.get(
                        "main.session.left",
                        secs >= 3600 ? i18n.formatNumber(secs / 3600) + ":" + mmss : mmss));
    }

    /**
     * Shows this taxpayer: reuses its session while it lasts, else logs in on its behalf. A failure
     * stays with that taxpayer; the others' sessions are untouched.
     */
    public void switchTo(TaxpayerEntry entry) {
        if (entry == null || !entries.contains(entry)) {
            return;
        }
        current.set(entry);
        profile = profile.withLastTaxpayer(entry.rin);
        Profile p = profile;
        settings.update(s -> s.withProfile(p));
        if (entry.session != null && !entry.ended.get()
                || entry.state.get() == State.CONNECTING
                || entry.state.get() == State.FAILED && entry.refused) {
            // a login the service refused for a reason of its own (not delegated, blocked, the
            // intermediary's own entry...) is refused again: choosing the taxpayer shows why, and
            // only Try again asks once more, so that going through the list spends no logins of the
            // service's limit per client on answers already given
            updateEnded();
            return;
        }
        connect(entry, base.onBehalfOf(entry.rin));
    }

    /** Tries a failed taxpayer again. */
    public void retry(TaxpayerEntry entry) {
        if (entry.state.get() != State.CONNECTING) {
            connect(entry, base.onBehalfOf(entry.rin));
        }
    }

    /**
     * Logs the current taxpayer in again after its session ended, with the typed secret or the
     * remembered one; the history screen keeps its filters, page and selection.
     */
    public void relogin() {
        TaxpayerEntry entry = current.get();
        if (entry == null || reloginBusy.get()) {
            return;
        }
        char[] typed = reloginSecret.get().toCharArray();
        reloginSecret.set("");
        reloginBusy.set(true);
        reloginFailure.set(null);
        String profileId = profile.id();
        boolean useKeychain = typed.length == 0 && profile.rememberSecret();
        LatestTask.Run run = relogin.begin();
        run.await(
                CompletableFuture.supplyAsync(
                        () -> {
                            if (!useKeychain) {
                                return typed.length == 0
                                        ? base.clientSecret().clone()
                                        : typed.clone();
                            }
                            try {
                                return secrets.load(profileId)
                                        .orElseGet(() -> base.clientSecret().clone());
                            } catch (SecretStore.SecretStoreException e) {
                                return base.clientSecret().clone();
                            }
                        },
                        background),
                (secret, failure) -> {
                    Arrays.fill(typed, '\0');
                    if (secret == null) {
                        reloginBusy.set(false);
                        return;
                    }
                    Credentials fresh =
                            new Credentials(base.clientId(), secret, entry.rin, base.scope());
                    Session s = opener.open(environment, fresh.copy());
                    run.await(
                            s.login(),
                            (token, error) -> {
                                reloginBusy.set(false);
                                if (error != null) {
                                    s.close();
                                    fresh.wipe();
                                    reloginFailure.set(describe(entry, error));
                                    return;
                                }
                                Credentials old = base;
                                base =
                                        new Credentials(
                                                fresh.clientId(),
                                                fresh.clientSecret().clone(),
                                                base.onBehalfOf(),
                                                fresh.scope());
                                fresh.wipe();
                                old.wipe();
                                Session previous = entry.session;
                                entry.attach(s, token, null);
                                if (previous != null && previous != s) {
                                    previous.close();
                                }
                                updateEnded();
                                tick();
                            },
                            // logged out meanwhile: this session belongs to no login
                            (token, error) -> {
                                s.close();
                                fresh.wipe();
                            });
                },
                (secret, failure) -> {
                    if (secret != null) {
                        Arrays.fill(secret, '\0');
                    }
                    Arrays.fill(typed, '\0');
                });
    }

    /**
     * Whether the login's token said this ERP system is not an intermediary ({@code IsIntermediary
     * "0"}): the service lets it log in for its own taxpayer only, so the window does not offer to
     * add taxpayers to act for (one added would only fail). False while no token has said so.
     */
    public ReadOnlyBooleanProperty ownTaxpayerOnlyProperty() {
        return ownTaxpayerOnly.getReadOnlyProperty();
    }

    /** Adds a represented taxpayer; returns the problem's message key, or empty when added. */
    public Optional<String> addTaxpayer(String rinInput, String name) {
        if (ownTaxpayerOnly.get()) {
            return Optional.of("switcher.ownOnly");
        }
        if (!(Rin.parse(rinInput) instanceof Rin.Valid valid)) {
            return Optional.of("login.validation.rin");
        }
        String rin = valid.rin().value();
        if (find(rin).isPresent()) {
            return Optional.of("switcher.validation.duplicate");
        }
        entries.add(new TaxpayerEntry(rin, name == null ? "" : name.trim()));
        saveTaxpayers();
        return Optional.empty();
    }

    /** The rows of a list named when some were left out; more are summed up. */
    static final int LEFT_OUT_NAMED = 5;

    /**
     * What adding a list did, in the UI's language: how many it added, and which rows it left out
     * and why.
     */
    public String listAddedText(ListAdded r) {
        if (r.leftOut().isEmpty()) {
            return i18n.get("switcher.added", r.added());
        }
        List<String> rows = new ArrayList<>();
        for (LeftOut l : r.leftOut().subList(0, Math.min(LEFT_OUT_NAMED, r.leftOut().size()))) {
            rows.add(i18n.get("switcher.leftOut.row", l.row(), i18n.get(l.reasonKey())));
        }
        if (r.leftOut().size() > LEFT_OUT_NAMED) {
            rows.add(i18n.get("switcher.leftOut.more", r.leftOut().size() - LEFT_OUT_NAMED));
        }
        return i18n.get(
                "switcher.addedLeftOut",
                r.added(),
                String.join(i18n.get("switcher.leftOut.separator"), rows));
    }

    /**
     * What adding a list of taxpayers did: how many it added, and the rows it left out, with why.
     */
    public record ListAdded(int added, List<LeftOut> leftOut) {}

    /**
     * A row of a list left out: its number in the list, and the key of why (not a registration
     * number, already listed).
     */
    public record LeftOut(int row, String reasonKey) {}

    /**
     * Adds the taxpayers of a list (rows copied from a spreadsheet, or a CSV file's text: a
     * registration number, then optionally a name; see {@link TaxpayerRows}), saved once. A row
     * whose number is not 9 digits, or is listed already (or earlier in the list), is left out.
     */
    public ListAdded addTaxpayers(String text) {
        return addTaxpayers(TaxpayerRows.parse(text));
    }

    private ListAdded addTaxpayers(List<TaxpayerRows.Row> rows) {
        if (ownTaxpayerOnly.get()) {
            return new ListAdded(0, List.of());
        }
        Set<String> listed = new HashSet<>();
        entries.forEach(e -> listed.add(e.rin));
        List<TaxpayerEntry> added = new ArrayList<>();
        List<LeftOut> leftOut = new ArrayList<>();
        for (TaxpayerRows.Row row : rows) {
            if (!(Rin.parse(row.rin()) instanceof Rin.Valid valid)) {
                leftOut.add(new LeftOut(row.number(), "switcher.leftOut.rin"));
            } else if (!listed.add(valid.rin().value())) {
                leftOut.add(new LeftOut(row.number(), "switcher.leftOut.duplicate"));
            } else {
                added.add(new TaxpayerEntry(valid.rin().value(), row.name()));
            }
        }
        if (!added.isEmpty()) {
            entries.addAll(added); // one change of the list, however long the pasted one
            saveTaxpayers();
        }
        return new ListAdded(added.size(), List.copyOf(leftOut));
    }

    /**
     * What adding a file's list did: the file's name, and what the list added, or the key of why
     * the file gave none (its message takes the file's name).
     */
    public record FileAdded(String fileName, ListAdded added, String problemKey) {
        /** Whether the file gave no taxpayer, or left rows out: the form shows it as an error. */
        public boolean isError() {
            return problemKey != null || !added.leftOut().isEmpty();
        }
    }

    /**
     * Adds the taxpayers listed in a file (a CSV or text file; see {@link TaxpayerListFile}), read
     * in the background; completes on the FX thread. A file that is not a list, or lists no row,
     * adds nothing and says why.
     */
    public CompletableFuture<FileAdded> addTaxpayersFrom(Path file) {
        String fileName = String.valueOf(file.getFileName());
        return CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return TaxpayerListFile.read(file);
                            } catch (IOException e) {
                                throw new CompletionException(e);
                            }
                        },
                        background)
                .handleAsync(
                        (read, failure) -> {
                            if (failure != null) {
                                Throwable cause = ServiceException.unwrap(failure);
                                String key;
                                if (cause instanceof TaxpayerListFile.NotAListException n) {
                                    key =
                                            switch (n.problem()) {
                                                case WORKBOOK -> "switcher.file.workbook";
                                                case TOO_LARGE -> "switcher.file.tooLarge";
                                                case NOT_TEXT -> "switcher.file.notText";
                                            };
                                } else {
                                    LOG.log(
                                            System.Logger.Level.INFO,
                                            "could not read a list of taxpayers: " + cause);
                                    key = "switcher.file.unreadable";
                                }
                                return new FileAdded(fileName, new ListAdded(0, List.of()), key);
                            }
                            if (read.rows().isEmpty()) {
                                return new FileAdded(
                                        fileName,
                                        new ListAdded(0, List.of()),
                                        "switcher.file.empty");
                            }
                            return new FileAdded(fileName, addTaxpayers(read.rows()), null);
                        },
                        fx);
    }

    /** What adding a file's list did, in the UI's language. */
    public String fileAddedText(FileAdded r) {
        return r.problemKey() != null
                ? i18n.get(r.problemKey(), r.fileName())
                : i18n.get("switcher.file.from", r.fileName(), listAddedText(r.added()));
    }

    /** Renames a taxpayer, the ERP's own too (a blank name gives the own one back the token's). */
    public void rename(TaxpayerEntry entry, String name) {
        if (entry == null || !entries.contains(entry)) {
            return;
        }
        entry.name.set(name == null ? "" : name.trim());
        if (entry.rin == null) {
            profile = profile.withOwnName(entry.name.get());
            Profile p = profile;
            settings.update(s -> s.withProfile(p));
        } else {
            saveTaxpayers();
        }
    }

    /**
     * Removes a represented taxpayer (not the ERP's own), closing its session; {@link #undoRemove}
     * brings it back.
     */
    public void remove(TaxpayerEntry entry) {
        if (entry == null || entry.rin == null || !entries.contains(entry)) {
            return;
        }
        if (current.get() == entry) {
            switchTo(entries.get(0));
        }
        int index = entries.indexOf(entry);
        entries.remove(entry);
        entry.dispose();
        saveTaxpayers();
        lastRemoved.set(new Removed(entry.rin, entry.name.get(), index));
    }

    /** A taxpayer removed last: its registration number, its name and its place in the list. */
    public record Removed(String rin, String name, int index) {}

    private final ReadOnlyObjectWrapper<Removed> lastRemoved =
            new ReadOnlyObjectWrapper<>(this, "lastRemoved");
    private StringBinding removedText;

    /** The taxpayer removed last, until it is brought back or another is removed; null for none. */
    public ReadOnlyObjectProperty<Removed> lastRemovedProperty() {
        return lastRemoved.getReadOnlyProperty();
    }

    /** What was removed last, in the UI's language ("" for nothing). */
    public StringBinding removedText() {
        if (removedText == null) {
            removedText =
                    Bindings.createStringBinding(
                            () -> {
                                Removed r = lastRemoved.get();
                                return r == null
                                        ? ""
                                        : i18n.get(
                                                "switcher.removed",
                                                r.name().isBlank()
                                                        ? i18n.get("switcher.unnamed")
                                                        : r.name(),
                                                r.rin());
                            },
                            lastRemoved,
                            i18n.languageProperty());
        }
        return removedText;
    }

    /** Puts away the offer to bring back the taxpayer removed last; it stays removed. */
    public void dismissUndo() {
        lastRemoved.set(null);
    }

    /**
     * Brings back the taxpayer removed last, at its place and with its name (its remembered filters
     * and columns were never let go); nothing if it was added again meanwhile. Its session starts
     * when it is chosen, as a new one's does.
     */
    public void undoRemove() {
        Removed r = lastRemoved.get();
        lastRemoved.set(null);
        if (r == null || find(r.rin()).isPresent()) {
            return;
        }
        entries.add(Math.min(r.index(), entries.size()), new TaxpayerEntry(r.rin(), r.name()));
        saveTaxpayers();
    }

    /**
     * Closes every session, wipes every secret, lets go of everything the service sent (each
     * history screen keeps only its preferences), and tells the app to show the login dialog.
     */
    public void logout() {
        // first: whoever shows this window knows it is ending before its taxpayers go idle one by
        // one
        loggedOut.set(true);
        relogin.cancel();
        lastRemoved.set(null); // the next session's list does not offer to undo this one's removal
        for (TaxpayerEntry e : entries) {
            e.dispose();
        }
        base.wipe();
        reloginSecret.set("");
        reloginBusy.set(false);
        reloginFailure.set(null);
        timeLeft.set("");
        settings.flush();
    }

    // ---- internals ----------------------------------------------------------------------------

    /**
     * A taxpayer's failure as the main window tells it. The login dialog's words for a login the
     * service found incomplete point at its "On behalf of" field; here that answer to the ERP's own
     * entry means an intermediary's system, which the service opens only on behalf of a taxpayer it
     * acts for (the window's other entries), so the user is told to choose one.
     */
    private static Failure describe(TaxpayerEntry entry, Throwable error) {
        Failure f = Failure.describe(error, entry.rin);
        if (entry.rin == null
                && ServiceException.unwrap(error) instanceof LoginRejectedException r
                && r.reason() == LoginRejectedException.Reason.BAD_REQUEST) {
            return new Failure(
                    "error.login.badRequestOwn", List.of(), f.detail(), f.correlationId());
        }
        return f;
    }

    private void connect(TaxpayerEntry entry, Credentials credentials) {
        entry.state.set(State.CONNECTING);
        entry.failure.set(null);
        entry.refused = false;
        Session s = opener.open(environment, credentials);
        entry.login.run(
                s.login(),
                (token, error) -> {
                    if (!entries.contains(entry)) {
                        s.close();
                        return;
                    }
                    if (error != null) {
                        s.close();
                        entry.failure.set(describe(entry, error));
                        entry.refused =
                                ServiceException.unwrap(error) instanceof LoginRejectedException r
                                        && r.reason() != LoginRejectedException.Reason.OTHER;
                        entry.state.set(State.FAILED);
                        LOG.log(
                                System.Logger.Level.INFO,
                                "taxpayer {0}: {1}",
                                entry.rin,
                                ServiceException.unwrap(error).getMessage());
                        return;
                    }
                    Session previous = entry.session;
                    entry.attach(s, token, null);
                    if (previous != null && previous != s) {
                        previous.close();
                    }
                    updateEnded();
                    tick();
                },
                // superseded (tried again), or the taxpayer removed or logged out meanwhile
                (token, error) -> s.close());
    }

    private void updateEnded() {
        TaxpayerEntry e = current.get();
        sessionEnded.set(e != null && e.ended.get());
        if (!sessionEnded.get()) {
            reloginFailure.set(null);
        }
    }

    private void saveTaxpayers() {
        List<RepresentedTaxpayer> list = new ArrayList<>();
        for (TaxpayerEntry e : entries) {
            if (e.rin != null) {
                list.add(new RepresentedTaxpayer(e.rin, e.name.get()));
            }
        }
        profile = profile.withTaxpayers(list);
        Profile p = profile;
        settings.update(s -> s.withProfile(p));
    }

    private Optional<TaxpayerEntry> find(String rin) {
        return entries.stream()
                .filter(e -> rin == null ? e.rin == null : rin.equals(e.rin))
                .findFirst();
    }

    private void refreshTitle() {
        TaxpayerEntry e = current.get();
        String env = i18n.get(environmentKey(kind));
        if (e == null) {
            title.set(i18n.get("main.title.plain", env));
            return;
        }
        String rin = e.displayRin.get();
        String t =
                rin == null || rin.isBlank()
                        ? i18n.get("main.title.plain", e.label() + " — " + env)
                        : i18n.get("main.title", e.label(), rin, env);
        long arrived = e.history == null ? 0 : e.history.arrivedProperty().get();
        // new notifications counted: the taskbar says so while the window is behind others
        title.set(arrived > 0 ? i18n.get("main.title.arrived", arrived, t) : t);
    }

    /** The badge text key of an environment. */
    public static String environmentKey(Environment.Kind kind) {
        return switch (kind) {
            case SANDBOX -> "main.env.sandbox";
            case PREPROD -> "main.env.preprod";
            case PROD -> "main.env.prod";
            case CUSTOM -> "main.env.custom";
        };
    }

    /** One taxpayer of the switcher: its session, its history screen, and its state. */
    public final class TaxpayerEntry {
        private final String rin;
        private final StringProperty name = new SimpleStringProperty(this, "name", "");

        /** The ERP's own taxpayer's name from its token, shown while the user gave it none. */
        private final StringProperty tokenName = new SimpleStringProperty(this, "tokenName", "");

        private final ReadOnlyStringWrapper displayRin =
                new ReadOnlyStringWrapper(this, "displayRin");
        private final ReadOnlyObjectWrapper<State> state =
                new ReadOnlyObjectWrapper<>(this, "state", State.IDLE);
        private final ReadOnlyObjectWrapper<Failure> failure =
                new ReadOnlyObjectWrapper<>(this, "failure");
        private final BooleanProperty ended = new SimpleBooleanProperty(this, "ended", false);

        /**
         * How many new notifications its history counted since its page came (see {@link
         * HistoryViewModel#arrivedProperty()}).
         */
        private final javafx.beans.property.ReadOnlyLongWrapper arrived =
                new javafx.beans.property.ReadOnlyLongWrapper(this, "arrived");

        private final StringBinding label;
        private final StringBinding failureText;
        private final StringBinding failureDetail;
        private Session session;

        /** Its login under way: trying again, removing it or logging out drops it. */
        private final LatestTask login = new LatestTask(fx);

        /**
         * Its last login was refused for a reason the service gave (not a fault): not tried again
         * on choosing it.
         */
        private boolean refused;

        private HistoryViewModel history;

        TaxpayerEntry(String rin, String name) {
            this.rin = rin;
            this.name.set(name == null ? "" : name);
            this.displayRin.set(rin);
            this.label =
                    Bindings.createStringBinding(
                            () ->
                                    !this.name.get().isBlank()
                                            ? this.name.get()
                                            : !tokenName.get().isBlank()
                                                    ? tokenName.get()
                                                    : rin == null
                                                            ? i18n.get("switcher.own")
                                                            : i18n.get("switcher.unnamed"),
                            this.name,
                            tokenName,
                            i18n.languageProperty());
            this.failureText =
                    Bindings.createStringBinding(
                            () -> failure.get() == null ? "" : failure.get().text(i18n),
                            failure,
                            i18n.languageProperty());
            this.failureDetail =
                    Bindings.createStringBinding(
                            () ->
                                    failure.get() == null || failure.get().detail() == null
                                            ? ""
                                            : failure.get().detail(),
                            failure);
            ended.addListener(
                    (o, a, b) -> {
                        if (current.get() == this) {
                            updateEnded();
                        }
                    });
            javafx.beans.value.ChangeListener<String> retitle =
                    (o, a, b) -> {
                        if (current.get() == this) {
                            refreshTitle();
                        }
                    };
            this.name.addListener(retitle);
            tokenName.addListener(retitle);
            displayRin.addListener(retitle);
        }

        /** The registration number, or null for the ERP's own taxpayer. */
        public String rin() {
            return rin;
        }

        /** The RIN shown: the entry's own, or (for the ERP's own taxpayer) the token's. */
        public ReadOnlyStringProperty displayRinProperty() {
            return displayRin.getReadOnlyProperty();
        }

        public StringProperty nameProperty() {
            return name;
        }

        public boolean isOwn() {
            return rin == null;
        }

        /**
         * Whether it shows a name (the user's, or the token's), not "Own taxpayer" or "Unnamed".
         */
        public boolean hasName() {
            return !name.get().isBlank() || !tokenName.get().isBlank();
        }

        /**
         * The name to show: the user's, else (the own taxpayer) the token's, else "Own taxpayer"
         * (or "Unnamed") in the UI language.
         */
        public String label() {
            return label.get();
        }

        /** {@link #label()}, observable: it changes with the name and the UI language. */
        public ObservableStringValue labelText() {
            return label;
        }

        /**
         * How many new notifications its history counted since its page came: the list shows it.
         */
        public javafx.beans.property.ReadOnlyLongProperty arrivedProperty() {
            return arrived.getReadOnlyProperty();
        }

        /** "3 new", in the UI's language, while its history counted some; else "". */
        public String arrivedText() {
            return arrived.get() <= 0 ? "" : i18n.get("switcher.arrived", arrived.get());
        }

        /**
         * The row as a screen reader says it, in the UI's language: name, RIN, how many new
         * notifications came, and whether it is logged in ("Nile Trading Co., 204918573, 3 new,
         * logged in").
         */
        public String spokenText() {
            String separator = i18n.get("switcher.row.separator");
            StringBuilder said = new StringBuilder(label());
            String shownRin = displayRin.get();
            if (shownRin != null && !shownRin.isBlank()) {
                said.append(separator).append(shownRin);
            }
            String came = arrivedText();
            if (!came.isEmpty()) {
                said.append(separator).append(came);
            }
            return said.append(separator)
                    .append(
                            i18n.get(
                                    switch (state.get()) {
                                        case READY -> "switcher.state.ready";
                                        case FAILED -> "switcher.state.failed";
                                        case CONNECTING -> "switcher.state.connecting";
                                        case IDLE -> "switcher.state.idle";
                                    }))
                    .toString();
        }

        public ReadOnlyObjectProperty<State> stateProperty() {
            return state.getReadOnlyProperty();
        }

        public ReadOnlyObjectProperty<Failure> failureProperty() {
            return failure.getReadOnlyProperty();
        }

        public ObservableStringValue failureText() {
            return failureText;
        }

        /** The service's own words about the failure, or "". */
        public ObservableStringValue failureDetail() {
            return failureDetail;
        }

        /**
         * The session could not be renewed (the history screen reports it): the banner offers
         * re-login.
         */
        public void markSessionEnded() {
            ended.set(true);
        }

        /** The session in use, if any (tests, diagnostics). */
        public Optional<Session> session() {
            return Optional.ofNullable(session);
        }

        /** This taxpayer's history screen, created on first use and kept for the window's life. */
        public HistoryViewModel history() {
            if (history == null) {
                String key = Settings.historyKey(profile.id(), rin);
                HistoryPrefs initial = settings.get().history().get(key);
                history =
                        new HistoryViewModel(
                                i18n,
                                fx,
                                initial,
                                prefs -> settings.update(s -> s.withHistory(key, prefs)),
                                this::markSessionEnded,
                                clock);
                history.useFileOpener(fileOpener);
                history.arrivedProperty()
                        .addListener(
                                (o, was, now) -> {
                                    arrived.set(now.longValue());
                                    if (current.get() == this) {
                                        refreshTitle();
                                    }
                                    if (now.longValue() > was.longValue()) {
                                        tellTheDesktop(this);
                                    }
                                });
                if (session != null) {
                    history.sessionProperty().set(session);
                }
            }
            return history;
        }

        boolean matches(String query) {
            if (query == null || query.isBlank()) {
                return true;
            }
            String q = I18n.latinDigits(query.trim()).toLowerCase(Locale.ROOT);
            String r = displayRin.get() == null ? "" : displayRin.get();
            return r.contains(q) || label().toLowerCase(Locale.ROOT).contains(q);
        }

        private void attach(Session s, TokenInfo token, PageAhead firstPage) {
            session = s;
            ended.set(false);
            state.set(State.READY);
            failure.set(null);
            if (rin == null && token != null) {
                displayRin.set(token.taxRin());
                // the token names the taxpayer rarely; the ERP system's registered name is the next
                // best
                // (shown while the user gave the own taxpayer no name of their own)
                tokenName.set(
                        token.taxpayerName() != null
                                ? token.taxpayerName()
                                : token.erpName() == null ? "" : token.erpName());
            }
            if (history != null) {
                if (firstPage != null) {
                    history.offerPageAhead(firstPage);
                }
                history.sessionProperty().set(s);
            }
        }

        private void dispose() {
            login.cancel();
            if (session != null) {
                session.close();
                session = null;
            }
            ended.set(false);
            failure.set(null);
            refused = false;
            if (history != null) {
                history.endSession();
            }
            state.set(State.IDLE);
        }

        @Override
        public String toString() {
            return label() + (displayRin.get() == null ? "" : " " + displayRin.get());
        }
    }
}
