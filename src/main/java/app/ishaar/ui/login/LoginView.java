package app.ishaar.ui.login;

import app.ishaar.core.service.Environment;
import app.ishaar.core.settings.Profile;
import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.controls.ChoiceNames;
import app.ishaar.ui.controls.LanguageSwitch;
import app.ishaar.ui.controls.ScrollWhenNeeded;
import app.ishaar.ui.fx.AfterAMoment;
import app.ishaar.ui.fx.AfterFirstFrame;
import app.ishaar.ui.fx.ChoiceMenus;
import app.ishaar.ui.fx.StretchedChoiceBoxSkin;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.fx.WhenFirst;
import app.ishaar.ui.fx.WrappingLabel;
import app.ishaar.ui.i18n.I18n;
import java.util.stream.Collectors;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.value.ObservableStringValue;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.TilePane;
import javafx.scene.layout.VBox;
import javafx.scene.shape.SVGPath;
import javafx.util.StringConverter;

/**
 * The login dialog's view: builds the controls and binds them to the {@link LoginViewModel}; no
 * logic of its own. Enter submits (or shows what is missing), Esc cancels a login under way or
 * closes the dialog. Data fields (client ID, secret, RIN, addresses) stay left-to-right in the
 * Arabic layout.
 */
public final class LoginView {

