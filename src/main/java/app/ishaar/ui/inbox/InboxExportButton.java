package app.ishaar.ui.inbox;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.export.ExportFormat;
import app.ishaar.core.export.ReportLabels;
import app.ishaar.ui.app.Shortcut;
import app.ishaar.ui.controls.Buttons;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.inbox.AllTaxpayersViewModel.ExportState;
import java.io.File;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.stage.FileChooser;

/**
 * Export… under the inbox (Ctrl+E): every notification of the query shown, all pages, to an Excel
 * workbook or a CSV file the user names; what became of it said beside the button. Binds to {@link
 * AllTaxpayersViewModel}.
 */
final class InboxExportButton {
    private final AllTaxpayersViewModel vm;
    private final I18n i18n;
    private final InboxTexts texts;
    private final Button button = new Button();
    private final Label said = new Label();

    /** The folder of the last export chosen in this window (null: none yet). */
    private File lastFolder;

    InboxExportButton(AllTaxpayersViewModel vm, I18n i18n) {
        this.vm = vm;
        this.i18n = i18n;
        this.texts = new InboxTexts(i18n);
        button.setId("inbox-export");
        button.textProperty().bind(i18n.text("history.export"));
        button.setTooltip(
                Buttons.tooltip(i18n.text("inbox.export.tooltip", Shortcut.EXPORT.displayText())));
        button.setOnAction(e -> choose());
        button.disableProperty()
                .bind(
                        Bindings.createBooleanBinding(
                                () ->
                                        vm.exportProperty().get() != null
                                                && vm.exportProperty().get().running(),
                                vm.exportProperty()));
        said.setId("inbox-export-state");
        // one line, cut short where the bar is narrow, whole in its tooltip: a wrapped result grew
        // the bar under the table, and with it the window, until the footer and the list's "Add a
        // taxpayer" were pushed out of it
        said.setWrapText(false);
        said.setMinWidth(0);
        Tooltip whole = new Tooltip();
        whole.textProperty().bind(said.textProperty());
        said.setTooltip(whole);
        said.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () -> words(vm.exportProperty().get()),
                                vm.exportProperty(),
                                i18n.languageProperty(),
                                i18n.latinDigitsProperty()));
    }

    Node bar() {
        HBox box = new HBox(8, said, button);
        box.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        return box;
    }

    /** Asks for the file, then exports (Ctrl+E does the same). */
    void choose() {
        if (button.isDisabled() || button.getScene() == null) {
            return;
        }
        FileChooser chooser = new FileChooser();
        chooser.setTitle(i18n.get("export.title"));
        // where the last export went, else the user's home: never the process's working directory
        File home = new File(System.getProperty("user.home"));
        chooser.setInitialDirectory(
                lastFolder != null && lastFolder.isDirectory()
                        ? lastFolder
                        : home.isDirectory() ? home : null);
        chooser.setInitialFileName("ishaar-all-taxpayers-" + LocalDate.now() + ".xlsx");
        FileChooser.ExtensionFilter xlsx =
                new FileChooser.ExtensionFilter(i18n.get("export.format.xlsx"), "*.xlsx");
        FileChooser.ExtensionFilter csv =
                new FileChooser.ExtensionFilter(i18n.get("export.format.csv"), "*.csv");
        chooser.getExtensionFilters().setAll(xlsx, csv);
        File f = chooser.showSaveDialog(button.getScene().getWindow());
        if (f == null) {
            return;
        }
        lastFolder = f.getParentFile();
        boolean asCsv =
                chooser.getSelectedExtensionFilter() == csv
                        || f.getName().toLowerCase(Locale.ROOT).endsWith(".csv");
        export(asCsv ? ExportFormat.CSV : ExportFormat.XLSX, f.toPath());
    }

    /** Exports to this file, in the UI's words. */
    void export(ExportFormat format, Path target) {
        vm.export(format, ReportLabels.of(i18n::get, i18n.language().rightToLeft()), target);
    }

    private String words(ExportState s) {
        if (s == null) {
            return "";
        }
        if (s.running()) {
            return i18n.get("export.starting");
        }
        if (s.failure() != null) {
            String why =
                    s.failure() instanceof ArchiveException a
                            ? texts.archiveProblem(a.reason())
                            : i18n.get("export.error.io", String.valueOf(s.failure().getMessage()));
            return i18n.get("export.failed", why);
        }
        return i18n.get("export.done", s.written(), s.file().getFileName().toString());
    }
}
