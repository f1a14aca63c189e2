package app.ishaar.ui.login;

import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.controls.LanguageSwitch;
import app.ishaar.ui.controls.ScrollWhenNeeded;
import app.ishaar.ui.fx.AfterAMoment;
import app.ishaar.ui.fx.AfterFirstFrame;
import app.ishaar.ui.fx.WhenFirst;
import app.ishaar.ui.i18n.I18n;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The login dialog's view: builds the controls and binds them to the {@link LoginViewModel}; no
 * logic of its own. Its parts: the rows choosing the service ({@link ServiceRows}), the secret's
 * row ({@link SecretRow}), the demo accounts ({@link DemoAccountsBox}) and the banners ({@link
 * LoginBanners}), laid out on one {@link FormGrid}. Enter submits (or shows what is missing), Esc
 * cancels a login under way or closes the dialog. Data fields (client ID, secret, RIN, addresses)
 * stay left-to-right in the Arabic layout.
 */
public final class LoginView {

    private final LoginViewModel vm;
    private final I18n i18n;
    private final Labels labels;
    private final Runnable onClose;
    private final BorderPane root = new BorderPane();
    private final TextField clientId = new TextField();
    private final PasswordField secret = new PasswordField();
    private final Button loginButton = new Button();

    /** Below the form, never scrolled away: a failed login's message, then the buttons. */
    private final VBox bottom = new VBox();

    /** Where the keyboard was when a login began (see {@link #keepFocusAcrossLogin}). */
    private Node focusBeforeLogin;

    public LoginView(LoginViewModel vm, I18n i18n, Runnable onClose) {
        this.vm = vm;
        this.i18n = i18n;
        this.labels = new Labels(i18n);
        this.onClose = onClose;
        root.setId("login");
        root.getStyleClass().add("login");
        root.setTop(header());
        // the form scrolls once it does not fit (a short window, or rows added below)
        ScrollWhenNeeded center = new ScrollWhenNeeded(form(), "plain-scroll");
        center.setId("formArea");
        root.setCenter(center);
        bottom.getChildren().add(footer());
        root.setBottom(bottom);
        root.addEventHandler(KeyEvent.KEY_PRESSED, this::onKey);
        SceneFactory.handlesEnter(root); // Enter on the eye or a language logs in too
        keepFocusAcrossLogin();
    }

    /**
     * A login that does not open the main window (it failed, or was cancelled) leaves the keyboard
     * where it was: the Log in button, and the form's fields, are disabled while a login runs, and
     * JavaFX moves the focus off a disabled node (to the language buttons), where the next keys
     * went.
     */
    private void keepFocusAcrossLogin() {
        root.sceneProperty()
                .addListener(
                        (o, old, scene) -> {
                            if (scene != null) {
                                scene.focusOwnerProperty()
                                        .addListener(
                                                (f, was, now) -> {
                                                    if (!vm.attempts().busyProperty().get()) {
                                                        focusBeforeLogin = now;
                                                    }
                                                });
                            }
                        });
        vm.attempts()
                .busyProperty()
                .addListener(
                        (o, was, busy) -> {
                            Node n = focusBeforeLogin;
                            if (!busy
                                    && n != null
                                    && vm.resultProperty().get() == null
                                    && n.getScene() == root.getScene()
                                    && !n.isDisabled()
                                    && n.isVisible()) {
                                n.requestFocus();
                            }
                        });
    }

    public Parent root() {
        return root;
    }

    /**
     * Puts the cursor where the user types first: the client ID, or, when the last profile filled
     * it in, the secret (a returning user types the secret and presses Enter).
     */
    public void focusFirstEmpty() {
        if (clientId.getText() == null || clientId.getText().isBlank()) {
            clientId.requestFocus();
        } else {
            secret.requestFocus();
        }
    }

    private void onKey(KeyEvent e) {
        if (e.getCode() == KeyCode.ENTER) {
            vm.login();
            e.consume();
        } else if (e.getCode() == KeyCode.ESCAPE) {
            if (vm.attempts().isLoggingIn()) {
                vm.cancel();
            } else {
                onClose.run();
            }
            e.consume();
        }
    }

    private Node header() {
        Label brand = labels.label("application.name");
        brand.getStyleClass().add("brand");
        Label heading = labels.label("login.heading");
        heading.getStyleClass().add("heading");
        Label sub = labels.wrapping("login.subheading");
        sub.getStyleClass().add("muted");
        VBox titles = new VBox(2, brand, heading, sub);
        HBox.setHgrow(titles, Priority.ALWAYS);

        HBox langs = LanguageSwitch.create(i18n, vm.languageProperty(), "lang", "login.language");
        langs.setAlignment(Pos.TOP_CENTER);

        HBox header = new HBox(12, titles, langs);
        header.setPadding(new Insets(16, 20, 8, 20));
        return header;
    }

    private VBox form() {
        FormGrid grid = new FormGrid(root, labels);
        ServiceRows.add(root, grid, labels, vm);

        FormGrid.bindData(clientId, "clientId", vm.form().clientIdProperty());
        FormGrid.markInvalid(clientId, vm.form().clientIdField().shownProperty());
        grid.add(
                labels.label("login.clientId"),
                clientId,
                new FormGrid.ErrorLine("clientIdError", vm.form().clientIdField().shownProperty()));

        SecretRow.add(root, grid, labels, vm, secret);

        TextField rin = FormGrid.dataField("onBehalfOf", vm.form().onBehalfOfProperty());
        rin.promptTextProperty().bind(i18n.text("login.onBehalfOf.prompt"));
        FormGrid.markInvalid(rin, vm.form().rinField().shownProperty());
        grid.add(
                labels.label("login.onBehalfOf"),
                rin,
                new FormGrid.ErrorLine("onBehalfOfError", vm.form().rinField().shownProperty()));

        grid.addUnlabelled(rememberBox());
        grid.addAcross(advanced());

        VBox center =
                new VBox(
                        10,
                        grid.pane(),
                        // once an account fills the form in, Log in is next: the keyboard goes
                        // there, so Enter (or Space) logs in rather than filling it in again
                        DemoAccountsBox.create(root, labels, vm, loginButton::requestFocus));
        center.setPadding(new Insets(0, 0, 8, 0));
        LoginBanners.add(root, i18n, vm, center, bottom);
        return center;
    }

