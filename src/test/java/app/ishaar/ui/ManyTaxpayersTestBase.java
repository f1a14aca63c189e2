package app.ishaar.ui;

import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.ui.main.MainWindowViewModel;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import java.util.List;
import javafx.scene.control.ListView;
import javafx.scene.input.KeyCode;
import javafx.stage.Window;

/**
 * The taxpayer list of an intermediary representing 500 taxpayers: the sandbox's many-taxpayer
 * account logged in, and what its tests read of the list.
 */
abstract class ManyTaxpayersTestBase extends FxSandboxTestBase {

    static final int MANY = 500;

    @Override
    protected SandboxConfig sandboxConfig() {
        return SandboxConfig.builder().notificationsPerTaxpayer(20).represented(MANY).build();
    }

    MainWindowViewModel main() {
        return flow.mainViewModel();
    }

    ListView<TaxpayerEntry> list() {
        return lookup("#switcher-list").query();
    }

    List<TaxpayerEntry> shown() {
        return fx(() -> List.copyOf(list().getItems()));
    }

    TaxpayerEntry selected() {
        return fx(() -> list().getSelectionModel().getSelectedItem());
    }

    void logInAsTheManyTaxpayersAccount() {
        waitForDemoAccounts();
        logInAsDemo("erp-pyramids-advisers");
        waitUntil(
                "its " + MANY + " taxpayers are listed",
                () -> fx(() -> main().taxpayers().entries().size() == MANY + 1));
    }

    void focusTheFilter() {
        press(KeyCode.CONTROL, KeyCode.T).release(KeyCode.T, KeyCode.CONTROL);
        waitUntil("the filter has the focus", () -> lookup("#switcher-search").query().isFocused());
    }

    /** The main window as the user sees it, with the filter typed (see the class description). */
    void screenshot(String name, String filter) throws Exception {
        onFx(
                () -> {
                    main().taxpayers().shown().filterProperty().set(filter);
                    lookup("#switcher-search").query().requestFocus();
                });
        waitForPulses(3);
        Window w = fx(() -> flow.mainStage());
        app.ishaar.ui.settings.Screenshots.take(w, name);
    }
}
