package app.ishaar.ui.summary;

import app.ishaar.ui.notifications.HistoryViewModel;
import java.lang.ref.WeakReference;
import java.time.Clock;
import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;
import java.util.concurrent.Executor;

/**
 * The summaries of a window's notification screens, one per screen, made when first shown and kept
 * as long as their screen: a screen's period stays as it was left when the user comes back to it.
 */
public final class Summaries {
    private final Clock clock;
    private final Executor fx;

    /**
     * Held weakly both ways: a summary listens to its screen, which keeps it as long as the screen
     * lives (a taxpayer forgotten lets both go).
     */
    private final Map<HistoryViewModel, WeakReference<SummaryViewModel>> made = new WeakHashMap<>();

    /**
     * @param fx where the archive's answers are delivered (the FX thread's executor in the app)
     */
    public Summaries(Clock clock, Executor fx) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.fx = Objects.requireNonNull(fx, "fx");
    }

    /** The summary of {@code screen}, made now if it was not. */
    public SummaryViewModel of(HistoryViewModel screen) {
        WeakReference<SummaryViewModel> kept = made.get(screen);
        SummaryViewModel vm = kept == null ? null : kept.get();
        if (vm == null) {
            vm = new SummaryViewModel(screen, clock, fx);
            made.put(screen, new WeakReference<>(vm));
        }
        return vm;
    }
}
