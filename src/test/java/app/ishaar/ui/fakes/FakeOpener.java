package app.ishaar.ui.fakes;

import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.Session;
import app.ishaar.ui.login.SessionOpener;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/** Records every session opened; each may be answered by a hook as it is opened. */
public final class FakeOpener implements SessionOpener {
    public final List<FakeSession> opened = new CopyOnWriteArrayList<>();

    /** What the secret was when each session was opened (the session's copy is wiped on close). */
    public final List<String> secretsSeen = new CopyOnWriteArrayList<>();

    private volatile Consumer<FakeSession> onOpen = s -> {};

    public void onOpen(Consumer<FakeSession> hook) {
        this.onOpen = hook;
    }

    @Override
    public Session open(Environment environment, Credentials credentials) {
        FakeSession s = new FakeSession(environment, credentials);
        secretsSeen.add(new String(credentials.clientSecret()));
        opened.add(s);
        onOpen.accept(s);
        return s;
    }

    public FakeSession last() {
        return opened.get(opened.size() - 1);
    }
}
