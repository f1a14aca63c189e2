package app.ishaar.bench;

import java.nio.file.Path;
import java.util.List;

/** The desktop-UI figures: login_to_first_page_ms, max_fx_stall_ms and heap_after_paging_mb. */
final class UiBench {
    private UiBench() {}

    static final Metric.Goal LOGIN_GOAL = Metric.Goal.atMost(50);
    static final Metric.Goal STALL_GOAL = Metric.Goal.atMost(50);
    static final Metric.Goal HEAP_GOAL = Metric.Goal.atMost(64);

    static List<Metric> measureLoginAndStalls(Path dir) {
        throw new UnsupportedOperationException("not yet");
    }

    static List<Metric> measureHeap(Path dir) {
        throw new UnsupportedOperationException("not yet");
    }
}
