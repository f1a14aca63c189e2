package app.ishaar.ui.app;

import app.ishaar.core.io.LazyLogger;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.text.Font;

/**
 * The bundled font "Ishaar Sans" (OFL, see {@code /app/ishaar/fonts/OFL.txt}): Noto Sans Arabic UI
 * with Noto Sans's Latin and punctuation merged in ({@code tools/fonts/build-ishaar-sans.sh}), so
 * that Ishaar looks the same on a bare Linux, Windows or macOS. One font for both scripts on
 * purpose: JavaFX does not mirror brackets that come from a fallback font in right-to-left text.
 * Loaded once, before the first scene; the style sheet names it.
 */
public final class Fonts {
    private Fonts() {}

    private static final System.Logger LOG = LazyLogger.of(Fonts.class.getName());
    public static final String FAMILY = "Ishaar Sans";

    /** Where the fonts are among the classes (and in the jar). */
    private static final String RESOURCES = "/app/ishaar/fonts/";

    private static final String[] FILES = {"IshaarSans-Regular.ttf", "IshaarSans-Bold.ttf"};
    private static boolean loaded;

    /**
     * A folder holding the font files themselves ({@code -Dishaar.fonts.dir}; the installed app's
     * launchers give theirs). Read where they are, a font costs no temporary copy: loaded from the
     * jar, JavaFX first copies it into a new temporary file, and the first such file of a process
     * slows the start (the JDK seeds the random generator of temporary names).
     */
    public static final String DIR_PROPERTY = "ishaar.fonts.dir";

    /** Loads the bundled fonts the first time it is called (cheap afterwards). */
    public static synchronized void loadOnce() {
        if (loaded) {
            return;
        }
        loaded = true;
        for (String file : FILES) {
            Path inPlace = fileOf(file);
            Font font = inPlace == null ? null : Font.loadFont(fileUrl(inPlace), 13);
            if (font == null) {
                font = fromJar(file);
            }
            if (font == null) {
                LOG.log(System.Logger.Level.WARNING, "bundled font {0} could not be loaded", file);
            }
        }
    }

    /**
     * The font file on disk: in the fonts folder, or the resource itself when the classes are a
     * folder (a build).
     */
    static Path fileOf(String file) {
        String dir = System.getProperty(DIR_PROPERTY);
        if (dir != null && !dir.isBlank()) {
            Path p = Path.of(dir, file);
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        URL resource = Fonts.class.getResource(RESOURCES + file);
        if (resource != null && "file".equals(resource.getProtocol())) {
            try {
                return Path.of(resource.toURI());
            } catch (URISyntaxException | IllegalArgumentException e) {
                return null;
            }
        }
        return null;
    }

    /**
     * The address JavaFX reads a font file by: it takes the path of a file: URL as it is, without
     * decoding it, so the path goes in plain (a path it cannot read that way is read from the jar).
     */
    static String fileUrl(Path p) {
        return "file:" + p.toAbsolutePath().toString().replace(java.io.File.separatorChar, '/');
    }

    private static Font fromJar(String file) {
        try (InputStream in = Fonts.class.getResourceAsStream(RESOURCES + file)) {
            return in == null ? null : Font.loadFont(in, 13);
        } catch (IOException e) {
            LOG.log(
                    System.Logger.Level.WARNING,
                    "bundled font {0} could not be read: {1}",
                    file,
                    e.getMessage());
            return null;
        }
    }
}
