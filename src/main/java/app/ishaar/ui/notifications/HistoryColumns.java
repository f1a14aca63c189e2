package app.ishaar.ui.notifications;

import app.ishaar.core.model.Notification;
import app.ishaar.core.settings.HistoryPrefs;
import app.ishaar.ui.app.TextSize;
import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.i18n.I18n;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javafx.animation.PauseTransition;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.NodeOrientation;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.util.Duration;

/**
 * The history table's columns: each shows {@link HistoryLabels#cell} for its id (as a copied row
 * does), the status as a badge. They are laid out as the taxpayer left them ({@link
 * LayoutViewModel#columnsProperty()}), and a change of order, width or visibility is remembered
 * there once it settles. Widths are remembered at the normal text size and shown larger with the
 * text (a column as wide as before would cut more of its larger text).
 */
final class HistoryColumns {
    private final TableView<Notification> table;
    private final LayoutViewModel layout;
    private final HistoryLabels labels;
    private final I18n i18n;
    private final TextSize textSize;
    private final javafx.beans.value.ObservableIntegerValue handlingChanges;

    /** Keeps the listeners this class gives the view model and the text size (see {@link Weak}). */
    private final Map<Object, Object> keep;

    private final PauseTransition columnsSettle = new PauseTransition(Duration.millis(400));

    /** Gives {@code table} its columns; {@code keep}: the view's root's properties. */
    HistoryColumns(
            TableView<Notification> table,
            LayoutViewModel layout,
            HistoryLabels labels,
            I18n i18n,
            TextSize textSize,
            Map<Object, Object> keep,
            Function<Notification, ListedTaxpayer> taxpayerOf,
            javafx.beans.value.ObservableIntegerValue handlingChanges) {
        this.table = table;
        this.handlingChanges = handlingChanges;
        this.layout = layout;
        this.labels = labels;
        this.i18n = i18n;
        this.textSize = textSize;
        this.keep = keep;
        List<TableColumn<Notification, Notification>> cols =
                new ArrayList<>(
                        List.of(
                                column(
                                        "sent",
                                        "history.column.sent",
                                        180,
                                        n ->
                                                i18n.get(
                                                        "history.sentUtc",
                                                        I18n.formatUtc(n.receivedDateTime())),
                                        false),
                                column("type", "history.column.type", 175, null, false),
                                // the status third: a first-run window shows it beside the detail
                                // pane
                                statusColumn(),
                                handlingColumn(),
                                column("channel", "history.column.channel", 90, null, false),
                                column("address", "history.column.address", 190, null, true),
                                column("language", "history.column.language", 85, null, false),
                                column(
                                        "delivered",
                                        "history.column.delivered",
                                        180,
                                        n ->
                                                n.deliveredDateTime() == null
                                                        ? null
                                                        : i18n.get(
                                                                "history.sentUtc",
                                                                I18n.formatUtc(
                                                                        n.deliveredDateTime())),
                                        false),
                                column("attempts", "history.column.attempts", 75, null, false),
                                // last: it takes what width is left, the whole text in the detail
                                column("message", "inbox.column.message", 300, null, false)));
        if (taxpayerOf != null) {
            cols.add(1, taxpayerColumn(taxpayerOf));
            if (layout.columnsProperty().get().isEmpty()) {
                // several taxpayers on a laptop: whose, what, how it went and the message at
                // first; the address, language, delivery time and attempts are in the detail
                // and the table's menu (+) shows them
                for (TableColumn<Notification, Notification> c : cols) {
                    c.setVisible(!SEVERAL_HIDDEN.contains(c.getId()));
                }
            }
        }
        apply(cols);
        watch();
    }

