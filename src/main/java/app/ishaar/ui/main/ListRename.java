package app.ishaar.ui.main;

import app.ishaar.ui.fx.AfterLayout;
import app.ishaar.ui.fx.Nodes;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import javafx.beans.value.ChangeListener;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;

/**
 * A rename in the taxpayer list, kept by the list rather than by a cell: the list lays its rows out
 * anew whenever a taxpayer's state or news changes (as the window's sync makes them do), and then
 * starts the edit again in another cell, or puts the editing cell aside and takes the keyboard from
 * it. What was typed goes on, and so does the keyboard, if it was in the edit.
 */
final class ListRename {
    private ListRename() {}

    /** What is typed in the row's editor, and whether the keyboard was in it. */
    record Draft(TaxpayerEntry entry, String text, boolean keys) {}

    private static final String DRAFT = "ishaar.taxpayer.rename.draft";

    /** Set while a cell gives its edit up to another (the list's edit goes on). */
    private static final String MOVING = "ishaar.taxpayer.rename.moving";

    private static final String KEEPER = "ishaar.taxpayer.rename.keeper";

    /** The rename of this taxpayer under way, or null. */
    static Draft kept(ListView<TaxpayerEntry> list, TaxpayerEntry entry) {
        return list != null
                        && list.getProperties().get(DRAFT) instanceof Draft d
                        && d.entry() == entry
                ? d
                : null;
    }

    static void keep(ListView<TaxpayerEntry> list, TaxpayerEntry entry, String text, boolean keys) {
        list.getProperties().put(DRAFT, new Draft(entry, text, keys));
    }

    /** The rename is over (committed or cancelled). */
    static void forget(ListView<TaxpayerEntry> list) {
        list.getProperties().remove(DRAFT);
    }

    /** Whether a cell is giving its edit up to another now. */
    static boolean moving(ListView<TaxpayerEntry> list) {
        return list.getProperties().containsKey(MOVING);
    }

    /** Runs a cell's giving up of its edit to another (the list's edit goes on). */
    static void moving(ListView<TaxpayerEntry> list, Runnable cancel) {
        list.getProperties().put(MOVING, Boolean.TRUE);
        try {
            cancel.run();
        } finally {
            list.getProperties().remove(MOVING);
        }
    }

    /**
     * While the list edits a row whose editor had the keyboard, the keyboard taken by the list
     * itself (its flow takes it from a cell it puts aside, as when the row goes out of view and
     * back while rows grow and shrink; a cell starting an edit hands it to the list first) goes
     * back to the editor of the row that edits, once the list is laid out.
     */
    static void keepTheKeysInTheEdit(ListView<TaxpayerEntry> list) {
        Scene scene = list.getScene();
        if (scene == null || list.getProperties().containsKey(KEEPER)) {
            return;
        }
        ChangeListener<Node> keeper =
                (o, was, now) -> {
                    if (list.getScene() == scene
                            && list.getEditingIndex() >= 0
                            && list.getProperties().get(DRAFT) instanceof Draft d
                            && d.keys()
                            && takenByTheList(now, list)) {
                        AfterLayout.next(scene, () -> keysBackToTheEditor(list));
                        list.requestLayout();
                    }
                };
        list.getProperties().put(KEEPER, keeper);
        scene.focusOwnerProperty().addListener(keeper);
    }

    private static boolean takenByTheList(Node owner, ListView<TaxpayerEntry> list) {
        return owner == list
                || owner != null && !(owner instanceof TextField) && Nodes.isInside(owner, list);
    }

    private static void keysBackToTheEditor(ListView<TaxpayerEntry> list) {
        Node owner = list.getScene() == null ? null : list.getScene().getFocusOwner();
        if (list.getEditingIndex() < 0 || !takenByTheList(owner, list)) {
            return;
        }
        for (Node n : list.lookupAll(".list-cell")) {
            if (n instanceof TaxpayerCell c
                    && c.isEditing()
                    && c.getIndex() == list.getEditingIndex()
                    && Nodes.isShown(c)) {
                TextField editor = c.editor();
                editor.requestFocus();
                editor.positionCaret(editor.getText().length());
                return;
            }
        }
        // the row out of view (rows above it grew): brought back, the keyboard to it once shown
        list.scrollTo(list.getEditingIndex());
        AfterLayout.next(list.getScene(), () -> keysBackToTheEditor(list));
    }
}
