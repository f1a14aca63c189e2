package app.ishaar.ui.main;

import app.ishaar.core.service.Environment;
import app.ishaar.core.service.TokenInfo;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import java.text.NumberFormat;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * What the main window says of where it is: its title ("Nile Trading Co. (204918573) — Sandbox —
 * Ishaar", with how many new notifications came while the window is behind others; "All taxpayers —
 * Sandbox — Ishaar" while All taxpayers is shown), the time left in the shown taxpayer's session
 * ("54:12", in the UI's digits), the environment and the service's host.
 */
public final class WindowTitle {
    private final I18n i18n;
    private final Clock clock;
    private final Environment.Kind kind;
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", "");
    private final ReadOnlyStringWrapper timeLeft = new ReadOnlyStringWrapper(this, "timeLeft", "");
    private final ReadOnlyStringWrapper apiHost = new ReadOnlyStringWrapper(this, "apiHost", "");
    private final BooleanProperty allShown = new SimpleBooleanProperty(this, "allShown");

    /** The taxpayer last told of, whose title comes back when All taxpayers is left. */
    private TaxpayerEntry shown;

    WindowTitle(I18n i18n, Clock clock, Environment.Kind kind) {
        this.i18n = i18n;
        this.clock = clock;
        this.kind = kind;
        allShown.addListener((o, was, now) -> refresh(shown));
    }

    /**
     * Whether the window shows All taxpayers rather than one taxpayer's history: the title (and the
     * header) then name All taxpayers. The window keeps it to All taxpayers' own state.
     */
    public BooleanProperty allTaxpayersShownProperty() {
        return allShown;
    }

    /** "Nile Trading Co. (204918573) — Sandbox — Ishaar", live. */
    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    /** Time left in the current session, e.g. "54:12" (localized digits), as of the last tick. */
    public ReadOnlyStringProperty timeLeftProperty() {
        return timeLeft.getReadOnlyProperty();
    }

    /** The profile's environment kind; its addresses are known once a login opened the window. */
    public Environment.Kind environmentKind() {
        return kind;
    }

    /**
     * The service's host, once a login opened the window, for a custom environment only: there the
     * host is its name; the sandbox's, preproduction's and production's badge names them, and their
     * host ("127.0.0.1" for the built-in sandbox) says nothing more to a user.
     */
    public ReadOnlyStringProperty apiHostProperty() {
        return apiHost.getReadOnlyProperty();
    }

    /** A login opened the window on this service host. */
    void opened(String host) {
        apiHost.set(kind == Environment.Kind.CUSTOM ? host : "");
    }

    /** The title for the taxpayer shown (null: none yet). */
    void refresh(TaxpayerEntry e) {
        shown = e;
        String env = i18n.get(environmentKey(kind));
        if (allShown.get()) {
            title.set(i18n.get("main.title.plain", i18n.get("inbox.all") + " — " + env));
            return;
        }
        if (e == null) {
            title.set(i18n.get("main.title.plain", env));
            return;
        }
        String rin = e.displayRinProperty().get();
        String t =
                rin == null || rin.isBlank()
                        ? i18n.get("main.title.plain", e.label() + " — " + env)
                        : i18n.get("main.title", e.label(), rin, env);
        long arrived = e.madeHistory().map(h -> h.arrivedProperty().get()).orElse(0L);
        // new notifications counted: the taskbar says so while the window is behind others
        title.set(arrived > 0 ? i18n.get("main.title.arrived", arrived, t) : t);
    }

    /** The time left in the shown taxpayer's session, now ("" without one). */
    void tick(TaxpayerEntry e) {
        Optional<TokenInfo> t =
                e == null
                        ? Optional.empty()
                        : e.session().flatMap(app.ishaar.core.service.Session::tokenInfo);
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

    /** Logged out: no time left to tell. */
    void clearTimeLeft() {
        timeLeft.set("");
    }

    /** The badge text key of an environment. */
    static String environmentKey(Environment.Kind kind) {
        return switch (kind) {
            case SANDBOX -> "main.env.sandbox";
            case PREPROD -> "main.env.preprod";
            case PROD -> "main.env.prod";
            case CUSTOM -> "main.env.custom";
        };
    }
}
