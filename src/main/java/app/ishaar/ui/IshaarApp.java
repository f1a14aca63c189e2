package app.ishaar.ui;

import javafx.application.Application;
import javafx.stage.Stage;

/** The desktop application. Implementation: issue #4. */
public final class IshaarApp extends Application {
    @Override
    public void start(Stage stage) {
        stage.setTitle("Ishaar");
        stage.show();
    }
}
