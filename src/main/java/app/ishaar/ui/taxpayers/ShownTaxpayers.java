package app.ishaar.ui.taxpayers;

import app.ishaar.core.archive.SearchText;
import java.text.Collator;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import javafx.collections.transformation.SortedList;

/**
 * The taxpayer list as shown: filtered as the user types (each typed word found in the name or the
 * RIN, compared with the archive's Arabic-aware rules of {@link SearchText}) and in the order
 * chosen. The ERP's own taxpayer stays first in every order.
 *
 * <p>The list it is made on tells when a taxpayer's name, RIN, state or new notifications change
 * (an extractor), so that a taxpayer renamed, failing or with news moves to its place, and one
 * renamed out of the filter leaves the list. The list shown tells only of taxpayers coming, going
 * or moving ({@link MovesOnly}).
 */
public final class ShownTaxpayers {

    /** How the list is ordered (the ERP's own taxpayer first in each). */
    public enum Order {
        /** As added to the list. */
        LISTED,
        /** By name; taxpayers without one last, by RIN. */
        NAME,
        /** By registration number. */
        RIN,
        /**
         * What needs attention first: a taxpayer that could not be opened, then those with new
         * notifications (most first), then the others by name.
         */
        ATTENTION
    }

    private final StringProperty filter = new SimpleStringProperty(this, "filter", "");
    private final ObjectProperty<Order> order =
            new SimpleObjectProperty<>(this, "order", Order.LISTED);
    private final FilteredList<TaxpayerEntry> filtered;
    private final SortedList<TaxpayerEntry> sorted;
    private final ObservableList<TaxpayerEntry> shown;

    /** Names compared as a reader expects (accents and case second), any script. */
    private final Collator collator = Collator.getInstance(Locale.ROOT);

    ShownTaxpayers(ObservableList<TaxpayerEntry> entries) {
        collator.setStrength(Collator.SECONDARY);
        filtered = new FilteredList<>(entries, e -> true);
        sorted = new SortedList<>(filtered);
        shown = new MovesOnly<>(sorted);
        filter.addListener(
                (o, a, typed) -> {
                    List<String> words = words(typed);
                    filtered.setPredicate(words.isEmpty() ? e -> true : e -> e.matches(words));
                });
        order.addListener((o, a, b) -> sorted.setComparator(comparator(b)));
    }

    /** The words of what was typed in the filter field, normalised ({@link SearchText}). */
    static List<String> words(String typed) {
        return SearchText.words(SearchText.normalise(typed));
    }

    /** The taxpayers matching {@link #filterProperty()}, in {@link #orderProperty()}'s order. */
    public ObservableList<TaxpayerEntry> list() {
        return shown;
    }

    /** What was typed in the list's filter field: a name or a RIN, in part. */
    public StringProperty filterProperty() {
        return filter;
    }

    public ObjectProperty<Order> orderProperty() {
        return order;
    }

    /** The order's comparator; null for {@link Order#LISTED} (as the list holds them). */
    private Comparator<TaxpayerEntry> comparator(Order o) {
        Comparator<TaxpayerEntry> byName =
                Comparator.comparing((TaxpayerEntry e) -> !e.hasName())
                        .thenComparing(TaxpayerEntry::label, collator)
                        .thenComparing(ShownTaxpayers::rinOf);
        Comparator<TaxpayerEntry> within =
                switch (o == null ? Order.LISTED : o) {
                    case LISTED -> null;
                    case NAME -> byName;
                    case RIN -> Comparator.comparing(ShownTaxpayers::rinOf);
                    case ATTENTION ->
                            Comparator.comparingInt(ShownTaxpayers::attention)
                                    .thenComparing(
                                            Comparator.comparingLong(
                                                            (TaxpayerEntry e) ->
                                                                    e.arrivedProperty().get())
                                                    .reversed())
                                    .thenComparing(byName);
                };
        return within == null
                ? null
                : Comparator.comparing((TaxpayerEntry e) -> !e.isOwn()).thenComparing(within);
    }

    /** 0: could not be opened; 1: new notifications came; 2: nothing to see. */
    static int attention(TaxpayerEntry e) {
        if (e.stateProperty().get() == TaxpayerEntry.State.FAILED) {
            return 0;
        }
        return e.arrivedProperty().get() > 0 ? 1 : 2;
    }

    /** The RIN shown (the own taxpayer's from its token), "" while unknown: sorted first. */
    private static String rinOf(TaxpayerEntry e) {
        String r = e.displayRinProperty().get();
        return r == null ? "" : r;
    }
}
