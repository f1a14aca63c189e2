package app.ishaar.ui.i18n;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * JabRef-style localization consistency: both bundles have the same keys, each used, none twice.
 */
class BundleConsistencyTest {

    private static final Path BUNDLES = Path.of("src/main/resources/app/ishaar/i18n");
    private static final Path SOURCES = Path.of("src/main/java");

    /**
     * A key written literally in code: i18n.get("a.b"), text("a.b", …), or a KEY constant "a.b.c".
     */
    private static final Pattern LITERAL =
            Pattern.compile("\"([a-z][a-zA-Z0-9]*(?:\\.[a-zA-Z0-9_-]+)+)\"");

    private static Properties load(String lang) throws IOException {
        Properties p = new Properties();
        try (InputStream in =
                Files.newInputStream(BUNDLES.resolve("messages_" + lang + ".properties"))) {
            p.load(new java.io.InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return p;
    }

    private static List<String> rawKeys(String lang) throws IOException {
        List<String> keys = new ArrayList<>();
        for (String line :
                Files.readAllLines(
                        BUNDLES.resolve("messages_" + lang + ".properties"),
                        StandardCharsets.UTF_8)) {
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#") || t.startsWith("!")) {
                continue;
            }
            int eq = t.indexOf('=');
            keys.add((eq < 0 ? t : t.substring(0, eq)).strip());
        }
        return keys;
    }

    private static Set<String> literalsInCode() throws IOException {
        Set<String> found = new HashSet<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path f :
                    (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                Matcher m = LITERAL.matcher(Files.readString(f, StandardCharsets.UTF_8));
                while (m.find()) {
                    found.add(m.group(1));
                }
            }
        }
        return found;
    }

    @Test
    void bothLanguagesHaveExactlyTheSameKeys() throws IOException {
        Set<String> en = load("en").stringPropertyNames();
        Set<String> ar = load("ar").stringPropertyNames();
        assertThat(new TreeSet<>(ar)).as("keys of messages_ar").isEqualTo(new TreeSet<>(en));
    }

    @Test
    void noKeyIsDefinedTwice() throws IOException {
        for (String lang : List.of("en", "ar")) {
            List<String> keys = rawKeys(lang);
            Set<String> seen = new HashSet<>();
            List<String> dup = keys.stream().filter(k -> !seen.add(k)).toList();
            assertThat(dup).as("duplicate keys in messages_" + lang).isEmpty();
        }
    }

    @Test
    void noValueIsEmpty() throws IOException {
        for (String lang : List.of("en", "ar")) {
            Properties p = load(lang);
            List<String> empty =
                    p.stringPropertyNames().stream()
                            .filter(k -> p.getProperty(k).isBlank())
                            .sorted()
                            .toList();
            assertThat(empty).as("empty values in messages_" + lang).isEmpty();
        }
    }

    @Test
    void everyKeyIsUsed() throws IOException {
        Set<String> literals = literalsInCode();
        List<String> unused =
                load("en").stringPropertyNames().stream()
                        .filter(k -> !literals.contains(k))
                        // a counting message's singular is used with its message (I18n.get)
                        .filter(
                                k ->
                                        !(k.endsWith(I18n.SINGULAR)
                                                && literals.contains(
                                                        k.substring(
                                                                0,
                                                                k.length()
                                                                        - I18n.SINGULAR.length()))))
                        .filter(k -> I18nKeys.COMPUTED_PREFIXES.stream().noneMatch(k::startsWith))
                        .sorted()
                        .toList();
        assertThat(unused).as("keys no code uses").isEmpty();
    }

    @Test
    void everyKeyTheCodeNamesExists() throws IOException {
        Set<String> en = load("en").stringPropertyNames();
        Set<String> bundlePrefixes = new HashSet<>();
        for (String k : en) {
            bundlePrefixes.add(k.substring(0, k.indexOf('.') + 1));
        }
        // A literal counts as a key reference when it starts like one of the bundle's families.
        List<String> missing =
                literalsInCode().stream()
                        .filter(s -> bundlePrefixes.contains(s.substring(0, s.indexOf('.') + 1)))
                        .filter(s -> !en.contains(s))
                        .filter(s -> I18nKeys.COMPUTED_PREFIXES.stream().noneMatch(s::equals))
                        .sorted()
                        .toList();
        assertThat(missing).as("keys named in code but absent from the bundles").isEmpty();
    }

    @Test
    void noValueNamesAModifierKeyAsOnePlatformDoes() throws IOException {
        // Ctrl on Linux and Windows is ⌘ on macOS, Alt is ⌥: the views fill such keys in from
        // KeyCombination.getDisplayText(), which names them as the platform the app runs on does.
        Pattern modifier = Pattern.compile("\\b(Ctrl|Cmd|Command|Alt|Shift|Meta|Option)\\s*\\+");
        for (String lang : List.of("en", "ar")) {
            Properties p = load(lang);
            List<String> named =
                    p.stringPropertyNames().stream()
                            .filter(k -> modifier.matcher(p.getProperty(k)).find())
                            .sorted()
                            .toList();
            assertThat(named)
                    .as("values of messages_" + lang + " that write a modifier key out")
                    .isEmpty();
        }
    }

    @Test
    void arabicTextIsArabic() throws IOException {
        Properties ar = load("ar");
        Pattern arabic = Pattern.compile("\\p{IsArabic}");
        // Values that are legitimately not Arabic: the other language's own name, and pure
        // placeholders.
        Set<String> allowed = Set.of("language.english");
        List<String> notArabic =
                ar.stringPropertyNames().stream()
                        .filter(k -> !allowed.contains(k))
                        .filter(k -> !arabic.matcher(ar.getProperty(k)).find())
                        // (the Arabic comma and semicolon are of no script of their own in Unicode,
                        // as "," is not)
                        .filter(k -> !ar.getProperty(k).matches("[\\s{}0-9,.:/()–،؛-]*"))
                        .sorted()
                        .toList();
        assertThat(notArabic).as("Arabic values with no Arabic letter").isEmpty();
    }
}
