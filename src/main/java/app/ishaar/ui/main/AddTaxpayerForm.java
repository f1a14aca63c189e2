package app.ishaar.ui.main;

import app.ishaar.core.settings.TaxpayerRows;
import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.controls.Buttons;
import app.ishaar.ui.fx.WrappingLabel;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import app.ishaar.ui.taxpayers.TaxpayerListTexts;
import app.ishaar.ui.taxpayers.TaxpayerListViewModel;
import java.io.File;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.input.Clipboard;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.stage.FileChooser;

/**
 * The switcher's form to add a taxpayer: a RIN and a name, rows pasted from a spreadsheet, or a
 * list from a file (From a file…, or dropped on the switcher); its message says what was added, or
 * why not, in the words of {@link TaxpayerListTexts}.
 */
final class AddTaxpayerForm {
    private final I18n i18n;
    private final TaxpayerListViewModel taxpayers;
    private final TaxpayerListTexts texts;

    /** Told of a taxpayer just added with the form, so that the list shows it. */
    private final Consumer<TaxpayerEntry> added;

    AddTaxpayerForm(
            I18n i18n,
            TaxpayerListViewModel taxpayers,
            TaxpayerListTexts texts,
            Consumer<TaxpayerEntry> added) {
        this.i18n = i18n;
        this.taxpayers = taxpayers;
        this.texts = texts;
        this.added = added;
        make();
    }

    /** The form, folded until opened. */
    TitledPane pane() {
        return addPane;
    }

    /** Adds the taxpayers a file lists; the add form opens to say what it added, or why nothing. */
    void addFrom(File file) {
        addPane.setExpanded(true);
        lastFolder = file.getParentFile();
        taxpayers
                .addFrom(file.toPath())
                .thenAccept(
                        r -> {
                            addMessage
                                    .textProperty()
                                    .bind(
                                            Bindings.createStringBinding(
                                                    () -> texts.fileAdded(r),
                                                    i18n.languageProperty(),
                                                    i18n.latinDigitsProperty()));
                            style(addMessage, r.isError());
                            addMessage.setVisible(true);
                        });
    }

    /** The folder of the list added last from a file, where the next choice starts. */
    private File lastFolder;

    /** The chooser From a file… opens: CSV and text files, or all. */
    private FileChooser fileChooser() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(i18n.get("switcher.file.title"));
        if (lastFolder != null && lastFolder.isDirectory()) {
            chooser.setInitialDirectory(lastFolder);
        }
        chooser.getExtensionFilters()
                .setAll(
                        new FileChooser.ExtensionFilter(
                                i18n.get("switcher.file.filter"),
                                "*.csv",
                                "*.CSV",
                                "*.txt",
                                "*.TXT",
                                "*.tsv",
                                "*.TSV"),
                        new FileChooser.ExtensionFilter(i18n.get("switcher.file.filter.all"), "*"));
        return chooser;
    }

    /** The add form, and its message: what was added, or why not. */
    private TitledPane addPane;

    private Label addMessage;

    private TitledPane make() {
        Label error = new WrappingLabel();
        addMessage = error;
        // rows pasted into the number (copied from a spreadsheet or a CSV file) add a taxpayer each
        TextField rin =
                new TextField() {
                    @Override
                    public void paste() {
                        String text = Clipboard.getSystemClipboard().getString();
                        if (TaxpayerRows.isList(text)) {
                            showListAdded(error, taxpayers.addAll(text));
                        } else {
                            super.paste();
                        }
                    }
                };
        rin.setId("add-rin");
        Bidi.leftToRight(rin);
        rin.promptTextProperty().bind(i18n.text("switcher.add.rin"));
        TextField name = new TextField();
        name.setId("add-name");
        name.promptTextProperty().bind(i18n.text("switcher.add.name"));
        error.setId("add-error");
        error.getStyleClass().add("error-text");
        error.setVisible(false);
        error.managedProperty().bind(error.visibleProperty());
        Button add = new Button();
        add.setId("add-button");
        add.textProperty().bind(i18n.text("switcher.add"));
        Runnable doAdd =
                () -> {
                    TaxpayerListViewModel.AddResult result =
                            taxpayers.add(rin.getText(), name.getText());
                    String problem = TaxpayerListTexts.problemKey(result);
                    if (problem != null) {
                        error.textProperty().bind(i18n.text(problem));
                        style(error, true);
                        error.setVisible(true);
                    } else {
                        error.setVisible(false);
                        rin.clear();
                        name.clear();
                        if (result instanceof TaxpayerListViewModel.Added a) {
                            added.accept(a.entry());
                        }
                    }
                };
        add.setOnAction(e -> doAdd.run());
        rin.setOnAction(e -> doAdd.run());
        name.setOnAction(e -> doAdd.run());
        rin.textProperty().addListener((o, a, b) -> error.setVisible(false));
        Button fromFile = new Button();
        fromFile.setId("add-file");
        fromFile.textProperty().bind(i18n.text("switcher.file"));
        fromFile.setTooltip(Buttons.tooltip(i18n.text("switcher.file.tooltip")));
        fromFile.setOnAction(
                e -> {
                    File file = fileChooser().showOpenDialog(fromFile.getScene().getWindow());
                    if (file != null) {
                        addFrom(file);
                    }
                });
        HBox buttons = new HBox(6, add, fromFile);
        GridPane form = new GridPane();
        form.setVgap(4);
        form.add(rin, 0, 0);
        form.add(name, 0, 1);
        form.add(buttons, 0, 2);
        form.add(error, 0, 3);
        Label hint = new WrappingLabel();
        hint.setId("add-hint");
        hint.getStyleClass().add("muted");
        hint.textProperty().bind(i18n.text("switcher.add.pasteHint"));
        form.add(hint, 0, 4);
        GridPane.setHgrow(rin, Priority.ALWAYS);
        GridPane.setHgrow(name, Priority.ALWAYS);
        TitledPane pane = new TitledPane();
        pane.setId("add-pane");
        pane.textProperty().bind(i18n.text("switcher.add.title"));
        pane.setContent(form);
        pane.setExpanded(false);
        pane.setAnimated(false);
        addPane = pane;
        return pane;
    }

    /**
     * Says what a pasted list added and, as an error, the rows it left out (in the UI's language,
     * live).
     */
    private void showListAdded(Label message, TaxpayerListViewModel.ListAdded added) {
        message.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () -> texts.listAdded(added),
                                i18n.languageProperty(),
                                i18n.latinDigitsProperty()));
        style(message, !added.leftOut().isEmpty());
        message.setVisible(true);
    }

    /** The form's message as an error, or as a quiet note. */
    private static void style(Label message, boolean error) {
        message.getStyleClass().removeAll("error-text", "muted");
        message.getStyleClass().add(error ? "error-text" : "muted");
    }
}
