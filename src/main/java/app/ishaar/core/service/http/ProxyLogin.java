package app.ishaar.core.service.http;

import app.ishaar.core.service.Proxies;
import app.ishaar.core.support.Redaction;
import java.net.InetSocketAddress;
import java.net.PasswordAuthentication;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import okhttp3.Authenticator;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.Route;

/**
 * Answers a proxy's 407 with Basic credentials from the {@link Proxies.CredentialSource}, once: a
 * proxy that refuses them (a second 407) ends the request rather than being asked again.
 */
public final class ProxyLogin implements Authenticator {
    private final Proxies.CredentialSource source;

    public ProxyLogin(Proxies.CredentialSource source) {
        this.source = source;
    }

    @Override
    public Request authenticate(Route route, Response response) {
        if (response.code() != 407
                || response.request().header("Proxy-Authorization") != null
                || route == null
                || !(route.proxy().address() instanceof InetSocketAddress a)) {
            return null;
        }
        Optional<PasswordAuthentication> creds = source.forProxy(a.getHostString(), a.getPort());
        if (creds.isEmpty()) {
            return null;
        }
        char[] password = creds.get().getPassword();
        Redaction.hide(password);
        try {
            String basic =
                    okhttp3.Credentials.basic(
                            creds.get().getUserName(),
                            new String(password),
                            StandardCharsets.UTF_8);
            return response.request().newBuilder().header("Proxy-Authorization", basic).build();
        } finally {
            Arrays.fill(password, '\0');
        }
    }
}
