package app.ishaar.core.archive;

import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxNotification;
import app.ishaar.sandbox.SandboxQuery;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Realistic notifications for the archive's tests and benchmarks: the sandbox's generated history
 * (its message catalogue in Arabic and English, e-mail HTML, SMS, push and ERP messages), each as
 * the JSON the API sends, read from the sandbox in process (no HTTP).
 */
public final class SandboxItems {
    private SandboxItems() {}

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The item as the API sends it. */
    public static String wire(SandboxNotification n) {
        return n.writeWire(JSON.createObjectNode()).toString();
    }

    public static ArchivedNotification archived(Rin taxpayer, SandboxNotification n) {
        try {
            return ArchivedNotification.fromRaw(taxpayer, wire(n));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every notification of a sandbox taxpayer, newest first, as archived items of {@code as}. */
    public static List<ArchivedNotification> history(Sandbox sandbox, String rin, Rin as) {
        List<ArchivedNotification> out = new ArrayList<>();
        for (int page = 1; ; page++) {
            var p = sandbox.query(rin, SandboxQuery.all().withPage(page, 1000));
            for (SandboxNotification n : p.result()) {
                out.add(archived(as, n));
            }
            if (page >= p.totalPages()) {
                return out;
            }
        }
    }
}
