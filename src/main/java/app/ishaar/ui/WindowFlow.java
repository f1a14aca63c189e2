package app.ishaar.ui;

import app.ishaar.ui.common.AfterFirstFrame;
import app.ishaar.ui.common.FxExecutor;
import app.ishaar.ui.login.LoginView;
import app.ishaar.ui.login.LoginViewModel;
import app.ishaar.ui.main.MainWindowView;
import app.ishaar.ui.main.MainWindowViewModel;
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
    private Stage mainStage;

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
        view.focusFirstEmpty();
        // the dialog's background work (keychain probe; on Sandbox, starting the sandbox for the demo
        // accounts) begins once its first frame is drawn: begun at show(), it competed with that frame
        AfterFirstFrame.run(() -> {
            if (vm == loginVm) {
                vm.activate();
            }
        });
    }

    private void showMain(LoginViewModel.LoginResult result) {
        mainVm = new MainWindowViewModel(ctx.i18n(), FxExecutor.INSTANCE, ctx.background(), ctx.opener(), ctx.secrets(), ctx.settings(), ctx.clock(),
                result);
        MainWindowViewModel vm = mainVm;
        MainWindowView view = new MainWindowView(vm, ctx.i18n(), ctx.scenes(), this::quit);
        Stage stage = ctx.scenes().prepare(new Stage(), view.root(), "application.title");
        stage.titleProperty().unbind();
        stage.titleProperty().bind(vm.titleProperty());
        stage.setOnCloseRequest(e -> quit());
        mainStage = stage;
        vm.loggedOutProperty().addListener((o, a, out) -> {
            if (out && vm == mainVm) {
                mainVm = null;
                stage.hide();
                mainStage = null;
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
        stage.show();
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

    public Stage mainStage() {
        return mainStage;
    }
}
