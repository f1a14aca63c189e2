package app.ishaar.ui.login;

import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.fx.WhenFirst;
import app.ishaar.ui.fx.WrappingLabel;
import app.ishaar.ui.i18n.I18n;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The dialog's banners, each made when first needed: a failed login's message (with the service's
 * own words and the reference to quote), and the notice that the settings file could not be read
 * and was set aside.
 */
final class LoginBanners {

    private LoginBanners() {}

    /**
     * Adds the failure banner at the top of {@code bottom} and the settings notice at the top of
     * {@code form}; {@code owner}: a node of the view (see {@link WhenFirst}).
     */
    static void add(Node owner, I18n i18n, LoginViewModel vm, VBox form, VBox bottom) {
        WhenFirst.run(
                owner,
                vm.attempts().failureProperty().isNotNull(),
                // below the form, not in it: a form taller than the window scrolls, and the
                // message must not be scrolled out of sight when it comes
                () -> bottom.getChildren().add(0, failure(i18n, vm)));
        WhenFirst.run(
                owner,
                vm.savedProfiles().setAsideProperty().isNotNull(),
                () -> form.getChildren().add(0, settingsNotice(i18n, vm)));
    }

    private static Node failure(I18n i18n, LoginViewModel vm) {
        Label failure = new WrappingLabel();
        failure.setId("failure");
        failure.getStyleClass().add("error-text");
        failure.textProperty().bind(vm.attempts().failureText());
        Label detail = new WrappingLabel();
        detail.setId("failureDetail");
        detail.getStyleClass().add("muted");
        detail.textProperty().bind(vm.attempts().failureDetail());
        // the service's words in their own direction; the reference (the UI's words) in the UI's
        Bidi.ownDirection(detail, i18n.orientationProperty());
        Label reference = new Label();
        reference.setId("failureReference");
        reference.getStyleClass().add("muted");
        reference.textProperty().bind(vm.attempts().failureReference());
        reference.visibleProperty().bind(Bindings.isNotEmpty(vm.attempts().failureReference()));
        reference.managedProperty().bind(reference.visibleProperty());
        VBox failureBox = new VBox(2, failure, detail, reference);
        failureBox.getStyleClass().addAll("banner", "error");
        failureBox.visibleProperty().bind(vm.attempts().failureProperty().isNotNull());
        failureBox.managedProperty().bind(failureBox.visibleProperty());
        detail.visibleProperty().bind(Bindings.isNotEmpty(vm.attempts().failureDetail()));
        detail.managedProperty().bind(detail.visibleProperty());
        VBox.setMargin(failureBox, new Insets(8, 20, 0, 20));
        return failureBox;
    }

    private static Node settingsNotice(I18n i18n, LoginViewModel vm) {
        Label noticeText = new WrappingLabel();
        noticeText.setId("settings-notice");
        noticeText
                .textProperty()
                .bind(
                        i18n.text(
                                "login.notice.settingsSetAside",
                                vm.savedProfiles().setAsideProperty()));
        HBox.setHgrow(noticeText, Priority.ALWAYS);
        noticeText.setMaxWidth(Double.MAX_VALUE);
        Button dismiss = new Button();
        dismiss.textProperty().bind(i18n.text("login.notice.dismiss"));
        dismiss.setOnAction(e -> vm.dismissNotice());
        HBox notice = new HBox(8, noticeText, dismiss);
        notice.getStyleClass().addAll("banner", "warning");
        notice.visibleProperty().bind(vm.savedProfiles().setAsideProperty().isNotNull());
        notice.managedProperty().bind(notice.visibleProperty());
        VBox.setMargin(notice, new Insets(0, 20, 0, 20));
        return notice;
    }
}
