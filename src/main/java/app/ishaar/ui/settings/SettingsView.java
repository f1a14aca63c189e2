package app.ishaar.ui.settings;

import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.controls.ChoiceNames;
import app.ishaar.ui.controls.LanguageSwitch;
import app.ishaar.ui.fx.ChoiceMenus;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.i18n.I18n;
import javafx.beans.property.BooleanProperty;
import javafx.geometry.Pos;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Settings…: UI language, digit style, light or dark theme, text size, how often to check for new
 * notifications, the time zone shown, the proxy, the login budget, how long archived notifications
 * are kept and where the archive lives. Changes are live (the last three apply at the next start);
 * Close (or Esc) closes.
 */
public final class SettingsView {
    private static final double VALUE_WIDTH = 340;
    private final Stage stage = new Stage();
    private final VBox root = new VBox(14);

    public SettingsView(SettingsViewModel vm, I18n i18n, SceneFactory scenes, Window owner) {
        root.setId("settings-dialog");
        root.setStyle("-fx-padding: 18;");

        Label heading = label(i18n, "settingsDialog.heading");
        heading.getStyleClass().add("heading");

        Label language = label(i18n, "settingsDialog.language");
        HBox languages =
                LanguageSwitch.create(
                        i18n, vm.languageProperty(), "settings-lang", "settingsDialog.language");
        languages.setAlignment(Pos.CENTER_LEFT);

        Label digits = label(i18n, "settingsDialog.digits");
        RadioButton arabicDigits =
                radio(i18n, "settingsDialog.digits.arabic", "settings-digits-arabic");
        RadioButton latinDigits =
                radio(i18n, "settingsDialog.digits.latin", "settings-digits-latin");
        either(arabicDigits, latinDigits, vm.latinDigitsProperty());
        Label digitsHint = label(i18n, "settingsDialog.digits.hint");
        digitsHint.getStyleClass().add("muted");
        VBox digitBox = new VBox(6, arabicDigits, latinDigits, digitsHint);

        Label themeName = label(i18n, "settingsDialog.theme");
        RadioButton light = radio(i18n, "settingsDialog.theme.light", "settings-theme-light");
        RadioButton dark = radio(i18n, "settingsDialog.theme.dark", "settings-theme-dark");
        either(light, dark, vm.darkThemeProperty());
        HBox themeBox = new HBox(16, light, dark);

        Label textSizeName = label(i18n, "settingsDialog.textSize");
        ChoiceBox<Integer> textSize =
                choice(
                        i18n,
                        "settings-text-size",
                        vm.textSizes(),
                        vm.textSizeProperty().get(),
                        vm::textSizeName,
                        vm::chooseTextSize);
        Weak.<Number>listen(
                textSize.getProperties(),
                (o, a, now) -> textSize.setValue(now.intValue()),
                vm.textSizeProperty());
        textSizeName.setLabelFor(textSize); // named by its label for screen readers
        Label textSizeHint = label(i18n, "settingsDialog.textSize.hint");
        textSizeHint.getStyleClass().add("muted");
        VBox textSizeBox = new VBox(6, textSize, textSizeHint);
        textSizeBox.setAlignment(Pos.TOP_LEFT);

        Label checkName = label(i18n, "settingsDialog.checkNew");
        ChoiceBox<Integer> check =
                choice(
                        i18n,
                        "settings-check-new",
                        vm.checkChoices(),
                        vm.checkMinutesProperty().get(),
                        vm::checkChoiceName,
                        vm.checkMinutesProperty()::set);
        checkName.setLabelFor(check); // named by its label for screen readers
        Label checkHint = label(i18n, "settingsDialog.checkNew.hint");
        checkHint.getStyleClass().add("muted");
        CheckBox desktop = new CheckBox();
        desktop.setId("settings-desktop-notify");
        desktop.textProperty().bind(i18n.text("settingsDialog.checkNew.desktop"));
        desktop.selectedProperty().bindBidirectional(vm.desktopNotifyProperty());
        desktop.disableProperty().bind(vm.desktopNotifyOfferedProperty().not());
        VBox checkBox = new VBox(6, check, checkHint, desktop);
        checkBox.setAlignment(Pos.TOP_LEFT);

        Label zone = label(i18n, "settingsDialog.zone");
        Label zoneHint = label(i18n, "settingsDialog.zone.local");
        Label zoneId = new Label(vm.zoneId());
        zoneId.setId("settings-zone");
        zoneId.getStyleClass().add("muted");
        Bidi.leftToRight(zoneId);
        VBox zoneBox = new VBox(4, zoneHint, zoneId);

        Label proxyName = label(i18n, "settingsDialog.proxy");
        ProxyRow proxy = new ProxyRow(vm.proxy(), i18n);

        Label loginsName = label(i18n, "settingsDialog.logins");
        Label keepName = label(i18n, "settingsDialog.keep");
        Label archiveName = label(i18n, "settingsDialog.archive");
        ArchiveRows archiveRows = new ArchiveRows(vm.archiveRows(), i18n, () -> stage);
        Label handlingName = label(i18n, "settingsDialog.handling");
        javafx.scene.Node handlingBox = handlingChoices(vm.handlingRows(), i18n);

        GridPane grid = new GridPane();
        grid.setHgap(16);
        grid.setVgap(14);
        grid.addRow(0, language, languages);
        grid.addRow(1, digits, digitBox);
        grid.addRow(2, themeName, themeBox);
        grid.addRow(3, textSizeName, textSizeBox);
        grid.addRow(4, checkName, checkBox);
        grid.addRow(5, zone, zoneBox);
        grid.addRow(6, proxyName, proxy.node());
        // the sync's and the archive's rows in a second column: one column would be taller than
        // many screens
        GridPane archiveGrid = new GridPane();
        archiveGrid.setHgap(16);
        archiveGrid.setVgap(14);
        archiveGrid.addRow(0, loginsName, archiveRows.logins());
        archiveGrid.addRow(1, keepName, archiveRows.keep());
        archiveGrid.addRow(2, archiveName, archiveRows.archive());
        archiveGrid.addRow(3, handlingName, handlingBox);
        for (Label l :
                new Label[] {
                    language,
                    digits,
                    themeName,
                    textSizeName,
                    checkName,
                    zone,
                    proxyName,
                    loginsName,
                    keepName,
                    archiveName,
                    handlingName
                }) {
            GridPane.setValignment(l, javafx.geometry.VPos.TOP);
            l.setMinWidth(Region.USE_PREF_SIZE); // the row names are never cut short
        }
        javafx.scene.layout.ColumnConstraints names = new javafx.scene.layout.ColumnConstraints();
        javafx.scene.layout.ColumnConstraints values = new javafx.scene.layout.ColumnConstraints();
        values.setHgrow(Priority.ALWAYS);
        values.setPrefWidth(VALUE_WIDTH);
        // one line each, unwrapped: JavaFX 21 draws wrapped right-to-left labels past their edge
        grid.getColumnConstraints().addAll(names, values);
        javafx.scene.layout.ColumnConstraints archiveValues =
                new javafx.scene.layout.ColumnConstraints();
        archiveValues.setHgrow(Priority.ALWAYS);
        archiveValues.setPrefWidth(VALUE_WIDTH);
        archiveGrid
                .getColumnConstraints()
                .addAll(new javafx.scene.layout.ColumnConstraints(), archiveValues);
        HBox.setHgrow(archiveGrid, Priority.ALWAYS);
        HBox columns = new HBox(32, grid, archiveGrid);

        Label sample = new Label();
        sample.setId("settings-sample");
        sample.textProperty().bind(vm.sample());

        Button close = new Button();
        close.setId("settings-close");
        close.textProperty().bind(i18n.text("settingsDialog.close"));
        close.setDefaultButton(true);
        close.setCancelButton(true);
        // what is typed is committed on closing; something invalid keeps the dialog open
        close.setOnAction(
                e -> {
                    if (proxy.commit() && archiveRows.commit()) {
                        stage.close();
                    }
                });
        stage.setOnCloseRequest(
                e -> {
                    if (!(proxy.commit() && archiveRows.commit())) {
                        e.consume();
                    }
                });
        Region spring = new Region();
        HBox.setHgrow(spring, Priority.ALWAYS);
        HBox buttons = new HBox(spring, close);

        root.getChildren().addAll(heading, columns, sample, buttons);
        scenes.prepareDialog(stage, root, "settingsDialog.window.title");
        if (owner != null) {
            stage.initOwner(owner);
            stage.initModality(Modality.WINDOW_MODAL);
        }
    }

