package app.ishaar.ui.inbox;

import app.ishaar.core.archive.InboxPage;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;

/**
 * The inbox's paging: the page shown, the page of the read under way, and how many there are. Which
 * page a move goes to is counted from the page asked for, so two quick clicks on Next go two pages
 * on.
 */
final class InboxPager {
    private final ReadOnlyIntegerWrapper page = new ReadOnlyIntegerWrapper(this, "page", 1);
    private final ReadOnlyIntegerWrapper totalPages =
            new ReadOnlyIntegerWrapper(this, "totalPages", 0);
    private final ReadOnlyLongWrapper totalCount = new ReadOnlyLongWrapper(this, "totalCount", 0);
    private final ReadOnlyBooleanWrapper moreThanTotal =
            new ReadOnlyBooleanWrapper(this, "moreThanTotal");

    /** The page of the read under way; 0 when none is. */
    private int pending;

    /** 1-based. */
    ReadOnlyIntegerProperty pageProperty() {
        return page.getReadOnlyProperty();
    }

    ReadOnlyIntegerProperty totalPagesProperty() {
        return totalPages.getReadOnlyProperty();
    }

    ReadOnlyLongProperty totalCountProperty() {
        return totalCount.getReadOnlyProperty();
    }

    ReadOnlyBooleanProperty moreThanTotalProperty() {
        return moreThanTotal.getReadOnlyProperty();
    }

    /** The page of the read under way, else the page shown. */
    int asked() {
        return pending > 0 ? pending : page.get();
    }

    /** The page after the one asked for; 0 when it is the last. */
    int next() {
        return asked() < totalPages.get() || moreThanTotal.get() ? asked() + 1 : 0;
    }

    /** The page before the one asked for; 0 when it is the first. */
    int previous() {
        return asked() > 1 ? asked() - 1 : 0;
    }

    int last() {
        return Math.max(1, totalPages.get());
    }

    /** A page brought within the pages there are. */
    int within(int pageNo) {
        return Math.max(1, Math.min(pageNo, last()));
    }

    /** A read of this page is under way. */
    void reading(int pageNo) {
        pending = pageNo;
    }

    /** No read is under way any more. */
    void settled() {
        pending = 0;
    }

    /** The page read is shown. */
    void show(InboxPage result) {
        page.set(result.page());
        totalPages.set(result.totalPages());
        totalCount.set(result.totalCount());
        moreThanTotal.set(result.moreThanTotal());
    }
}
