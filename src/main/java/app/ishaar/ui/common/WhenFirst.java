package app.ishaar.ui.common;

import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;

/**
 * Makes a part of a view the first time a condition holds, so a window opens with only what it
 * shows (a first start has no saved profiles, no detail is shown before a row is chosen, …): each
 * control not made is CSS, layout and skin work not done before the first frame.
 */
public final class WhenFirst {
    private WhenFirst() {}

    /**
     * Runs {@code make} at once if {@code condition} holds now, else the first time it becomes true.
     * A binding made for the call is referenced only weakly by what it observes, so it is held by
     * {@code owner} (a node of the view) until it fires.
     */
    public static void run(Node owner, ObservableValue<Boolean> condition, Runnable make) {
        if (Boolean.TRUE.equals(condition.getValue())) {
            make.run();
            return;
        }
        Object key = new Object();
        owner.getProperties().put(key, condition);
        condition.addListener(new ChangeListener<Boolean>() {
            @Override
            public void changed(ObservableValue<? extends Boolean> o, Boolean was, Boolean now) {
                if (Boolean.TRUE.equals(now)) {
                    o.removeListener(this);
                    owner.getProperties().remove(key);
                    make.run();
                }
            }
        });
    }
}
