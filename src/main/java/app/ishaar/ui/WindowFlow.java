package app.ishaar.ui;

import app.ishaar.core.settings.WindowBounds;
import app.ishaar.ui.common.AfterFirstFrame;
import app.ishaar.ui.common.FxExecutor;
import app.ishaar.ui.common.WindowPlacement;
import app.ishaar.ui.login.LoginView;
import app.ishaar.ui.login.LoginViewModel;
import app.ishaar.ui.main.MainWindowView;
import app.ishaar.ui.main.MainWindowViewModel;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

/**
 * The windows of a run: the login dialog, then the main window; log out returns to the dialog with
 * a fresh form (no secret unless it is in the keychain). Closing either window ends the run.
 */
public final class WindowFlow {

    private final AppContext ctx;
    private final Stage loginStage;
    private final Runnable onExit;
    private LoginViewModel loginVm;
    private MainWindowViewModel mainVm;
    /**
     * The main window, made at the first login and kept open, empty, behind the dialog after a log
     * out: the next login puts its new view into the same scene root. JavaFX forgets a scene's style
     * cache when its window hides, so a kept window spares each later login the style matching of
     * the whole window (a large part of its cost) and the making of a new window.
     */
    private Stage mainStage;
    private StackPane mainHost;
    /** Follows where the main window is, to open it there next run. */
    private WindowPlacement mainPlacement;

    public WindowFlow(AppContext ctx, Stage loginStage, Runnable onExit) {
        this.ctx = ctx;
        this.loginStage = loginStage;
        this.onExit = onExit;
    }

    public void showLogin() {
        loginVm = new LoginViewModel(ctx.i18n(), FxExecutor.INSTANCE, ctx.background(), ctx.opener(), ctx.services().sandbox(),
                ctx.services().demoAccounts(), ctx.secrets(), ctx.settings());
        LoginViewModel vm = loginVm;
        LoginView view = new LoginView(vm, ctx.i18n(), this::quit);
        ctx.scenes().prepare(loginStage, view.root(), "login.window.title");
        loginStage.setMinWidth(460);
        loginStage.setMinHeight(420);
        loginStage.setOnCloseRequest(e -> quit());
        vm.resultProperty().addListener((o, a, r) -> {
            if (r != null && vm == loginVm) {
                showMain(r);
            }
        });
        loginStage.show();
        loginStage.toFront();
        view.focusFirstEmpty();
        // the dialog's background work (keychain probe; on Sandbox, starting the sandbox for the demo
        // accounts) begins once its first frame is drawn: begun at show(), it competed with that frame
        AfterFirstFrame.run(() -> {
            if (vm == loginVm) {
                vm.activate();
                ctx.prepareInBackground();
            }
        });
    }

    private void showMain(LoginViewModel.LoginResult result) {
        mainVm = new MainWindowViewModel(ctx.i18n(), FxExecutor.INSTANCE, ctx.background(), ctx.opener(), ctx.secrets(), ctx.settings(), ctx.clock(),
                result);
        MainWindowViewModel vm = mainVm;
        MainWindowView view = new MainWindowView(vm, ctx.i18n(), ctx.scenes(), this::quit);
        if (mainStage == null) {
            mainHost = new StackPane() {
                // as a scene does with its root: the view gets exactly the window's size (a plain
                // StackPane would centre a view wider than the window and cut off both its edges)
                @Override
                protected void layoutChildren() {
                    for (Node child : getManagedChildren()) {
                        child.resizeRelocate(0, 0, getWidth(), getHeight());
                    }
                }
            };
            mainHost.setId("main");
            mainStage = ctx.scenes().prepare(new Stage(), mainHost, "application.title");
            mainStage.setOnCloseRequest(e -> quit());
            mainPlacement = WindowPlacement.restoreAndFollow(mainStage, ctx.settings().get().mainWindow());
        }
        Stage stage = mainStage;
        mainHost.getChildren().setAll(view.root());
        stage.titleProperty().unbind();
        stage.titleProperty().bind(vm.titleProperty());
        vm.loggedOutProperty().addListener((o, a, out) -> {
            if (out && vm == mainVm) {
                mainVm = null;
                showLoggedOut(stage);
                showLogin();
            }
        });
        loginStage.hide();
        // the used dialog is dropped (log out builds a fresh one) and stops following the language
        javafx.scene.Scene used = loginStage.getScene();
        loginStage.setScene(null);
        if (used != null) {
            used.nodeOrientationProperty().unbind();
            used.setRoot(new javafx.scene.Group());
        }
        loginVm = null;
        if (!stage.isShowing()) {
            stage.show();
        }
    }

    /** Remembers where the main window is (saved with the settings). */
    private void rememberPlacement() {
        WindowBounds bounds = mainPlacement == null ? null : mainPlacement.current();
        if (bounds != null) {
            ctx.settings().update(s -> s.withMainWindow(bounds));
        }
    }

    /** The kept main window after a log out: no data of the ended session, a line saying why it is empty. */
    private void showLoggedOut(Stage stage) {
        rememberPlacement();
        Label note = new Label();
        note.setId("main-logged-out");
        note.getStyleClass().add("muted");
        note.setAlignment(Pos.CENTER);
        note.textProperty().bind(ctx.i18n().text("main.loggedOut"));
        mainHost.getChildren().setAll(note);
        stage.titleProperty().unbind();
        stage.titleProperty().bind(ctx.i18n().text("application.title"));
    }

    /** Ends the run: closes every session, wipes the secrets, writes the settings. */
    public void quit() {
        if (loginVm != null) {
            loginVm.cancel();
            loginVm.clearSecret();
        }
        if (mainVm != null) {
            MainWindowViewModel vm = mainVm;
            mainVm = null;
            vm.logout();
        }
        rememberPlacement();
        if (mainStage != null) {
            mainStage.hide();
        }
        loginStage.hide();
        ctx.settings().flush();
        onExit.run();
    }

    public LoginViewModel loginViewModel() {
        return loginVm;
    }

    /** The main window's view model while it is open, else null. */
    public MainWindowViewModel mainViewModel() {
        return mainVm;
    }

    public Stage loginStage() {
        return loginStage;
    }

    /** The main window while a login has it open, else null. */
    public Stage mainStage() {
        return mainVm == null ? null : mainStage;
    }
}