    /** A column whose cells show {@link HistoryLabels#cell} for its id (as a copied row does). */
    private TableColumn<Notification, Notification> column(
            String id,
            String key,
            double width,
            Function<Notification, String> tooltip,
            boolean leftToRight) {
        TableColumn<Notification, Notification> col = new TableColumn<>();
        col.setId(id);
        col.textProperty().bind(i18n.text(key));
        col.setPrefWidth(width * textSize.factor());
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        col.setSortable(false); // the service orders by date; sorting one page would mislead
        if (CUT_BY_HALVING.contains(id)) {
            // texts often longer than their column
            col.setCellFactory(c -> new OneLineCell(n -> labels.cell(id, n)));
            return col;
        }
        col.setCellFactory(
                c ->
                        new TableCell<>() {
                            /**
                             * Made when the pointer first rests on the cell: a tooltip per cell
                             * made with the cell cost more than the rest of the row, and only the
                             * pointer can show it.
                             */
                            private Tooltip tip;

                            {
                                if (leftToRight) {
                                    setNodeOrientation(NodeOrientation.LEFT_TO_RIGHT);
                                    // the text reads left to right but sits at the column's
                                    // reading side, under its heading, as the other columns' do
                                    // (a language change makes the cells anew: languageChanged
                                    // refreshes the table)
                                    setAlignment(
                                            Bidi.readingSide(i18n.orientationProperty().get()));
                                }
                                if (tooltip != null) {
                                    addEventHandler(
                                            MouseEvent.MOUSE_ENTERED, e -> updateTooltip(true));
                                }
                            }

                            @Override
                            protected void updateItem(Notification n, boolean empty) {
                                super.updateItem(n, empty);
                                setText(empty || n == null ? null : labels.cell(id, n));
                                if (tip != null) {
                                    updateTooltip(false);
                                }
                            }

                            private void updateTooltip(boolean make) {
                                Notification n = getItem();
                                String t = isEmpty() || n == null ? null : tooltip.apply(n);
                                if (t == null) {
                                    setTooltip(null);
                                    return;
                                }
                                if (tip == null) {
                                    if (!make) {
                                        return;
                                    }
                                    tip = new Tooltip();
                                }
                                tip.setText(t);
                                if (getTooltip() != tip) {
                                    setTooltip(tip);
                                }
                            }
                        });
        return col;
    }

    /** The columns whose cells cut their texts themselves ({@link OneLineCell}). */
    static final java.util.Set<String> CUT_BY_HALVING = java.util.Set.of("type", "message");

    /** The columns a screen of several taxpayers hides until the user shows them. */
    static final java.util.Set<String> SEVERAL_HIDDEN =
            java.util.Set.of("address", "language", "delivered", "attempts");

    /** The Taxpayer column's least width at the normal text size. */
    static final double TAXPAYER_MIN_WIDTH = 200;

    /**
     * A screen of several taxpayers: whose each row is, the name first (the RIN in the tooltip);
     * never narrower than about 24 letters of a name, so that names alike in their first 12 letters
     * read apart.
     */
    private TableColumn<Notification, Notification> taxpayerColumn(
            Function<Notification, ListedTaxpayer> taxpayerOf) {
        TableColumn<Notification, Notification> col = new TableColumn<>();
        col.setId("taxpayer");
        col.textProperty().bind(i18n.text("inbox.column.taxpayer"));
        col.setPrefWidth(240 * textSize.factor());
        col.setMinWidth(TAXPAYER_MIN_WIDTH * textSize.factor());
        col.setSortable(false);
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        col.setCellFactory(c -> new TaxpayerTableCell(i18n, taxpayerOf));
        return col;
    }

    /**
     * Who is dealing with it: an icon and its words ("To handle", "Assigned to …", "Handled"),
     * drawn again when {@code handlingChanges} counts a change.
     */
    private TableColumn<Notification, Notification> handlingColumn() {
        TableColumn<Notification, Notification> col = new TableColumn<>();
        col.setId("handling");
        col.textProperty().bind(i18n.text("history.column.handling"));
        col.setPrefWidth(150 * textSize.factor());
        col.setSortable(false);
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        col.setCellFactory(
                c ->
                        new TableCell<>() {
                            private final javafx.scene.layout.Region icon = HandlingView.icon();

                            /**
                             * A shown notification's handling changed, the notification did not:
                             * the table does not draw it again, the cell does (heard weakly: the
                             * cell goes with its row).
                             */
                            private final javafx.beans.value.ChangeListener<Number> redraw =
                                    (o, was, now) -> show(getItem(), isEmpty());

                            {
                                handlingChanges.addListener(
                                        new javafx.beans.value.WeakChangeListener<>(redraw));
                            }

                            @Override
                            protected void updateItem(Notification n, boolean empty) {
                                super.updateItem(n, empty);
                                show(n, empty);
                            }

                            private void show(Notification n, boolean empty) {
                                if (empty || n == null) {
                                    setText(null);
                                    setGraphic(null);
                                    return;
                                }
                                app.ishaar.core.archive.Handling h = labels.handlingOf(n);
                                HandlingView.showIcon(icon, h);
                                setGraphic(h == null ? null : icon);
                                setText(labels.handling(h));
                            }
                        });
        return col;
    }

