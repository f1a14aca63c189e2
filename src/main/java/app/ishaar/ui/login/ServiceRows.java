package app.ishaar.ui.login;

import app.ishaar.core.service.Environment;
import app.ishaar.core.settings.Profile;
import app.ishaar.ui.controls.ChoiceNames;
import app.ishaar.ui.fx.ChoiceMenus;
import app.ishaar.ui.fx.StretchedChoiceBoxSkin;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.fx.WhenFirst;
import app.ishaar.ui.i18n.I18n;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.util.StringConverter;

/**
 * The form's rows that choose the service: the saved profile (its row made once there is one; a
 * first start has none), the environment, and a custom service's two addresses (their rows made
 * when Custom is first chosen).
 */
final class ServiceRows {

    private final Node owner;
    private final FormGrid grid;
    private final Labels labels;
    private final I18n i18n;
    private final LoginViewModel vm;

    private ServiceRows(Node owner, FormGrid grid, Labels labels, LoginViewModel vm) {
        this.owner = owner;
        this.grid = grid;
        this.labels = labels;
        this.i18n = labels.i18n();
        this.vm = vm;
    }

    /** Adds the rows to {@code grid}; {@code owner}: a node of the view (see {@link WhenFirst}). */
    static void add(Node owner, FormGrid grid, Labels labels, LoginViewModel vm) {
        ServiceRows rows = new ServiceRows(owner, grid, labels, vm);
        int profileRow = grid.reserve();
        WhenFirst.run(
                owner,
                Bindings.isNotEmpty(vm.savedProfiles().profiles()),
                () -> rows.makeProfileRow(profileRow));
        rows.addEnvironmentRow();
        rows.addAddressRows();
    }

    private void makeProfileRow(int row) {
        ChoiceBox<Profile> profiles = new ChoiceBox<>(vm.savedProfiles().profiles());
        profiles.setId("profile");
        profiles.setMaxWidth(Double.MAX_VALUE);
        profiles.setConverter(profileNames());
        ChoiceMenus.keepChosenChecked(profiles);
        Weak.listen(
                profiles.getProperties(),
                (o, a, b) -> profiles.setConverter(profileNames()),
                i18n.languageProperty());
        // shows the profile the form was filled from; choosing another fills the form from it
        profiles.setValue(vm.savedProfiles().appliedProperty().get());
        vm.savedProfiles()
                .appliedProperty()
                .addListener((o, a, applied) -> profiles.setValue(applied));
        profiles.setOnAction(
                e -> {
                    Profile p = profiles.getValue();
                    if (p != null && p != vm.savedProfiles().appliedProperty().get()) {
                        vm.applyProfile(p);
                    }
                });
        Label profileLabel = labels.label("login.profile");
        grid.addAt(row, profileLabel, profiles, null);
        profileLabel.visibleProperty().bind(Bindings.isNotEmpty(vm.savedProfiles().profiles()));
        profileLabel.managedProperty().bind(profileLabel.visibleProperty());
        profiles.visibleProperty().bind(profileLabel.visibleProperty());
        profiles.managedProperty().bind(profileLabel.visibleProperty());
    }

    private void addEnvironmentRow() {
        // a choice box, not a combo box: four fixed choices need no list view, and a combo box
        // makes its list (skin, cells, scroll bars) with the dialog, a tenth of the dialog's
        // start-up
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
        env.valueProperty().bindBidirectional(vm.form().service().environmentProperty());
        grid.add(labels.label("login.environment"), env, null);
    }

    private void addAddressRows() {
        int authRow = grid.reserve();
        int baseRow = grid.reserve();
        ObservableValue<Boolean> custom =
                vm.form().service().environmentProperty().isEqualTo(Environment.Kind.CUSTOM);
        WhenFirst.run(
                owner,
                custom,
                () -> {
                    TextField authUrl =
                            FormGrid.dataField("authUrl", vm.form().service().authUrlProperty());
                    authUrl.setPromptText("https://id.example.com");
                    TextField baseUrl =
                            FormGrid.dataField("baseUrl", vm.form().service().baseUrlProperty());
                    baseUrl.setPromptText("https://api.example.com");
                    Label authLabel = labels.label("login.authUrl");
                    Label baseLabel = labels.label("login.baseUrl");
                    for (Node n : new Node[] {authUrl, baseUrl, authLabel, baseLabel}) {
                        n.visibleProperty().bind(custom);
                        n.managedProperty().bind(custom);
                    }
                    grid.addAt(
                            authRow,
                            authLabel,
                            authUrl,
                            new FormGrid.ErrorLine(
                                    "authUrlError",
                                    vm.form().service().authUrlField().shownProperty()));
                    grid.addAt(
                            baseRow,
                            baseLabel,
                            baseUrl,
                            new FormGrid.ErrorLine(
                                    "baseUrlError",
                                    vm.form().service().baseUrlField().shownProperty()));
                    FormGrid.markInvalid(
                            authUrl, vm.form().service().authUrlField().shownProperty());
                    FormGrid.markInvalid(
                            baseUrl, vm.form().service().baseUrlField().shownProperty());
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
