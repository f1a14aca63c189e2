package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.ui.taxpayers.TaxpayerEntry;
import java.util.List;
import java.util.Locale;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;

/**
 * The taxpayer list of an intermediary representing 500 taxpayers, in English: typing filters it,
 * keeping the selected taxpayer while it is listed; Down goes into the list, Escape clears the
 * filter, Enter opens the one selected or the first listed. With {@code -Dishaar.screenshots.dir}
 * it also writes taxpayers-filtered-en.png.
 */
class ManyTaxpayersFxTest extends ManyTaxpayersTestBase {

    @Test
    void typingFiltersFiveHundredTaxpayersKeepingTheSelectedOneWhileItIsListed() throws Exception {
        logInAsTheManyTaxpayersAccount();
        assertThat(text("#switcher-count")).isEqualTo("501 taxpayers");

        // the last of the list selected from the keyboard: Down from the filter, then End
        focusTheFilter();
        type(KeyCode.DOWN);
        waitUntil("the list has the focus", () -> fx(() -> list().isFocused()));
        type(KeyCode.END);
        TaxpayerEntry last = fx(() -> main().taxpayers().entries().get(MANY));
        waitUntil("the last is selected", () -> selected() == last);
        String name = fx(last::label);
        String town = name.substring(0, name.indexOf(' '));

        focusTheFilter();
        write(town);
        waitUntil(
                "only taxpayers of " + town + " are listed",
                () ->
                        fx(
                                () ->
                                        main().taxpayers()
                                                        .shown()
                                                        .filterProperty()
                                                        .get()
                                                        .equals(town)
                                                && list().getItems().size() < MANY));
        List<TaxpayerEntry> ofTown = shown();
        assertThat(ofTown)
                .contains(last)
                .allMatch(
                        e ->
                                e.label()
                                        .toLowerCase(Locale.ROOT)
                                        .contains(town.toLowerCase(Locale.ROOT)));
        assertThat(selected()).as("still selected: it is listed").isSameAs(last);
        assertThat(text("#switcher-count")).isEqualTo(ofTown.size() + " of 501");

        // more typed: its full name, and then its RIN too
        write(name.substring(town.length()));
        waitUntil("the name typed whole", () -> shown().contains(last) && shown().size() <= 3);
        assertThat(selected()).isSameAs(last);
        write(" " + last.rin());
        waitUntil("it alone", () -> shown().equals(List.of(last)));
        assertThat(selected()).isSameAs(last);

        // a filter it does not meet: not listed, so not selected; nothing listed says why
        type(KeyCode.BACK_SPACE);
        write("x");
        waitUntil("none listed", () -> shown().isEmpty());
        assertThat(selected()).isNull();
        waitUntil("the list says nothing matches", () -> visible("#switcher-none"));
        assertThat(text("#switcher-none")).startsWith("No taxpayer’s name or registration number");

        // Escape clears the filter: every taxpayer, the one shown selected, as before filtering
        type(KeyCode.ESCAPE);
        waitUntil("all listed again", () -> shown().size() == MANY + 1);
        assertThat(fx(() -> main().taxpayers().shown().filterProperty().get())).isEmpty();
        waitUntil("the taxpayer shown is selected", () -> selected() == fx(main()::current));

        // Enter on a filtered list opens the one selected, or the first listed
        write(town);
        waitUntil("filtered", () -> shown().size() < MANY);
        TaxpayerEntry sel = selected();
        TaxpayerEntry opened = sel != null && shown().contains(sel) ? sel : shown().get(0);
        type(KeyCode.ENTER);
        waitUntil("it is shown", () -> fx(main()::current) == opened);
        screenshot("taxpayers-filtered-en.png", town);
    }
}
