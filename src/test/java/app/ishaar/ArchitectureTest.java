package app.ishaar;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The layer rules of the brief, enforced rather than hoped for. */
class ArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes =
                new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("app.ishaar");
    }

    @Test
    void coreKnowsNothingOfUiSandboxOrJavaFx() {
        ArchRule rule =
                noClasses()
                        .that()
                        .resideInAPackage("app.ishaar.core..")
                        .should()
                        .dependOnClassesThat()
                        .resideInAnyPackage(
                                "app.ishaar.ui..",
                                "app.ishaar.sandbox..",
                                "app.ishaar.cli..",
                                "javafx..");
        rule.check(classes);
    }

    @Test
    void theArchiveKnowsNoSessionsLoginsOrOffice() {
        ArchRule rule =
                noClasses()
                        .that()
                        .resideInAPackage("app.ishaar.core.archive..")
                        .should()
                        .dependOnClassesThat()
                        .resideInAnyPackage(
                                "app.ishaar.core.session..",
                                "app.ishaar.core.office..",
                                "app.ishaar.core.sync..")
                        .orShould()
                        .dependOnClassesThat()
                        .haveFullyQualifiedName("app.ishaar.core.service.LoginGate");
        rule.check(classes);
    }

    @Test
    void neitherFormOfTheArchiveKnowsTheOther() {
        noClasses()
                .that()
                .resideInAPackage("app.ishaar.core.archive.sqlite..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("app.ishaar.core.archive.postgres..")
                .check(classes);
        noClasses()
                .that()
                .resideInAPackage("app.ishaar.core.archive.postgres..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("app.ishaar.core.archive.sqlite..")
                .check(classes);
        noClasses()
                .that()
                .resideInAnyPackage("app.ishaar.core.archive", "app.ishaar.core.archive.jdbc")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "app.ishaar.core.archive.sqlite..",
                        "app.ishaar.core.archive.postgres..",
                        "app.ishaar.core.archive.location..")
                .check(classes);
    }

    @Test
    void sandboxIsAnIndependentReadingOfTheSpec() {
        ArchRule rule =
                noClasses()
                        .that()
                        .resideInAPackage("app.ishaar.sandbox..")
                        .should()
                        .dependOnClassesThat()
                        .resideInAnyPackage(
                                "app.ishaar.ui..",
                                "app.ishaar.core..",
                                "app.ishaar.cli..",
                                "javafx..");
        rule.check(classes);
    }

    @Test
    void commandLineDoesNotTouchTheUi() {
        ArchRule rule =
                noClasses()
                        .that()
                        .resideInAPackage("app.ishaar.cli..")
                        .should()
                        .dependOnClassesThat()
                        .resideInAnyPackage("app.ishaar.ui..", "javafx..");
        rule.check(classes);
    }

    @Test
    void viewModelsNeverImportTheSceneGraphOrStages() {
        ArchRule rule =
                noClasses()
                        .that()
                        .haveSimpleNameEndingWith("ViewModel")
                        .should()
                        .dependOnClassesThat()
                        .resideInAnyPackage("javafx.scene..", "javafx.stage..");
        rule.allowEmptyShould(true).check(classes);
    }

    @Test
    void onlyTheFxAdapterCallsRunLater() {
        ArchRule rule =
                noClasses()
                        .that()
                        .doNotHaveFullyQualifiedName("app.ishaar.ui.fx.FxExecutor")
                        .should()
                        .callMethod(javafx.application.Platform.class, "runLater", Runnable.class);
        rule.check(classes);
    }

    @Test
    void viewModelsLiveInTheUiFeaturePackages() {
        ArchRule rule =
                classes()
                        .that()
                        .haveSimpleNameEndingWith("ViewModel")
                        .should()
                        .resideInAPackage("app.ishaar.ui..");
        rule.allowEmptyShould(true).check(classes);
    }

    @Test
    void viewModelsGetTheirCollaboratorsOnlyThroughTheirConstructors() {
        // no use…(collaborator) or set…(collaborator) after construction: a view model's
        // properties are set through the properties themselves
        ArchRule rule =
                methods()
                        .that()
                        .areDeclaredInClassesThat()
                        .haveSimpleNameEndingWith("ViewModel")
                        .and()
                        .arePublic()
                        .and()
                        .areNotStatic()
                        .should()
                        .haveNameNotMatching("(use|set)[A-Z].*");
        rule.check(classes);
    }

    @Test
    void theTaxpayersSessionsAreKeptInCoreNotInTheUi() {
        // one Session per taxpayer, relogin, the refused rule and the login budget are plain Java
        // in core.session, for the desktop app and the command line's sync alike
        ArchRule rule =
                classes()
                        .that()
                        .haveSimpleNameEndingWith("Sessions")
                        .or()
                        .haveSimpleName("LoginBudget")
                        .should()
                        .resideInAPackage("app.ishaar.core.session");
        rule.check(classes);
    }

    @Test
    void theUisFeaturesReadTheArchiveOnlyThroughItsInterface() {
        // the SQLite archive is opened where the app is put together; features see
        // core.archive.Archive only, so a firm's shared archive on PostgreSQL can take its place
        ArchRule rule =
                noClasses()
                        .that()
                        .resideInAPackage("app.ishaar.ui.(*)..")
                        .should()
                        .dependOnClassesThat()
                        .resideInAPackage("app.ishaar.core.archive.sqlite..");
        rule.check(classes);
    }

    /** No package of the app depends, through others or directly, on one that depends on it. */
    @Test
    void packagesAreFreeOfCycles() {
        slices().matching("app.ishaar.(**)").should().beFreeOfCycles().check(classes);
    }

    /**
     * The {@code "ishaar.…"} names src/main may hold: system properties saying where things are
     * (folders), the sandbox's data and a test's wait; and keys that are no system property (the
     * rename's node properties, an attribute of the sandbox's exchanges). None switches a mechanism
     * on or off: a mechanism is kept or removed, and its figures with and without are measured on
     * the commit before (docs/performance.md).
     */
    static final Set<String> PROPERTIES_THAT_SWITCH_NOTHING =
            Set.of(
                    "ishaar.config.dir",
                    "ishaar.log.dir",
                    "ishaar.fonts.dir",
                    "ishaar.offlineProbeSeconds",
                    "ishaar.sandbox.seed",
                    "ishaar.sandbox.anchor",
                    "ishaar.sandbox.represented",
                    "ishaar.clientId",
                    "ishaar.taxpayer.rename.draft",
                    "ishaar.taxpayer.rename.moving",
                    "ishaar.taxpayer.rename.keeper");

    private static final Pattern ISHAAR_NAME = Pattern.compile("\"(ishaar\\.[A-Za-z][\\w.]*)\"");

    /**
     * Every {@code "ishaar.…"} text in src/main's sources, wherever it is read (a {@code
     * System.getProperty}, a {@code Boolean.getBoolean}, a constant named elsewhere), is one of
     * {@link #PROPERTIES_THAT_SWITCH_NOTHING}.
     */
    @Test
    void noSystemPropertyOfTheAppSwitchesAMechanism() throws IOException {
        Path root = Path.of("src/main/java");
        Map<String, String> unknown = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f :
                    (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                Matcher m = ISHAAR_NAME.matcher(Files.readString(f));
                while (m.find()) {
                    if (!PROPERTIES_THAT_SWITCH_NOTHING.contains(m.group(1))) {
                        unknown.put(m.group(1), root.relativize(f).toString().replace('\\', '/'));
                    }
                }
            }
        }
        assertThat(unknown)
                .as("ishaar.* properties that may switch a mechanism: keep it or remove it")
                .isEmpty();
    }
}
