package app.ishaar.ui.login;

import app.ishaar.core.io.LazyLogger;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.SandboxProvider;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.TokenInfo;
import app.ishaar.ui.error.Failure;
import app.ishaar.ui.fx.LatestTask;
import app.ishaar.ui.i18n.I18n;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableStringValue;

/**
 * The login itself: one at a time, off the FX thread, cancellable, with its progress and its
 * failure in words. Only the latest login's outcome counts ({@link LatestTask}): a login cancelled
 * (Esc, Cancel) is dropped, whatever it still brings (its session) closed and its secret wiped, and
 * one that ends after that changes nothing.
 */
public final class LoginAttempts {

    private static final System.Logger LOG = LazyLogger.of(LoginAttempts.class.getName());

    private final Executor background;
    private final SessionOpener opener;
    private final SandboxProvider sandbox;
    private final LatestTask task;

    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy", false);
    private final ReadOnlyStringWrapper progressKey =
            new ReadOnlyStringWrapper(this, "progressKey");
    private final ReadOnlyObjectWrapper<Failure> failure =
            new ReadOnlyObjectWrapper<>(this, "failure");
    private final StringBinding progressText;
    private final StringBinding failureText;
    private final StringBinding failureDetail;
    private final StringBinding failureReference;

    /** A login went through: the dialog stays busy (no second login) until the app closes it. */
    private boolean succeeded;

    /**
     * Told of a login that failed for want of the service (see {@link OfflineStart#unreachable});
     * true when it handled it (the window opened offline), so no failure is shown.
     */
    private java.util.function.Predicate<LoginInput> unreachable = in -> false;

    LoginAttempts(
            I18n i18n,
            Executor fx,
            Executor background,
            SessionOpener opener,
            SandboxProvider sandbox) {
        this.background = background;
        this.opener = opener;
        this.sandbox = sandbox;
        this.task = new LatestTask(fx);
        progressText =
                Bindings.createStringBinding(
                        () -> progressKey.get() == null ? "" : i18n.get(progressKey.get()),
                        progressKey,
                        i18n.languageProperty());
        failureText =
                Bindings.createStringBinding(
                        () -> failure.get() == null ? "" : failure.get().text(i18n),
                        failure,
                        i18n.languageProperty());
        failureDetail =
                Bindings.createStringBinding(
                        () ->
                                failure.get() == null || failure.get().detail() == null
                                        ? ""
                                        : failure.get().detail().strip(),
                        failure);
        failureReference =
                Bindings.createStringBinding(
                        () -> failure.get() == null ? "" : failure.get().reference(i18n),
                        failure,
                        i18n.languageProperty());
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    ObservableStringValue progressText() {
        return progressText;
    }

    public ReadOnlyObjectProperty<Failure> failureProperty() {
        return failure.getReadOnlyProperty();
    }

    ObservableStringValue failureText() {
        return failureText;
    }

    ObservableStringValue failureDetail() {
        return failureDetail;
    }

    ObservableStringValue failureReference() {
        return failureReference;
    }

    void clearFailure() {
        failure.set(null);
    }

    /** Whether a login is under way (cancellable). */
    boolean isLoggingIn() {
        return busy.get() && !succeeded;
    }

    /**
     * Logs in with {@code in}; {@code onSuccess} gets the input and the login that went through, on
     * the FX thread, and owns them from then on.
     */
    void start(LoginInput in, BiConsumer<LoginInput, Success> onSuccess) {
        failure.set(null);
        busy.set(true);
        progressKey.set(
                in.kind() == Environment.Kind.SANDBOX
                        ? "login.progress.sandbox"
                        : "login.progress.login");
        LatestTask.Run run = task.begin();
        run.await(
                PendingLogin.open(background, sandbox, opener, in),
                (login, error) -> {
                    if (error != null) {
                        failed(in, null, error);
                        return;
                    }
                    progressKey.set("login.progress.login");
                    run.await(
                            login.arrival(),
                            (token, failed) -> {
                                if (failed != null) {
                                    failed(in, login, failed);
                                    return;
                                }
                                succeeded = true;
                                onSuccess.accept(in, new Success(login, token));
                            },
                            (token, failed) -> dropped(in, login));
                },
                (login, error) -> dropped(in, login));
    }

    /** A login that went through: its session opened and its token arrived. */
    record Success(PendingLogin login, TokenInfo token) {}

    /**
     * Cancels the login under way: its HTTP call is cancelled, its session closed; the form stays
     * as typed.
     */
    void cancel() {
        if (!isLoggingIn()) {
            return;
        }
        task.cancel();
        busy.set(false);
        progressKey.set(null);
    }

    /** See {@link #unreachable}. */
    void whenUnreachable(java.util.function.Predicate<LoginInput> handler) {
        this.unreachable = handler;
    }

    private void failed(LoginInput in, PendingLogin login, Throwable error) {
        busy.set(false);
        progressKey.set(null);
        Throwable cause = ServiceException.unwrap(error);
        if (login != null) {
            login.session().close();
        }
        if (OfflineStart.unreachable(cause) && unreachable.test(in)) {
            LOG.log(
                    System.Logger.Level.INFO,
                    "service unreachable, offline: {0}",
                    cause.getMessage());
            in.wipe();
            return;
        }
        in.wipe();
        if (!(cause instanceof CancellationException)) {
            failure.set(Failure.describe(cause, in.rin()));
            LOG.log(System.Logger.Level.INFO, "login failed: {0}", cause.getMessage());
        }
    }

    /** A login cancelled meanwhile: whatever it brought is released and its secret wiped. */
    private static void dropped(LoginInput in, PendingLogin login) {
        if (login != null) {
            login.drop();
        }
        in.wipe();
    }
}
