package app.ishaar.ui;

import app.ishaar.ui.common.SceneFactory;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import javafx.application.Application;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

/** The desktop application. The login dialog and main window arrive with issue #4. */
public final class IshaarApp extends Application {
    @Override
    public void start(Stage stage) {
        I18n i18n = new I18n(AppLanguage.ENGLISH);
        Label name = new Label();
        name.textProperty().bind(i18n.text("application.name"));
        new SceneFactory(i18n).prepare(stage, new StackPane(name), "application.title");
        stage.show();
    }
}
