package app.ishaar.core.session;

import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import java.util.concurrent.CompletableFuture;

/**
 * The handle of a session {@link TaxpayerSessions} hands out: its calls' refusals and endings reach
 * the owner, and closing it ends that taxpayer's session there.
 */
final class SharedSession extends ForwardingSession {
    private final TaxpayerSessions owner;
    private final Rin taxpayer;

    SharedSession(TaxpayerSessions owner, Rin taxpayer, Session session) {
        super(session);
        this.owner = owner;
        this.taxpayer = taxpayer;
    }

    @Override
    protected <T> CompletableFuture<T> watch(CompletableFuture<T> call) {
        call.whenComplete(
                (v, err) -> {
                    if (err != null) {
                        owner.failed(taxpayer, delegate(), ServiceException.unwrap(err));
                    }
                });
        return call;
    }

    @Override
    public void close() {
        owner.ended(taxpayer, delegate());
    }
}
