package app.ishaar.ui.main;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.TaxpayerSummary;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.TokenInfo;
import app.ishaar.ui.fx.LatestTask;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.login.LoginViewModel.LoginResult;
import app.ishaar.ui.login.OfflineStart;
import app.ishaar.ui.login.SessionOpener;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The main window without the service: opened offline (the service could not be reached at login,
 * or Work offline), it shows the archive of the profile's taxpayers under a banner saying when they
 * were last synced, and asks the service now and then (a login with the window's credentials, every
 * {@code every}) whether it answers again. When it does, the login is handed to the window, which
 * goes online with it (the banner goes, the sync resumes); a refusal stops the asking, and the
 * banner says to log in again. Toolkit-free; used from the FX thread.
 */
public final class OfflineViewModel {
    private static final System.Logger LOG = System.getLogger(OfflineViewModel.class.getName());

    /**
     * How often an offline window asks the service whether it answers again, by default (the system
     * property {@code ishaar.offlineProbeSeconds} sets another: tests).
     */
    static Duration probeEvery() {
        return Duration.ofSeconds(Long.getLong("ishaar.offlineProbeSeconds", 30));
    }

    private final I18n i18n;
    private final Executor fx;
    private final Executor background;
    private final SessionOpener opener;
    private final Archive archive;
    private final Clock clock;
    private final Duration every;
    private final Consumer<LoginResult> online;

    private final ReadOnlyBooleanWrapper offline = new ReadOnlyBooleanWrapper(this, "offline");
    private final ReadOnlyBooleanWrapper refused = new ReadOnlyBooleanWrapper(this, "refused");
    private final ReadOnlyBooleanWrapper withoutSecret =
            new ReadOnlyBooleanWrapper(this, "withoutSecret");
    private final ReadOnlyObjectWrapper<Instant> syncedAt =
            new ReadOnlyObjectWrapper<>(this, "syncedAt");
    private final StringBinding bannerText;
    private final LatestTask probes;

    private LoginResult login;
    private Instant nextProbe;
    private boolean probing;

    /**
     * @param online told, on the FX thread, of the login that went through once the service
     *     answered: the window goes online with it
     */
    OfflineViewModel(
            I18n i18n,
            Executor fx,
            Executor background,
            SessionOpener opener,
            Archive archive,
            Clock clock,
            Duration every,
            Consumer<LoginResult> online) {
        this.i18n = Objects.requireNonNull(i18n);
        this.fx = Objects.requireNonNull(fx);
        this.background = Objects.requireNonNull(background);
        this.opener = Objects.requireNonNull(opener);
        this.archive = archive;
        this.clock = Objects.requireNonNull(clock);
        this.every = every == null ? probeEvery() : every;
        this.online = Objects.requireNonNull(online);
        this.probes = new LatestTask(fx);
        this.bannerText =
                Bindings.createStringBinding(
                        () ->
                                !offline.get()
                                        ? ""
                                        : syncedAt.get() == null
                                                ? i18n.get("main.offline.banner.never")
                                                : i18n.get(
                                                        "main.offline.banner",
                                                        i18n.formatDateTime(syncedAt.get())),
                        offline,
                        syncedAt,
                        i18n.languageProperty(),
                        i18n.latinDigitsProperty(),
                        i18n.zoneProperty());
    }

    /** Whether the window shows the archive without the service. */
    public ReadOnlyBooleanProperty offlineProperty() {
        return offline.getReadOnlyProperty();
    }

    /** Whether the service answered but refused the window's login: log in again to go online. */
    public ReadOnlyBooleanProperty refusedProperty() {
        return refused.getReadOnlyProperty();
    }

    /**
     * Whether the window's login has no client secret (Work offline with none saved on this
     * computer): the service then refuses the window's own asking, and the user is to log in with
     * the secret, not told that the service refused them.
     */
    public ReadOnlyBooleanProperty withoutSecretProperty() {
        return withoutSecret.getReadOnlyProperty();
    }

