package app.ishaar.ui.login;

import app.ishaar.core.service.Environment;
import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.fx.WhenFirst;
import app.ishaar.ui.i18n.I18n;
import java.util.stream.Collectors;
import javafx.beans.binding.Bindings;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.TilePane;
import javafx.scene.layout.VBox;

/**
 * The built-in sandbox's demo accounts, shown on Sandbox only: one button per account, which fills
 * the form in; a spinner while the sandbox lists them, and a line if it cannot.
 */
final class DemoAccountsBox {

    private final Labels labels;
    private final I18n i18n;
    private final LoginViewModel vm;
    private final Runnable filled;

    private DemoAccountsBox(Labels labels, LoginViewModel vm, Runnable filled) {
        this.labels = labels;
        this.i18n = labels.i18n();
        this.vm = vm;
        this.filled = filled;
    }

    /**
     * The box; {@code owner}: a node of the view (see {@link WhenFirst}); {@code filled}: run once
     * an account's button filled the form in.
     */
    static Node create(Node owner, Labels labels, LoginViewModel vm, Runnable filled) {
        return new DemoAccountsBox(labels, vm, filled).box(owner);
    }

    private Node box(Node owner) {
        Label title = labels.label("login.demo.title");
        title.getStyleClass().add("subheading");
        Label hint = labels.wrapping("login.demo.hint");
        hint.getStyleClass().add("muted");
        // two columns of equal tiles; the space of two rows is kept from the start, so the window
        // is sized for the accounts before the sandbox has listed them
        TilePane accounts = new TilePane(6, 6);
        accounts.setId("demoAccounts");
        accounts.setPrefColumns(2);
        accounts.setMinHeight(2 * 42 + 6);
        accounts.setTileAlignment(Pos.CENTER_LEFT);
        vm.demos()
                .accounts()
                .addListener((ListChangeListener<DemoAccount>) c -> fillButtons(accounts));
        fillButtons(accounts);
        Label failed = new Label();
        failed.getStyleClass().add("error-text");
        failed.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () ->
                                        vm.demos().failureProperty().get() == null
                                                ? ""
                                                : i18n.get(
                                                        vm.demos().failureProperty().get().key()),
                                vm.demos().failureProperty(),
                                i18n.languageProperty()));
        failed.visibleProperty().bind(vm.demos().failureProperty().isNotNull());
        failed.managedProperty().bind(failed.visibleProperty());
        HBox titleRow = new HBox(8, title);
        titleRow.setAlignment(Pos.CENTER_LEFT);
        WhenFirst.run(
                owner,
                vm.demos().loadingProperty(),
                () -> {
                    ProgressIndicator loading = new ProgressIndicator();
                    loading.setPrefSize(16, 16);
                    loading.visibleProperty().bind(vm.demos().loadingProperty());
                    loading.managedProperty().bind(loading.visibleProperty());
                    titleRow.getChildren().add(loading);
                });
        VBox box = new VBox(4, titleRow, hint, accounts, failed);
        box.setId("demoBox");
        box.getStyleClass().add("demo-box");
        box.setPadding(new Insets(8, 20, 0, 20));
        ObservableValue<Boolean> sandbox =
                vm.form().service().environmentProperty().isEqualTo(Environment.Kind.SANDBOX);
        box.visibleProperty().bind(sandbox);
        box.managedProperty().bind(sandbox);
        return box;
    }

    private void fillButtons(TilePane pane) {
        pane.getChildren().clear();
        for (DemoAccount a : vm.demos().accounts()) {
            pane.getChildren().add(button(a));
        }
    }

    private Button button(DemoAccount a) {
        Label kind =
                labels.label(
                        switch (a.kind()) {
                            case TAXPAYER -> "login.demo.taxpayer";
                            case INTERMEDIARY -> "login.demo.intermediary";
                            case BLOCKED -> "login.demo.blocked";
                            case EXPIRED -> "login.demo.expired";
                            case OTHER -> "login.demo.other";
                        });
        kind.getStyleClass().add("demo-kind");
        Label id = new Label(a.clientId());
        id.getStyleClass().add("demo-id");
        Bidi.leftToRight(id);
        Button b = new Button();
        b.setGraphic(new VBox(0, kind, id));
        b.setId("demo-" + a.clientId());
        b.getStyleClass().add("demo-account");
        b.setMaxWidth(Double.MAX_VALUE);
        b.setAlignment(Pos.CENTER_LEFT);
        // the words are in its graphic: a screen reader reads this
        b.accessibleTextProperty()
                .bind(
                        i18n.text(
                                "login.demo.readAloud",
                                kind.textProperty(),
                                new SimpleStringProperty(a.clientId())));
        b.setOnAction(
                e -> {
                    vm.fillDemo(a);
                    filled.run();
                });
        b.disableProperty().bind(vm.attempts().busyProperty());
        if (!a.taxpayers().isEmpty()) {
            // the taxpayers' RINs and names: data, not UI text
            Tooltip who =
                    new Tooltip(
                            a.taxpayers().stream()
                                    .map(t -> t.rin() + "  " + t.name())
                                    .collect(Collectors.joining("\n")));
            who.getStyleClass().add("data");
            b.setTooltip(who);
        }
        return b;
    }
}
