package app.ishaar.ui.main;

import app.ishaar.ui.fx.WrappingLabel;
import app.ishaar.ui.i18n.I18n;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The banner across the main window while it works offline: "Offline: showing what was synced at
 * …", Try now; after the service refused the window's login, Log in (back to the dialog). Binds to
 * {@link OfflineViewModel} only.
 */
final class OfflineBanner {

    private OfflineBanner() {}

    static Node create(MainWindowViewModel window, I18n i18n) {
        OfflineViewModel vm = window.offline();
        Label text = new WrappingLabel();
        text.setId("offline-text");
        text.textProperty().bind(vm.bannerText());
        text.getStyleClass().add("heading");
        HBox.setHgrow(text, Priority.ALWAYS);
        text.setMaxWidth(Double.MAX_VALUE);

        Button tryNow = new Button();
        tryNow.setId("offline-try");
        tryNow.textProperty().bind(i18n.text("main.offline.tryNow"));
        tryNow.setOnAction(e -> vm.probeNow());
        tryNow.visibleProperty().bind(vm.refusedProperty().not());
        tryNow.managedProperty().bind(tryNow.visibleProperty());

        Button login = new Button();
        login.setId("offline-login");
        login.textProperty().bind(i18n.text("main.offline.login"));
        login.setOnAction(e -> window.logout());
        login.visibleProperty().bind(vm.refusedProperty());
        login.managedProperty().bind(login.visibleProperty());

        Label refused = new WrappingLabel();
        refused.setId("offline-refused");
        refused.getStyleClass().add("error-text");
        refused.textProperty()
                .bind(
                        javafx.beans.binding.Bindings.when(vm.withoutSecretProperty())
                                .then(i18n.text("main.offline.refusedWithoutSecret"))
                                .otherwise(i18n.text("main.offline.refused")));
        refused.visibleProperty().bind(vm.refusedProperty());
        refused.managedProperty().bind(refused.visibleProperty());

        HBox row = new HBox(8, text, tryNow, login);
        row.setAlignment(Pos.CENTER_LEFT);
        VBox box = new VBox(4, row, refused);
        box.setId("offline-banner");
        box.getStyleClass().addAll("banner", "warning");
        box.visibleProperty().bind(vm.offlineProperty());
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }
}
