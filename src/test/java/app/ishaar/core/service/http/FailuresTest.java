package app.ishaar.core.service.http;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.NetworkException.Kind;
import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

/**
 * Transport failures map to the kinds a user is told about, and only a lost connection is retried.
 */
class FailuresTest {

    @Test
    void transportFailuresMapToTheirKindWithTheHost() {
        assertKind(new UnknownHostException("id.eta.gov.eg"), Kind.UNREACHABLE, false);
        assertKind(new ConnectException("Connection refused"), Kind.UNREACHABLE, false);
        assertKind(new SSLHandshakeException("PKIX path building failed"), Kind.CERTIFICATE, false);
        assertKind(
                new SSLHandshakeException("Received fatal alert: handshake_failure"),
                Kind.TLS,
                false);
        assertKind(new SocketTimeoutException("timeout"), Kind.TIMEOUT, false);
        assertKind(new SocketException("Connection reset"), Kind.CONNECTION_LOST, true);
        assertKind(new EOFException("\\n not found: limit=0"), Kind.CONNECTION_LOST, true);
        assertKind(new IOException("unexpected end of stream"), Kind.CONNECTION_LOST, true);
    }

    private static void assertKind(IOException e, Kind kind, boolean retried) {
        NetworkException n = Failures.network(e, "id.eta.gov.eg");
        assertThat(n.kind()).isEqualTo(kind);
        assertThat(n.host()).isEqualTo("id.eta.gov.eg");
        assertThat(n.getMessage()).contains("id.eta.gov.eg");
        assertThat(n.getCause()).isSameAs(e);
        assertThat(Failures.retryable(n)).isEqualTo(retried);
    }

    @Test
    void dotNetDateTimesAreWrittenWithSevenDigitsAndZ() {
        assertThat(DotNetDateTimes.format(java.time.Instant.parse("2026-03-01T10:15:30Z")))
                .isEqualTo("2026-03-01T10:15:30.0000000Z");
        assertThat(DotNetDateTimes.format(java.time.Instant.parse("2026-03-01T10:15:30.1234567Z")))
                .isEqualTo("2026-03-01T10:15:30.1234567Z");
        assertThat(DotNetDateTimes.parse("2026-03-01T10:15:30.1234567z"))
                .isEqualTo(java.time.Instant.parse("2026-03-01T10:15:30.1234567Z"));
    }
}
