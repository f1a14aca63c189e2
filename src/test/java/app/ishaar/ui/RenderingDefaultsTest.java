package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The toolkit settings the launcher passes on before JavaFX starts (what they buy is measured by
 * the benchmarks: see {@link IshaarApp#RENDERING_DEFAULTS}).
 */
class RenderingDefaultsTest {

    private static final String KEY = "prism.disableRegionCaching";
    private String saved;

    @BeforeEach
    void save() {
        saved = System.getProperty(KEY);
        System.clearProperty(KEY);
    }

    @AfterEach
    void restore() {
        if (saved == null) {
            System.clearProperty(KEY);
        } else {
            System.setProperty(KEY, saved);
        }
        IshaarApp.configure(null); // back to no wiring, as before any launch
    }

    @Test
    void theLaunchTurnsRegionCachingOff() {
        IshaarApp.configure(null);
        assertThat(System.getProperty(KEY)).isEqualTo("true");
    }

    @Test
    void aSettingGivenOnTheCommandLineWins() {
        System.setProperty(KEY, "false");
        IshaarApp.configure(null);
        assertThat(System.getProperty(KEY)).isEqualTo("false");
    }
}
