package app.ishaar.ui.history;

import app.ishaar.core.service.Session;
import app.ishaar.core.settings.HistoryPrefs;
import app.ishaar.ui.i18n.I18n;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The notification history screen of one represented taxpayer (issue #5). Contract used by the
 * main window: one instance per taxpayer, kept while the window lives, so filters, page and selection
 * survive switching taxpayers and re-login (the shell sets a new session into {@link #sessionProperty()}).
 *
 * @param fx where continuations run (FxExecutor in the app, a direct executor in tests)
 * @param initial remembered state, or null for defaults
 * @param prefsSink receives the state to remember whenever it changes
 * @param onSessionExpired called (on fx) when a call fails with SessionExpiredException
 */
public final class HistoryViewModel {
    private final ObjectProperty<Session> session = new SimpleObjectProperty<>(this, "session");

    public HistoryViewModel(I18n i18n, Executor fx, HistoryPrefs initial, Consumer<HistoryPrefs> prefsSink, Runnable onSessionExpired) {}

    /** Setting a session (or a renewed one) loads the current page with it. */
    public ObjectProperty<Session> sessionProperty() {
        return session;
    }

    /** Reloads the current page (F5). */
    public void refresh() {}
}
