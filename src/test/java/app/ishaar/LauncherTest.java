package app.ishaar;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * How the launcher tells JavaFX's start-up failures apart: GTK that cannot be loaded (a library
 * missing that the look-up before the start did not cover) and a display that cannot be opened each
 * get their own one line instead of JavaFX's exception.
 */
class LauncherTest {

    @Test
    void javaFxFailingToLoadGtkIsToldFromARefusedDisplay() {
        // as JavaFX 21 throws them, seen through Application.launch
        RuntimeException noGtk =
                new RuntimeException(
                        new UnsupportedOperationException("Unable to load glass GTK library."));
        RuntimeException noDisplay = new UnsupportedOperationException("Unable to open DISPLAY");
        assertThat(Launcher.isToolkitUnloadable(noGtk)).isTrue();
        assertThat(Launcher.isDisplayRefused(noGtk)).isFalse();
        assertThat(Launcher.isToolkitUnloadable(noDisplay)).isFalse();
        assertThat(Launcher.isDisplayRefused(noDisplay)).isTrue();
        assertThat(Launcher.isToolkitUnloadable(new IllegalStateException("GTK"))).isFalse();
    }
}