    private TableColumn<Notification, Notification> statusColumn() {
        TableColumn<Notification, Notification> col = new TableColumn<>();
        col.setId("status");
        col.textProperty().bind(i18n.text("history.column.status"));
        col.setPrefWidth(110 * textSize.factor());
        col.setSortable(false);
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        col.setCellFactory(
                c ->
                        new TableCell<>() {
                            private final Label badge = StatusBadge.create();

                            @Override
                            protected void updateItem(Notification n, boolean empty) {
                                super.updateItem(n, empty);
                                setText(null);
                                if (empty) {
                                    setGraphic(null);
                                    return;
                                }
                                setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
                                // a blank row's too, hidden: attached, it is not styled anew
                                // when the row fills
                                setGraphic(badge);
                                if (n == null) {
                                    badge.setVisible(false);
                                    badge.setText(null);
                                    StatusBadge.setKind(badge, null);
                                    return;
                                }
                                badge.setText(labels.cell("status", n));
                                StatusBadge.setKind(badge, HistoryLabels.statusStyle(n.status()));
                                badge.setVisible(true);
                            }
                        });
        return col;
    }

    private void apply(List<TableColumn<Notification, Notification>> cols) {
        Map<String, TableColumn<Notification, Notification>> byId = new HashMap<>();
        cols.forEach(c -> byId.put(c.getId(), c));
        List<TableColumn<Notification, Notification>> ordered = new ArrayList<>();
        for (HistoryPrefs.ColumnPref p : layout.columnsProperty().get()) {
            TableColumn<Notification, Notification> c = byId.remove(p.id());
            if (c != null) {
                if (p.width() >= 30 && p.width() <= 2000) {
                    c.setPrefWidth(p.width() * textSize.factor());
                }
                c.setVisible(p.visible());
                ordered.add(c);
            }
        }
        for (TableColumn<Notification, Notification> c : cols) {
            if (byId.containsKey(c.getId())) {
                ordered.add(c); // a column the remembered layout does not know yet
            }
        }
        if (ordered.stream().noneMatch(TableColumn::isVisible)) {
            ordered.forEach(c -> c.setVisible(true));
        }
        table.getColumns().setAll(ordered);
    }

    /** The columns' order, widths (at the normal text size) and visibility as shown. */
    private List<HistoryPrefs.ColumnPref> shownLayout() {
        return table.getColumns().stream()
                .map(
                        c ->
                                new HistoryPrefs.ColumnPref(
                                        c.getId(),
                                        Math.round(c.getWidth() / textSize.factor()),
                                        c.isVisible()))
                .toList();
    }

    private void watch() {
        columnsSettle.setOnFinished(e -> layout.columnsProperty().set(shownLayout()));
        Runnable changed = columnsSettle::playFromStart;
        table.getColumns()
                .addListener((ListChangeListener<TableColumn<Notification, ?>>) c -> changed.run());
        for (TableColumn<Notification, ?> c : table.getColumns()) {
            c.widthProperty().addListener((o, a, b) -> changed.run());
            c.visibleProperty().addListener((o, a, b) -> changed.run());
        }
        // another text size: each column as much wider or narrower as its text
        Weak.<Number>listen(
                keep,
                (o, before, now) -> {
                    double ratio = now.doubleValue() / before.doubleValue();
                    for (TableColumn<Notification, ?> c : table.getColumns()) {
                        c.setPrefWidth(c.getWidth() * ratio);
                    }
                },
                textSize.percentProperty());
    }
}
