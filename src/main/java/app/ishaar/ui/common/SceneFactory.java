package app.ishaar.ui.common;

import app.ishaar.ui.i18n.I18n;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.image.Image;
import javafx.stage.Stage;

/**
 * The one place that makes scenes and stages (Cryptomator's pattern): each gets the application's
 * style sheet, follows the UI language's direction (right-to-left in Arabic), and carries the
 * application icons.
 */
public final class SceneFactory {

    public static final String STYLESHEET = "/app/ishaar/ui/ishaar.css";
    private static final int[] ICON_SIZES = {16, 24, 32, 48, 64, 128, 256, 512};

    private final I18n i18n;
    private List<Image> icons;

    public SceneFactory(I18n i18n) {
        this.i18n = i18n;
        Fonts.loadOnce();
        followFormatLocale(i18n);
    }

    /**
     * JavaFX's own formatted controls (the DatePicker's calendar: month and weekday names, digits)
     * read the default FORMAT locale: it follows the UI language and digit setting from here, the
     * one place, before any picker shows its calendar.
     */
    private static void followFormatLocale(I18n i18n) {
        Runnable apply = () -> Locale.setDefault(Locale.Category.FORMAT, i18n.formatLocale());
        apply.run();
        i18n.languageProperty().addListener((o, a, b) -> apply.run());
        i18n.latinDigitsProperty().addListener((o, a, b) -> apply.run());
    }

    public Scene createScene(Parent root) {
        Scene scene = new Scene(root);
        scene.getStylesheets().add(SceneFactory.class.getResource(STYLESHEET).toExternalForm());
        scene.nodeOrientationProperty().bind(i18n.orientationProperty());
        return scene;
    }

    /** Titles the stage through the bundles, gives it the icons, and sets the scene. */
    public Stage prepare(Stage stage, Parent root, String titleKey) {
        stage.setScene(createScene(root));
        stage.titleProperty().bind(i18n.text(titleKey));
        stage.getIcons().setAll(icons());
        return stage;
    }

    public List<Image> icons() {
        if (icons == null) {
            List<Image> loaded = new ArrayList<>();
            for (int size : ICON_SIZES) {
                try (InputStream in = SceneFactory.class.getResourceAsStream("/app/ishaar/icons/ishaar-" + size + ".png")) {
                    if (in != null) {
                        loaded.add(new Image(in));
                    }
                } catch (java.io.IOException e) {
                    // an icon that cannot be read is left out; the window still opens
                }
            }
            icons = List.copyOf(loaded);
        }
        return icons;
    }
}
