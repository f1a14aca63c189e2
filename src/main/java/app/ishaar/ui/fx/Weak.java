package app.ishaar.ui.fx;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.beans.value.WeakChangeListener;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.collections.WeakListChangeListener;

/**
 * Listening to what outlives the listener's owner (the app's one I18n lives for the whole run, a
 * taxpayer's view model longer than the screen the main window made for it) without keeping the
 * owner alive. A plain listener on the I18n kept every screen that ever listened, with its nodes
 * and the notifications it showed, for the rest of the run, and every language switch still updated
 * them all.
 */
public final class Weak {
    private Weak() {}

    private static final Object KEPT = new Object();

    /**
     * Registers {@code listener} on each source through a {@link WeakChangeListener} and returns
     * it: the caller keeps it (a field) for as long as it wants to hear; once the caller is gone,
     * the sources let it go.
     */
    @SafeVarargs
    public static <T> ChangeListener<T> listen(
            ChangeListener<T> listener, ObservableValue<? extends T>... sources) {
        WeakChangeListener<T> weak = new WeakChangeListener<>(listener);
        for (ObservableValue<? extends T> source : sources) {
            source.addListener(weak);
        }
        return listener;
    }

    /**
     * The same, with an owner's properties (a node's {@code getProperties()}) holding the listener
     * for as long as the owner lives.
     */
    @SafeVarargs
    public static <T> void listen(
            Map<Object, Object> ownerProperties,
            ChangeListener<T> listener,
            ObservableValue<? extends T>... sources) {
        kept(ownerProperties).add(listen(listener, sources));
    }

    /** The same for a list: the owner's properties hold the listener, the list hears it weakly. */
    public static <E> void listen(
            Map<Object, Object> ownerProperties,
            ListChangeListener<E> listener,
            ObservableList<E> source) {
        kept(ownerProperties).add(listener);
        source.addListener(new WeakListChangeListener<>(listener));
    }

    @SuppressWarnings("unchecked")
    private static List<Object> kept(Map<Object, Object> ownerProperties) {
        return (List<Object>) ownerProperties.computeIfAbsent(KEPT, k -> new ArrayList<>());
    }
}
