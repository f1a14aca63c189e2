package app.ishaar.ui.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The text size's steps: from the normal size up, one at a time, and a remembered size taken to the
 * nearest.
 */
class TextSizeTest {

    @Test
    void itStepsFromTheNormalSizeUpAndNoFurtherThanItsLargest() {
        TextSize size = new TextSize(TextSize.NORMAL);
        assertThat(size.normalProperty().get()).isTrue();
        size.smaller();
        assertThat(size.percentProperty().get()).isEqualTo(100);
        size.larger();
        assertThat(size.percentProperty().get()).isEqualTo(110);
        assertThat(size.normalProperty().get()).isFalse();
        for (int i = 0; i < 10; i++) {
            size.larger();
        }
        assertThat(size.percentProperty().get()).isEqualTo(175);
        assertThat(size.largestProperty().get()).isTrue();
        size.smaller();
        assertThat(size.percentProperty().get()).isEqualTo(150);
        size.reset();
        assertThat(size.percentProperty().get()).isEqualTo(100);
    }

    @Test
    void aRememberedOrChosenSizeTakesTheNearestStep() {
        assertThat(new TextSize(130).percentProperty().get()).isEqualTo(125);
        assertThat(new TextSize(400).percentProperty().get()).isEqualTo(175);
        assertThat(new TextSize(-5).percentProperty().get()).isEqualTo(100);
        TextSize size = new TextSize(100);
        size.choose(150);
        assertThat(size.percentProperty().get()).isEqualTo(150);
        assertThat(TextSize.styleClass(150)).isEqualTo("text-size-150");
        assertThat(TextSize.styleClass(100)).as("the normal size needs no class").isNull();
    }
}
