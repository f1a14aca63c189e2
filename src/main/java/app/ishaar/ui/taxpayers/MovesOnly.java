package app.ishaar.ui.taxpayers;

import java.util.ArrayList;
import java.util.List;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.collections.transformation.TransformationList;

/**
 * A list as its source, telling only of elements added, removed or moved, not of an element that
 * changed in place (an update, or a sort that left every element where it was). A list view ends a
 * rename under way on any change of its items; its rows follow their taxpayer's name and state
 * themselves, so a change of another taxpayer's state must not reach it as a change of the list.
 */
final class MovesOnly<E> extends TransformationList<E, E> {

    MovesOnly(ObservableList<E> source) {
        super(source);
    }

    @Override
    protected void sourceChanged(ListChangeListener.Change<? extends E> c) {
        beginChange();
        while (c.next()) {
            if (c.wasPermutated()) {
                int[] perm = new int[size()];
                boolean moved = false;
                for (int i = 0; i < perm.length; i++) {
                    perm[i] = i >= c.getFrom() && i < c.getTo() ? c.getPermutation(i) : i;
                    moved |= perm[i] != i;
                }
                if (moved) {
                    nextPermutation(0, perm.length, perm);
                }
            } else if (c.wasReplaced()) {
                nextReplace(c.getFrom(), c.getTo(), copy(c.getRemoved()));
            } else if (c.wasRemoved()) {
                nextRemove(c.getFrom(), copy(c.getRemoved()));
            } else if (c.wasAdded()) {
                nextAdd(c.getFrom(), c.getTo());
            }
            // an update alone: nothing moved
        }
        endChange();
    }

    private static <E> List<E> copy(List<? extends E> removed) {
        return new ArrayList<>(removed);
    }

    @Override
    public int getSourceIndex(int index) {
        return index;
    }

    @Override
    public int getViewIndex(int index) {
        return index;
    }

    @Override
    public E get(int index) {
        return getSource().get(index);
    }

    @Override
    public int size() {
        return getSource().size();
    }
}
