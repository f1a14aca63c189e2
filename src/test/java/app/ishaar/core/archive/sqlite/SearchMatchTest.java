package app.ishaar.core.archive.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.SearchText;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A search asked as named words and prefixes ({@link SearchMatch}) finds exactly what FTS5's plain
 * prefix queries find, whichever words count as frequent; and a search's total is counted up to a
 * limit, past which the page says "more than".
 */
class SearchMatchTest {

    static final ServiceKey SERVICE = ServiceKey.SANDBOX;
    static final Rin NILE = Rin.of("204918573");
    static final Rin GIZA = Rin.of("499201773");

    static Path dir;
    static SqliteArchive archive;
    static Connection conn;

    @BeforeAll
    static void fill() throws Exception {
        dir = Files.createTempDirectory("search-match");
        archive = SqliteArchive.open(dir.resolve("archive.db"));
        try (Sandbox sandbox =
                Sandbox.start(
                        SandboxConfig.builder()
                                .seed(5)
                                .notificationsPerTaxpayer(500)
                                .anchor(Instant.parse("2026-03-01T00:00:00Z"))
                                .build())) {
            for (Rin rin : List.of(NILE, GIZA)) {
                List<ArchivedNotification> items = SandboxItems.history(sandbox, rin.value(), rin);
                archive.store(new SyncBatch(SERVICE, rin, items, null, true, null));
            }
        }
        conn = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("archive.db"));
    }

    @AfterAll
    static void close() throws Exception {
        conn.close();
        archive.close();
    }

    /** The notifications (index keys) an FTS5 query matches. */
    static Set<Long> matches(String match) throws Exception {
        Set<Long> out = new LinkedHashSet<>();
        try (PreparedStatement p =
                conn.prepareStatement(
                        "SELECT rowid FROM notification_text WHERE notification_text MATCH ?"
                                + " ORDER BY rowid DESC")) {
            p.setString(1, match);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(r.getLong(1));
                }
            }
        }
        return out;
    }

    /** Each term as FTS5's prefix queries (begins a word, or backwards ends one), or its stem. */
    static String prefixes(List<String> terms) {
        List<String> parts = new ArrayList<>();
        for (String t : terms) {
            String stem = SearchText.stem(t);
            parts.add(
                    "(words : \""
                            + t
                            + "\" *"
                            + (stem == null ? "" : " OR words : \"" + stem + "\"")
                            + " OR backwards : \""
                            + new StringBuilder(t).reverse()
                            + "\" *)");
        }
        return String.join(" AND ", parts);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2025",
                "202",
                "٢٠٢٦",
                "inv",
                "invoice",
                "000",
                "451",
                "com",
                "فاتور",
                "الفاتورة",
                "ضرائب",
                "المصرية",
                "رفض",
                "تحقق",
                "valid",
                "validation",
                "INV 2026",
                "مصلحة الضرائب",
                "zzzq"
            })
    void namedWordsFindWhatPrefixesFind(String typed) throws Exception {
        List<String> terms = SearchText.terms(typed);
        Set<Long> expected = matches(prefixes(terms));
        // as the archive asks it; every longer word by name (frequent from 0: deepest split); a
        // mix; and a column of more than three words as a plain prefix
        assertThat(matches(SearchMatch.of(conn, terms))).isEqualTo(expected);
        assertThat(matches(SearchMatch.of(conn, terms, 0, 1000))).isEqualTo(expected);
        assertThat(matches(SearchMatch.of(conn, terms, 3, 1000))).isEqualTo(expected);
        assertThat(matches(SearchMatch.of(conn, terms, 0, 3))).isEqualTo(expected);
        if (!typed.equals("zzzq")) {
            assertThat(expected).as(typed).isNotEmpty();
        }
    }

    @Test
    void frequentWordsAreAskedByNameAndManyWordsAsOnePrefix() throws Exception {
        // "202" begins years, each held by many notifications: each asked by name
        String match = SearchMatch.of(conn, List.of("202"), 20, 1000);
        assertThat(match).contains("\"2025\"").contains("\"2026\"");
        assertThat(match).doesNotContain("\"202\" *");
        // past the bound of words, a plain prefix
        assertThat(SearchMatch.of(conn, List.of("202"), 20, 2)).contains("\"202\" *");
    }

    @Test
    void aSearchCountsItsMatchesUpToALimitThenSaysMoreThan() throws Exception {
        InboxQuery first = new InboxQuery(SERVICE, Set.of(), null, "2025", 1, 10);
        InboxPage exact = archive.query(new InboxQuery(SERVICE, Set.of(), null, "2025", 1, 1000));
        long all = exact.totalCount();
        assertThat(exact.moreThanTotal()).isFalse();
        assertThat(all).isGreaterThan(100);
        try {
            archive.countSearchesUpTo(50);
            InboxPage capped = archive.query(first);
            assertThat(capped.totalCount()).isEqualTo(50);
            assertThat(capped.moreThanTotal()).isTrue();
            assertThat(capped.items()).hasSize(10);
            // a page further than the limit: counted to its end, its notifications as they are
            InboxPage eighth =
                    archive.query(new InboxQuery(SERVICE, Set.of(), null, "2025", 8, 10));
            assertThat(eighth.totalCount()).isEqualTo(80);
            assertThat(eighth.moreThanTotal()).isTrue();
            assertThat(eighth.items()).isEqualTo(exact.items().subList(70, 80));
            // with a filter too
            InboxPage one =
                    archive.query(new InboxQuery(SERVICE, Set.of(NILE), null, "2025", 1, 10));
            assertThat(one.totalCount()).isEqualTo(50);
            assertThat(one.moreThanTotal()).isTrue();
            // fewer than the limit: exact
            archive.countSearchesUpTo(all);
            InboxPage within = archive.query(first);
            assertThat(within.totalCount()).isEqualTo(all);
            assertThat(within.moreThanTotal()).isFalse();
            // a query without a search is always exact
            InboxPage plain = archive.query(new InboxQuery(SERVICE, Set.of(), null, null, 1, 10));
            assertThat(plain.totalCount()).isEqualTo(1000);
            assertThat(plain.moreThanTotal()).isFalse();
        } finally {
            archive.countSearchesUpTo(app.ishaar.core.archive.jdbc.JdbcReader.COUNTED);
        }
    }
}
