package app.ishaar.core.support;

import app.ishaar.core.io.IoProblem;
import app.ishaar.core.io.RegularFiles;
import app.ishaar.core.settings.SettingsStore;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TimeZone;

/**
 * What Help › Copy diagnostics puts on the clipboard for a support request: the version, the
 * runtime and the OS, the settings (which hold no secret: secrets live in the OS keychain; a member
 * named like a secret or a token is dropped all the same, but for a yes/no flag), and the support
 * log's last lines. Plain English text: it is read by support staff, and pasted into a mail or a
 * ticket.
 */
public final class Diagnostics {
    private Diagnostics() {}

    /** The support log's lines copied. */
    public static final int LOG_LINES = 200;

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * @param version the app's version ({@code ServiceClient.version()})
     * @param settingsFile the settings file (read with the settings' own limits), or null
     * @param logDir the support log's folder, if it is on
     */
    public static String text(String version, Path settingsFile, Optional<Path> logDir) {
        StringBuilder b = new StringBuilder(8192);
        b.append("Ishaar ").append(version).append('\n');
        b.append("Java ")
                .append(
                        System.getProperty(
                                "java.runtime.version", System.getProperty("java.version")))
                .append(" (")
                .append(System.getProperty("java.vendor", "?"))
                .append("), JavaFX ")
                .append(System.getProperty("javafx.runtime.version", "-"))
                .append('\n');
        b.append(System.getProperty("os.name"))
                .append(' ')
                .append(System.getProperty("os.version"))
                .append(' ')
                .append(System.getProperty("os.arch"))
                .append('\n');
        b.append("Locale ")
                .append(Locale.getDefault().toLanguageTag())
                .append(", time zone ")
                .append(TimeZone.getDefault().getID())
                .append('\n');
        b.append("Settings file: ")
                .append(settingsFile == null ? "-" : settingsFile.toString())
                .append('\n');
        b.append("Support log: ").append(logDir.map(Path::toString).orElse("off")).append("\n\n");
        b.append("--- settings (secrets are never kept in them) ---\n");
        b.append(settings(settingsFile)).append('\n');
        b.append("--- support log, last lines ---\n");
        String tail = logDir.map(d -> SupportLog.tail(d, LOG_LINES)).orElse("");
        b.append(tail.isEmpty() ? "(empty)\n" : tail);
        return Redaction.apply(b.toString());
    }

    /** The settings document, indented, without any member named like a secret. */
    static String settings(Path file) {
        if (file == null) {
            return "(none)";
        }
        try {
            JsonNode tree = JSON.readTree(RegularFiles.readRegular(file, SettingsStore.MAX_BYTES));
            dropSecrets(tree);
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(tree);
        } catch (NoSuchFileException e) {
            return "(none yet: the defaults)";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return "(not a readable settings document)";
        } catch (IOException e) {
            return "(could not be read: " + IoProblem.of(e).words() + ")";
        }
    }

    private static void dropSecrets(JsonNode node) {
        if (node instanceof ObjectNode o) {
            Iterator<Map.Entry<String, JsonNode>> it = o.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                String name = e.getKey().toLowerCase(Locale.ROOT);
                // a flag such as rememberSecret says nothing secret; a text or object might
                boolean named =
                        name.contains("secret")
                                || name.contains("token")
                                || name.contains("password");
                if (named && !e.getValue().isBoolean()) {
                    it.remove();
                } else {
                    dropSecrets(e.getValue());
                }
            }
        } else if (node != null && node.isArray()) {
            node.forEach(Diagnostics::dropSecrets);
        }
    }
}
