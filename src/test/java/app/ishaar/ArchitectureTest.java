package app.ishaar;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
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

    /** A source file of src/main longer than this is split by responsibility. */
    static final int MOST_LINES = 500;

    @Test
    void noSourceFileOfTheAppIsLongerThanFiveHundredLines() throws IOException {
        Path root = Path.of("src/main/java");
        Map<String, Integer> over = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f :
                    (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                int lines;
                try (Stream<String> l = Files.lines(f)) {
                    lines = (int) l.count();
                }
                if (lines > MOST_LINES) {
                    over.put(root.relativize(f).toString().replace('\\', '/'), lines);
                }
            }
        }
        assertThat(over)
                .as("files over %d lines: split them by responsibility", MOST_LINES)
                .isEmpty();
    }
}
