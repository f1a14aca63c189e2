package app.ishaar.ui.common;

import java.io.IOException;
import java.io.InputStream;
import javafx.scene.text.Font;

/**
 * The bundled fonts (OFL, see {@code /app/ishaar/fonts/OFL.txt}): Noto Sans for Latin text and Noto
 * Sans Arabic UI for Arabic, so that Ishaar looks the same on a bare Linux, Windows or macOS. Loaded
 * once, before the first scene; the style sheet names them first.
 */
public final class Fonts {
    private Fonts() {}

    private static final System.Logger LOG = System.getLogger(Fonts.class.getName());
    public static final String LATIN = "Noto Sans";
    public static final String ARABIC = "Noto Sans Arabic UI";
    private static final String[] FILES = {"NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSansArabicUI-Regular.ttf", "NotoSansArabicUI-Bold.ttf"};
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