    /**
     * A choice named in the UI's language and digits (named again when they change), telling what
     * the user chose.
     */
    private static <T> ChoiceBox<T> choice(
            I18n i18n,
            String id,
            java.util.List<T> items,
            T value,
            java.util.function.Function<T, String> name,
            java.util.function.Consumer<T> chosen) {
        ChoiceBox<T> box = new ChoiceBox<>();
        box.setId(id);
        box.getItems().setAll(items);
        box.setValue(value);
        Runnable names = () -> box.setConverter(ChoiceNames.of(name));
        names.run();
        Weak.listen(
                box.getProperties(),
                (o, a, b) -> names.run(),
                i18n.languageProperty(),
                i18n.latinDigitsProperty());
        ChoiceMenus.keepChosenChecked(box);
        box.valueProperty()
                .addListener(
                        (o, a, now) -> {
                            if (now != null) {
                                chosen.accept(now);
                            }
                        });
        return box;
    }

    /**
     * What needs handling on arrival: the statuses, then the types, a check box each, named as the
     * table names them.
     */
    private static javafx.scene.Node handlingChoices(HandlingRowsViewModel rows, I18n i18n) {
        Label hint = label(i18n, "settingsDialog.handling.hint");
        hint.getStyleClass().add("muted");
        javafx.scene.layout.FlowPane statuses = new javafx.scene.layout.FlowPane(12, 6);
        for (app.ishaar.core.model.Status s : app.ishaar.core.model.Status.values()) {
            javafx.scene.control.CheckBox box = new javafx.scene.control.CheckBox();
            box.setId("settings-handling-status-" + s.wire());
            box.textProperty().bind(i18n.text("status." + s.wire()));
            box.selectedProperty().bindBidirectional(rows.status(s));
            statuses.getChildren().add(box);
        }
        javafx.scene.layout.FlowPane types = new javafx.scene.layout.FlowPane(12, 6);
        for (app.ishaar.core.model.NotificationType t :
                app.ishaar.core.model.NotificationType.values()) {
            javafx.scene.control.CheckBox box = new javafx.scene.control.CheckBox();
            box.setId("settings-handling-type-" + t.id());
            box.textProperty().bind(i18n.text("type." + t.id()));
            box.selectedProperty().bindBidirectional(rows.type(t));
            types.getChildren().add(box);
        }
        return new VBox(6, hint, statuses, types);
    }

