package app.ishaar.ui.notifications;

import app.ishaar.ui.i18n.I18n;
import java.util.List;
import java.util.function.IntConsumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.SimpleIntegerProperty;

/**
 * The pager: the page shown, the totals from the service's {@code metadata}, the page size, and the
 * navigation commands. Pages come from the service only; this class does the arithmetic and asks
 * its owner to load a page.
 */
public final class PagerViewModel {

    /** The page sizes offered; the service caps the size at 100. */
    public static final List<Integer> PAGE_SIZES = List.of(10, 25, 50, 100);

    public static final int MAX_PAGE_SIZE = 100;
    public static final int DEFAULT_PAGE_SIZE = 50;

    private final I18n i18n;
    private final ReadOnlyIntegerWrapper page = new ReadOnlyIntegerWrapper(this, "page", 1);
    private final ReadOnlyIntegerWrapper totalPages =
            new ReadOnlyIntegerWrapper(this, "totalPages", 0);
    private final ReadOnlyLongWrapper totalCount = new ReadOnlyLongWrapper(this, "totalCount", 0);

    /**
     * Whether the service has answered for a page since the pager was made or cleared: until then
     * the totals are unknown, not zero (a first page on its way is not an empty history).
     */
    private final ReadOnlyBooleanWrapper known = new ReadOnlyBooleanWrapper(this, "known", false);

    /**
     * Whether more than {@link #totalCountProperty} match: a search counts its matches only up to a
     * limit, so its pages go on past {@link #totalPagesProperty}.
     */
    private final ReadOnlyBooleanWrapper more = new ReadOnlyBooleanWrapper(this, "more", false);

    /** Whether the rows shown match a search ("found" rather than "notifications"). */
    private final ReadOnlyBooleanWrapper searched = new ReadOnlyBooleanWrapper(this, "searched");

    private final IntegerProperty pageSize =
            new SimpleIntegerProperty(this, "pageSize", DEFAULT_PAGE_SIZE);
    private final BooleanBinding canPrevious;
    private final BooleanBinding canNext;
    private IntConsumer navigator = p -> {};
    private boolean adjusting;

    /** The page last asked for: the base of next/previous while a page is loading. */
    private int target = 1;

    PagerViewModel(I18n i18n, int initialPageSize) {
        this.i18n = i18n;
        pageSize.set(clampSize(initialPageSize));
        canPrevious = page.greaterThan(1);
        canNext = page.lessThan(totalPages).or(more);
        pageSize.addListener(
                (obs, old, now) -> {
                    if (adjusting) {
                        return;
                    }
                    int size = clampSize(now.intValue());
                    if (size != now.intValue()) {
                        adjusting = true;
                        pageSize.set(size);
                        adjusting = false;
                    }
                    // keep the first row of the current page in view
                    int firstRow = (target - 1) * old.intValue();
                    navigator.accept(firstRow / size + 1);
                });
    }

    void setNavigator(IntConsumer navigator) {
        this.navigator = navigator;
    }

    /**
     * A page size the service accepts: one of {@link #PAGE_SIZES}, the largest not above the asked
     * one.
     */
    public static int clampSize(Integer asked) {
        if (asked == null || asked < PAGE_SIZES.get(0)) {
            return asked == null ? DEFAULT_PAGE_SIZE : PAGE_SIZES.get(0);
        }
        int best = PAGE_SIZES.get(0);
        for (int s : PAGE_SIZES) {
            if (s <= asked) {
                best = s;
            }
        }
        return best;
    }

    /** The archive's answer for a page: what is shown now. */
    void showing(int pageNo, int pages, long count) {
        showing(pageNo, pages, count, false, false);
    }

    /**
     * The same, {@code moreThan}: more than {@code count} match (a search); {@code search}: the
     * rows match a search.
     */
    void showing(int pageNo, int pages, long count, boolean moreThan, boolean search) {
        more.set(moreThan);
        searched.set(search);
        totalPages.set(Math.max(0, pages));
        totalCount.set(Math.max(0, count));
        page.set(Math.max(1, pageNo));
        target = page.get();
        known.set(true);
    }

