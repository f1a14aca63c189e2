package app.ishaar.ui.login;

import java.util.function.BooleanSupplier;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableBooleanValue;

/**
 * One field of the login form: the problem its value has (any problem keeps Log in disabled), and
 * the problem shown, once the user has edited the field or tried to log in.
 */
public final class FormField {

    private final StringProperty value;
    private final Function<String, String> rule;
    private final ObservableBooleanValue submitted;
    private final BooleanSupplier quiet;
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper shown = new ReadOnlyStringWrapper();
    private boolean touched;

    /**
     * @param rule the message key of a value's problem, or null
     * @param submitted whether a login was tried: every field shows its problem from then on
     * @param quiet whether no problem is shown at all (the login went through)
     */
    FormField(
            StringProperty value,
            Function<String, String> rule,
            ObservableBooleanValue submitted,
            BooleanSupplier quiet) {
        this.value = value;
        this.rule = rule;
        this.submitted = submitted;
        this.quiet = quiet;
        value.addListener(
                (o, a, b) -> {
                    touched = true;
                    revalidate();
                });
        submitted.addListener((o, a, b) -> revalidate());
        revalidate();
    }

    /** Checks the value again (a rule that depends on another field's value changed). */
    void revalidate() {
        String v = value.get() == null ? "" : value.get();
        String err = rule.apply(v);
        problem.set(err);
        boolean show = err != null && !quiet.getAsBoolean() && (touched || submitted.get());
        shown.set(show ? err : null);
    }

    /** The value's problem (a message key), or null. */
    ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** The problem as shown under the field, or null. */
    public ReadOnlyStringProperty shownProperty() {
        return shown.getReadOnlyProperty();
    }
}
