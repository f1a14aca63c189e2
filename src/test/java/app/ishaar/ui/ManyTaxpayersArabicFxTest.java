package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.ui.taxpayers.ShownTaxpayers;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Comparator;
import java.util.List;
import javafx.scene.control.ChoiceBox;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;

/**
 * The taxpayer list of an intermediary representing 500 taxpayers, in Arabic (the app started in
 * Arabic, so the demo account lists its taxpayers' Arabic names): the order chosen from the
 * keyboard, and the filter's Arabic-aware folding. With {@code -Dishaar.screenshots.dir} it also
 * writes taxpayers-filtered-ar.png.
 */
class ManyTaxpayersArabicFxTest extends ManyTaxpayersTestBase {

    @Override
    protected void beforeLaunch() throws Exception {
        Files.writeString(
                configDir.resolve("settings.json"),
                "{\"language\": \"ar\"}",
                StandardCharsets.UTF_8);
    }

    @Test
    void theOrderIsChosenFromTheKeyboardAndTheArabicFilterFoldsHamzaAndTehMarbuta()
            throws Exception {
        logInAsTheManyTaxpayersAccount();
        assertThat(text("#switcher-count")).isEqualTo("عدد الممولين: ٥٠١");

        // Tab from the filter reaches the order; its choices open and one is taken by keys
        focusTheFilter();
        type(KeyCode.TAB);
        waitUntil("the order has the focus", () -> lookup("#switcher-order").query().isFocused());
        ChoiceBox<?> order = lookup("#switcher-order").query();
        type(KeyCode.SPACE);
        waitUntil("its choices are shown", () -> fx(order::isShowing));
        type(KeyCode.DOWN, 2);
        type(KeyCode.ENTER);
        waitUntil(
                "sorted by registration number",
                () ->
                        fx(
                                () ->
                                        main().taxpayers().shown().orderProperty().get()
                                                == ShownTaxpayers.Order.RIN));
        List<TaxpayerEntry> byRin = shown();
        assertThat(byRin.get(0).isOwn()).as("the own taxpayer first").isTrue();
        assertThat(byRin.subList(1, byRin.size()))
                .isSortedAccordingTo(Comparator.comparing(TaxpayerEntry::rin));

        // the Arabic names as the demo account lists them in Arabic; typed without hamza and with
        // heh for teh marbuta, as many type them (put in the field as typing does: the robot's
        // keyboard has Latin keys only)
        focusTheFilter();
        paste("#switcher-search", "اسماعيليه");
        waitUntil("filtered", () -> shown().size() < MANY && !shown().isEmpty());
        assertThat(shown()).allMatch(e -> e.label().contains("الإسماعيلية"));
        assertThat(shown().stream().map(TaxpayerEntry::rin).toList()).isSorted();
        assertThat(text("#switcher-count")).endsWith(" من ٥٠١");
        screenshot("taxpayers-filtered-ar.png", "اسماعيليه");
    }
}