    /** A page was asked for. */
    void requested(int pageNo) {
        target = pageNo;
    }

    /** The asked page failed: next/previous count from the shown one again. */
    void requestFailed() {
        target = page.get();
    }

    int target() {
        return target;
    }

    /**
     * Nothing shown: page 1 of an unknown number (a logged-out screen, before its next session's
     * first page).
     */
    void clear() {
        known.set(false);
        more.set(false);
        totalPages.set(0);
        totalCount.set(0);
        page.set(1);
        target = 1;
    }

    /** The page the user asked for, made valid: at least 1, at most the known last page. */
    public int clampPage(int asked) {
        int last = totalPages.get();
        int p = Math.max(1, asked);
        return last > 0 && !more.get() ? Math.min(p, last) : p;
    }

    public ReadOnlyIntegerProperty pageProperty() {
        return page.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty totalPagesProperty() {
        return totalPages.getReadOnlyProperty();
    }

    /** See {@link #more}. */
    public ReadOnlyBooleanProperty moreProperty() {
        return more.getReadOnlyProperty();
    }

    public ReadOnlyLongProperty totalCountProperty() {
        return totalCount.getReadOnlyProperty();
    }

    public IntegerProperty pageSizeProperty() {
        return pageSize;
    }

    public BooleanBinding canPreviousProperty() {
        return canPrevious;
    }

    public BooleanBinding canNextProperty() {
        return canNext;
    }

    /** The shown page number in the UI's digits (the editable field). */
    public StringBinding pageText() {
        return Bindings.createStringBinding(
                () -> i18n.formatNumber(page.get()),
                page,
                i18n.languageProperty(),
                i18n.latinDigitsProperty());
    }

    /**
     * Whether the service has answered for a page since the pager was made or cleared (else the
     * totals are unknown).
     */
    public ReadOnlyBooleanProperty knownProperty() {
        return known.getReadOnlyProperty();
    }

    /** "of M"; "of …" while the totals are unknown. */
    public StringBinding ofPagesText() {
        StringBinding of =
                i18n.text(
                        "pager.of",
                        Bindings.createObjectBinding(
                                () -> Math.max(1, totalPages.get()), totalPages));
        StringBinding ofMore = i18n.text("pager.of.more", totalPages);
        StringBinding unknown = i18n.text("pager.of.unknown");
        return Bindings.createStringBinding(
                () -> !known.get() ? unknown.get() : more.get() ? ofMore.get() : of.get(),
                known,
                more,
                of,
                ofMore,
                unknown);
    }

    /** "N notifications"; nothing while the totals are unknown. */
    public StringBinding totalText() {
        StringBinding total = i18n.text("pager.total", totalCount);
        StringBinding found = i18n.text("pager.found", totalCount);
        StringBinding foundMore = i18n.text("pager.found.more", totalCount);
        return Bindings.createStringBinding(
                () ->
                        !known.get()
                                ? ""
                                : more.get()
                                        ? foundMore.get()
                                        : searched.get() ? found.get() : total.get(),
                known,
                more,
                searched,
                total,
                found,
                foundMore);
    }

    public void first() {
        goTo(1);
    }

    public void previous() {
        if (target > 1) {
            goTo(target - 1);
        }
    }

    public void next() {
        if (target < totalPages.get() || more.get()) {
            goTo(target + 1);
        }
    }

    public void last() {
        goTo(Math.max(1, totalPages.get()));
    }

    public void goTo(int asked) {
        navigator.accept(clampPage(asked));
    }

    /** The editable page field: a number in either digit system; false when it is not one. */
    public boolean goTo(String text) {
        if (text == null) {
            return false;
        }
        String digits = I18n.latinDigits(text.strip()).replaceAll("[\\s,.\u066C\u066B]", "");
        if (!digits.matches("\\d{1,9}")) {
            return false;
        }
        goTo(Integer.parseInt(digits));
        return true;
    }
}
