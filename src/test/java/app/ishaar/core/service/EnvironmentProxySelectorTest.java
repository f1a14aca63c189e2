package app.ishaar.core.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The proxy environment variables read as curl reads them. */
class EnvironmentProxySelectorTest {

    static String proxyOf(EnvironmentProxySelector s, String uri) {
        Proxy p = s.select(URI.create(uri)).get(0);
        return p.type() == Proxy.Type.DIRECT
                ? "direct"
                : ((InetSocketAddress) p.address()).getHostString()
                        + ":"
                        + ((InetSocketAddress) p.address()).getPort();
    }

    @Test
    void httpsAndHttpHaveTheirOwnVariableAndLowerCaseComesFirst() {
        EnvironmentProxySelector s =
                new EnvironmentProxySelector(
                        Map.of(
                                        "HTTPS_PROXY", "http://upper.example:1",
                                        "https_proxy", "lower.example:3128",
                                        "HTTP_PROXY", "http://plain.example")
                                ::get);
        assertThat(proxyOf(s, "https://api.invoicing.eta.gov.eg/x"))
                .isEqualTo("lower.example:3128");
        assertThat(proxyOf(s, "http://api.example/x")).isEqualTo("plain.example:80");
        assertThat(s.isSet()).isTrue();
    }

    @Test
    void noProxyNamesHostsDomainsAndEverythingAndLoopbackIsNeverProxied() {
        EnvironmentProxySelector s =
                new EnvironmentProxySelector(
                        Map.of(
                                        "HTTPS_PROXY", "http://proxy.corp:8080",
                                        "NO_PROXY", " .eta.gov.eg, intranet:443 ,10.0.0.7")
                                ::get);
        assertThat(proxyOf(s, "https://id.eta.gov.eg/")).isEqualTo("direct");
        assertThat(proxyOf(s, "https://eta.gov.eg/")).isEqualTo("direct");
        assertThat(proxyOf(s, "https://intranet/")).isEqualTo("direct");
        assertThat(proxyOf(s, "https://10.0.0.7/")).isEqualTo("direct");
        assertThat(proxyOf(s, "https://noteta.gov.eg.example/")).isEqualTo("proxy.corp:8080");
        assertThat(proxyOf(s, "https://localhost:8443/")).isEqualTo("direct");
        assertThat(proxyOf(s, "http://127.0.0.1:8080/")).isEqualTo("direct");
        EnvironmentProxySelector all =
                new EnvironmentProxySelector(
                        Map.of("HTTPS_PROXY", "proxy.corp:8080", "no_proxy", "*")::get);
        assertThat(proxyOf(all, "https://id.eta.gov.eg/")).isEqualTo("direct");
    }

    @Test
    void credentialsComeFromTheVariableDecodedAndOnlyForThatProxy() {
        EnvironmentProxySelector s =
                new EnvironmentProxySelector(
                        Map.of("HTTPS_PROXY", "http://al%40corp:p+w%3Ad@proxy.corp:8080")::get);
        var c = s.credentials("proxy.corp", 8080).orElseThrow();
        assertThat(c.getUserName()).isEqualTo("al@corp");
        assertThat(new String(c.getPassword())).isEqualTo("p+w:d");
        assertThat(s.credentials("other.corp", 8080)).isEmpty();
        assertThat(s.describe()).doesNotContain("p+w").contains("proxy.corp:8080");
    }

    @Test
    void nothingSetMeansDirect() {
        EnvironmentProxySelector s = new EnvironmentProxySelector(Map.<String, String>of()::get);
        assertThat(s.isSet()).isFalse();
        assertThat(proxyOf(s, "https://id.eta.gov.eg/")).isEqualTo("direct");
    }
}
