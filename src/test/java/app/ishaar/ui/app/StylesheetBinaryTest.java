package app.ishaar.ui.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javafx.css.CssParser;
import javafx.css.Stylesheet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every style sheet of the app also ships in JavaFX's binary form (made by the build, see the pom),
 * which JavaFX loads in its place: the binary must say exactly what the text says, or the app would
 * look other than its CSS reads.
 */
class StylesheetBinaryTest {

    static Stream<String> styleSheets() throws IOException {
        Path root = Path.of("src/main/resources");
        try (Stream<Path> files = Files.walk(root)) {
            List<String> css =
                    files.filter(f -> f.toString().endsWith(".css"))
                            .map(f -> "/" + root.relativize(f).toString().replace('\\', '/'))
                            .toList();
            assertThat(css)
                    .contains(
                            SceneFactory.STYLESHEET,
                            app.ishaar.ui.notifications.HistoryView.STYLESHEET);
            return css.stream();
        }
    }

    @ParameterizedTest
    @MethodSource("styleSheets")
    void theBinaryFormSaysWhatTheTextSays(String resource) throws IOException {
        URL text = StylesheetBinaryTest.class.getResource(resource);
        URL binary = StylesheetBinaryTest.class.getResource(resource.replaceAll("\\.css$", ".bss"));
        assertThat(text).as(resource).isNotNull();
        assertThat(binary)
                .as("the binary form of " + resource + " (made by the build)")
                .isNotNull();
        Stylesheet parsed = new CssParser().parse(text);
        Stylesheet loaded = Stylesheet.loadBinary(binary);
        assertThat(rules(loaded)).as(resource).isNotEmpty().isEqualTo(rules(parsed));
    }

    /**
     * Each rule as its selectors and its declarations (a binary rule decodes its declarations when
     * first asked).
     */
    private static List<String> rules(Stylesheet s) {
        return s.getRules().stream()
                .map(
                        r ->
                                r.getSelectors()
                                        + " { "
                                        + r.getDeclarations().stream()
                                                .map(
                                                        d ->
                                                                d.getProperty()
                                                                        + ": "
                                                                        + d.getParsedValue()
                                                                        + (d.isImportant()
                                                                                ? " !important"
                                                                                : ""))
                                                .toList()
                                        + " }")
                .toList();
    }
}
