package app.ishaar.ui.fx;

import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.beans.value.WeakChangeListener;
import javafx.scene.Node;

/**
 * Makes a part of a view the first time a condition holds, so a window opens with only what it
 * shows (a first start has no saved profiles, no detail is shown before a row is chosen, …): each
 * control not made is CSS, layout and skin work not done before the first frame.
 */
public final class WhenFirst {
    private WhenFirst() {}

    /**
     * Runs {@code make} at once if {@code condition} holds now, else the first time it becomes
     * true. The condition hears its listener weakly and {@code owner} (a node of the view) holds
     * both until it fires: a binding made for the call is referenced only weakly by what it
     * observes, and a view model's property, which may outlive the view, does not keep the view
     * alive.
     */
    public static void run(Node owner, ObservableValue<Boolean> condition, Runnable make) {
        if (Boolean.TRUE.equals(condition.getValue())) {
            make.run();
            return;
        }
        Once once = new Once(owner, make);
        owner.getProperties().put(once, condition);
        condition.addListener(once.weak);
    }

    /** Held by the owner (as the key of its properties), heard weakly by the condition. */
    private static final class Once implements ChangeListener<Boolean> {
        private final Node owner;
        private final Runnable make;
        final WeakChangeListener<Boolean> weak = new WeakChangeListener<>(this);

        Once(Node owner, Runnable make) {
            this.owner = owner;
            this.make = make;
        }

        @Override
        public void changed(ObservableValue<? extends Boolean> o, Boolean was, Boolean now) {
            if (Boolean.TRUE.equals(now) && owner.getProperties().remove(this) != null) {
                o.removeListener(weak);
                make.run();
            }
        }
    }
}
