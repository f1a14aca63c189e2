package app.ishaar.ui.notifications;

import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;

/**
 * The status badge (text first, colour only reinforces it), in the table, the detail pane and its
 * attempts. The kind is a pseudo-class ({@code .status-badge:delivered}), not a style class: a
 * pseudo-class change restyles one label, while a style-class change makes JavaFX match the badge
 * against every style sheet again, once per row and page while paging. The history's and the
 * inbox's tables show it alike.
 */
public final class StatusBadge {
    private StatusBadge() {}

    private static final List<String> KINDS =
            List.of("pending", "batched", "delivered", "error", "unknown");
    private static final List<PseudoClass> STATES =
            KINDS.stream().map(PseudoClass::getPseudoClass).toList();

    public static Label create() {
        Label badge = new Label();
        badge.getStyleClass().add("status-badge");
        return badge;
    }

    /**
     * Shows the kind {@link HistoryLabels#statusStyle} named (an unknown name as "unknown"); null:
     * none.
     */
    public static void setKind(Label badge, String kind) {
        int k = -1; // none
        if (kind != null) {
            k = KINDS.contains(kind) ? KINDS.indexOf(kind) : KINDS.indexOf("unknown");
        }
        for (int i = 0; i < STATES.size(); i++) {
            badge.pseudoClassStateChanged(STATES.get(i), i == k);
        }
    }

    /** The kind shown, for tests. */
    public static String kind(Label badge) {
        for (int i = 0; i < STATES.size(); i++) {
            if (badge.getPseudoClassStates().contains(STATES.get(i))) {
                return KINDS.get(i);
            }
        }
        return null;
    }
}
