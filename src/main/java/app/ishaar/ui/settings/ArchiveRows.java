package app.ishaar.ui.settings;

import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.fx.WrappingLabel;
import app.ishaar.ui.i18n.I18n;
import java.io.File;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * The settings dialog's archive rows: logins per minute, how long archived notifications are kept,
 * where the archive lives (typed, or chosen with a file chooser), each typed value committed on
 * Enter, when its field is left, and when the dialog closes ({@link #commit()}), its problem under
 * it.
 */
final class ArchiveRows {
    private final ArchiveRowsViewModel vm;
    private final VBox logins = new VBox(6);
    private final VBox keep = new VBox(6);
    private final VBox archive = new VBox(6);
    private final TextField loginsField = new TextField();
    private final TextField daysField = new TextField();
    private final TextField archiveField = new TextField();

    ArchiveRows(ArchiveRowsViewModel vm, I18n i18n, Supplier<Window> owner) {
        this.vm = vm;

        field(loginsField, "settings-logins", 5, vm.loginsProperty(), vm::commitLogins);
        Label perMinute = label(i18n, "settingsDialog.logins.perMinute");
        perMinute.setLabelFor(loginsField); // names the field for screen readers
        HBox loginsLine = new HBox(8, loginsField, perMinute);
        loginsLine.setAlignment(Pos.CENTER_LEFT);
        Label loginsHint = muted(i18n, "settingsDialog.logins.hint");
        logins.getChildren()
                .addAll(
                        loginsLine,
                        error(
                                i18n,
                                "settings-logins-error",
                                loginsField,
                                vm.loginsProblemProperty()),
                        loginsHint);

        RadioButton forever =
                SettingsView.radio(i18n, "settingsDialog.keep.forever", "settings-keep-forever");
        RadioButton some =
                SettingsView.radio(i18n, "settingsDialog.keep.days", "settings-keep-days");
        SettingsView.either(some, forever, vm.keepForeverProperty());
        field(daysField, "settings-keep-days-field", 6, vm.daysProperty(), vm::commitDays);
        daysField.disableProperty().bind(vm.keepForeverProperty());
        some.setOnAction(e -> daysField.requestFocus());
        Label daysUnit = label(i18n, "settingsDialog.keep.unit");
        daysUnit.setLabelFor(daysField); // names the field for screen readers
        HBox daysLine = new HBox(8, some, daysField, daysUnit);
        daysLine.setAlignment(Pos.CENTER_LEFT);
        keep.getChildren()
                .addAll(
                        forever,
                        daysLine,
                        error(i18n, "settings-keep-error", daysField, vm.daysProblemProperty()),
                        muted(i18n, "settingsDialog.keep.hint"));

        RadioButton own =
                SettingsView.radio(i18n, "settingsDialog.archive.own", "settings-archive-own");
        RadioButton named =
                SettingsView.radio(i18n, "settingsDialog.archive.named", "settings-archive-named");
        SettingsView.either(named, own, vm.ownArchiveProperty());
        field(archiveField, "settings-archive-field", 22, vm.archiveProperty(), vm::commitArchive);
        // an example location: the same in either language (the field reads left to right)
        archiveField.setPromptText("postgresql://db.example.com:5432/ishaar");
        archiveField.disableProperty().bind(vm.ownArchiveProperty());
        Bidi.leftToRight(archiveField); // a path or location reads left to right in either language
        named.setOnAction(e -> archiveField.requestFocus());
        HBox.setHgrow(archiveField, Priority.ALWAYS);
        Button choose = new Button();
        choose.setId("settings-archive-choose");
        choose.textProperty().bind(i18n.text("settingsDialog.archive.choose"));
        choose.disableProperty().bind(vm.ownArchiveProperty());
        choose.setOnAction(
                e -> {
                    FileChooser chooser = new FileChooser();
                    chooser.titleProperty().bind(i18n.text("settingsDialog.archive.chooser"));
                    chooser.getExtensionFilters()
                            .add(new FileChooser.ExtensionFilter("archive.db", "*.db"));
                    chooser.setInitialFileName("archive.db");
                    File f = chooser.showSaveDialog(owner.get());
                    if (f != null) {
                        vm.archiveProperty().set(f.getAbsolutePath());
                        vm.commitArchive();
                    }
                });
        HBox archiveLine = new HBox(8, archiveField, choose);
        archiveLine.setAlignment(Pos.CENTER_LEFT);
        archive.getChildren()
                .addAll(
                        own,
                        named,
                        archiveLine,
                        error(
                                i18n,
                                "settings-archive-error",
                                archiveField,
                                vm.archiveProblemProperty()),
                        muted(i18n, "settingsDialog.archive.hint"));
        for (VBox b : new VBox[] {logins, keep, archive}) {
            b.setAlignment(Pos.TOP_LEFT);
        }
    }

    Node logins() {
        return logins;
    }

    Node keep() {
        return keep;
    }

    Node archive() {
        return archive;
    }

    /**
     * The dialog is closing: what is typed is committed; false, with the first invalid field
     * focused, while something is invalid (the dialog then stays open to show why).
     */
    boolean commit() {
        if (vm.commit()) {
            return true;
        }
        if (vm.loginsProblemProperty().get() != null) {
            loginsField.requestFocus();
        } else if (vm.daysProblemProperty().get() != null) {
            daysField.requestFocus();
        } else {
            archiveField.requestFocus();
        }
        return false;
    }

    private static void field(
            TextField f,
            String id,
            int columns,
            javafx.beans.property.StringProperty text,
            Runnable commit) {
        f.setId(id);
        f.setPrefColumnCount(columns);
        f.textProperty().bindBidirectional(text);
        f.setOnAction(e -> commit.run());
        f.focusedProperty()
                .addListener(
                        (o, was, focused) -> {
                            if (was && !focused) {
                                commit.run();
                            }
                        });
    }

    private Label error(
            I18n i18n,
            String id,
            TextField field,
            ReadOnlyObjectProperty<ArchiveRowsViewModel.Problem> problem) {
        Label error = new WrappingLabel();
        error.setId(id);
        error.getStyleClass().addAll("error-text", "field-error");
        error.textProperty().bind(vm.errorText(problem));
        error.visibleProperty().bind(problem.isNotNull());
        error.managedProperty().bind(error.visibleProperty());
        field.accessibleHelpProperty().bind(error.textProperty());
        problem.addListener(
                (o, a, p) -> {
                    if (p == null) {
                        field.getStyleClass().remove("invalid");
                    } else if (!field.getStyleClass().contains("invalid")) {
                        field.getStyleClass().add("invalid");
                    }
                });
        return error;
    }

    private static Label label(I18n i18n, String key) {
        Label l = new Label();
        l.textProperty().bind(i18n.text(key));
        return l;
    }

    private static Label muted(I18n i18n, String key) {
        Label l = new WrappingLabel();
        l.textProperty().bind(i18n.text(key));
        l.getStyleClass().add("muted");
        return l;
    }
}
