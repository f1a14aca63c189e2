package app.ishaar.ui.settings;

import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.fx.WrappingLabel;
import app.ishaar.ui.i18n.I18n;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The settings dialog's proxy row: three choices, the typed proxy beside the third, its problem
 * under it, and a hint. The typed proxy is committed on Enter, when the field is left, and when the
 * dialog closes ({@link #commit()}).
 */
final class ProxyRow {
    private final ProxyRowViewModel vm;
    private final VBox box = new VBox(6);
    private final TextField address;

    ProxyRow(ProxyRowViewModel vm, I18n i18n) {
        this.vm = vm;
        RadioButton system =
                SettingsView.radio(i18n, "settingsDialog.proxy.system", "settings-proxy-system");
        RadioButton none =
                SettingsView.radio(i18n, "settingsDialog.proxy.none", "settings-proxy-none");
        RadioButton manual =
                SettingsView.radio(i18n, "settingsDialog.proxy.manual", "settings-proxy-manual");
        ToggleGroup group = new ToggleGroup();
        RadioButton[] buttons = {system, none, manual};
        for (RadioButton b : buttons) {
            b.setToggleGroup(group);
        }
        ProxyRowViewModel.Mode[] modes = ProxyRowViewModel.Mode.values();
        group.selectToggle(buttons[vm.modeProperty().get().ordinal()]);
        group.selectedToggleProperty()
                .addListener(
                        (o, old, now) -> {
                            if (now == null) {
                                group.selectToggle(old); // one of the three is always chosen
                            } else {
                                vm.modeProperty()
                                        .set(modes[java.util.List.of(buttons).indexOf(now)]);
                            }
                        });
        Weak.<ProxyRowViewModel.Mode>listen(
                box.getProperties(),
                (o, a, m) -> group.selectToggle(buttons[m.ordinal()]),
                vm.modeProperty());

        address = new TextField();
        address.setId("settings-proxy-address");
        address.setPrefColumnCount(18);
        // an example address: the same in either language (the field reads left to right)
        address.setPromptText("proxy.example.com:3128");
        address.textProperty().bindBidirectional(vm.addressProperty());
        address.disableProperty()
                .bind(vm.modeProperty().isNotEqualTo(ProxyRowViewModel.Mode.MANUAL));
        Bidi.leftToRight(address); // a host name and port read left to right in either language
        address.setOnAction(e -> vm.commit());
        address.focusedProperty()
                .addListener(
                        (o, was, focused) -> {
                            if (was && !focused) {
                                vm.commit();
                            }
                        });
        manual.setOnAction(e -> address.requestFocus()); // chosen to type the proxy next
        HBox.setHgrow(address, Priority.ALWAYS);
        HBox manualLine = new HBox(8, manual, address);
        manualLine.setAlignment(Pos.CENTER_LEFT);

        Label error = new WrappingLabel();
        error.setId("settings-proxy-error");
        error.getStyleClass().addAll("error-text", "field-error");
        error.textProperty().bind(vm.errorText());
        error.visibleProperty().bind(vm.problemProperty().isNotNull());
        error.managedProperty().bind(error.visibleProperty());
        address.accessibleHelpProperty().bind(vm.errorText());
        vm.problemProperty()
                .addListener(
                        (o, a, p) -> {
                            if (p == null) {
                                address.getStyleClass().remove("invalid");
                            } else if (!address.getStyleClass().contains("invalid")) {
                                address.getStyleClass().add("invalid");
                            }
                        });

        Label hint = new WrappingLabel();
        hint.textProperty().bind(i18n.text("settingsDialog.proxy.hint"));
        hint.getStyleClass().add("muted");
        box.getChildren().addAll(system, none, manualLine, error, hint);
        box.setAlignment(Pos.TOP_LEFT);
    }

    VBox node() {
        return box;
    }

    /**
     * The dialog is closing: a typed proxy not yet committed is; false, with the field focused,
     * when it is not a proxy's address (the dialog then stays open to show why).
     */
    boolean commit() {
        vm.commit();
        if (vm.problemProperty().get() != null) {
            address.requestFocus();
            return false;
        }
        return true;
    }
}
