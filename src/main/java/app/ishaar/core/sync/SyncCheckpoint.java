package app.ishaar.core.sync;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;

/**
 * The sync's own state, kept by the archive as opaque text ({@link
 * app.ishaar.core.archive.SyncBatch#checkpoint()}), written in the same transaction as the
 * notifications it speaks of.
 *
 * <p>Before the whole history was read once, {@code covered} lists the stretches of positions
 * (counted from the oldest notification) that are archived; once it was, {@code count} is the size
 * of the service's history the archive holds all of (the positions below it).
 *
 * @param v the format's version
 * @param covered [from, to) ranges while the first sync is under way, else null
 * @param count the service's total at the end of the last complete sync, else null
 * @param held how many of this taxpayer's notifications the archive holds: a check that the
 *     positions it claims are all there
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record SyncCheckpoint(int v, List<long[]> covered, Long count, long held) {

    static final int VERSION = 1;

    private static final ObjectMapper JSON =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    static SyncCheckpoint partial(Coverage coverage, long held) {
        return new SyncCheckpoint(VERSION, coverage.ranges(), null, held);
    }

    static SyncCheckpoint complete(long count, long held) {
        return new SyncCheckpoint(VERSION, null, count, held);
    }

    /** The checkpoint in {@code text}; null for none or one this version cannot read. */
    static SyncCheckpoint parse(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            SyncCheckpoint c = JSON.readValue(text, SyncCheckpoint.class);
            return c.v() == VERSION ? c : null;
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    String format() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a checkpoint is always writable", e);
        }
    }
}
