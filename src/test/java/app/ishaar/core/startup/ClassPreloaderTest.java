package app.ishaar.core.startup;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The classes the desktop app preloads while it starts and while the user types ({@link
 * ClassPreloader}).
 */
class ClassPreloaderTest {

    static final AtomicBoolean SPY_INITIALIZED = new AtomicBoolean();

    /** A class that says when its static initializer runs. */
    static final class InitSpy {
        static {
            SPY_INITIALIZED.set(true);
        }

        private InitSpy() {}
    }

    @ParameterizedTest
    @CsvSource({
        "/app/ishaar/startup-classes.txt, 1500, app.ishaar.ui.login.LoginView, javafx.scene.control.PasswordField",
        "/app/ishaar/login-classes.txt, 500, app.ishaar.ui.history.HistoryView, javafx.scene.control.TableView"
    })
    void eachListHoldsItsStepsClassesAndTheAppsOwnStillExist(
            String list, int atLeast, String ownClass, String fxClass) {
        List<String> names = ClassPreloader.names(list);
        assertThat(names)
                .hasSizeGreaterThan(atLeast)
                .contains(ownClass, fxClass)
                .doesNotHaveDuplicates()
                .noneMatch(n -> n.contains("$$Lambda") || n.startsWith("app.ishaar.bench."));
        // a class of the app renamed or removed since the lists were made: run
        // tools/startup/make-class-lists.sh
        List<String> own = names.stream().filter(n -> n.startsWith("app.ishaar.")).toList();
        assertThat(ClassPreloader.preload(getClass().getClassLoader(), linked(own)).skipped())
                .as("app classes in " + list + " that no longer exist")
                .isZero();
        // the classes the step uses are linked as well as loaded
        assertThat(ClassPreloader.entries(list))
                .contains(
                        ClassPreloader.Entry.linked(ownClass),
                        ClassPreloader.Entry.linked(fxClass));
        // and all of it (JavaFX, the JDK, the libraries) on this platform
        assertThat(
                        ClassPreloader.preload(
                                        getClass().getClassLoader(), ClassPreloader.entries(list))
                                .loaded())
                .isEqualTo(names.size());
    }

    @Test
    void theListsDoNotRepeatEachOther() {
        List<String> startup = ClassPreloader.names(ClassPreloader.STARTUP);
        assertThat(ClassPreloader.names(ClassPreloader.FIRST_LOGIN))
                .doesNotContainAnyElementsOf(startup);
    }

    @Test
    void preloadingRunsNoStaticInitializer() {
        ClassPreloader.Result r =
                ClassPreloader.preload(
                        getClass().getClassLoader(), linked(List.of(InitSpy.class.getName())));
        assertThat(r).isEqualTo(new ClassPreloader.Result(1, 0));
        assertThat(SPY_INITIALIZED).as("initialized by the preloading").isFalse();
    }

    @Test
    void aNameThatNoLongerResolvesIsSkippedAndTheRestLoaded() {
        ClassPreloader.Result r =
                ClassPreloader.preload(
                        getClass().getClassLoader(),
                        linked(
                                List.of(
                                        "app.ishaar.NoSuchClass",
                                        "java.util.concurrent.Phaser",
                                        InitSpy.class.getName())));
        assertThat(r).isEqualTo(new ClassPreloader.Result(2, 1));
    }

    @Test
    void switchedOffNothingIsPreloaded() {
        String before = System.getProperty(ClassPreloader.SWITCH);
        System.setProperty(ClassPreloader.SWITCH, "false");
        try {
            assertThat(ClassPreloader.enabled()).isFalse();
            assertThat(ClassPreloader.inBackground(ClassPreloader.STARTUP)).isNull();
            assertThat(ClassPreloader.here(ClassPreloader.FIRST_LOGIN))
                    .isEqualTo(new ClassPreloader.Result(0, 0));
        } finally {
            if (before == null) {
                System.clearProperty(ClassPreloader.SWITCH);
            } else {
                System.setProperty(ClassPreloader.SWITCH, before);
            }
        }
    }

    @Test
    void aClassMarkedLoadOnlyIsLoadedUnderItsNameAndNotInitialized() {
        List<ClassPreloader.Entry> entries =
                ClassPreloader.entries("/app/ishaar/core/startup/sample-classes.txt");
        assertThat(entries)
                .containsExactly(
                        ClassPreloader.Entry.linked("java.util.concurrent.Phaser"),
                        new ClassPreloader.Entry(InitSpy.class.getName(), false));
        assertThat(ClassPreloader.preload(getClass().getClassLoader(), entries))
                .isEqualTo(new ClassPreloader.Result(2, 0));
        assertThat(SPY_INITIALIZED).as("initialized by the preloading").isFalse();
    }

    private static List<ClassPreloader.Entry> linked(List<String> names) {
        return names.stream().map(ClassPreloader.Entry::linked).toList();
    }

    @Test
    void aMissingListPreloadsNothing() {
        assertThat(ClassPreloader.names("/app/ishaar/no-such-list.txt")).isEmpty();
    }
}
