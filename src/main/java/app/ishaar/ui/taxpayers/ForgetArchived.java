package app.ishaar.ui.taxpayers;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ServiceException;
import app.ishaar.ui.fx.LatestTask;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * After a taxpayer is removed from the list: whether the archive keeps notifications of it, offered
 * to be forgotten too, and forgetting them when the user says so. Never without: the offer's
 * default, by doing nothing, keeping them, or bringing the taxpayer back, keeps them.
 */
public final class ForgetArchived {

    /** The archive keeps this many notifications of a taxpayer removed from the list. */
    public record Kept(Rin rin, String name, long notifications) {}

    /** What forgetting a removed taxpayer's archived notifications did. */
    public sealed interface ForgetResult permits Forgotten, NotForgotten {}

    /** Gone for good: this many notifications, and the taxpayer's sync state. */
    public record Forgotten(Rin rin, String name, long notifications) implements ForgetResult {}

    /** The archive could not forget them (they are as they were), and why. */
    public record NotForgotten(Rin rin, String name, ArchiveException.Reason reason)
            implements ForgetResult {}

    private static final System.Logger LOG = System.getLogger(ForgetArchived.class.getName());

    private final Executor fx;
    private final Executor background;
    private final TaxpayerArchive archive;
    private final LatestTask counting;
    private final ReadOnlyObjectWrapper<Kept> offer = new ReadOnlyObjectWrapper<>(this, "offer");
    private final ReadOnlyObjectWrapper<ForgetResult> outcome =
            new ReadOnlyObjectWrapper<>(this, "outcome");

    ForgetArchived(Executor fx, Executor background, TaxpayerArchive archive) {
        this.fx = fx;
        this.background = background;
        this.archive = archive;
        this.counting = new LatestTask(fx);
    }

    /**
     * What the archive keeps of the taxpayer removed last, while the user may choose to forget it;
     * null while it keeps nothing of it (or is still being asked).
     */
    public ReadOnlyObjectProperty<Kept> offerProperty() {
        return offer.getReadOnlyProperty();
    }

    /** What the last forgetting did, until the next removal, undo or dismissal; else null. */
    public ReadOnlyObjectProperty<ForgetResult> outcomeProperty() {
        return outcome.getReadOnlyProperty();
    }

    /**
     * Forgets the archived notifications of {@link #offerProperty()}'s taxpayer, in the background;
     * completes on the FX thread. Null when nothing is offered.
     */
    public CompletableFuture<ForgetResult> forget() {
        Kept k = offer.get();
        if (k == null) {
            return null;
        }
        offer.set(null);
        return inBackground(() -> archive.forget(k.rin()))
                .handleAsync(
                        (gone, failure) -> {
                            ForgetResult r =
                                    failure == null
                                            ? new Forgotten(k.rin(), k.name(), gone)
                                            : new NotForgotten(k.rin(), k.name(), reason(failure));
                            outcome.set(r);
                            return r;
                        },
                        fx);
    }

    /** The user chose to keep them (the default): the question is put away. */
    public void keep() {
        counting.cancel();
        offer.set(null);
    }

    /** A taxpayer was removed: asks the archive what it keeps of it, to offer forgetting it. */
    void removed(Rin rin, String name) {
        clear();
        counting.run(
                inBackground(() -> archive.count(rin)),
                (count, failure) -> {
                    if (failure != null) {
                        // nothing offered: what cannot be counted is not offered to be forgotten
                        LOG.log(
                                System.Logger.Level.INFO,
                                "could not count a removed taxpayer's archived notifications: "
                                        + ServiceException.unwrap(failure));
                    } else if (count > 0) {
                        offer.set(new Kept(rin, name, count));
                    }
                });
    }

    /** The removed taxpayer came back, or the offer was put away: its notifications stay. */
    void clear() {
        counting.cancel();
        offer.set(null);
        outcome.set(null);
    }

    /** A question to the archive: how many it keeps, or how many it forgot. */
    private interface ArchiveCall {
        long call() throws ArchiveException;
    }

    /** Asks the archive on the background executor; its exception fails the future. */
    private CompletableFuture<Long> inBackground(ArchiveCall call) {
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        return call.call();
                    } catch (ArchiveException e) {
                        throw new CompletionException(e);
                    }
                },
                background);
    }

    private static ArchiveException.Reason reason(Throwable failure) {
        Throwable cause = ServiceException.unwrap(failure);
        if (cause instanceof ArchiveException a) {
            return a.reason();
        }
        LOG.log(System.Logger.Level.WARNING, "could not forget a taxpayer's archive: " + cause);
        return ArchiveException.Reason.FAILED;
    }
}
