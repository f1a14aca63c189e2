package app.ishaar.core.archive.location;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArchiveLocationTest {

    static final Path HOME = Path.of("/home/amira");

    static Path where(Path given, Map<String, String> env, String os) {
        return ArchiveLocation.resolve(given, env::get, os, HOME);
    }

    @Test
    void linuxUsesTheXdgDataFolder() {
        assertThat(where(null, Map.of(), "Linux"))
                .isEqualTo(Path.of("/home/amira/.local/share/ishaar/archive.db"));
        assertThat(where(null, Map.of("XDG_DATA_HOME", "/data/amira"), "Linux"))
                .isEqualTo(Path.of("/data/amira/ishaar/archive.db"));
        // a relative XDG_DATA_HOME is ignored, as the XDG rules say
        assertThat(where(null, Map.of("XDG_DATA_HOME", "rel/dir"), "Linux"))
                .isEqualTo(Path.of("/home/amira/.local/share/ishaar/archive.db"));
    }

    @Test
    void windowsAndMacUseTheirOwnFolders() {
        assertThat(
                        where(
                                null,
                                Map.of("LOCALAPPDATA", "/c/Users/amira/AppData/Local"),
                                "Windows 11"))
                .isEqualTo(Path.of("/c/Users/amira/AppData/Local/Ishaar/archive.db"));
        assertThat(where(null, Map.of(), "Mac OS X"))
                .isEqualTo(Path.of("/home/amira/Library/Application Support/Ishaar/archive.db"));
    }

    @Test
    void theOptionThenTheEnvironmentChooseAnother() {
        Map<String, String> env =
                Map.of("ISHAAR_ARCHIVE", "/tmp/from-env.db", "XDG_DATA_HOME", "/x");
        assertThat(where(Path.of("given.db"), env, "Linux")).isEqualTo(Path.of("given.db"));
        assertThat(where(null, env, "Linux")).isEqualTo(Path.of("/tmp/from-env.db"));
    }
}
