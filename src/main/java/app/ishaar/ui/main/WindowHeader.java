package app.ishaar.ui.main;

import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.controls.LanguageSwitch;
import app.ishaar.ui.fx.AfterAMoment;
import app.ishaar.ui.fx.WrappingLabel;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The top of the main window under its menu: the header (the taxpayer shown, its RIN, the
 * environment's badge and host, the session's time left, the language) and the session-ended
 * banner.
 */
final class WindowHeader {
    private WindowHeader() {}

    /**
     * The taxpayer shown (All taxpayers while that is shown: no one taxpayer's RIN or session
     * then), where, and for how long.
     */
    static Node header(MainWindowViewModel vm, I18n i18n) {
        Label name = new Label();
        name.setId("header-name");
        name.getStyleClass().addAll("heading", "data");
        Label rin = new Label();
        rin.setId("header-rin");
        rin.getStyleClass().add("muted");
        Bidi.leftToRight(rin);
        BooleanProperty allShown = vm.title().allTaxpayersShownProperty();
        Runnable refresh =
                () -> {
                    TaxpayerEntry e = allShown.get() ? null : vm.current();
                    name.setText(
                            allShown.get() ? i18n.get("inbox.all") : e == null ? "" : e.label());
                    rin.setText(
                            e == null || e.displayRinProperty().get() == null
                                    ? ""
                                    : e.displayRinProperty().get());
                    rin.setVisible(!rin.getText().isEmpty());
                    rin.setManaged(rin.isVisible());
                };
        vm.title().titleProperty().addListener((o, a, b) -> refresh.run());
        refresh.run();

        Label badge = new Label();
        badge.setId("env-badge");
        badge.getStyleClass()
                .addAll(
                        "env-badge",
                        switch (vm.title().environmentKind()) {
                            case SANDBOX -> "sandbox";
                            case PREPROD -> "preprod";
                            case PROD -> "prod";
                            case CUSTOM -> "custom";
                        });
        badge.textProperty()
                .bind(i18n.text(WindowTitle.environmentKey(vm.title().environmentKind())));

        Label host = new Label();
        host.textProperty().bind(vm.title().apiHostProperty());
        host.getStyleClass().add("muted");
        Bidi.leftToRight(host);
        host.setId("header-host");
        host.visibleProperty().bind(host.textProperty().isNotEmpty());
        host.managedProperty().bind(host.visibleProperty());

        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Label time = new Label();
        time.setId("session-time");
        time.textProperty().bind(vm.title().timeLeftProperty());
        time.getStyleClass().add("session-time");
        time.visibleProperty().bind(allShown.not());

        HBox langs =
                LanguageSwitch.create(
                        i18n, i18n.languageProperty(), "main-lang", "main.menu.language");
        langs.getChildren()
                .forEach(n -> n.setFocusTraversable(false)); // the View menu is the keyboard's way
        HBox header = new HBox(10, name, rin, badge, host, spacer, time, langs);
        header.setAlignment(Pos.CENTER_LEFT);
        header.setPadding(new Insets(10, 16, 10, 16));
        header.getStyleClass().add("main-header");
        return header;
    }

    /**
     * The banner shown while the current taxpayer's session has ended: log in again, with the
     * secret typed when it is not in the keychain.
     */
    static Node banner(MainWindowViewModel vm, I18n i18n, Node owner) {
        Label text = new WrappingLabel();
        text.setId("expired-text");
        text.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () -> {
                                    TaxpayerEntry e = vm.current();
                                    return e == null
                                            ? ""
                                            : i18n.get("main.banner.expired", e.label());
                                },
                                vm.currentProperty(),
                                vm.relogin().sessionEndedProperty(),
                                i18n.languageProperty()));
        HBox.setHgrow(text, Priority.ALWAYS);
        text.setMaxWidth(Double.MAX_VALUE);

        PasswordField secret = new PasswordField();
        secret.setId("relogin-secret");
        Bidi.leftToRight(secret);
        secret.promptTextProperty().bind(i18n.text("main.banner.secret"));
        secret.textProperty().bindBidirectional(vm.relogin().secretProperty());
        secret.setVisible(vm.relogin().needsSecret());
        secret.setManaged(vm.relogin().needsSecret());
        secret.setOnAction(e -> vm.relogin().start());

        Button again = new Button();
        again.setId("relogin");
        again.textProperty().bind(i18n.text("main.banner.relogin"));
        again.disableProperty().bind(vm.relogin().busyProperty());
        again.setOnAction(e -> vm.relogin().start());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setId("relogin-progress");
        busy.setPrefSize(16, 16);
        // as the login dialog's: a login again that ends within a moment moves nothing in the
        // banner
        busy.visibleProperty()
                .bind(AfterAMoment.shown(owner.getProperties(), vm.relogin().busyProperty()));
        busy.managedProperty().bind(busy.visibleProperty());

        Label failure = new Label();
        failure.setId("relogin-failure");
        failure.getStyleClass().add("error-text");
        failure.textProperty().bind(vm.relogin().failureText());
        failure.visibleProperty().bind(vm.relogin().failureProperty().isNotNull());
        failure.managedProperty().bind(failure.visibleProperty());

        HBox row = new HBox(8, text, secret, busy, again);
        row.setAlignment(Pos.CENTER_LEFT);
        VBox box = new VBox(4, row, failure);
        box.setId("expired-banner");
        box.getStyleClass().addAll("banner", "warning");
        box.visibleProperty().bind(vm.relogin().sessionEndedProperty());
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }
}
