package app.ishaar.ui.settings;

import app.ishaar.core.secrets.ProxyCredentials;
import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.error.Failure;
import app.ishaar.ui.fx.FxExecutor;
import app.ishaar.ui.fx.WrappingLabel;
import app.ishaar.ui.i18n.I18n;
import java.util.concurrent.Executor;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Pos;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * "The proxy asks for a user name and password": a small window-modal dialog over the login dialog,
 * opened by the proxy's 407; Log in keeps the pair and logs in again, Cancel (Esc) leaves the
 * login's failure on screen.
 */
public final class ProxyPasswordView {
    private final Stage stage = new Stage();
    private final VBox root = new VBox(12);
    private final TextField user = new TextField();
    private final PasswordField password = new PasswordField();

    public ProxyPasswordView(
            ProxyPasswordViewModel vm, I18n i18n, SceneFactory scenes, Window owner) {
        root.setId("proxy-password-dialog");
        root.setStyle("-fx-padding: 18;");
        root.setPrefWidth(440);

        Label heading = new WrappingLabel();
        heading.setId("proxy-password-heading");
        heading.getStyleClass().add("subheading");
        heading.textProperty().bind(vm.heading());

        Label userName = label(i18n, "proxyPassword.user");
        user.setId("proxy-user");
        user.textProperty().bindBidirectional(vm.userNameProperty());
        Bidi.leftToRight(user);
        userName.setLabelFor(user);
        Label passwordName = label(i18n, "proxyPassword.password");
        password.setId("proxy-password");
        password.textProperty().bindBidirectional(vm.passwordProperty());
        Bidi.leftToRight(password);
        passwordName.setLabelFor(password);
        Label problem = new Label();
        problem.setId("proxy-user-error");
        problem.getStyleClass().addAll("error-text", "field-error");
        problem.textProperty().bind(vm.problemText());
        problem.visibleProperty().bind(vm.problemProperty().isNotNull());
        problem.managedProperty().bind(problem.visibleProperty());
        user.accessibleHelpProperty().bind(vm.problemText());
        vm.problemProperty()
                .addListener(
                        (o, a, p) -> {
                            user.getStyleClass().remove("invalid");
                            if (p != null) {
                                user.getStyleClass().add("invalid");
                                user.requestFocus();
                            }
                        });

        GridPane fields = new GridPane();
        fields.setHgap(12);
        fields.setVgap(8);
        fields.addRow(0, userName, new VBox(4, user, problem));
        fields.addRow(1, passwordName, password);
        GridPane.setHgrow(password, Priority.ALWAYS);
        userName.setMinWidth(Region.USE_PREF_SIZE);
        passwordName.setMinWidth(Region.USE_PREF_SIZE);

        Label hint = new WrappingLabel();
        hint.getStyleClass().add("muted");
        hint.textProperty().bind(i18n.text("proxyPassword.hint"));

        Button cancel = new Button();
        cancel.setId("proxy-password-cancel");
        cancel.textProperty().bind(i18n.text("proxyPassword.cancel"));
        cancel.setCancelButton(true);
        cancel.setOnAction(e -> vm.cancel());
        Button go = new Button();
        go.setId("proxy-password-login");
        go.getStyleClass().add("primary");
        go.textProperty().bind(i18n.text("proxyPassword.login"));
        go.setDefaultButton(true);
        go.disableProperty().bind(vm.busyProperty());
        go.setOnAction(e -> vm.submit());
        Region spring = new Region();
        HBox.setHgrow(spring, Priority.ALWAYS);
        HBox buttons = new HBox(8, spring, cancel, go);
        buttons.setAlignment(Pos.CENTER_RIGHT);

        root.getChildren().addAll(heading, fields, hint, buttons);
        scenes.prepareDialog(stage, root, "proxyPassword.window.title");
        if (owner != null) {
            stage.initOwner(owner);
            stage.initModality(Modality.WINDOW_MODAL);
        }
        stage.setOnCloseRequest(e -> vm.cancel());
        vm.outcomeProperty()
                .addListener(
                        (o, a, outcome) -> {
                            if (outcome != null) {
                                stage.close();
                            }
                        });
    }

    private static Label label(I18n i18n, String key) {
        Label l = new Label();
        l.textProperty().bind(i18n.text(key));
        return l;
    }

    public Parent root() {
        return root;
    }

    public Stage stage() {
        return stage;
    }

    /** Shows the dialog with the user name field focused (or the password, when it is known). */
    public void show() {
        stage.show();
        stage.toFront();
        (user.getText().isEmpty() ? user : password).requestFocus();
    }

    /**
     * Opens the dialog whenever {@code failure} becomes a proxy's 407, over {@code owner}; once the
     * pair is kept, runs {@code retry} (the login again). The one hook the login dialog needs.
     */
    public static void askOn(
            ObservableValue<Failure> failure,
            Runnable retry,
            ProxyCredentials credentials,
            I18n i18n,
            SceneFactory scenes,
            Window owner,
            Executor background) {
        failure.addListener(
                (o, a, f) ->
                        ProxyPasswordViewModel.forFailure(
                                        f, i18n, credentials, FxExecutor.INSTANCE, background)
                                .ifPresent(
                                        vm ->
                                                vm.load()
                                                        .thenRun(
                                                                () ->
                                                                        open(
                                                                                vm, retry, i18n,
                                                                                scenes, owner))));
    }

    private static void open(
            ProxyPasswordViewModel vm,
            Runnable retry,
            I18n i18n,
            SceneFactory scenes,
            Window owner) {
        ProxyPasswordView view = new ProxyPasswordView(vm, i18n, scenes, owner);
        vm.outcomeProperty()
                .addListener(
                        (o, a, outcome) -> {
                            if (outcome != ProxyPasswordViewModel.Outcome.CANCELLED) {
                                retry.run();
                            }
                        });
        view.show();
    }
}
