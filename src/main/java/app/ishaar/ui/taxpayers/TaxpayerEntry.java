package app.ishaar.ui.taxpayers;

import app.ishaar.core.archive.SearchText;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.TokenInfo;
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
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableStringValue;

/**
 * One taxpayer of the main window's list: its registration number and name, its session and the
 * state of its login, and its history screen (made on first use and kept for the window's life).
 * Its state changes only through its own methods; the window it is listed in learns of what it
 * shows through {@link Window}.
 */
public final class TaxpayerEntry {

    /** Where a taxpayer's session stands. */
    public enum State {
        IDLE,
        CONNECTING,
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

    private Session session;

    /**
     * Its last login was refused for a reason the service gave (not a fault): not tried again on
     * choosing it.
     */
    private boolean refused;

    private HistoryViewModel history;

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

    /** Whether its session could not be renewed: the banner offers to log in again. */
    public ReadOnlyBooleanProperty endedProperty() {
        return ended.getReadOnlyProperty();
    }

    /** The session in use, if any (tests, diagnostics). */
    public Optional<Session> session() {
        return Optional.ofNullable(session);
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
     * ShownTaxpayers#words}) is found in its name or its RIN.
     */
    boolean matches(List<String> words) {
        String r = displayRin.get() == null ? "" : displayRin.get();
        String n = SearchText.normalise(label());
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

    /**
     * The session could not be renewed (the window's sync reports it): the banner offers re-login.
     */
    public void markSessionEnded() {
        ended.set(true);
    }

    /** Whether its last login was refused for a reason the service gave (not a fault). */
    public boolean isRefused() {
        return refused;
    }

    /** Its login under way, if any: one at a time. */
    public LatestTask login() {
        return login;
    }

    /** A login for it began. */
    public void connecting() {
        state.set(State.CONNECTING);
        failure.set(null);
        refused = false;
    }

    /** Its login failed; {@code refusedByService}: for a reason the service gave. */
    public void failed(Failure f, boolean refusedByService) {
        failure.set(f);
        refused = refusedByService;
        state.set(State.FAILED);
    }

    /**
     * A session is its own from now on (the one before, if another, is closed); its history uses
     * it.
     */
    public void attach(Session s, TokenInfo token) {
        Session previous = session;
        session = s;
        ended.set(false);
        state.set(State.READY);
        failure.set(null);
        if (rin == null && token != null) {
            displayRin.set(token.taxRin());
            // the token names the taxpayer rarely; the ERP system's registered name is the next
            // best (shown while the user gave the own taxpayer no name of their own)
            tokenName.set(
                    token.taxpayerName() != null
                            ? token.taxpayerName()
                            : token.erpName() == null ? "" : token.erpName());
        }
        if (previous != null && previous != s) {
            previous.close();
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
        name.set(newName == null ? "" : newName.trim());
    }

    /**
     * Closes its session and drops its login under way; its history screen keeps only its
     * preferences.
     */
    public void dispose() {
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
}
