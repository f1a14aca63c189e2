package app.ishaar.ui.help;

import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.desktop.Clipboards;
import app.ishaar.ui.fx.WrappingLabel;
import app.ishaar.ui.i18n.I18n;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Help › Keyboard shortcuts (F1) and Help › About Ishaar: two small dialogs over the main window,
 * in the UI's language, closed with Close, Enter or Esc.
 */
public final class HelpView {
    private final HelpViewModel vm;
    private final I18n i18n;
    private final SceneFactory scenes;
    private final Window owner;

    public HelpView(HelpViewModel vm, I18n i18n, SceneFactory scenes, Window owner) {
        this.vm = vm;
        this.i18n = i18n;
        this.scenes = scenes;
        this.owner = owner;
    }

    /** The shortcuts, by window: the keys as the platform names them, and what they do. */
    public Stage shortcuts() {
        VBox root = new VBox(10);
        root.setId("help-shortcuts");
        root.setStyle("-fx-padding: 18;");
        root.getChildren().add(heading("help.shortcuts.heading"));
        // one grid for every window's shortcuts, so the keys and what they do line up throughout
        GridPane grid = new GridPane();
        grid.setHgap(18);
        grid.setVgap(6);
        ColumnConstraints keys = new ColumnConstraints();
        keys.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints what = new ColumnConstraints();
        what.setHgrow(Priority.ALWAYS);
        grid.getColumnConstraints().addAll(keys, what);
        int row = 0;
        for (HelpViewModel.Group group : HelpViewModel.SHORTCUTS) {
            Label title = label("help-group", group.titleKey());
            title.getStyleClass().add("subheading");
            GridPane.setMargin(title, new javafx.geometry.Insets(row == 0 ? 0 : 8, 0, 2, 0));
            grid.add(title, 0, row++, 2, 1);
            for (HelpViewModel.Row s : group.shortcuts()) {
                Label k =
                        new Label(
                                String.join(
                                        " / ",
                                        s.shortcuts().stream()
                                                .flatMap(shortcut -> shortcut.keys().stream())
                                                .map(KeyCombination::getDisplayText)
                                                .toList()));
                k.getStyleClass().addAll("shortcut-keys", "data");
                Bidi.leftToRight(k);
                Label w = label(null, s.whatKey());
                GridPane.setValignment(k, VPos.TOP);
                grid.addRow(row++, k, w);
            }
        }
        root.getChildren().add(grid);
        root.getChildren().add(buttons(null));
        return dialog(root, "help.shortcuts.title");
    }

    /** The version, the runtime and the settings' place, with a button that copies them. */
    public Stage about() {
        VBox root = new VBox(10);
        root.setId("help-about");
        root.setStyle("-fx-padding: 18;");
        Label version = new Label(vm.version());
        version.setId("about-version");
        version.getStyleClass().add("heading");
        Label runtime = new WrappingLabel(vm.runtime());
        runtime.setId("about-runtime");
        Bidi.leftToRight(runtime);
        Label settingsLabel = label(null, "help.about.settings");
        // a long path breaks into lines rather than ending in "…": IT staff need it whole
        Label settings = new WrappingLabel(vm.settingsFile());
        settings.setId("about-settings");
        settings.getStyleClass().add("muted");
        Bidi.leftToRight(settings);
        settingsLabel.setLabelFor(settings);
        Label font = new WrappingLabel();
        font.setId("about-font");
        font.textProperty().bind(i18n.text("help.about.font"));
        font.getStyleClass().add("muted");
        Button copy = new Button();
        copy.setId("about-copy");
        copy.textProperty().bind(i18n.text("help.about.copy"));
        copy.setOnAction(e -> Clipboards.copy(vm.details()));
        root.getChildren()
                .addAll(
                        version,
                        runtime,
                        new VBox(2, settingsLabel, settings),
                        font,
                        buttons(copy));
        return dialog(root, "help.about.title");
    }

    private HBox buttons(Button extra) {
        Button close = new Button();
        close.setId("help-close");
        close.textProperty().bind(i18n.text("settingsDialog.close"));
        close.setDefaultButton(true);
        close.setCancelButton(true);
        close.setOnAction(e -> close.getScene().getWindow().hide());
        Region spring = new Region();
        HBox.setHgrow(spring, Priority.ALWAYS);
        HBox box = extra == null ? new HBox(8, spring, close) : new HBox(8, extra, spring, close);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    private Label heading(String key) {
        Label l = label(null, key);
        l.getStyleClass().add("heading");
        return l;
    }

    private Label label(String id, String key) {
        Label l = new Label();
        if (id != null) {
            l.setId(id);
        }
        l.textProperty().bind(i18n.text(key));
        return l;
    }

    private Stage dialog(VBox root, String titleKey) {
        Stage stage = new Stage();
        scenes.prepareDialog(stage, root, titleKey);
        if (owner != null) {
            stage.initOwner(owner);
            stage.initModality(Modality.WINDOW_MODAL);
        }
        stage.show();
        stage.toFront();
        return stage;
    }
}
