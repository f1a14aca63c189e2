package app.ishaar.ui.taxpayers;

import app.ishaar.core.archive.SearchText;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.NotPermittedException;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.TokenInfo;
import app.ishaar.core.session.SessionState;
import app.ishaar.core.settings.RepresentedTaxpayer;
import app.ishaar.ui.error.Failure;
import app.ishaar.ui.fx.LatestTask;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.notifications.HistoryViewModel;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableStringValue;

/**
 * One taxpayer of the main window's list: its registration number and name, where its session
 * stands, and its history screen (made on first use and kept for the window's life). Its session
 * and refusal are {@link app.ishaar.core.session.TaxpayerSessions}'s: the entry shows the {@link
 * SessionState} the window hands it on the FX thread ({@link #show}) and keeps no copy of its own.
 * The window it is listed in learns of what it shows through {@link Window}.
 */
public final class TaxpayerEntry {

    /** Where a taxpayer's session stands, as the list shows it. */
    public enum State {
        IDLE,
        CONNECTING,
        /** Logged in (also: a session that has ended, and an intermediary's own login). */
        READY,
        FAILED
    }

    /** What an entry asks of the window that lists it. */
    public interface Window {
        /** Whether the window shows this taxpayer now. */
        boolean shows(TaxpayerEntry e);

        /** Its session ended, or was renewed. */
        void endedChanged(TaxpayerEntry e);

        /** Its name, or the RIN it shows, changed. */
        void labelChanged(TaxpayerEntry e);

        /** Its history counted new notifications ({@code more}: more than it had counted). */
        void arrivedChanged(TaxpayerEntry e, boolean more);

        /** Its history screen, made when first asked for. */
        HistoryViewModel makeHistory(TaxpayerEntry e);
    }

    private final I18n i18n;
    private final Window window;
    private final String rin;
    private final StringProperty name = new SimpleStringProperty(this, "name", "");

    /** The ERP's own taxpayer's name from its token, shown while the user gave it none. */
    private final StringProperty tokenName = new SimpleStringProperty(this, "tokenName", "");

    private final ReadOnlyStringWrapper displayRin = new ReadOnlyStringWrapper(this, "displayRin");
    private final ReadOnlyObjectWrapper<State> state =
            new ReadOnlyObjectWrapper<>(this, "state", State.IDLE);
    private final ReadOnlyObjectWrapper<Failure> failure =
            new ReadOnlyObjectWrapper<>(this, "failure");
    private final ReadOnlyBooleanWrapper ended = new ReadOnlyBooleanWrapper(this, "ended", false);
    private final ReadOnlyBooleanWrapper intermediaryLogin =
            new ReadOnlyBooleanWrapper(this, "intermediaryLogin", false);

    /** What the sessions last said of it; the properties above are read from it. */
    private SessionState shown = SessionState.idle(null);

    /**
     * How many new notifications its history counted since its page came (see {@link
     * HistoryViewModel#arrivedProperty()}).
     */
    private final ReadOnlyLongWrapper arrived = new ReadOnlyLongWrapper(this, "arrived");

    private final StringBinding label;
    private final StringBinding failureText;
    private final StringBinding failureDetail;

    /** Its login under way: trying again, removing it or logging out drops it. */
    private final LatestTask login;

    private HistoryViewModel history;

    /**
     * Its Arabic name where the list has one beside {@link #nameProperty()}: shown while the
     * interface is Arabic; null when the list has one name (a rename gives it one name).
     */
    private final ObjectProperty<String> arabicName =
            new SimpleObjectProperty<>(this, "arabicName");

