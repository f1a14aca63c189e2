package app.ishaar;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
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
}
