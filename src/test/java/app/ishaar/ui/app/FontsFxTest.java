package app.ishaar.ui.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.text.Font;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** Where the bundled fonts are read from ({@link Fonts}). */
class FontsFxTest {

    private static final String REGULAR = "IshaarSans-Regular.ttf";

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void noFolder() {
        System.clearProperty(Fonts.DIR_PROPERTY);
    }

    private static Path copyTo(Path dir) throws Exception {
        Files.createDirectories(dir);
        if (Files.exists(dir.resolve(REGULAR))) {
            return dir.resolve(REGULAR);
        }
        try (InputStream in = Fonts.class.getResourceAsStream("/app/ishaar/fonts/" + REGULAR)) {
            Files.copy(in, dir.resolve(REGULAR));
        }
        return dir.resolve(REGULAR);
    }

    @Test
    void aFontFileIsReadInPlaceEvenUnderAFolderWithSpacesAndArabicInItsPath() throws Exception {
        // under the build's folder, not a test's temporary one: the font loaded stays registered
        // with the toolkit for the JVM's life, and the text of later tests in the same JVM is
        // drawn from its file, which must then still be there
        Path file =
                copyTo(
                        Path.of(
                                        "target",
                                        "fonts-fx-test",
                                        String.valueOf(ProcessHandle.current().pid()))
                                .toAbsolutePath()
                                .resolve("Program Files")
                                .resolve("إشعار fonts"));
        Font font =
                WaitForAsyncUtils.asyncFx(() -> Font.loadFont(Fonts.fileUrl(file), 13))
                        .get(30, TimeUnit.SECONDS);
        assertThat(font).as("loaded from " + file).isNotNull();
        assertThat(font.getFamily()).isEqualTo(Fonts.FAMILY);
    }

    @Test
    void theInstalledFontsFolderComesFirstThenTheBuildsOwnFile(@TempDir Path tmp) throws Exception {
        Path installed = copyTo(tmp.resolve("fonts"));
        System.setProperty(Fonts.DIR_PROPERTY, installed.getParent().toString());
        assertThat(Fonts.fileOf(REGULAR)).isEqualTo(installed);
        // a folder without the file: the build's resource, a file too (the tests run from
        // target/classes)
        System.setProperty(Fonts.DIR_PROPERTY, tmp.resolve("empty").toString());
        assertThat(Fonts.fileOf(REGULAR))
                .isNotNull()
                .endsWith(Path.of("app", "ishaar", "fonts", REGULAR));
        assertThat(Fonts.fileOf("NoSuchFont.ttf")).isNull();
    }
}