    private static Label label(I18n i18n, String key) {
        Label l = new Label();
        l.textProperty().bind(i18n.text(key));
        return l;
    }

    /** A radio button of the settings dialog, named in both languages (used by its rows too). */
    static RadioButton radio(I18n i18n, String key, String id) {
        RadioButton r = new RadioButton();
        r.setId(id);
        r.textProperty().bind(i18n.text(key));
        return r;
    }

    /**
     * Two radio buttons for a yes-or-no choice: {@code on} chosen while it is true, {@code off}
     * while false, both ways.
     */
    static void either(RadioButton off, RadioButton on, BooleanProperty choice) {
        ToggleGroup group = new ToggleGroup();
        off.setToggleGroup(group);
        on.setToggleGroup(group);
        group.selectToggle(choice.get() ? on : off);
        group.selectedToggleProperty()
                .addListener(
                        (o, old, now) -> {
                            if (now == null) {
                                group.selectToggle(old); // one of the two is always chosen
                            } else {
                                choice.set(now == on);
                            }
                        });
        Weak.<Boolean>listen(
                on.getProperties(), (o, a, yes) -> group.selectToggle(yes ? on : off), choice);
    }

    public Parent root() {
        return root;
    }

    public Stage stage() {
        return stage;
    }

    public void show() {
        stage.show();
        stage.toFront();
    }
}
