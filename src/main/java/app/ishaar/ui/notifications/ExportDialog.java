package app.ishaar.ui.notifications;

import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.fx.WrappingLabel;
import app.ishaar.ui.i18n.I18n;
import java.io.File;
import java.time.Instant;
import javafx.beans.binding.Bindings;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;

/** The "Export…" dialog: format, file, progress and Cancel. Binds to an {@link ExportViewModel}. */
public final class ExportDialog {
    private final ExportViewModel vm;
    private final I18n i18n;
    private final Stage stage = new Stage();
    private final VBox root = new VBox(10);

    ExportDialog(HistoryViewModel history, I18n i18n, SceneFactory scenes, Window owner) {
        this(history, history.newExport(), i18n, scenes, owner);
    }

    /**
     * The dialog of the report (PDF) of {@code history}'s scope in {@code [from, to)}: the
     * summary's Report (PDF)….
     */
    public static ExportDialog report(
            HistoryViewModel history,
            Instant from,
            Instant to,
            I18n i18n,
            SceneFactory scenes,
            Window owner) {
        return new ExportDialog(history, history.newReport(from, to), i18n, scenes, owner);
    }

    private ExportDialog(
            HistoryViewModel history,
            ExportViewModel export,
            I18n i18n,
            SceneFactory scenes,
            Window owner) {
        this.vm = export;
        this.i18n = i18n;
        root.setId("export-dialog");
        root.getStyleClass().add("history");
        root.getStylesheets()
                .add(ExportDialog.class.getResource(HistoryView.STYLESHEET).toExternalForm());
        root.setStyle("-fx-padding: 16;");

        Label heading = new Label();
        heading.getStyleClass().add("heading");
        heading.textProperty().bind(i18n.text("export.title"));
        Label scope = new WrappingLabel();
        scope.setId("export-scope");
        // how many, once the service has said (not "0" while the first page is on its way)
        if (vm.reportOnly()) {
            scope.textProperty().bind(i18n.text("export.report.scope"));
        } else {
            scope.textProperty()
                    .bind(
                            Bindings.when(history.pager().knownProperty())
                                    .then(
                                            i18n.text(
                                                    "export.scope",
                                                    history.pager().totalCountProperty()))
                                    .otherwise(i18n.text("export.scope.uncounted")));
        }

        // offline: what the file holds is the archive as of the last sync, not the service now
        Label source = new WrappingLabel();
        source.setId("export-source");
        source.textProperty().bind(vm.sourceText());
        source.setVisible(vm.fromArchive());
        source.setManaged(vm.fromArchive());

        ToggleGroup formats = new ToggleGroup();
        RadioButton csv =
                radio("export-csv", "export.format.csv", formats, ExportViewModel.Format.CSV);
        RadioButton xlsx =
                radio("export-xlsx", "export.format.xlsx", formats, ExportViewModel.Format.XLSX);
        RadioButton pdf =
                radio("export-pdf", "export.format.pdf", formats, ExportViewModel.Format.PDF);
        // the report is of a period: offered where the rows have one
        pdf.setDisable(!vm.reportable());
        Label pdfNote = new WrappingLabel();
        pdfNote.setId("export-pdf-note");
        pdfNote.getStyleClass().add("muted");
        pdfNote.textProperty().bind(i18n.text("export.format.pdf.needsPeriod"));
        pdfNote.setVisible(!vm.reportable());
        pdfNote.setManaged(!vm.reportable());
        formats.selectToggle(
                switch (vm.formatProperty().get()) {
                    case XLSX -> xlsx;
                    case PDF -> pdf;
                    case CSV -> csv;
                });
        formats.selectedToggleProperty()
                .addListener(
                        (o, a, now) -> {
                            if (now != null) {
                                vm.formatProperty().set((ExportViewModel.Format) now.getUserData());
                            }
                        });
        VBox formatBox = vm.reportOnly() ? new VBox(6, pdf) : new VBox(6, csv, xlsx, pdf, pdfNote);
        formatBox.disableProperty().bind(vm.runningProperty());

        ProgressBar bar = new ProgressBar();
        bar.setId("export-progress");
        bar.setMaxWidth(Double.MAX_VALUE);
        bar.progressProperty().bind(vm.progressProperty());
        bar.visibleProperty().bind(vm.stateProperty().isNotEqualTo(ExportViewModel.State.READY));
        Label status = new WrappingLabel();
        status.setId("export-status");
        status.textProperty().bind(vm.messageProperty());

        Button choose = new Button();
        choose.setId("export-start");
        choose.textProperty().bind(i18n.text("export.choose"));
        choose.disableProperty().bind(vm.runningProperty());
        choose.setOnAction(e -> chooseAndStart());
        Button cancel = new Button();
        cancel.setId("export-cancel");
        cancel.textProperty().bind(i18n.text("export.cancel"));
        cancel.visibleProperty().bind(vm.runningProperty());
        cancel.managedProperty().bind(cancel.visibleProperty());
        cancel.setOnAction(e -> vm.cancel());
        Button close = new Button();
        close.setId("export-close");
        close.textProperty().bind(i18n.text("export.close"));
        close.setCancelButton(true);
        close.disableProperty().bind(vm.runningProperty());
        close.setOnAction(e -> stage.close());
        // once written: the file in the spreadsheet (Enter), or its folder
        Button open = new Button();
        open.setId("export-open");
        open.textProperty().bind(i18n.text("export.open"));
        open.defaultButtonProperty().bind(vm.canOpenProperty());
        open.setOnAction(e -> vm.openFile());
        Button folder = new Button();
        folder.setId("export-show-folder");
        folder.textProperty().bind(i18n.text("export.showFolder"));
        folder.setOnAction(e -> vm.showFolder());
        choose.defaultButtonProperty().bind(vm.canOpenProperty().not());
        vm.canOpenProperty()
                .addListener(
                        (o, was, now) -> {
                            if (now) {
                                open.requestFocus(); // the keyboard where the user goes next
                            }
                        });
        HBox done = new HBox(8, open, folder);
        done.visibleProperty().bind(vm.canOpenProperty());
        done.managedProperty().bind(done.visibleProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox buttons = new HBox(8, spacer, choose, cancel, close);
        for (Button b : new Button[] {open, folder, choose, cancel, close}) {
            b.setMinWidth(Region.USE_PREF_SIZE); // never cut to "Open f…"
        }

        root.getChildren().setAll(heading, scope, source, formatBox, bar, status, done, buttons);
        scenes.prepareDialog(stage, root, "export.title");
        if (owner != null) {
            stage.initOwner(owner);
            stage.initModality(Modality.WINDOW_MODAL);
        }
        stage.setOnCloseRequest(e -> vm.cancel());
    }

    public void show() {
        stage.show();
    }

    /** The view model, for tests. */
    public ExportViewModel viewModel() {
        return vm;
    }

    public Stage stage() {
        return stage;
    }

    private RadioButton radio(
            String id, String key, ToggleGroup group, ExportViewModel.Format format) {
        RadioButton b = new RadioButton();
        b.setId(id);
        b.textProperty().bind(i18n.text(key));
        b.setToggleGroup(group);
        b.setUserData(format);
        return b;
    }

    /**
     * The file chooser "Choose file…" opens: in the taxpayer's last export folder, named for now,
     * filtered by the format.
     */
    FileChooser chooser() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(i18n.get("export.title"));
        vm.initialFolder().ifPresent(folder -> chooser.setInitialDirectory(folder.toFile()));
        chooser.setInitialFileName(vm.suggestedFileName());
        ExportViewModel.Format f = vm.formatProperty().get();
        chooser.getExtensionFilters()
                .setAll(
                        new FileChooser.ExtensionFilter(
                                i18n.get(
                                        switch (f) {
                                            case CSV -> "export.format.csv";
                                            case XLSX -> "export.format.xlsx";
                                            case PDF -> "export.format.pdf";
                                        }),
                                "*." + f.extension()));
        return chooser;
    }

    private void chooseAndStart() {
        FileChooser chooser = chooser();
        ExportViewModel.Format f = vm.formatProperty().get();
        File file = chooser.showSaveDialog(stage);
        if (file != null) {
            String name = file.getName();
            if (!name.toLowerCase(java.util.Locale.ROOT).endsWith("." + f.extension())) {
                file = new File(file.getParentFile(), name + "." + f.extension());
            }
            vm.start(file.toPath());
        }
    }
}