    private Node rememberBox() {
        CheckBox remember = new CheckBox();
        remember.setId("remember");
        remember.textProperty().bind(i18n.text("login.remember"));
        remember.selectedProperty().bindBidirectional(vm.form().rememberProperty());
        remember.disableProperty().bind(vm.remembered().availableProperty().not());
        HBox rememberBox = new HBox(remember);
        // tooltips are made once the dialog is drawn: nobody hovers before that, and each costs
        AfterFirstFrame.run(
                () -> {
                    Tooltip rememberTip = new Tooltip();
                    rememberTip
                            .textProperty()
                            .bind(
                                    Bindings.when(vm.remembered().availableProperty())
                                            .then(i18n.text("login.remember.tooltip"))
                                            .otherwise(i18n.text("login.remember.unavailable")));
                    rememberTip.setWrapText(true);
                    rememberTip.setMaxWidth(360);
                    // a disabled control shows no tooltip: put it on a wrapper too
                    remember.setTooltip(rememberTip);
                    Tooltip.install(rememberBox, rememberTip);
                });
        rememberBox.setPadding(new Insets(4, 0, 4, 0));
        return rememberBox;
    }

    /** The advanced settings (the scope), folded away. */
    private Node advanced() {
        TitledPane advanced = new TitledPane();
        advanced.setId("advanced");
        advanced.textProperty().bind(i18n.text("login.advanced"));
        advanced.setExpanded(false);
        // its content is made when it is first opened (or when the scope needs fixing)
        WhenFirst.run(
                root,
                advanced.expandedProperty().or(vm.form().scopeField().shownProperty().isNotNull()),
                () -> {
                    TextField scope = FormGrid.dataField("scope", vm.form().scopeProperty());
                    scope.promptTextProperty().bind(i18n.text("login.scope.prompt"));
                    GridPane adv = new GridPane();
                    adv.setHgap(12);
                    Label scopeLabel = labels.label("login.scope");
                    scopeLabel.setLabelFor(scope);
                    adv.add(scopeLabel, 0, 0);
                    adv.add(scope, 1, 0);
                    adv.add(
                            labels.error("scopeError", vm.form().scopeField().shownProperty()),
                            1,
                            1);
                    FormGrid.markInvalid(scope, vm.form().scopeField().shownProperty());
                    GridPane.setHgrow(scope, Priority.ALWAYS);
                    advanced.setContent(adv);
                });
        advanced.setAnimated(false);
        GridPane.setMargin(advanced, new Insets(4, 0, 0, 0));
        return advanced;
    }

    private Node footer() {
        // a login that takes a moment says so; one that ends sooner just ends (the button greys
        // at once)
        ReadOnlyBooleanProperty underWay =
                AfterAMoment.shown(root.getProperties(), vm.attempts().busyProperty());
        Label progressText = new Label();
        progressText.setId("progressText");
        progressText.textProperty().bind(vm.attempts().progressText());
        progressText.visibleProperty().bind(underWay);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button cancel = new Button();
        cancel.setId("cancel");
        cancel.textProperty().bind(i18n.text("login.cancel"));
        cancel.setCancelButton(false);
        cancel.setOnAction(
                e -> {
                    if (vm.attempts().isLoggingIn()) {
                        vm.cancel();
                    } else {
                        onClose.run();
                    }
                });
        Button login = loginButton;
        login.setId("login-button");
        login.getStyleClass().add("primary");
        login.textProperty().bind(i18n.text("login.submit"));
        login.disableProperty().bind(vm.canLoginProperty().not());
        login.setOnAction(e -> vm.login());
        // offered for a saved profile: its taxpayers' archive, without the service
        Button offline = new Button();
        offline.setId("work-offline");
        offline.textProperty().bind(i18n.text("login.workOffline"));
        offline.setTooltip(new javafx.scene.control.Tooltip());
        offline.getTooltip().textProperty().bind(i18n.text("login.workOffline.hint"));
        offline.visibleProperty().bind(vm.canWorkOfflineProperty());
        offline.managedProperty().bind(offline.visibleProperty());
        offline.setOnAction(e -> vm.workOffline());
        HBox bar = new HBox(8, progressText, spacer, offline, cancel, login);
        // the spinner is made once the dialog is on screen (not in its first frame, and not in the
        // frame after the click, where its skin and styling delayed the login), or at once if the
        // login begins first
        boolean[] made = {false};
        Runnable makeProgress =
                () -> {
                    if (made[0]) {
                        return;
                    }
                    made[0] = true;
                    ProgressIndicator progress = new ProgressIndicator();
                    progress.setId("progress");
                    progress.setPrefSize(20, 20);
                    progress.visibleProperty().bind(underWay);
                    progress.managedProperty().bind(progress.visibleProperty());
                    bar.getChildren().add(0, progress);
                };
        WhenFirst.run(root, vm.attempts().busyProperty(), makeProgress);
        AfterFirstFrame.run(makeProgress);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(10, 20, 16, 20));
        return bar;
    }
}
