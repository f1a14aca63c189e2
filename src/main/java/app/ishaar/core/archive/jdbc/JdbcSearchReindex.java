package app.ishaar.core.archive.jdbc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.Context;
import org.flywaydb.core.api.migration.JavaMigration;

/**
 * A migration that makes every notification's search words again from its archived item, so that an
 * archive written before finds what the search rules now index, the same for every SQL dialect: the
 * items read in key order a batch at a time, each batch's words made on every core (reading each
 * item is most of the work) and written by this thread in key order, as a store adds them. The
 * words are made by the app's own code, which no SQL migration can run. A dialect gives how it
 * keeps an item, the words it makes of one, and how it writes them.
 *
 * @param <R> an item as the dialect keeps it
 * @param <W> an item's words as the dialect writes them
 */
public abstract class JdbcSearchReindex<R, W> implements JavaMigration {

    private final MigrationVersion version;
    private final int batch;
    private final String read;
    private final String write;

    /**
     * @param version the schema version this migration makes
     * @param batch items read, and their words made, at a time
     * @param read the statement reading each notification's key and item, in key order
     * @param write the statement writing one notification's words
     */
    protected JdbcSearchReindex(String version, int batch, String read, String write) {
        this.version = MigrationVersion.fromVersion(version);
        this.batch = batch;
        this.read = read;
        this.write = write;
    }

    /** The item in the read's second column, as the dialect keeps it. */
    protected abstract R item(ResultSet r) throws SQLException;

    /** An item's words, made on any thread. */
    protected abstract W words(R item) throws IOException;

    /** Sets one notification's key and words as the write's parameters. */
    protected abstract void bind(Connection c, PreparedStatement write, long id, W words)
            throws SQLException;

    @Override
    public MigrationVersion getVersion() {
        return version;
    }

    @Override
    public String getDescription() {
        return "search reindexed";
    }

    @Override
    public Integer getChecksum() {
        return null;
    }

    @Override
    public boolean canExecuteInTransaction() {
        return true;
    }

    @Override
    public void migrate(Context context) throws Exception {
        Connection c = context.getConnection();
        try (PreparedStatement reading = c.prepareStatement(read);
                PreparedStatement writing = c.prepareStatement(write)) {
            // a cursor where the driver keeps one, not every item in memory at once
            reading.setFetchSize(batch);
            List<Long> ids = new ArrayList<>(batch);
            List<R> items = new ArrayList<>(batch);
            try (ResultSet r = reading.executeQuery()) {
                while (r.next()) {
                    ids.add(r.getLong(1));
                    items.add(item(r));
                    if (ids.size() == batch) {
                        write(c, ids, items, writing);
                    }
                }
            }
            write(c, ids, items, writing);
        }
    }

    /** Writes a batch's words, made on every core, in key order. */
    private void write(Connection c, List<Long> ids, List<R> items, PreparedStatement writing)
            throws SQLException {
        List<W> words =
                items.parallelStream()
                        .map(
                                item -> {
                                    try {
                                        return words(item);
                                    } catch (IOException e) {
                                        throw new UncheckedIOException(e);
                                    }
                                })
                        .toList();
        for (int i = 0; i < ids.size(); i++) {
            bind(c, writing, ids.get(i), words.get(i));
            writing.addBatch();
        }
        if (!ids.isEmpty()) {
            writing.executeBatch();
        }
        ids.clear();
        items.clear();
    }
}
