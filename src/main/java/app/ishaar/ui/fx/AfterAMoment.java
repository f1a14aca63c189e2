package app.ishaar.ui.fx;

import java.util.Map;
import javafx.animation.PauseTransition;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.value.ObservableBooleanValue;
import javafx.util.Duration;

/**
 * Work in progress shown only once it has lasted a moment. Work that ends sooner (a login or a page
 * from a near service) just ends: no spinner that flashes for a tenth of a second, and no frames
 * drawn for it while the answer is on its way. The history's loading indicator, the login dialog's
 * spinner, the ended session's "Log in again" and a taxpayer's screen while it is opened all wait
 * this long.
 */
public final class AfterAMoment {
    private AfterAMoment() {}

    /** How long work may take before it is shown as under way. */
    public static final Duration MOMENT = Duration.millis(150);

    /**
     * True once {@code busy} has been true for {@link #MOMENT} without a break; false as soon as it
     * is false. The owner's properties (a node's {@code getProperties()}) keep the listener, so a
     * view model that outlives the view does not keep the view.
     */
    public static ReadOnlyBooleanProperty shown(
            Map<Object, Object> ownerProperties, ObservableBooleanValue busy) {
        ReadOnlyBooleanWrapper shown = new ReadOnlyBooleanWrapper(false);
        // made at the first work (not with the view: the login dialog's is on the start's path)
        PauseTransition[] wait = {null};
        Runnable play =
                () -> {
                    if (wait[0] == null) {
                        wait[0] = new PauseTransition(MOMENT);
                        wait[0].setOnFinished(e -> shown.set(busy.get()));
                    }
                    wait[0].playFromStart();
                };
        Weak.<Boolean>listen(
                ownerProperties,
                (o, was, now) -> {
                    if (now) {
                        play.run();
                    } else {
                        if (wait[0] != null) {
                            wait[0].stop();
                        }
                        shown.set(false);
                    }
                },
                busy);
        if (busy.get()) {
            play.run();
        }
        return shown.getReadOnlyProperty();
    }

    /**
     * True once {@link #MOMENT} has passed from now: for what is made only while work is under way.
     */
    public static ReadOnlyBooleanProperty fromNow() {
        ReadOnlyBooleanWrapper shown = new ReadOnlyBooleanWrapper(false);
        PauseTransition wait = new PauseTransition(MOMENT);
        wait.setOnFinished(e -> shown.set(true));
        wait.play();
        return shown.getReadOnlyProperty();
    }
}
