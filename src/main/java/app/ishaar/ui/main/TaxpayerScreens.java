package app.ishaar.ui.main;

import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.fx.AfterAMoment;
import app.ishaar.ui.fx.WrappingLabel;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.notifications.HistoryView;
import app.ishaar.ui.notifications.HistoryViewModel;
import app.ishaar.ui.notifications.Reach;
import app.ishaar.ui.summary.SummaryView;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The main window's content: the current taxpayer's screen (logging in, why its login failed with
 * Try again, or its history screen), and the history screens kept for switching back.
 */
final class TaxpayerScreens {

    /**
     * How many taxpayers' history screens the window keeps. Switching back to a kept one shows it
     * at once, as it was left; beyond these the screen shown longest ago is released (a few MB
     * each: its table's rows, cells and skins), so an intermediary going through dozens of
     * taxpayers in a day does not keep them all. What the screen showed (the page, the filters, the
     * chosen row, the columns) is its taxpayer's view model's, and a screen made again shows it.
     */
    static final int KEPT_SCREENS = 8;

    private final MainWindowViewModel vm;
    private final I18n i18n;
    private final SceneFactory scenes;
    private final StackPane content = new StackPane();
    private int keptScreens = KEPT_SCREENS;

    /** The kept history screens, the one shown longest ago first. */
    private final Map<TaxpayerEntry, HistoryView> historyViews =
            new LinkedHashMap<>(16, 0.75f, true);

    TaxpayerScreens(MainWindowViewModel vm, I18n i18n, SceneFactory scenes) {
        this.vm = vm;
        this.i18n = i18n;
        this.scenes = scenes;
        content.setId("content");
    }

    StackPane content() {
        return content;
    }

    private AllTaxpayersHost all;

    /** All taxpayers, shown instead of the current taxpayer's screen while it is chosen. */
    void hostAll(AllTaxpayersHost host) {
        this.all = host;
    }

    /** Whether All taxpayers is shown. */
    boolean allShown() {
        return all != null && vm.allShownProperty().get();
    }

    /** Releases the screen of a taxpayer removed from the list. */
    void forget(TaxpayerEntry e) {
        historyViews.remove(e);
    }

    /** Shows the current taxpayer's screen: logging in, its failure, or its history. */
    void showCurrent() {
        if (vm.loggedOutProperty().get()) {
            return; // the window hides this view until its next login (see WindowFlow)
        }
        TaxpayerEntry e = vm.current();
        if (e == null && !allShown()) {
            content.getChildren().clear();
            return;
        }
        // the screen shown remembers where its table is, should it be left, released and made
        // again: before the next screen is made, which may release it
        for (HistoryView v : historyViews.values()) {
            if (content.getChildren().contains(v.root())) {
                v.rememberPlace();
            }
        }
        Node shown =
                allShown()
                        ? all.view().root()
                        : switch (e.stateProperty().get()) {
                            case CONNECTING, IDLE ->
                                    readsArchive(e)
                                            ? historyView(e).root()
                                            : vm.offline().offlineProperty().get()
                                                    ? needsService(e)
                                                    : connecting(e);
                            case FAILED -> failed(e);
                            case READY ->
                                    e.intermediaryLoginProperty().get()
                                            ? intermediary(e)
                                            : followedView(e).root();
                        };
        if (content.getChildren().size() != 1 || content.getChildren().get(0) != shown) {
            // (setting the shown screen again would take it out of the scene and style it anew)
            content.getChildren().setAll(shown);
        }
    }

    /** The taxpayers whose history's source is followed: a change shows it, if it is current. */
    private final java.util.Set<TaxpayerEntry> followed =
            java.util.Collections.newSetFromMap(new java.util.WeakHashMap<>());

    /**
     * The taxpayer's history screen, followed: a change of its source shows it, if it is current,
     * and it is told why its last sync failed (the sync may have met a refusal before the screen
     * was made). Its view model is made now if it was not.
     */
    private HistoryViewModel follow(TaxpayerEntry e) {
        HistoryViewModel h = e.history();
        if (followed.add(e)) {
            javafx.beans.InvalidationListener changed =
                    o -> {
                        if (vm.current() == e) {
                            showCurrent();
                        }
                    };
            h.pagesProperty().addListener(changed);
            h.reachProperty().addListener(changed);
            vm.sync().tellFailure(e, h);
        }
        return h;
    }

    /** The taxpayer's history screen, {@linkplain #follow followed}. */
    private HistoryView followedView(TaxpayerEntry e) {
        follow(e);
        return historyView(e);
    }

