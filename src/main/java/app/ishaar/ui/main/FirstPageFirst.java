package app.ishaar.ui.main;

import app.ishaar.ui.notifications.HistoryViewModel;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.value.ObservableValue;

/**
 * Runs something (the window's sync) once the taxpayer a login shows has its first page: answered,
 * from the archive or the service, or failed; or once another taxpayer is shown, or none. Until
 * then the sync's logins and reads would share the service, the archive and the machine with the
 * one page the user waits for. Used on the FX thread.
 */
final class FirstPageFirst {
    private final ObservableValue<TaxpayerEntry> shown;
    private final TaxpayerEntry first;
    private final HistoryViewModel history;
    private final Observable[] watched;
    private final InvalidationListener check = o -> check();
    private Runnable then;

    FirstPageFirst(ObservableValue<TaxpayerEntry> shown, Runnable then) {
        this.shown = shown;
        this.then = then;
        this.first = shown.getValue();
        this.history = first == null ? null : first.history();
        this.watched =
                history == null
                        ? new Observable[0]
                        : new Observable[] {
                            shown,
                            first.stateProperty(),
                            history.pager().knownProperty(),
                            history.requests().errorProperty()
                        };
        for (Observable o : watched) {
            o.addListener(check);
        }
        check();
    }

    private boolean firstPageSettled() {
        return history == null
                || shown.getValue() != first
                || first.stateProperty().get() == TaxpayerEntry.State.FAILED
                || history.pager().knownProperty().get()
                || history.requests().errorProperty().get() != null;
    }

    private void check() {
        if (then != null && firstPageSettled()) {
            Runnable run = then;
            forget();
            run.run();
        }
    }

    /** Runs nothing any more (the login it waited for was closed). */
    void forget() {
        then = null;
        for (Observable o : watched) {
            o.removeListener(check);
        }
    }
}
