package app.ishaar.faults;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A small HTTP proxy on loopback that opens CONNECT tunnels, as a corporate proxy does for HTTPS:
 * it never sees inside the TLS session. It may ask for Basic credentials (407). The host {@code
 * ishaar.test} is the loopback address to it, so a client can reach that host only through it.
 */
final class ConnectProxy implements AutoCloseable {
    static final String HOST = "ishaar.test";

    private final ServerSocket socket;
    private final String requiredAuthorization;
    final List<String> connects = Collections.synchronizedList(new ArrayList<>());
    final List<String> authorizations = Collections.synchronizedList(new ArrayList<>());

    /**
     * @param requiredAuthorization the Proxy-Authorization value to demand, or null for none
     */
    ConnectProxy(String requiredAuthorization) throws IOException {
        this.requiredAuthorization = requiredAuthorization;
        this.socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(this::acceptLoop, "test-connect-proxy");
        t.setDaemon(true);
        t.start();
    }

    int port() {
        return socket.getLocalPort();
    }

    private void acceptLoop() {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                Thread t = new Thread(() -> serve(client), "test-connect-proxy-conn");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket client) {
        try (client) {
            InputStream in = client.getInputStream();
            OutputStream out = client.getOutputStream();
            while (true) {
                String requestLine = line(in);
                if (requestLine == null) {
                    return;
                }
                String authorization = null;
                for (String h = line(in); h != null && !h.isEmpty(); h = line(in)) {
                    int colon = h.indexOf(':');
                    if (colon > 0
                            && h.substring(0, colon)
                                    .trim()
                                    .equalsIgnoreCase("Proxy-Authorization")) {
                        authorization = h.substring(colon + 1).trim();
                    }
                }
                String[] parts = requestLine.split(" ");
                if (parts.length < 2 || !parts[0].equals("CONNECT")) {
                    out.write(
                            ascii("HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n"));
                    return;
                }
                connects.add(parts[1]);
                authorizations.add(authorization);
                if (requiredAuthorization != null && !requiredAuthorization.equals(authorization)) {
                    out.write(
                            ascii(
                                    "HTTP/1.1 407 Proxy Authentication Required\r\n"
                                            + "Proxy-Authenticate: Basic realm=\"test\"\r\n"
                                            + "Content-Length: 0\r\n\r\n"));
                    out.flush();
                    continue;
                }
                int colon = parts[1].lastIndexOf(':');
                String host = parts[1].substring(0, colon);
                int port = Integer.parseInt(parts[1].substring(colon + 1));
                Socket target =
                        host.equals(HOST)
                                ? new Socket(InetAddress.getLoopbackAddress(), port)
                                : new Socket(host, port);
                out.write(ascii("HTTP/1.1 200 Connection established\r\n\r\n"));
                out.flush();
                Thread back = new Thread(() -> pipe(target, client), "test-connect-proxy-back");
                back.setDaemon(true);
                back.start();
                pipe(client, target);
                back.join(5000);
                target.close();
                return;
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            // the client or the target hung up
        }
    }

    private static void pipe(Socket from, Socket to) {
        try {
            from.getInputStream().transferTo(to.getOutputStream());
            to.shutdownOutput();
        } catch (IOException e) {
            // one side closed
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** One CRLF-terminated line, read byte by byte (nothing of a tunnel's bytes is read ahead). */
    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != -1) {
            if (c == '\n') {
                String s = b.toString(StandardCharsets.ISO_8859_1);
                return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
            }
            b.write(c);
        }
        return b.size() == 0 ? null : b.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