    /**
     * Whether the taxpayer's screen reads the archive (the window knows its service and RIN), which
     * needs no session: then it shows while the taxpayer logs in (or works offline). Its screen's
     * view model is made now if it was not, to choose.
     */
    private boolean readsArchive(TaxpayerEntry e) {
        HistoryViewModel h = follow(e);
        Reach r = h.reachProperty().get();
        boolean nothingArchived = r != null && !r.complete() && r.oldest() == null;
        // offline, a taxpayer of which nothing is archived says it needs the service rather than
        // show an empty table no sync can fill
        return h.pagesProperty().get().ready()
                && !(nothingArchived && vm.offline().offlineProperty().get());
    }

    /**
     * The taxpayer's history screen: kept, or made (and the screen shown longest ago released
     * beyond {@link #KEPT_SCREENS}).
     */
    private HistoryView historyView(TaxpayerEntry e) {
        HistoryView v = historyViews.computeIfAbsent(e, x -> withSummary(x.history()));
        Iterator<TaxpayerEntry> oldestFirst = historyViews.keySet().iterator();
        while (historyViews.size() > keptScreens && oldestFirst.hasNext()) {
            if (oldestFirst.next() != e) {
                oldestFirst.remove();
            }
        }
        return v;
    }

    /** A screen's view, its summary beside its table. */
    private HistoryView withSummary(HistoryViewModel h) {
        HistoryView v = new HistoryView(h, i18n, scenes);
        v.besideTable(new SummaryView(vm.summaries().of(h), i18n, scenes).root());
        return v;
    }

    /** Keeps the screens of this many taxpayers instead of {@link #KEPT_SCREENS} (tests). */
    void keepScreens(int n) {
        keptScreens = Math.max(1, n);
    }

    /**
     * The shown taxpayer's history screen, when it is the one in the window's content; else null.
     */
    HistoryView shownHistory() {
        TaxpayerEntry e = vm.current();
        HistoryView h = e == null ? null : historyViews.get(e);
        return h != null && h.root().getParent() == content ? h : null;
    }

    private Node connecting(TaxpayerEntry e) {
        ProgressIndicator p = new ProgressIndicator();
        p.setId("connecting-progress");
        p.setPrefSize(32, 32);
        Label l = new Label(i18n.get("main.taxpayer.connecting", e.label()));
        l.setId("connecting");
        VBox box = new VBox(10, p, l);
        box.setAlignment(Pos.CENTER);
        // a taxpayer whose login ends within a moment goes straight to its history, with no
        // "Logging in for …" flashed between the two screens
        ReadOnlyBooleanProperty saying = AfterAMoment.fromNow();
        p.visibleProperty().bind(saying);
        l.visibleProperty().bind(saying);
        return box;
    }

    /** Offline, a taxpayer the archive holds no synced history of: it needs the service. */
    private Node needsService(TaxpayerEntry e) {
        Label l = new WrappingLabel();
        l.setId("offline-needs-service");
        l.getStyleClass().add("muted");
        l.setText(i18n.get("main.offline.needsService", e.label()));
        VBox box = new VBox(l);
        box.setAlignment(Pos.CENTER);
        box.setMaxWidth(520);
        box.setPadding(new Insets(24));
        return box;
    }

    /**
     * An intermediary's own entry: the window's login itself, which has no notifications of its own
     * to show; said plainly, not as a failure, with nothing to try again.
     */
    private Node intermediary(TaxpayerEntry e) {
        Label l = new WrappingLabel();
        l.setId("taxpayer-intermediary");
        l.getStyleClass().add("muted");
        l.textProperty().bind(i18n.text("main.taxpayer.intermediary"));
        VBox box = new VBox(l);
        box.setAlignment(Pos.CENTER);
        box.setMaxWidth(520);
        box.setPadding(new Insets(24));
        return box;
    }

    private Node failed(TaxpayerEntry e) {
        Label heading = new Label(i18n.get("main.taxpayer.failed", e.label()));
        heading.getStyleClass().add("heading");
        Label msg = new WrappingLabel();
        msg.setId("taxpayer-failure");
        msg.getStyleClass().add("error-text");
        msg.textProperty().bind(e.failureText());
        Label detail = new WrappingLabel();
        detail.textProperty().bind(e.failureDetail());
        Bidi.ownDirection(detail, i18n.orientationProperty());
        detail.setId("taxpayer-failure-detail");
        detail.getStyleClass().add("muted");
        Button retry = new Button();
        retry.setId("taxpayer-retry");
        retry.textProperty().bind(i18n.text("main.taxpayer.retry"));
        retry.setOnAction(x -> vm.retry(e));
        VBox box = new VBox(10, heading, msg, detail, retry);
        box.setId("taxpayer-failed");
        box.setAlignment(Pos.CENTER);
        box.setMaxWidth(520);
        box.setPadding(new Insets(24));
        return box;
    }
}
