package app.ishaar.ui.history;

import app.ishaar.ui.common.SceneFactory;
import app.ishaar.ui.i18n.I18n;
import javafx.scene.Parent;
import javafx.scene.layout.StackPane;

/** The history screen's view (issue #5): only binds to its {@link HistoryViewModel}. */
public final class HistoryView {
    private final StackPane root = new StackPane();

    public HistoryView(HistoryViewModel viewModel, I18n i18n, SceneFactory scenes) {}

    public Parent root() {
        return root;
    }
}
