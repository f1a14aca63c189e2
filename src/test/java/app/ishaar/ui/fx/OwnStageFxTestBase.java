package app.ishaar.ui.fx;

import java.util.concurrent.TimeUnit;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** A test on the FX toolkit with a stage of its own, {@link #stage}, hidden after each test. */
public abstract class OwnStageFxTestBase {

    /** Set by the test, on the FX thread. */
    protected Stage stage;

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void hideStage() throws Exception {
        WaitForAsyncUtils.asyncFx(
                        () -> {
                            if (stage != null) {
                                stage.hide();
                            }
                        })
                .get(10, TimeUnit.SECONDS);
    }
}
