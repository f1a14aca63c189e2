package app.ishaar.core.archive.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.ServiceKey;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Where a page is read from: the fewest notifications skipped. */
class PageKeysTest {

    static InboxQuery page(int n) {
        return new InboxQuery(ServiceKey.SANDBOX, Set.of(), null, null, n, 100);
    }

    @Test
    void aPageNeverSeenIsCountedFromTheNearerEnd() {
        PageKeys keys = new PageKeys();
        assertThat(keys.read(page(3), 100_000, false))
                .isEqualTo(new PageKeys.Read(null, 200, 100, false));
        // page 900 of 1,000: 10,000 from the oldest, not 89,900 from the newest
        assertThat(keys.read(page(900), 100_000, false))
                .isEqualTo(new PageKeys.Read(null, 10_000, 100, true));
        // the last page, partly full
        assertThat(keys.read(page(1000), 99_950, false))
                .isEqualTo(new PageKeys.Read(null, 0, 50, true));
        // a search counted up to a limit: its oldest end is unknown
        assertThat(keys.read(page(900), 100_000, true))
                .isEqualTo(new PageKeys.Read(null, 89_900, 100, false));
    }

    @Test
    void aPageAfterOneSeenIsReadFromItsKeyUntilTheArchiveChanges() {
        PageKeys keys = new PageKeys();
        keys.at(1L);
        keys.seen(page(500), 9_000, 8_000);
        assertThat(keys.read(page(501), 100_000, true))
                .isEqualTo(new PageKeys.Read(8_000L, 0, 100, false));
        assertThat(keys.read(page(500), 100_000, true))
                .isEqualTo(new PageKeys.Read(9_001L, 0, 100, false));
        assertThat(keys.read(page(503), 100_000, true))
                .isEqualTo(new PageKeys.Read(8_000L, 200, 100, false));
        // another question's pages are its own
        assertThat(keys.read(page(501).withOrder(InboxQuery.Order.BEST), 100_000, true).key())
                .isNull();
        assertThat(
                        keys.read(
                                        new InboxQuery(
                                                ServiceKey.SANDBOX, Set.of(), null, "x", 501, 100),
                                        100_000,
                                        true)
                                .key())
                .isNull();
        keys.at(1L);
        assertThat(keys.read(page(501), 100_000, true).key()).isEqualTo(8_000L);
        keys.at(2L);
        assertThat(keys.read(page(501), 100_000, true).key()).isNull();
    }
}
