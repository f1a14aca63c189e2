package app.ishaar.ui.app;

import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;

/**
 * The size of the text in every window, in steps from the normal size up (View → Larger text,
 * Smaller text, Normal text size; the same keys in every window): for users who read the history
 * all day, and for Arabic, whose letters look smaller than Latin ones at one size. Every scene's
 * root carries the step as a style class ({@link SceneFactory}), and the style sheet sizes the
 * root's font by it; the rest of the style sheet sizes its texts in {@code em}, so everything
 * follows.
 */
public final class TextSize {

    /** The steps, in percent of the normal size (13 px). */
    public static final List<Integer> STEPS = List.of(100, 110, 125, 150, 175);

    public static final int NORMAL = 100;
    static final String STYLE_PREFIX = "text-size-";

    private final ReadOnlyIntegerWrapper percent =
            new ReadOnlyIntegerWrapper(this, "percent", NORMAL);
    private final BooleanBinding largest =
            Bindings.createBooleanBinding(() -> index() == STEPS.size() - 1, percent);
    private final BooleanBinding normal =
            Bindings.createBooleanBinding(() -> index() == 0, percent);

    /** At the step nearest to {@code initial} (a remembered size). */
    public TextSize(int initial) {
        percent.set(nearestStep(initial));
    }

    public ReadOnlyIntegerProperty percentProperty() {
        return percent.getReadOnlyProperty();
    }

    /** The text size as a factor of the normal size (1.5 at 150 %). */
    public double factor() {
        return percent.get() / (double) NORMAL;
    }

    /** True at the largest step: Larger text does nothing. */
    public BooleanBinding largestProperty() {
        return largest;
    }

    /** True at the normal size, the smallest step: Smaller text and Normal text size do nothing. */
    public BooleanBinding normalProperty() {
        return normal;
    }

    public void larger() {
        percent.set(STEPS.get(Math.min(STEPS.size() - 1, index() + 1)));
    }

    public void smaller() {
        percent.set(STEPS.get(Math.max(0, index() - 1)));
    }

    public void reset() {
        percent.set(NORMAL);
    }

    /** Takes the step nearest to {@code size} (in percent). */
    public void choose(int size) {
        percent.set(nearestStep(size));
    }

    private int index() {
        return STEPS.indexOf(percent.get());
    }

    /** The step nearest to a size in percent (the normal size for none). */
    public static int nearestStep(int p) {
        int best = NORMAL;
        for (int step : STEPS) {
            if (Math.abs(step - p) < Math.abs(best - p)) {
                best = step;
            }
        }
        return best;
    }

    /**
     * The style class of a step on a scene's root ({@code ishaar.css}); none at the normal size.
     */
    static String styleClass(int step) {
        return step == NORMAL ? null : STYLE_PREFIX + step;
    }
}
