package app.ishaar.ui.taxpayers;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.model.Rin;
import app.ishaar.ui.fx.LatestTask;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * How many notifications each listed taxpayer has to handle, as the list's badges show it: read
 * from the archive off the FX thread, all taxpayers in one question ({@link
 * TaxpayerArchive#toHandle}), again whenever the window asks ({@link #refresh}: a sync stored
 * notifications, someone changed who is dealing with one). A read that fails leaves the counts as
 * they were.
 */
public final class ToHandleCounts {

    private static final System.Logger LOG = System.getLogger(ToHandleCounts.class.getName());

    private final Executor background;
    private final TaxpayerArchive archive;
    private final LatestTask reads;
    private final ReadOnlyObjectWrapper<Map<Rin, Long>> counts =
            new ReadOnlyObjectWrapper<>(this, "counts", Map.of());

    /**
     * @param fx where the counts are delivered (the FX thread's executor in the app)
     * @param background where the archive is read
     */
    public ToHandleCounts(Executor fx, Executor background, TaxpayerArchive archive) {
        this.background = Objects.requireNonNull(background, "background");
        this.archive = Objects.requireNonNull(archive, "archive");
        this.reads = new LatestTask(fx);
    }

    /** Each taxpayer's count, by RIN; a taxpayer with none to handle is not in it. */
    public ReadOnlyObjectProperty<Map<Rin, Long>> countsProperty() {
        return counts.getReadOnlyProperty();
    }

    /** How many this taxpayer has to handle (0 when none, or not known yet). */
    public long of(Rin taxpayer) {
        return taxpayer == null ? 0 : counts.get().getOrDefault(taxpayer, 0L);
    }

    /** Reads the counts again; a read under way is dropped for this one. */
    public void refresh() {
        reads.run(
                CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return Map.copyOf(archive.toHandle());
                            } catch (ArchiveException e) {
                                throw new CompletionException(e);
                            }
                        },
                        background),
                (read, failure) -> {
                    if (failure == null) {
                        if (!read.equals(counts.get())) {
                            counts.set(read); // the same counts redraw no taxpayer's row
                        }
                    } else {
                        LOG.log(
                                System.Logger.Level.DEBUG,
                                "taxpayers' counts to handle not read: {0}",
                                failure.toString());
                    }
                });
    }
}
