package app.ishaar.ui.common;

import java.io.IOException;
import java.io.InputStream;
import javafx.scene.text.Font;

/**
 * The bundled font "Ishaar Sans" (OFL, see {@code /app/ishaar/fonts/OFL.txt}): Noto Sans Arabic UI
 * with Noto Sans's Latin and punctuation merged in ({@code tools/fonts/build-ishaar-sans.sh}), so that
 * Ishaar looks the same on a bare Linux, Windows or macOS. One font for both scripts on purpose:
 * JavaFX does not mirror brackets that come from a fallback font in right-to-left text. Loaded once,
 * before the first scene; the style sheet names it.
 */
public final class Fonts {
    private Fonts() {}

    private static final System.Logger LOG = System.getLogger(Fonts.class.getName());
    public static final String FAMILY = "Ishaar Sans";
    private static final String[] FILES = {"IshaarSans-Regular.ttf", "IshaarSans-Bold.ttf"};
    private static boolean loaded;

    /** Loads the bundled fonts the first time it is called (cheap afterwards). */
    public static synchronized void loadOnce() {
        if (loaded) {
            return;
        }
        loaded = true;
        for (String file : FILES) {
            try (InputStream in = Fonts.class.getResourceAsStream("/app/ishaar/fonts/" + file)) {
                if (in == null || Font.loadFont(in, 13) == null) {
                    LOG.log(System.Logger.Level.WARNING, "bundled font {0} could not be loaded", file);
                }
            } catch (IOException e) {
                LOG.log(System.Logger.Level.WARNING, "bundled font {0} could not be read: {1}", file, e.getMessage());
            }
        }
    }
}