    private final LoginViewModel vm;
    private final I18n i18n;
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
        app.ishaar.ui.app.SceneFactory.handlesEnter(
                root); // Enter on the eye or a language logs in too
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
                                                    if (!vm.busyProperty().get()) {
                                                        focusBeforeLogin = now;
                                                    }
                                                });
                            }
                        });
        vm.busyProperty()
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

    /**
     * The secret's field and its plain-text twin take each other's place: the one now shown gets
     * the caret and selection, and the keyboard if the other had it or the eye was clicked while
     * typing, so the next keys go on where the last ones went. The click's press takes focus to the
     * eye, and JavaFX moves a text field's caret to its start as the keyboard leaves it: where the
     * typing was is kept at the press.
     */
    private static final class TypedAt {
        private boolean kept;
        private int anchor;
        private int caret;

        void keep(StackPane fields) {
            forget();
            for (Node n : fields.getChildren()) {
                if (n.isFocused() && n instanceof TextField field) {
                    kept = true;
                    anchor = field.getAnchor();
                    caret = field.getCaretPosition();
                }
            }
        }

        void forget() {
            kept = false;
        }

        void handOver(TextField from, TextField to) {
            boolean typing = kept || from.isFocused();
            int a = kept ? anchor : from.getAnchor();
            int c = kept ? caret : from.getCaretPosition();
            forget();
            if (typing) {
                to.requestFocus();
            }
            to.selectRange(a, c);
        }
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
            if (vm.isLoggingIn()) {
                vm.cancel();
            } else {
                onClose.run();
            }
            e.consume();
        }
    }

    // ---- parts ------------------------------------------------------------------------------

    private Node header() {
        Label brand = label("application.name");
        brand.getStyleClass().add("brand");
        Label heading = label("login.heading");
        heading.getStyleClass().add("heading");
        Label sub = wrapping("login.subheading");
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
        GridPane grid = new GridPane();
        grid.setHgap(12);
        grid.setVgap(0); // hidden rows (custom addresses, errors) must leave no gap
        grid.setPadding(new Insets(8, 20, 8, 20));
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        fields.setFillWidth(true);
        grid.getColumnConstraints().addAll(labels, fields);
        int row = 0;

        // saved profiles: the row is made when there are some (a first start has none)
        int profileRow = row++;
        Runnable profileRowMaker =
                () -> {
                    ChoiceBox<Profile> profiles = new ChoiceBox<>(vm.profiles());
                    profiles.setId("profile");
                    profiles.setMaxWidth(Double.MAX_VALUE);
                    profiles.setConverter(profileNames());
                    ChoiceMenus.keepChosenChecked(profiles);
                    Weak.listen(
                            profiles.getProperties(),
                            (o, a, b) -> profiles.setConverter(profileNames()),
                            i18n.languageProperty());
                    // shows the profile the form was filled from; choosing another fills the form
                    // from it
                    profiles.setValue(vm.appliedProfileProperty().get());
                    vm.appliedProfileProperty()
                            .addListener((o, a, applied) -> profiles.setValue(applied));
                    profiles.setOnAction(
                            e -> {
                                Profile p = profiles.getValue();
                                if (p != null && p != vm.appliedProfileProperty().get()) {
                                    vm.applyProfile(p);
                                }
                            });
                    Label profileLabel = label("login.profile");
                    addRow(grid, profileRow, profileLabel, profiles, null);
                    profileLabel.visibleProperty().bind(Bindings.isNotEmpty(vm.profiles()));
                    profileLabel.managedProperty().bind(profileLabel.visibleProperty());
                    profiles.visibleProperty().bind(profileLabel.visibleProperty());
                    profiles.managedProperty().bind(profileLabel.visibleProperty());
                };
        WhenFirst.run(root, Bindings.isNotEmpty(vm.profiles()), profileRowMaker);

        // a choice box, not a combo box: four fixed choices need no list view, and a combo box
        // makes
        // its list (skin, cells, scroll bars) with the dialog, a tenth of the dialog's start-up
        ChoiceBox<Environment.Kind> env = new ChoiceBox<>();
        env.setId("environment");
        env.getItems()
                .setAll(
                        Environment.Kind.SANDBOX,
                        Environment.Kind.PREPROD,
                        Environment.Kind.PROD,
                        Environment.Kind.CUSTOM);
        env.setMaxWidth(Double.MAX_VALUE);
        env.setSkin(new StretchedChoiceBoxSkin<>(env));
        env.setConverter(environmentNames());
        ChoiceMenus.keepChosenChecked(env);
        // a new converter is how a choice box relabels its value and its menu
        Weak.listen(
                env.getProperties(),
                (o, a, b) -> env.setConverter(environmentNames()),
                i18n.languageProperty());
        env.valueProperty().bindBidirectional(vm.environmentProperty());
        row = addRow(grid, row, label("login.environment"), env, null);

        // the service's addresses: rows made when "Custom" is first chosen
        int authRow = row++;
        int baseRow = row++;
        ObservableValue<Boolean> custom =
                vm.environmentProperty().isEqualTo(Environment.Kind.CUSTOM);
        WhenFirst.run(
                root,
                custom,
                () -> {
                    TextField authUrl = dataField("authUrl", vm.authUrlProperty());
                    authUrl.setPromptText("https://id.example.com");
                    TextField baseUrl = dataField("baseUrl", vm.baseUrlProperty());
                    baseUrl.setPromptText("https://api.example.com");
                    Label authLabel = label("login.authUrl");
                    Label baseLabel = label("login.baseUrl");
                    for (Node n : new Node[] {authUrl, baseUrl, authLabel, baseLabel}) {
                        n.visibleProperty().bind(custom);
                        n.managedProperty().bind(custom);
                    }
                    addRow(
                            grid,
                            authRow,
                            authLabel,
                            authUrl,
                            new ErrorLine("authUrlError", vm.authUrlErrorProperty()));
                    addRow(
                            grid,
                            baseRow,
                            baseLabel,
                            baseUrl,
                            new ErrorLine("baseUrlError", vm.baseUrlErrorProperty()));
                    markInvalid(authUrl, vm.authUrlErrorProperty());
                    markInvalid(baseUrl, vm.baseUrlErrorProperty());
                });

        bindData(clientId, "clientId", vm.clientIdProperty());
        markInvalid(clientId, vm.clientIdErrorProperty());
        row =
                addRow(
                        grid,
                        row,
                        label("login.clientId"),
                        clientId,
                        new ErrorLine("clientIdError", vm.clientIdErrorProperty()));

        secret.setId("secret");
        Bidi.leftToRight(secret);
        secret.textProperty().bindBidirectional(vm.secretProperty());
        secret.visibleProperty().bind(vm.secretRevealedProperty().not());
        markInvalid(secret, vm.secretErrorProperty());
        StackPane secretStack = new StackPane(secret);
        Label secretLabel = label("login.secret");
        SVGPath eye = new SVGPath();
        eye.setContent(
                "M12 5C7 5 2.7 8.1 1 12c1.7 3.9 6 7 11 7s9.3-3.1 11-7c-1.7-3.9-6-7-11-7zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z");
        eye.getStyleClass().add("icon");
        eye.setScaleX(0.7);
        eye.setScaleY(0.7);
        ToggleButton reveal = new ToggleButton(null, new Group(eye));
        reveal.setId("reveal");
        reveal.getStyleClass().add("reveal");
        reveal.selectedProperty().bindBidirectional(vm.secretRevealedProperty());
        AfterFirstFrame.run(
                () -> {
                    reveal.setTooltip(tooltip("login.secret.reveal"));
                    // an icon only: a screen reader reads this instead of "toggle button"
                    reveal.accessibleTextProperty().bind(i18n.text("login.secret.reveal"));
                });
        // Tab reaches the eye (Space shows and hides the secret); a click on it while typing the
        // secret
        // leaves the keyboard in the secret, where a click on a focusable button would take it
        TypedAt typedAt = new TypedAt();
        reveal.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> typedAt.keep(secretStack));
        reveal.addEventFilter(KeyEvent.KEY_PRESSED, e -> typedAt.forget());
        // the plain-text twin, made at the first "show": it holds the secret only while the user
        // asks to see it
        WhenFirst.run(
                root,
                vm.secretRevealedProperty(),
                () -> {
                    TextField shown = new TextField();
                    shown.setId("secretShown");
                    Bidi.leftToRight(shown);
                    shown.visibleProperty().bind(vm.secretRevealedProperty());
                    markInvalid(shown, vm.secretErrorProperty());
                    secretStack.getChildren().add(shown);
                    vm.secretRevealedProperty()
                            .addListener(
                                    (o, was, show) -> {
                                        if (show) {
                                            shown.textProperty()
                                                    .bindBidirectional(vm.secretProperty());
                                        }
                                        typedAt.handOver(
                                                show ? secret : shown, show ? shown : secret);
                                        // the label names the one shown (a text field's accessible
                                        // text would be read instead of its text)
                                        secretLabel.setLabelFor(show ? shown : secret);
                                        if (!show) {
                                            shown.textProperty()
                                                    .unbindBidirectional(vm.secretProperty());
                                            shown.clear();
                                        }
                                    });
                    shown.textProperty().bindBidirectional(vm.secretProperty());
                    secretLabel.setLabelFor(shown);
                    typedAt.handOver(secret, shown);
                });
        HBox.setHgrow(secretStack, Priority.ALWAYS);
        HBox secretBox = new HBox(4, secretStack, reveal);
        secretBox.setAlignment(Pos.CENTER_LEFT);
        row =
                addRow(
                        grid,
                        row,
                        secretLabel,
                        secretBox,
                        new ErrorLine("secretError", vm.secretErrorProperty()));
        // the label names the secret's field itself, not the row (the twin takes it while shown:
        // above)
        secretLabel.setLabelFor(secret);

        TextField rin = dataField("onBehalfOf", vm.onBehalfOfProperty());
        rin.promptTextProperty().bind(i18n.text("login.onBehalfOf.prompt"));
        markInvalid(rin, vm.onBehalfOfErrorProperty());
        row =
                addRow(
                        grid,
                        row,
                        label("login.onBehalfOf"),
                        rin,
                        new ErrorLine("onBehalfOfError", vm.onBehalfOfErrorProperty()));

        CheckBox remember = new CheckBox();
        remember.setId("remember");
        remember.textProperty().bind(i18n.text("login.remember"));
        remember.selectedProperty().bindBidirectional(vm.rememberProperty());
        remember.disableProperty().bind(vm.rememberAvailableProperty().not());
        HBox rememberBox = new HBox(remember);
        // tooltips are made once the dialog is drawn: nobody hovers before that, and each costs
        AfterFirstFrame.run(
                () -> {
                    Tooltip rememberTip = new Tooltip();
                    rememberTip
                            .textProperty()
                            .bind(
                                    Bindings.when(vm.rememberAvailableProperty())
                                            .then(i18n.text("login.remember.tooltip"))
                                            .otherwise(i18n.text("login.remember.unavailable")));
                    rememberTip.setWrapText(true);
                    rememberTip.setMaxWidth(360);
                    // a disabled control shows no tooltip: put it on a wrapper too
                    remember.setTooltip(rememberTip);
                    Tooltip.install(rememberBox, rememberTip);
                });
        rememberBox.setPadding(new Insets(4, 0, 4, 0));
        grid.add(rememberBox, 1, row++);

        TitledPane advanced = new TitledPane();
        advanced.setId("advanced");
        advanced.textProperty().bind(i18n.text("login.advanced"));
        advanced.setExpanded(false);
        // its content is made when it is first opened (or when the scope needs fixing)
        WhenFirst.run(
                root,
                advanced.expandedProperty().or(vm.scopeErrorProperty().isNotNull()),
                () -> {
                    TextField scope = dataField("scope", vm.scopeProperty());
                    scope.promptTextProperty().bind(i18n.text("login.scope.prompt"));
                    GridPane adv = new GridPane();
                    adv.setHgap(12);
                    Label scopeLabel = label("login.scope");
                    scopeLabel.setLabelFor(scope);
                    adv.add(scopeLabel, 0, 0);
                    adv.add(scope, 1, 0);
                    adv.add(errorLabel("scopeError", vm.scopeErrorProperty()), 1, 1);
                    markInvalid(scope, vm.scopeErrorProperty());
                    GridPane.setHgrow(scope, Priority.ALWAYS);
                    advanced.setContent(adv);
                });
        advanced.setAnimated(false);
        GridPane.setMargin(advanced, new Insets(4, 0, 0, 0));
        grid.add(advanced, 0, row++, 2, 1);

        VBox center = new VBox(10, grid, demoBox());
        center.setPadding(new Insets(0, 0, 8, 0));

        // the failure banner (last) and the settings notice (first) are made when first needed
        WhenFirst.run(
                root,
                vm.failureProperty().isNotNull(),
                () -> {
                    Label failure = new WrappingLabel();
                    failure.setId("failure");
                    failure.getStyleClass().add("error-text");
                    failure.textProperty().bind(vm.failureText());
                    Label detail = new WrappingLabel();
                    detail.setId("failureDetail");
                    detail.getStyleClass().add("muted");
                    detail.textProperty().bind(vm.failureDetail());
                    // the service's words in their own direction; the reference, in the UI's words,
                    // in the UI's
                    Bidi.ownDirection(detail, i18n.orientationProperty());
                    Label reference = new Label();
                    reference.setId("failureReference");
                    reference.getStyleClass().add("muted");
                    reference.textProperty().bind(vm.failureReference());
                    reference.visibleProperty().bind(Bindings.isNotEmpty(vm.failureReference()));
                    reference.managedProperty().bind(reference.visibleProperty());
                    VBox failureBox = new VBox(2, failure, detail, reference);
                    failureBox.getStyleClass().addAll("banner", "error");
                    failureBox.visibleProperty().bind(vm.failureProperty().isNotNull());
                    failureBox.managedProperty().bind(failureBox.visibleProperty());
                    detail.visibleProperty().bind(Bindings.isNotEmpty(vm.failureDetail()));
                    detail.managedProperty().bind(detail.visibleProperty());
                    VBox.setMargin(failureBox, new Insets(8, 20, 0, 20));
                    // below the form, not in it: a form taller than the window scrolls, and the
                    // message
                    // must not be scrolled out of sight when it comes
                    bottom.getChildren().add(0, failureBox);
                });
        WhenFirst.run(
                root,
                vm.settingsSetAsideProperty().isNotNull(),
                () -> {
                    Label noticeText = new WrappingLabel();
                    noticeText.setId("settings-notice");
                    noticeText
                            .textProperty()
                            .bind(
                                    i18n.text(
                                            "login.notice.settingsSetAside",
                                            vm.settingsSetAsideProperty()));
                    HBox.setHgrow(noticeText, Priority.ALWAYS);
                    noticeText.setMaxWidth(Double.MAX_VALUE);
                    Button dismiss = new Button();
                    dismiss.textProperty().bind(i18n.text("login.notice.dismiss"));
                    dismiss.setOnAction(e -> vm.dismissNotice());
                    HBox notice = new HBox(8, noticeText, dismiss);
                    notice.getStyleClass().addAll("banner", "warning");
                    notice.visibleProperty().bind(vm.settingsSetAsideProperty().isNotNull());
                    notice.managedProperty().bind(notice.visibleProperty());
                    VBox.setMargin(notice, new Insets(0, 20, 0, 20));
                    center.getChildren().add(0, notice);
                });
        return center;
    }

    private Node demoBox() {
        Label title = label("login.demo.title");
        title.getStyleClass().add("subheading");
        Label hint = wrapping("login.demo.hint");
        hint.getStyleClass().add("muted");
        // two columns of equal tiles; the space of two rows is kept from the start, so the window
        // is sized for the accounts before the sandbox has listed them
        TilePane accounts = new TilePane(6, 6);
        accounts.setId("demoAccounts");
        accounts.setPrefColumns(2);
        accounts.setMinHeight(2 * 42 + 6);
        accounts.setTileAlignment(Pos.CENTER_LEFT);
        vm.demoAccounts()
                .addListener(
                        (javafx.collections.ListChangeListener<DemoAccount>)
                                c -> {
                                    fillDemoButtons(accounts);
                                });
        fillDemoButtons(accounts);
        Label failed = new Label();
        failed.getStyleClass().add("error-text");
        failed.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () ->
                                        vm.demoFailureProperty().get() == null
                                                ? ""
                                                : i18n.get(vm.demoFailureProperty().get().key()),
                                vm.demoFailureProperty(),
                                i18n.languageProperty()));
        failed.visibleProperty().bind(vm.demoFailureProperty().isNotNull());
        failed.managedProperty().bind(failed.visibleProperty());
        HBox titleRow = new HBox(8, title);
        titleRow.setAlignment(Pos.CENTER_LEFT);
        WhenFirst.run(
                root,
                vm.demoLoadingProperty(),
                () -> {
                    ProgressIndicator loading = new ProgressIndicator();
                    loading.setPrefSize(16, 16);
                    loading.visibleProperty().bind(vm.demoLoadingProperty());
                    loading.managedProperty().bind(loading.visibleProperty());
                    titleRow.getChildren().add(loading);
                });
        VBox box = new VBox(4, titleRow, hint, accounts, failed);
        box.setId("demoBox");
        box.getStyleClass().add("demo-box");
        box.setPadding(new Insets(8, 20, 0, 20));
        ObservableValue<Boolean> sandbox =
                vm.environmentProperty().isEqualTo(Environment.Kind.SANDBOX);
        box.visibleProperty().bind(sandbox);
        box.managedProperty().bind(sandbox);
        return box;
    }

    private void fillDemoButtons(TilePane pane) {
        pane.getChildren().clear();
        for (DemoAccount a : vm.demoAccounts()) {
            Label kind = new Label();
            kind.textProperty()
                    .bind(
                            i18n.text(
                                    switch (a.kind()) {
                                        case TAXPAYER -> "login.demo.taxpayer";
                                        case INTERMEDIARY -> "login.demo.intermediary";
                                        case BLOCKED -> "login.demo.blocked";
                                        case EXPIRED -> "login.demo.expired";
                                        case OTHER -> "login.demo.other";
                                    }));
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
                        // the form is complete: the next step is Log in, so Enter (or Space) there
                        // logs in
                        // rather than filling the same account again on the demo's own button
                        loginButton.requestFocus();
                    });
            b.disableProperty().bind(vm.busyProperty());
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
            pane.getChildren().add(b);
        }
    }

    private Node footer() {
        // a login that takes a moment says so; one that ends sooner just ends (the button greys at
        // once)
        ReadOnlyBooleanProperty underWay =
                AfterAMoment.shown(root.getProperties(), vm.busyProperty());
        Label progressText = new Label();
        progressText.setId("progressText");
        progressText.textProperty().bind(vm.progressText());
        progressText.visibleProperty().bind(underWay);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button cancel = new Button();
        cancel.setId("cancel");
        cancel.textProperty().bind(i18n.text("login.cancel"));
        cancel.setCancelButton(false);
        cancel.setOnAction(
                e -> {
                    if (vm.isLoggingIn()) {
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
        HBox bar = new HBox(8, progressText, spacer, cancel, login);
        // the spinner is made once the dialog is on screen (not in its first frame, and not in the
        // frame after the click, where its skin and styling delayed the login), or at once if busy
        // first
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
        WhenFirst.run(root, vm.busyProperty(), makeProgress);
        AfterFirstFrame.run(makeProgress);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(10, 20, 16, 20));
        return bar;
    }

    // ---- helpers ------------------------------------------------------------------------------

    /** A field's error line: its id and the message key it shows (null when there is none). */
    private record ErrorLine(String id, ObservableStringValue key) {}

    private int addRow(GridPane grid, int row, Label label, Node field, ErrorLine error) {
        label.setLabelFor(field);
        label.setMinWidth(Region.USE_PREF_SIZE);
        label.getStyleClass().add("form-label"); // as high as its field, at every text size
        GridPane.setMargin(label, new Insets(3, 0, 3, 0));
        GridPane.setValignment(label, VPos.TOP);
        grid.add(label, 0, row);
        VBox cell = new VBox(2, field);
        cell.setPadding(new Insets(3, 0, 3, 0));
        if (error != null) {
            // the field's error line is made when it first has something to say
            WhenFirst.run(
                    root,
                    Bindings.isNotNull(error.key()),
                    () -> cell.getChildren().add(errorLabel(error.id(), error.key())));
        }
        cell.visibleProperty().bind(field.visibleProperty());
        cell.managedProperty().bind(field.managedProperty());
        grid.add(cell, 1, row);
        GridPane.setHgrow(cell, Priority.ALWAYS);
        return row + 1;
    }

    private Label label(String key) {
        Label l = new Label();
        l.textProperty().bind(i18n.text(key));
        return l;
    }

    /** A label that may wrap (in Arabic too: {@link WrappingLabel}). */
    private Label wrapping(String key) {
        Label l = new WrappingLabel();
        l.textProperty().bind(i18n.text(key));
        return l;
    }

    private Tooltip tooltip(String key) {
        Tooltip t = new Tooltip();
        t.textProperty().bind(i18n.text(key));
        return t;
    }

    private TextField dataField(String id, javafx.beans.property.StringProperty model) {
        TextField f = new TextField();
        bindData(f, id, model);
        return f;
    }

    private static void bindData(
            TextField f, String id, javafx.beans.property.StringProperty model) {
        f.setId(id);
        Bidi.leftToRight(f);
        f.textProperty().bindBidirectional(model);
    }

    private Label errorLabel(String id, ObservableStringValue errorKey) {
        Label l = new WrappingLabel();
        l.setId(id);
        l.getStyleClass().addAll("error-text", "field-error");
        l.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () -> errorKey.get() == null ? "" : i18n.get(errorKey.get()),
                                errorKey,
                                i18n.languageProperty()));
        l.visibleProperty().bind(Bindings.isNotNull(errorKey));
        l.managedProperty().bind(l.visibleProperty());
        return l;
    }

    private static void markInvalid(Node field, ObservableStringValue errorKey) {
        errorKey.addListener(
                (o, a, b) -> {
                    if (b == null) {
                        field.getStyleClass().remove("invalid");
                    } else if (!field.getStyleClass().contains("invalid")) {
                        field.getStyleClass().add("invalid");
                    }
                });
    }

    private static String environmentKey(Environment.Kind k) {
        return switch (k) {
            case SANDBOX -> "login.environment.sandbox";
            case PREPROD -> "login.environment.preprod";
            case PROD -> "login.environment.prod";
            case CUSTOM -> "login.environment.custom";
        };
    }

    /** The environments' names in the current UI language. */
    private StringConverter<Environment.Kind> environmentNames() {
        return ChoiceNames.of(k -> i18n.get(environmentKey(k)));
    }

    /** A saved profile as "client ID · environment", the environment in the current UI language. */
    private StringConverter<Profile> profileNames() {
        return ChoiceNames.of(
                p -> p.clientId() + "  ·  " + i18n.get(environmentKey(p.environment())));
    }
}
