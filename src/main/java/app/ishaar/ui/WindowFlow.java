package app.ishaar.ui;

import app.ishaar.core.settings.WindowBounds;
import app.ishaar.ui.app.WindowPlacement;
import app.ishaar.ui.fx.AfterFirstFrame;
import app.ishaar.ui.fx.FxExecutor;
import app.ishaar.ui.fx.Nodes;
import app.ishaar.ui.login.LoginView;
import app.ishaar.ui.login.LoginViewModel;
import app.ishaar.ui.main.MainWindowView;
import app.ishaar.ui.main.MainWindowViewModel;
import app.ishaar.ui.main.WindowDesktop;
import app.ishaar.ui.settings.ProxyPasswordView;
import javafx.animation.PauseTransition;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import javafx.util.Duration;

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
     * The main window's view model and view of the last login, kept after its log out (without any
     * data of the ended session) for the next login of the same profile, which then only shows them
     * again: style matching, skins and table cells of a whole window (most of a login's own time)
     * are spared. A login of another profile builds new ones.
     */
    private MainWindowViewModel keptVm;

    private MainWindowView keptView;
    private Label loggedOutNote;

    /**
     * Where the keyboard was at the log out, to return there at the next login in the kept view.
     */
    private Node focusAtLogout;

    /**
     * The main window, made at the first login and kept open, emptied, behind the dialog after a
     * log out: the next login shows its kept view again or, for another profile, puts a new view
     * into the same scene root. JavaFX forgets a scene's style cache when its window hides, so a
     * kept window spares each later login the style matching of the whole window (a large part of
     * its cost) and the making of a new window.
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
        loginVm =
                new LoginViewModel(
                        ctx.i18n(),
                        FxExecutor.INSTANCE,
                        ctx.background(),
                        ctx.opener(),
                        ctx.services().sandbox(),
                        ctx.services().demoAccounts(),
                        ctx.secrets(),
                        ctx.settings());
        LoginViewModel vm = loginVm;
        LoginView view = new LoginView(vm, ctx.i18n(), this::quit);
        ctx.scenes().prepareDialog(loginStage, view.root(), "login.window.title");
        // a proxy's 407 asks for its user name and password, keeps them, and logs in again
        ProxyPasswordView.askOn(
                vm.attempts().failureProperty(),
                vm::login,
                ctx.proxyCredentials(),
                ctx.i18n(),
                ctx.scenes(),
                loginStage,
                ctx.background());
        loginStage.setMinWidth(460);
        loginStage.setMinHeight(420);
        loginStage.setOnCloseRequest(e -> quit());
        vm.resultProperty()
                .addListener(
                        (o, a, r) -> {
                            if (r != null && vm == loginVm) {
                                showMain(r);
                            }
                        });
        loginStage.show();
        loginStage.toFront();
        view.focusFirstEmpty();
        // the dialog's background work (keychain probe; on Sandbox, starting the sandbox for the
        // demo accounts) begins once its first frame is drawn: begun at show(), it competed with
        // that frame
        AfterFirstFrame.run(
                () -> {
                    if (vm == loginVm) {
                        vm.activate();
                        ctx.prepareInBackground();
                    }
                });
    }

    /**
     * The desktop as a main window's view model sees it: the app's file opener and notifier, the
     * app in front while one of its windows has focus, and the window brought in front while it is
     * the main window ({@code window}: its view model, once made).
     */
    private WindowDesktop desktopFor(java.util.function.Supplier<MainWindowViewModel> window) {
        return new WindowDesktop(
                ctx.fileOpener(),
                ctx.notifier(),
                () ->
                        javafx.stage.Window.getWindows().stream()
                                .anyMatch(javafx.stage.Window::isFocused),
                () -> {
                    if (mainStage != null && mainVm != null && mainVm == window.get()) {
                        mainStage.setIconified(false);
                        mainStage.toFront();
                        mainStage.requestFocus();
                    }
                });
    }

    /** Keeps a main window's view model and makes its view; its log out brings the dialog back. */
    private MainWindowView adopt(MainWindowViewModel vm, LoginViewModel.LoginResult result) {
        keptVm = vm;
        keptView = new MainWindowView(vm, ctx.i18n(), ctx.scenes(), this::quit);
        focusAtLogout = null;
        vm.loggedOutProperty()
                .addListener(
                        (o, a, out) -> {
                            if (out && vm == mainVm) {
                                mainVm = null;
                                showLoggedOut();
                                showLogin();
                            }
                        });
        return keptView;
    }

    private void ensureMainStage() {
        if (mainStage != null) {
            return;
        }
        mainHost =
                new StackPane() {
                    // as a scene does with its root: the view gets exactly the window's size (a
                    // plain StackPane would centre a view wider than the window and cut off both
                    // its edges)
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
        mainPlacement =
                WindowPlacement.restoreAndFollow(
                        mainStage,
                        ctx.settings().get().mainWindow(),
                        MainWindowView.PREF_WIDTH,
                        MainWindowView.PREF_HEIGHT);
    }

    private void showMain(LoginViewModel.LoginResult result) {
        MainWindowViewModel vm;
        if (keptVm != null && keptVm.canReopen(result)) {
            vm = keptVm;
            mainVm = vm;
            vm.reopen(result);
        } else {
            java.util.concurrent.atomic.AtomicReference<MainWindowViewModel> made =
                    new java.util.concurrent.atomic.AtomicReference<>();
            vm =
                    new MainWindowViewModel(
                            ctx.i18n(),
                            FxExecutor.INSTANCE,
                            ctx.background(),
                            ctx.opener(),
                            ctx.secrets(),
                            ctx.settings(),
                            ctx.archive(),
                            ctx.clock(),
                            desktopFor(made::get),
                            result,
                            ctx.loginBudget(),
                            null);
            made.set(vm);
            mainVm = vm;
            adopt(vm, result);
        }
        ensureMainStage();
        Stage stage = mainStage;
        stage.titleProperty().unbind();
        stage.titleProperty().bind(vm.title().titleProperty());
        loginVm = null;
        Parent root = keptView.root();
        if (root.getParent() != mainHost) {
            mainHost.getChildren().setAll(root);
            closeDialog();
            if (!stage.isShowing()) {
                stage.show();
            }
            // the keyboard on the history, as when a kept window is shown again
            keptView.focusContent();
            stage.toFront();
            stage.requestFocus();
            return;
        }
        // The same view, hidden since the log out, is shown again where it is (taking it out of the
        // scene and back would style all of it anew), and with its first page: the dialog stays,
        // saying it is logging in, until that page is there (or REVEAL_WAIT has passed) and drawn,
        // so the window is laid out and drawn once, with its rows, and never shows its logged-out
        // line.
        Runnable reveal =
                () -> {
                    if (vm != mainVm) {
                        return; // quit or logged out meanwhile
                    }
                    mainHost.getChildren().remove(loggedOutNote);
                    root.setVisible(true);
                    Node f = focusAtLogout;
                    focusAtLogout = null;
                    if (f != null
                            && f.getScene() == stage.getScene()
                            && f.isFocusTraversable()
                            && !f.isDisabled()) {
                        f.requestFocus();
                    } else {
                        keptView.focusContent();
                    }
                    // the dialog goes once the window has drawn its new content (gone at once, it
                    // uncovered the window's last frame, its logged-out line, for a frame); the
                    // window, open all along behind it, then takes the keyboard back; unless it was
                    // logged out meanwhile (the dialog is then the new one)
                    AfterFirstFrame.run(
                            () -> {
                                if (vm != mainVm) {
                                    return;
                                }
                                closeDialog();
                                stage.toFront();
                                stage.requestFocus();
                            });
                };
        ObservableValue<Boolean> loading =
                vm.current() == null ? null : vm.current().history().requests().loadingProperty();
        if (loading == null || !loading.getValue()) {
            reveal.run();
            return;
        }
        PauseTransition wait = new PauseTransition(REVEAL_WAIT);
        ChangeListener<Boolean> loaded =
                new ChangeListener<>() {
                    @Override
                    public void changed(
                            ObservableValue<? extends Boolean> o, Boolean was, Boolean now) {
                        if (!now) {
                            o.removeListener(this);
                            wait.stop();
                            reveal.run();
                        }
                    }
                };
        loading.addListener(loaded);
        wait.setOnFinished(
                e -> {
                    loading.removeListener(loaded);
                    reveal.run();
                });
        wait.play();
    }

    /**
     * How long a login in the kept window waits for its first page before showing the window
     * without it.
     */
    static final Duration REVEAL_WAIT = Duration.millis(150);

    /**
     * Hides the used login dialog; it is dropped (log out builds a fresh one) and stops following
     * the language.
     */
    private void closeDialog() {
        loginStage.hide();
        javafx.scene.Scene used = loginStage.getScene();
        loginStage.setScene(null);
        if (used != null) {
            used.nodeOrientationProperty().unbind();
            used.setRoot(new javafx.scene.Group());
        }
    }

    /** Remembers where the main window is (saved with the settings). */
    private void rememberPlacement() {
        WindowBounds bounds = mainPlacement == null ? null : mainPlacement.current();
        if (bounds != null) {
            ctx.settings().update(s -> s.withMainWindow(bounds));
        }
    }

    /**
     * The kept main window after a log out: no data of the ended session (its view models let go of
     * it), the view hidden under a line saying why the window is empty. A login of the same profile
     * shows that view again (see {@link MainWindowViewModel#canReopen}); another profile's replaces
     * it.
     */
    private void showLoggedOut() {
        rememberPlacement();
        Stage stage = mainStage;
        Node owner = stage.getScene().getFocusOwner();
        focusAtLogout = owner != null && Nodes.isInside(owner, keptView.root()) ? owner : null;
        if (loggedOutNote == null) {
            loggedOutNote = new Label();
            loggedOutNote.setId("main-logged-out");
            loggedOutNote.getStyleClass().add("muted");
            loggedOutNote.setAlignment(Pos.CENTER);
            loggedOutNote.setMaxSize(Double.MAX_VALUE, Double.MAX_VALUE);
            loggedOutNote.textProperty().bind(ctx.i18n().text("main.loggedOut"));
        }
        keptView.root().setVisible(false);
        mainHost.getChildren().add(loggedOutNote);
        mainHost.requestFocus(); // nothing of the hidden view keeps the keyboard
        stage.titleProperty().unbind();
        stage.titleProperty().bind(ctx.i18n().text("application.title"));
    }

    /** Ends the run: closes every session, wipes the secrets, writes the settings. */
    public void quit() {
        if (loginVm != null) {
            loginVm.cancel();
            loginVm.clearSecret();
            // what the dialog left for after its first frame (the keychain probe, the demo
            // accounts, the first login's preparation) checks that it is still the current one: now
            // it is not
            loginVm = null;
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

    /**
     * The main window's view model that is kept for the next login (logged out), or the open one;
     * null before any.
     */
    public MainWindowViewModel keptViewModel() {
        return keptVm;
    }

    /** The view of {@link #keptViewModel()}: the window kept, or open; null before any. */
    public MainWindowView keptView() {
        return keptView;
    }

    /** The main window's view while a login has it open, else null. */
    public MainWindowView mainView() {
        return mainVm == null ? null : keptView;
    }

    /** The main window while a login has it open, else null. */
    public Stage mainStage() {
        return mainVm == null ? null : mainStage;
    }
}
