package app.ishaar.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.ref.WeakReference;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.layout.Pane;
import org.junit.jupiter.api.Test;

class WhenFirstTest {

    @Test
    void makesAtOnceWhenTheConditionHoldsAlready() {
        AtomicInteger made = new AtomicInteger();
        WhenFirst.run(new Pane(), new SimpleBooleanProperty(true), made::incrementAndGet);
        assertThat(made).hasValue(1);
    }

    @Test
    void makesOnceTheFirstTimeTheConditionBecomesTrue() {
        AtomicInteger made = new AtomicInteger();
        SimpleBooleanProperty condition = new SimpleBooleanProperty(false);
        WhenFirst.run(new Pane(), condition, made::incrementAndGet);
        assertThat(made).hasValue(0);
        condition.set(true);
        condition.set(false);
        condition.set(true);
        assertThat(made).as("made once").hasValue(1);
    }

    @Test
    void aBindingMadeForTheCallSurvivesGarbageCollection() throws Exception {
        AtomicInteger made = new AtomicInteger();
        ObservableList<String> items = FXCollections.observableArrayList();
        Pane owner = new Pane();
        BooleanBinding notEmpty = Bindings.isNotEmpty(items);
        WeakReference<BooleanBinding> ref = new WeakReference<>(notEmpty);
        WhenFirst.run(owner, notEmpty, made::incrementAndGet);
        notEmpty = null;
        for (int i = 0; i < 5 && ref.get() != null; i++) {
            System.gc();
        }
        assertThat(ref.get()).as("the binding, held by its owner").isNotNull();
        items.add("first");
        assertThat(made).hasValue(1);
        assertThat(owner.getProperties()).as("released once it fired").isEmpty();
    }

    @Test
    void aConditionThatOutlivesTheOwnerDoesNotKeepIt() {
        // a view model's property lives on after the screen made for it is let go
        SimpleBooleanProperty lasting = new SimpleBooleanProperty(false);
        AtomicInteger made = new AtomicInteger();
        Pane owner = new Pane();
        WeakReference<Pane> ref = new WeakReference<>(owner);
        WhenFirst.run(owner, lasting, made::incrementAndGet);
        owner = null;
        for (int i = 0; i < 10 && ref.get() != null; i++) {
            System.gc();
        }
        assertThat(ref.get()).as("the owner, let go").isNull();
        lasting.set(true);
        assertThat(made).as("nothing made for a view that is gone").hasValue(0);
    }
}
