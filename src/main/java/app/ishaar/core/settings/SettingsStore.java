package app.ishaar.core.settings;

import app.ishaar.core.io.AtomicFileWriter;
import app.ishaar.core.io.IoProblem;
import app.ishaar.core.io.LazyLogger;
import app.ishaar.core.io.RegularFiles;
import app.ishaar.core.service.Environment;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads and writes {@code settings.json} in the OS's config folder. Writes are atomic (temporary
 * file, then move), so a crash mid-write leaves the previous settings intact. A file that cannot be
 * read is set aside (renamed {@code settings.json.corrupt-<time>}) and reported, never a crash.
 *
 * <p>Only a regular file of at most {@value #MAX_BYTES} bytes is read (a symbolic link to one is
 * followed, and written through): a named pipe, a link to {@code /dev/zero} or a huge file would
 * hold up the start, so each is set aside like a damaged file, unread, and the app starts at once
 * with the defaults.
 */
public final class SettingsStore {

    /** What loading found: the settings, and where a corrupt file was set aside, if one was. */
    public record Loaded(Settings settings, Optional<Path> setAside) {}

    private static final System.Logger LOG = LazyLogger.of(SettingsStore.class.getName());

    /**
     * The largest settings file read: a few hundred profiles and taxpayers' views take some tens of
     * kilobytes.
     */
    public static final int MAX_BYTES = 4 * 1024 * 1024;

    private final Path file;
    private final Clock clock;

    /**
     * Reads and writes the settings document. Members it does not know are skipped (a newer
     * version's settings); a missing or null member is the record's default (null, 0, false); a
     * value of the wrong shape (an object where a text is expected, a malformed date-time) or
     * anything after the document fails the whole read. A profile's environment is read by its
     * stored name ({@link Environment.Kind#fromStored}: an unknown one is the sandbox).
     */
    private static final ObjectMapper JSON =
            JsonMapper.builder()
                    .addModule(new JavaTimeModule())
                    .addMixIn(Environment.Kind.class, StoredKind.class)
                    .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                    .enable(SerializationFeature.INDENT_OUTPUT)
                    .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                    .build();

    private abstract static class StoredKind {
        @JsonCreator
        static Environment.Kind fromStored(String name) {
            return Environment.Kind.fromStored(name);
        }
    }

    public SettingsStore(Path configDir) {
        this(configDir, Clock.systemUTC());
    }

    public SettingsStore(Path configDir, Clock clock) {
        this.file = configDir.resolve("settings.json");
        this.clock = clock;
    }

    /**
     * The config folder: system property {@code ishaar.config.dir} if set, else the OS's own
     * ({@code $XDG_CONFIG_HOME/ishaar} or {@code ~/.config/ishaar}; {@code ~/Library/Application
     * Support/Ishaar}; {@code %APPDATA%\Ishaar}).
     */
    public static Path defaultConfigDir() {
        String override = System.getProperty("ishaar.config.dir");
        if (override != null && !override.isBlank()) {
            return Path.of(override);
        }
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        Path home = Path.of(System.getProperty("user.home"));
        if (os.contains("win")) {
            String appData = System.getenv("APPDATA");
            return (appData != null ? Path.of(appData) : home.resolve("AppData").resolve("Roaming"))
                    .resolve("Ishaar");
        }
        if (os.contains("mac")) {
            return home.resolve("Library").resolve("Application Support").resolve("Ishaar");
        }
        String xdg = System.getenv("XDG_CONFIG_HOME");
        return (xdg != null && !xdg.isBlank() ? Path.of(xdg) : home.resolve(".config"))
                .resolve("ishaar");
    }

    public Path file() {
        return file;
    }

    public Loaded load() {
        try {
            // checked before the reader opens it: the size and the type, so nothing can block
            byte[] bytes = RegularFiles.readRegular(file, MAX_BYTES);
            return new Loaded(read(bytes), Optional.empty());
        } catch (NoSuchFileException e) {
            return new Loaded(Settings.defaults(), Optional.empty());
        } catch (IOException | RuntimeException e) {
            return new Loaded(Settings.defaults(), setAside(e));
        }
    }

    /**
     * The settings in {@code json}; fails on malformed JSON, a wrong shape, or an empty document.
     */
    static Settings read(byte[] json) throws IOException {
        Settings settings = JSON.readValue(json, Settings.class);
        if (settings == null) {
            throw new IOException("empty settings document");
        }
        return settings;
    }

    private Optional<Path> setAside(Exception cause) {
        String stamp =
                DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
                        .withZone(ZoneOffset.UTC)
                        .format(clock.instant());
        Path aside = file.resolveSibling(file.getFileName() + ".corrupt-" + stamp);
        try {
            Files.move(file, aside, StandardCopyOption.REPLACE_EXISTING);
            LOG.log(
                    System.Logger.Level.WARNING,
                    "settings file could not be read ({0}: {1}); set aside as {2}",
                    reason(cause),
                    cause.getClass().getSimpleName(),
                    aside);
            return Optional.of(aside);
        } catch (IOException moveFailed) {
            LOG.log(
                    System.Logger.Level.WARNING,
                    "settings file could not be read ({0}) nor set aside ({1})",
                    reason(cause),
                    IoProblem.of(moveFailed).words());
            return Optional.empty();
        }
    }

    /** Where a link points: the file itself, or where it would be (a link to nothing yet). */
    private static Path linkTarget(Path link) throws IOException {
        try {
            return link.toRealPath();
        } catch (NoSuchFileException dangling) {
            return link.toAbsolutePath().getParent().resolve(Files.readSymbolicLink(link));
        }
    }

    /** Why the settings could not be read, in words. */
    private static String reason(Exception e) {
        if (e instanceof IOException io
                && !(e instanceof com.fasterxml.jackson.core.JsonProcessingException)) {
            IoProblem p = IoProblem.of(io);
            if (p != IoProblem.OTHER) {
                return p.words();
            }
        }
        return "not a settings document";
    }

    public void save(Settings settings) throws IOException {
        byte[] json = JSON.writeValueAsBytes(settings);
        Files.createDirectories(file.getParent());
        // a settings file kept elsewhere and linked here (dotfiles) is written where it is
        Path target = Files.isSymbolicLink(file) ? linkTarget(file) : file;
        try (AtomicFileWriter out = AtomicFileWriter.open(target)) {
            out.stream().write(json);
            out.commit();
        }
    }
}
