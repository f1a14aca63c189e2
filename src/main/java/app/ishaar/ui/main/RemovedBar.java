package app.ishaar.ui.main;

import app.ishaar.ui.app.Shortcut;
import app.ishaar.ui.controls.Buttons;
import app.ishaar.ui.fx.WrappingLabel;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.taxpayers.ForgetArchived;
import app.ishaar.ui.taxpayers.SyncTexts;
import app.ishaar.ui.taxpayers.TaxpayerListTexts;
import app.ishaar.ui.taxpayers.TaxpayerListViewModel;
import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Under the taxpayer list while a removed taxpayer can come back: "Removed … (RIN)." with Undo;
 * and, when the archive keeps notifications of it, whether to forget them too (Forget or Keep;
 * doing nothing keeps them), then what forgetting did.
 */
final class RemovedBar {

    /** Ctrl+Z in the list (Cmd+Z on macOS): the taxpayer removed last comes back. */
    static final KeyCombination UNDO_REMOVE = Shortcut.UNDO_REMOVE.key();

    private RemovedBar() {}

    /**
     * @param undo brings the removed taxpayer back
     * @param backToList gives the list the keyboard again, once a button of the bar is done
     */
    static Node create(
            I18n i18n,
            TaxpayerListViewModel taxpayers,
            TaxpayerListTexts texts,
            Runnable undo,
            Runnable backToList) {
        Label removed = new WrappingLabel();
        removed.setId("switcher-removed");
        removed.getStyleClass().add("muted");
        removed.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () -> texts.removed(taxpayers.lastRemovedProperty().get()),
                                taxpayers.lastRemovedProperty(),
                                i18n.languageProperty()));
        Button undoButton = new Button();
        undoButton.setId("switcher-undo");
        undoButton.textProperty().bind(i18n.text("switcher.undo"));
        undoButton.setTooltip(
                Buttons.tooltip(i18n.text("switcher.undo.tooltip", UNDO_REMOVE.getDisplayText())));
        undoButton.setOnAction(e -> undo.run());
        undoButton.setMinWidth(Region.USE_PREF_SIZE);
        // the offer can be put away (it also goes with the next removal, an undo or a log out)
        Button dismiss =
                Buttons.icon(
                        "switcher-undo-dismiss",
                        "icon-close",
                        i18n.text("switcher.undo.dismiss"),
                        () -> {
                            taxpayers.dismissUndo();
                            backToList.run();
                        });
        dismiss.setMinWidth(Region.USE_PREF_SIZE);
        HBox.setHgrow(removed, Priority.ALWAYS);
        removed.setMaxWidth(Double.MAX_VALUE);
        HBox undoLine = new HBox(6, removed, undoButton, dismiss);
        undoLine.setAlignment(Pos.CENTER_LEFT);

        VBox bar = new VBox(4, undoLine, forgetLine(i18n, taxpayers.archived(), texts, backToList));
        bar.setId("switcher-undo-bar");
        bar.visibleProperty().bind(taxpayers.lastRemovedProperty().isNotNull());
        bar.managedProperty().bind(bar.visibleProperty());
        return bar;
    }

    /** The question whether to forget the archived notifications too, then its outcome. */
    private static Node forgetLine(
            I18n i18n, ForgetArchived archived, TaxpayerListTexts texts, Runnable backToList) {
        SyncTexts archiveTexts = new SyncTexts(i18n);
        Label said = new WrappingLabel();
        said.setId("switcher-forget-text");
        said.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () ->
                                        archived.offerProperty().get() != null
                                                ? texts.forgetAsked(archived.offerProperty().get())
                                                : texts.forgetOutcome(
                                                        archived.outcomeProperty().get(),
                                                        archiveTexts::archiveProblem),
                                archived.offerProperty(),
                                archived.outcomeProperty(),
                                i18n.languageProperty()));
        said.getStyleClass().add("muted");
        said.setMaxWidth(Double.MAX_VALUE);
        Button forget = new Button();
        forget.setId("switcher-forget");
        forget.textProperty().bind(i18n.text("switcher.forget"));
        forget.setOnAction(
                e -> {
                    archived.forget();
                    backToList.run();
                });
        Button keep = new Button();
        keep.setId("switcher-forget-keep");
        keep.textProperty().bind(i18n.text("switcher.forget.keep"));
        keep.setOnAction(
                e -> {
                    archived.keep();
                    backToList.run();
                });
        // at the end of the line under the question, Keep first: doing nothing keeps them too
        HBox buttons = new HBox(6, keep, forget);
        buttons.setId("switcher-forget-buttons");
        buttons.setAlignment(Pos.CENTER_RIGHT);
        buttons.visibleProperty().bind(archived.offerProperty().isNotNull());
        buttons.managedProperty().bind(buttons.visibleProperty());
        VBox line = new VBox(4, said, buttons);
        line.setId("switcher-forget-bar");
        line.visibleProperty().bind(said.textProperty().isNotEmpty());
        line.managedProperty().bind(line.visibleProperty());
        return line;
    }
}
