package app.ishaar.ui.controls;

import java.util.function.Function;
import javafx.util.StringConverter;

/**
 * A choice box's converter: each choice shown by its name as {@code name} gives it at the time the
 * converter is made. A new converter is how a choice box relabels its value and its menu after a
 * language switch. A choice box never turns text back into a choice.
 */
public final class ChoiceNames {
    private ChoiceNames() {}

    public static <T> StringConverter<T> of(Function<T, String> name) {
        return new StringConverter<>() {
            @Override
            public String toString(T choice) {
                return choice == null ? "" : name.apply(choice);
            }

            @Override
            public T fromString(String text) {
                throw new UnsupportedOperationException("a choice box is not edited as text");
            }
        };
    }
}
