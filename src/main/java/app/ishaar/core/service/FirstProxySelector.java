package app.ishaar.core.service;

import java.io.IOException;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URI;
import java.util.List;

/**
 * Asks each selector in turn and takes the first answer that names a proxy; a direct connection
 * when none does.
 */
public final class FirstProxySelector extends ProxySelector {
    private final List<ProxySelector> selectors;

    public FirstProxySelector(List<ProxySelector> selectors) {
        this.selectors = List.copyOf(selectors);
    }

    @Override
    public List<Proxy> select(URI uri) {
        for (ProxySelector s : selectors) {
            List<Proxy> found = s.select(uri);
            if (found != null && found.stream().anyMatch(p -> p.type() != Proxy.Type.DIRECT)) {
                return found;
            }
        }
        return List.of(Proxy.NO_PROXY);
    }

    @Override
    public void connectFailed(URI uri, SocketAddress sa, IOException ioe) {
        for (ProxySelector s : selectors) {
            s.connectFailed(uri, sa, ioe);
        }
    }
}