    /** {@code rin}: null for the ERP's own taxpayer. */
    public TaxpayerEntry(I18n i18n, Executor fx, Window window, String rin, String name) {
        this.i18n = i18n;
        this.window = window;
        this.login = new LatestTask(fx);
        this.rin = rin;
        this.name.set(name == null ? "" : name);
        this.displayRin.set(rin);
        this.label =
                Bindings.createStringBinding(
                        () ->
                                !this.name.get().isBlank()
                                        ? new RepresentedTaxpayer(
                                                        rin, this.name.get(), arabicName.get())
                                                .nameIn(i18n.language().rightToLeft())
                                        : !tokenName.get().isBlank()
                                                ? tokenName.get()
                                                : rin == null
                                                        ? i18n.get("switcher.own")
                                                        : i18n.get("switcher.unnamed"),
                        this.name,
                        arabicName,
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
        ended.addListener((o, a, b) -> window.endedChanged(this));
        javafx.beans.value.ChangeListener<String> relabel = (o, a, b) -> window.labelChanged(this);
        this.name.addListener(relabel);
        tokenName.addListener(relabel);
        displayRin.addListener(relabel);
    }

    // ---- what the views read ----------------------------------------------------------------

    /** The registration number, or null for the ERP's own taxpayer. */
    public String rin() {
        return rin;
    }

    /** The RIN shown: the entry's own, or (for the ERP's own taxpayer) the token's. */
    public ReadOnlyStringProperty displayRinProperty() {
        return displayRin.getReadOnlyProperty();
    }

    /** The name the user gave it ("" for none); {@link TaxpayerListViewModel#rename} changes it. */
    public ReadOnlyStringProperty nameProperty() {
        return name;
    }

    /** Its Arabic name beside {@link #nameProperty()} where the list has both; else null. */
    public String arabicName() {
        return arabicName.get();
    }

    /** Gives it the Arabic name the list has beside its name (null: none). */
    void alsoNamed(String arabic) {
        arabicName.set(arabic == null || arabic.isBlank() ? null : arabic.strip());
    }

    public boolean isOwn() {
        return rin == null;
    }

    /** Whether it shows a name (the user's, or the token's), not "Own taxpayer" or "Unnamed". */
    public boolean hasName() {
        return !name.get().isBlank() || !tokenName.get().isBlank();
    }

    /**
     * The name to show: the user's, else (the own taxpayer) the token's, else "Own taxpayer" (or
     * "Unnamed") in the UI language.
     */
    public String label() {
        return label.get();
    }

    /** {@link #label()}, observable: it changes with the name and the UI language. */
    public ObservableStringValue labelText() {
        return label;
    }

    /** How many new notifications its history counted since its page came: the list shows it. */
    public ReadOnlyLongProperty arrivedProperty() {
        return arrived.getReadOnlyProperty();
    }

    /** "3 new", in the UI's language, while its history counted some; else "". */
    public String arrivedText() {
        return arrived.get() <= 0 ? "" : i18n.get("switcher.arrived", arrived.get());
    }

    /**
     * The row as a screen reader says it, in the UI's language: name, RIN, how many new
     * notifications came, and whether it is logged in ("Nile Trading Co., 204918573, 3 new, logged
     * in").
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
                                    case READY ->
                                            intermediaryLogin.get()
                                                    ? "switcher.state.intermediary"
                                                    : "switcher.state.ready";
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

    /** Whether its session could not be renewed: the banner offers to log in again. */
    public ReadOnlyBooleanProperty endedProperty() {
        return ended.getReadOnlyProperty();
    }

    /**
     * Whether it is the ERP system's own entry of an intermediary: the window's login itself, which
     * the service opens only on behalf of a taxpayer it acts for. Shown as that login, never as a
     * taxpayer that failed.
     */
    public ReadOnlyBooleanProperty intermediaryLoginProperty() {
        return intermediaryLogin.getReadOnlyProperty();
    }

    /** Its session now, as the sessions handed it out, if any. */
    public Optional<Session> session() {
        return Optional.ofNullable(shown.session());
    }

    /** This taxpayer's history screen, created on first use and kept for the window's life. */
    public HistoryViewModel history() {
        if (history == null) {
            history = window.makeHistory(this);
            history.arrivedProperty()
                    .addListener(
                            (o, was, now) -> {
                                arrived.set(now.longValue());
                                window.arrivedChanged(this, now.longValue() > was.longValue());
                            });
        }
        return history;
    }

    /** Its history screen if it was made. */
    public Optional<HistoryViewModel> madeHistory() {
        return Optional.ofNullable(history);
    }

    /**
     * Whether each word typed in the list's filter field (normalised, see {@link
     * ShownTaxpayers#words}) is found in its name (in either language, where the list has both) or
     * its RIN.
     */
    boolean matches(List<String> words) {
        String r = displayRin.get() == null ? "" : displayRin.get();
        String n =
                SearchText.normalise(
                        label() + (arabicName.get() == null ? "" : " " + arabicName.get()));
        for (String w : words) {
            if (!r.contains(w) && !n.contains(w)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return label() + (displayRin.get() == null ? "" : " " + displayRin.get());
    }

    // ---- what the window and the list do with it ----------------------------------------------

    /** Whether the service refused it for a reason of its own: not asked again on choosing it. */
    public boolean isRefused() {
        return shown.refused();
    }

    /** What the sessions say of it now: the last said, if newer ones are still on their way. */
    public SessionState sessionState() {
        return shown;
    }

    /** Its login under way, if any: one at a time. */
    public LatestTask login() {
        return login;
    }

    /**
     * Shows where its session stands now, as {@link app.ishaar.core.session.TaxpayerSessions} says
     * (on the FX thread): logged in (its token naming it), logging in, failed or refused (and why),
     * ended (the banner offers to log in again), or an intermediary's own login.
     */
    public void show(SessionState s) {
        SessionState before = shown;
        shown = s;
        SessionState.Phase p = s.phase();
        if (p == SessionState.Phase.READY && s.token() != null) {
            tokenSaid(s.token());
        }
        // no access to its notifications (403): its login works, and its screen says what its
        // sync met; the sessions remember it so that no sync asks again
        boolean noAccess =
                p == SessionState.Phase.REFUSED && s.failure() instanceof NotPermittedException;
        Throwable failed =
                !noAccess && (p == SessionState.Phase.FAILED || p == SessionState.Phase.REFUSED)
                        ? s.failure()
                        : null;
        if (failed == null) {
            failure.set(null);
        } else if (failure.get() == null || before.failure() != failed) {
            failure.set(describe(failed));
        }
        ended.set(p == SessionState.Phase.ENDED);
        intermediaryLogin.set(p == SessionState.Phase.INTERMEDIARY);
        state.set(
                switch (p) {
                    case IDLE -> State.IDLE;
                    case CONNECTING -> State.CONNECTING;
                    case READY, ENDED, INTERMEDIARY -> State.READY;
                    case FAILED -> State.FAILED;
                    case REFUSED -> noAccess ? State.READY : State.FAILED;
                });
    }

    /**
     * A failure of its login as the main window tells it. The login dialog's words for a login the
     * service found incomplete point at its "On behalf of" field; here that answer to the ERP's own
     * entry means an intermediary's system, which the service opens only on behalf of a taxpayer it
     * acts for (the window's other entries), so the user is told to choose one.
     */
    public Failure describe(Throwable error) {
        Failure f = Failure.describe(error, rin);
        if (isOwn()
                && ServiceException.unwrap(error) instanceof LoginRejectedException r
                && r.reason() == LoginRejectedException.Reason.BAD_REQUEST) {
            return new Failure(
                    "error.login.badRequestOwn", List.of(), f.detail(), f.correlationId());
        }
        return f;
    }

    /**
     * What a login's token says of it: the ERP's own taxpayer's RIN and the name shown while the
     * user gave it none.
     */
    public void tokenSaid(TokenInfo token) {
        if (rin == null && token != null) {
            displayRin.set(token.taxRin());
            // the token names the taxpayer rarely; the ERP system's registered name is the next
            // best (shown while the user gave the own taxpayer no name of their own)
            tokenName.set(
                    token.taxpayerName() != null
                            ? token.taxpayerName()
                            : token.erpName() == null ? "" : token.erpName());
        }
    }

    /** The name a login's token gives the taxpayer, taken while the user gave it none. */
    public void nameFromToken(String taxpayerName) {
        if (taxpayerName != null && name.get().isBlank()) {
            name.set(taxpayerName);
        }
    }

    /**
     * The ERP's own taxpayer as an intermediary's token names it (or, working offline, as the last
     * login's token did): its RIN (none when blank) and the ERP system's registered name.
     */
    public void ownAsTokenNamesIt(String intermediaryRin, String erpName) {
        displayRin.set(
                intermediaryRin == null || intermediaryRin.isBlank() ? null : intermediaryRin);
        tokenName.set(erpName == null ? "" : erpName);
    }

    /**
     * The ERP's own taxpayer as a token named it ({@link #attach}, {@link #ownAsTokenNamesIt}): its
     * RIN and the name shown while the user gave none; null while none did.
     */
    public RepresentedTaxpayer asTokenNamedIt() {
        String r = displayRin.get();
        return r == null ? null : new RepresentedTaxpayer(r, tokenName.get());
    }

    /** The user's name for it ("" for none). */
    void rename(String newName) {
        arabicName.set(null); // the name given is its one name, in either language
        name.set(newName == null ? "" : newName.trim());
    }

    /**
     * Logged out (the sessions closed): drops its login under way and shows no session; its history
     * screen keeps only its preferences.
     */
    public void dispose() {
        login.cancel();
        if (history != null) {
            history.endSession();
        }
        show(SessionState.idle(null));
    }
}
