package app.ishaar.core.archive.sqlite;

import app.ishaar.core.archive.RawItem;
import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Status;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashSet;
import java.util.Set;
import org.sqlite.Function;

/**
 * An SQL function of the reading connection, {@code ishaar_failure_reasons(raw)}: the distinct
 * reasons an archived item's failed delivery attempts give, as a JSON array, so that the reasons
 * are grouped and counted by SQLite ({@code json_each}) although the items are kept compressed.
 */
final class FailureReasons extends Function {

    static final String NAME = "ishaar_failure_reasons";

    private static final ObjectMapper JSON = new ObjectMapper();

    static void register(Connection conn) throws SQLException {
        Function.create(conn, NAME, new FailureReasons(), 1, Function.FLAG_DETERMINISTIC);
    }

    @Override
    protected void xFunc() throws SQLException {
        byte[] raw = value_blob(0);
        if (raw == null) {
            result("[]");
            return;
        }
        try {
            Set<String> reasons = new LinkedHashSet<>();
            for (DeliveryAttempt a : RawItem.parse(RawCodec.decode(raw)).deliveryAttempts()) {
                if (Status.fromWire(a.status()).orElse(null) == Status.ERROR
                        && a.statusDetails() != null
                        && !a.statusDetails().isBlank()) {
                    reasons.add(a.statusDetails().strip());
                }
            }
            result(JSON.writeValueAsString(reasons));
        } catch (java.io.IOException e) {
            throw new SQLException("an archived notification is not JSON", e);
        }
    }
}
