package app.ishaar.ui.app;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.settings.SettingsStore;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The settings in memory and their saving. */
class SettingsServiceTest {

    @TempDir Path dir;

    @Test
    void aChangeAfterCloseStaysInMemoryAndTheClosedFileIsLeftAsItWas() {
        SettingsService settings =
                new SettingsService(new SettingsStore(dir), Duration.ofMillis(10));
        settings.update(s -> s.withTextSize(125));
        settings.close();
        assertThat(new SettingsStore(dir).load().settings().textSize())
                .as("written at close")
                .isEqualTo(125);

        // a window settling its columns as the app quits: no exception on the FX thread, no write
        settings.update(s -> s.withTextSize(150));
        assertThat(settings.get().textSize()).isEqualTo(150);
        settings.flush();
        assertThat(new SettingsStore(dir).load().settings().textSize()).isEqualTo(125);
    }
}