    /** When a taxpayer of the window was last synced (null: none ever was). */
    public ReadOnlyObjectProperty<Instant> syncedAtProperty() {
        return syncedAt.getReadOnlyProperty();
    }

    /** "Offline: showing what was synced at …" while offline; else "". */
    public StringBinding bannerText() {
        return bannerText;
    }

    /**
     * The window opened with {@code login}: offline if it has no session (then the archive of its
     * profile's taxpayers is read for when they were last synced), else online.
     */
    void opened(LoginResult login, ServiceKey service) {
        probes.cancel();
        probing = false;
        refused.set(false);
        withoutSecret.set(
                login.offline()
                        && (login.credentials() == null
                                || login.credentials().clientSecret().length == 0));
        if (!login.offline()) {
            this.login = null;
            offline.set(false);
            return;
        }
        this.login = login;
        nextProbe = clock.instant().plus(every);
        offline.set(true);
        readSyncedAt(
                service,
                login.profile().taxpayers().stream()
                        .map(app.ishaar.core.settings.RepresentedTaxpayer::rin)
                        .toList());
    }

    /** The window logged out: nothing is asked any more. */
    void closed() {
        probes.cancel();
        probing = false;
        offline.set(false);
        login = null;
    }

    /** The window's clock ticked: asks the service whether it answers, once {@code every}. */
    void tick() {
        if (!offline.get() || refused.get() || probing || login == null) {
            return;
        }
        Instant now = clock.instant();
        if (now.isBefore(nextProbe)) {
            return;
        }
        probeNow();
    }

    /** Asks the service now whether it answers (Try now). */
    public void probeNow() {
        if (!offline.get() || probing || login == null) {
            return;
        }
        LoginResult asked = login;
        probing = true;
        nextProbe = clock.instant().plus(every);
        CompletableFuture<Session> opening =
                CompletableFuture.supplyAsync(
                        () -> opener.open(asked.environment(), asked.credentials().copy()),
                        background);
        CompletableFuture<LoginResult> answered =
                opening.thenCompose(
                        s ->
                                s.login()
                                        .thenApply(
                                                (TokenInfo t) ->
                                                        new LoginResult(
                                                                s,
                                                                t,
                                                                asked.profile(),
                                                                asked.credentials().copy(),
                                                                asked.environment())));
        answered.whenComplete(
                (r, failure) -> {
                    if (failure != null) {
                        opening.thenAccept(Session::close);
                    }
                });
        probes.run(
                answered,
                (r, failure) -> {
                    probing = false;
                    if (failure == null) {
                        online.accept(r);
                        return;
                    }
                    Throwable cause = ServiceException.unwrap(failure);
                    if (!OfflineStart.unreachable(cause)) {
                        LOG.log(
                                System.Logger.Level.INFO,
                                "the service refused: {0}",
                                cause.toString());
                        refused.set(true);
                    }
                },
                (r, failure) -> {
                    if (r != null) {
                        r.session().close();
                    }
                });
    }

    /** Reads off the FX thread when the listed taxpayers were last synced. */
    private void readSyncedAt(ServiceKey service, Collection<String> taxpayers) {
        syncedAt.set(null);
        if (archive == null || service == null) {
            return;
        }
        Set<String> listed = Set.copyOf(taxpayers);
        CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                Instant last = null;
                                for (TaxpayerSummary s : archive.summaries()) {
                                    boolean ours =
                                            s.service().equals(service)
                                                    && (listed.isEmpty()
                                                            || listed.contains(
                                                                    s.taxpayer().value()));
                                    if (ours
                                            && s.lastSynced() != null
                                            && (last == null || s.lastSynced().isAfter(last))) {
                                        last = s.lastSynced();
                                    }
                                }
                                return last;
                            } catch (Exception e) {
                                return null;
                            }
                        },
                        background)
                .thenAcceptAsync(
                        at -> {
                            if (offline.get()) {
                                syncedAt.set(at);
                            }
                        },
                        fx);
    }
}
