package app.ishaar.ui.login;

import app.ishaar.core.io.LazyLogger;
import app.ishaar.core.service.ServiceException;
import app.ishaar.ui.error.Failure;
import app.ishaar.ui.i18n.I18n;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The built-in sandbox's demo accounts the dialog offers on Sandbox: listed off the FX thread
 * (which starts the sandbox), once; asked again after a failure.
 */
public final class DemoAccountList {

    private static final System.Logger LOG = LazyLogger.of(DemoAccountList.class.getName());

    private final I18n i18n;
    private final Executor fx;
    private final Executor background;
    private final DemoAccounts source;

    private final ObservableList<DemoAccount> accounts = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper loading =
            new ReadOnlyBooleanWrapper(this, "demoLoading", false);
    private final ReadOnlyObjectWrapper<Failure> failure =
            new ReadOnlyObjectWrapper<>(this, "demoFailure");
    private boolean requested;

    DemoAccountList(I18n i18n, Executor fx, Executor background, DemoAccounts source) {
        this.i18n = i18n;
        this.fx = fx;
        this.background = background;
        this.source = source;
    }

    ObservableList<DemoAccount> accounts() {
        return accounts;
    }

    ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    ReadOnlyObjectProperty<Failure> failureProperty() {
        return failure.getReadOnlyProperty();
    }

    /** Lists the accounts (in the UI language), unless they are listed or being listed. */
    void load() {
        if (requested) {
            return;
        }
        requested = true;
        loading.set(true);
        String lang = i18n.language().code();
        CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return source.list(lang);
                            } catch (Exception e) {
                                throw new CompletionException(e);
                            }
                        },
                        background)
                .whenCompleteAsync(
                        (list, e) -> {
                            loading.set(false);
                            if (e != null) {
                                requested = false;
                                LOG.log(
                                        System.Logger.Level.WARNING,
                                        "demo accounts unavailable: {0}",
                                        ServiceException.unwrap(e).toString());
                                failure.set(Failure.of("error.sandbox"));
                            } else {
                                failure.set(null);
                                accounts.setAll(list);
                            }
                        },
                        fx);
    }
}
