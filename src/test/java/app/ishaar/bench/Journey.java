package app.ishaar.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import javafx.animation.AnimationTimer;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.skin.VirtualFlow;
import javafx.stage.Window;

/**
 * The second half of installed_journey_ratio's journey, in the started process ({@link
 * StartupProbe} with {@value #PROPERTY}): once the login window is on screen, the user's secret
 * typed where the field is empty (not timed: a returning user's typing), then Log in clicked, and
 * the time from the click to the frame with the history's first page on screen ({@link Painted}): a
 * table with the id {@code history-table} showing its first item in its first row, no progress
 * shown beside it. The app's exchanges in that time (the login's and the first page's, as the
 * client's transport timed them, where they ended before that frame; the window's sync's reads,
 * pages of 100, told apart by the support log's names of the exchanges) are printed apart, so that
 * the suite takes them off; the reference journey makes none. Prints {@value #MARKER} and halts (or
 * exits, with {@link StartupProbe#EXIT}, for a training run's class list).
 *
 * <p>Works on the ids alone ({@code login-button}, {@code secret}, {@code history-table}, {@code
 * history-progress}): the app's and the reference journey's, which share no code.
 */
final class Journey {
    private Journey() {}

    static final String PROPERTY = "bench.journey";
    static final String SECRET = "bench.journey.secret";
    static final String MARKER = "ISHAAR_JOURNEY";

    private static final List<long[]> TRIPS = new ArrayList<>();
    private static final List<String> IDS = new ArrayList<>();

    /** The support log's names of the exchanges ("page 1 (size 50)") by correlation id. */
    private static final java.util.Map<String, String> DESCRIBED =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** The sync reads pages of this size; the history's first page is smaller (50). */
    private static final String SYNC_READ = "(size 100)";

    private static Logger transport;
    private static Logger exchanges;

    /** Whether this start goes on past the login window. */
    static boolean on() {
        return Boolean.getBoolean(PROPERTY);
    }

    /** On the FX thread, once the login window's first frame is on screen. */
    static void logIn() {
        listenToExchanges();
        listenToDescriptions();
        Node button = find("login-button");
        if (!(button instanceof Button login)) {
            throw new IllegalStateException("no Log in button on screen");
        }
        String secret = System.getProperty(SECRET, "");
        if (find("secret") instanceof TextInputControl field
                && field.getText().isEmpty()
                && !secret.isEmpty()) {
            field.setText(secret);
        }
        if (login.isDisabled()) {
            throw new IllegalStateException("Log in is disabled");
        }
        long clicked = System.nanoTime();
        login.fire();
        new AnimationTimer() {
            @Override
            public void handle(long now) {
                if (!pageOnScreen()) {
                    return;
                }
                stop();
                Painted.afterThisPulse(() -> done(clicked));
            }
        }.start();
    }

    private static void done(long clicked) {
        long painted = System.nanoTime();
        long login = 0;
        long page = 0;
        // where the time went: when each exchange ended, after the click
        long loginEnded = -1;
        long pageEnded = -1;
        synchronized (TRIPS) {
            for (int i = 0; i < TRIPS.size(); i++) {
                long[] t = TRIPS.get(i);
                if (t[0] < clicked || t[0] > painted) {
                    continue;
                }
                // the window's sync reads beside the page: not the page's wait
                if (DESCRIBED.getOrDefault(IDS.get(i), "").contains(SYNC_READ)) {
                    continue;
                }
                if (t[2] == 1 && login == 0) {
                    login = t[1];
                    loginEnded = t[0] - clicked;
                } else if (t[2] == 2 && page == 0) {
                    page = t[1];
                    pageEnded = t[0] - clicked;
                }
            }
        }
        // the process's CPU time to the page, which other processes stretch far less than the wall
        // clock
        long cpu =
                ProcessHandle.current()
                        .info()
                        .totalCpuDuration()
                        .map(java.time.Duration::toNanos)
                        .orElse(-1L);
        System.out.println(
                MARKER
                        + " cpu_ns="
                        + cpu
                        + " click_to_page_ns="
                        + (painted - clicked)
                        + " exchanges_ns="
                        + (login + page)
                        + " login_ended_ns="
                        + loginEnded
                        + " page_ended_ns="
                        + pageEnded
                        + " trips="
                        + TRIPS.size());
        System.out.flush();
        if (Boolean.getBoolean(StartupProbe.EXIT)) {
            System.exit(0);
        }
        Runtime.getRuntime().halt(0);
    }

    /**
     * The client's transport logs each exchange with its duration (as the desktop benchmarks'
     * driver reads it): each one's end, milliseconds and kind (1 login, 2 history page, 0 other).
     */
    private static void listenToExchanges() {
        transport = Logger.getLogger("app.ishaar.core.service.http");
        transport.setLevel(Level.FINE);
        transport.addHandler(
                new Handler() {
                    @Override
                    public void publish(LogRecord r) {
                        Object[] p = r.getParameters();
                        if (p != null && p.length >= 4 && p[2] instanceof Number ms) {
                            String what = String.valueOf(p[0]);
                            long kind =
                                    what.contains("/connect/token")
                                            ? 1
                                            : what.contains("/notifications") ? 2 : 0;
                            synchronized (TRIPS) {
                                TRIPS.add(
                                        new long[] {
                                            System.nanoTime(), ms.longValue() * 1_000_000L, kind
                                        });
                                IDS.add(String.valueOf(p[3]));
                            }
                        }
                    }

                    @Override
                    public void flush() {}

                    @Override
                    public void close() {}
                });
    }

    /** The support log's exchange log names each exchange; its correlation id ties it. */
    private static void listenToDescriptions() {
        exchanges = Logger.getLogger("app.ishaar.core.service.exchange");
        exchanges.addHandler(
                new Handler() {
                    @Override
                    public void publish(LogRecord r) {
                        Object[] p = r.getParameters();
                        if (p != null && p.length >= 7) {
                            String tail = String.valueOf(p[6]);
                            int at = tail.indexOf("correlationId ");
                            if (at >= 0) {
                                DESCRIBED.put(
                                        tail.substring(at + "correlationId ".length())
                                                .replace(")", "")
                                                .strip(),
                                        String.valueOf(p[0]));
                            }
                        }
                    }

                    @Override
                    public void flush() {}

                    @Override
                    public void close() {}
                });
    }

    private static Node find(String id) {
        for (Window w : Window.getWindows()) {
            if (w.isShowing() && w.getScene() != null) {
                Node n = w.getScene().lookup("#" + id);
                if (n != null) {
                    return n;
                }
            }
        }
        return null;
    }

    private static TableView<?> table;
    private static VirtualFlow<?> flow;

    /** The history table shows its first item in its first row, laid out, nothing loading. */
    private static boolean pageOnScreen() {
        if (table == null) {
            table = find("history-table") instanceof TableView<?> t ? t : null;
            if (table == null) {
                return false;
            }
        }
        if (table.getItems().isEmpty() || table.getItems().get(0) == null) {
            return false;
        }
        Node progress =
                table.getScene() == null ? null : table.getScene().lookup("#history-progress");
        if (progress != null && progress.isVisible()) {
            return false;
        }
        if (flow == null) {
            flow = (VirtualFlow<?>) table.lookup(".virtual-flow");
            if (flow == null) {
                return false;
            }
        }
        return flow.getFirstVisibleCell() instanceof TableRow<?> row
                && row.getIndex() == 0
                && java.util.Objects.equals(row.getItem(), table.getItems().get(0))
                && !row.isEmpty()
                && row.isVisible();
    }
}
