package app.ishaar.core.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

class LazyLoggerTest {

    @Test
    void whatItLogsReachesTheNamedLoggerWithLevelParametersAndError() {
        String name = "app.ishaar.test.lazy";
        Logger jul = Logger.getLogger(name);
        List<LogRecord> records = new CopyOnWriteArrayList<>();
        Handler h =
                new Handler() {
                    @Override
                    public void publish(LogRecord r) {
                        records.add(r);
                    }

                    @Override
                    public void flush() {}

                    @Override
                    public void close() {}
                };
        jul.addHandler(h);
        jul.setLevel(Level.INFO);
        boolean parents = jul.getUseParentHandlers();
        jul.setUseParentHandlers(false); // the test reads them; the console need not show them
        try {
            System.Logger log = LazyLogger.of(name);
            assertThat(log.getName()).isEqualTo(name);
            assertThat(log.isLoggable(System.Logger.Level.DEBUG)).isFalse();
            assertThat(log.isLoggable(System.Logger.Level.WARNING)).isTrue();
            log.log(System.Logger.Level.DEBUG, "not at this level");
            log.log(System.Logger.Level.WARNING, "settings {0} set aside", "settings.json");
            IllegalStateException boom = new IllegalStateException("boom");
            log.log(System.Logger.Level.ERROR, "failed", boom);
            assertThat(records).hasSize(2);
            assertThat(records.get(0).getLevel()).isEqualTo(Level.WARNING);
            assertThat(records.get(0).getMessage()).isEqualTo("settings {0} set aside");
            assertThat(records.get(0).getParameters()).containsExactly("settings.json");
            assertThat(records.get(1).getLevel()).isEqualTo(Level.SEVERE);
            assertThat(records.get(1).getThrown()).isSameAs(boom);
        } finally {
            jul.removeHandler(h);
            jul.setUseParentHandlers(parents);
        }
    }
}
