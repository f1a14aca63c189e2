package app.ishaar.ui.notifications;

import app.ishaar.core.model.Rin;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Whose notifications the screen shows: one taxpayer (a taxpayer's screen), or the taxpayers of the
 * list (All taxpayers), each with the name the list gives it.
 *
 * @param taxpayers in the list's order; empty: nobody's (nothing is read)
 * @param several whether the screen is made for several taxpayers: it then has a Taxpayer column
 *     and a taxpayer filter, whatever the list holds at the moment
 */
public record Scope(List<ListedTaxpayer> taxpayers, boolean several) {

    /** Nobody yet: no page is read. */
    public static final Scope NONE = new Scope(List.of(), false);

    public Scope {
        taxpayers = List.copyOf(taxpayers);
    }

    /** One taxpayer's screen. */
    public static Scope of(ListedTaxpayer taxpayer) {
        return new Scope(List.of(taxpayer), false);
    }

    /** The screen of the list's taxpayers. */
    public static Scope all(List<ListedTaxpayer> listed) {
        return new Scope(listed, true);
    }

    /** The RINs to read. */
    public Set<Rin> rins() {
        Set<Rin> out = new LinkedHashSet<>();
        taxpayers.forEach(t -> out.add(t.rin()));
        return out;
    }

    /** The one taxpayer of a one-taxpayer scope; null for several or none. */
    public Rin single() {
        return taxpayers.size() == 1 ? taxpayers.get(0).rin() : null;
    }

    /** The listed taxpayer of this RIN, or null. */
    public ListedTaxpayer find(Rin rin) {
        for (ListedTaxpayer t : taxpayers) {
            if (t.rin().equals(rin)) {
                return t;
            }
        }
        return null;
    }

    /** This scope narrowed to {@code only} (null: as it is); it stays a scope of several. */
    public Scope only(Rin only) {
        if (only == null) {
            return this;
        }
        ListedTaxpayer t = find(only);
        return new Scope(t == null ? List.of() : List.of(t), several);
    }
}
