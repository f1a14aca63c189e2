package app.ishaar.ui.notifications;

import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.desktop.Clipboards;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.fx.WhenFirst;
import app.ishaar.ui.fx.WrappedText;
import app.ishaar.ui.fx.WrappingLabel;
import app.ishaar.ui.i18n.I18n;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;

/**
 * The drill-down pane: binds to a {@link DetailViewModel}. The history's and the inbox's (which
 * also marks the words its search found).
 */
public final class DetailPane {
    /** The message's font size at the normal text size, whose font is {@link #NORMAL_FONT_SIZE}. */
    private static final double MESSAGE_FONT_SIZE = 14;

    private static final double NORMAL_FONT_SIZE = 13;
    private final DetailViewModel vm;
    private final I18n i18n;
    private final StackPane root = new StackPane();

    /** Shown under the notification's facts (who is dealing with it), or null. */
    private final Node below;

    public DetailPane(DetailViewModel vm, I18n i18n) {
        this(vm, i18n, null);
    }

    /** The same, with {@code below} under the notification's facts (null: nothing). */
    DetailPane(DetailViewModel vm, I18n i18n, Node below) {
        this.vm = vm;
        this.i18n = i18n;
        this.below = below;
        root.setId("detail-pane");

        Label none = new WrappingLabel();
        none.setId("detail-none");
        none.getStyleClass().add("muted");
        none.textProperty().bind(i18n.text("detail.none"));
        none.visibleProperty().bind(vm.presentProperty().not());
        // in the middle of the empty pane, as the table's empty states are (wrapped if the pane is
        // narrow)
        none.setTextAlignment(TextAlignment.CENTER);
        none.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);

        root.getChildren().add(none);
        // the detail itself (with its attempts) is made when a notification is first chosen
        WhenFirst.run(
                root,
                vm.presentProperty(),
                () -> {
                    ScrollPane scroll = new ScrollPane();
                    scroll.setContent(content(scroll));
                    scroll.setFitToWidth(true);
                    scroll.visibleProperty().bind(vm.presentProperty());
                    root.getChildren().add(scroll);
                });
    }

    public Node root() {
        return root;
    }

    private Node content(ScrollPane scroll) {
        // ID with a copy button; IDs read left to right in either language
        TextField id = new TextField();
        id.setId("detail-id");
        id.setEditable(false);
        id.getStyleClass().add("detail-id");
        Bidi.leftToRight(id);
        // (a text field's text bound to a property is held by that property, strongly: heard weakly
        // instead, so the view model, which outlives this pane, does not keep it)
        id.setText(vm.idProperty().get());
        Weak.<String>listen(id.getProperties(), (o, a, now) -> id.setText(now), vm.idProperty());
        // never narrower than its ID: a field cut at the pane's width would show an ID short of its
        // last characters, which reads as another ID (the pane scrolls instead)
        Runnable fit =
                () -> {
                    javafx.scene.text.Text measured = new javafx.scene.text.Text(id.getText());
                    measured.setFont(id.getFont());
                    id.setMinWidth(
                            Math.ceil(measured.getLayoutBounds().getWidth())
                                    + id.snappedLeftInset()
                                    + id.snappedRightInset()
                                    + 4);
                };
        id.textProperty().addListener((o, a, b) -> fit.run());
        id.fontProperty().addListener((o, a, b) -> fit.run());
        id.insetsProperty().addListener((o, a, b) -> fit.run());
        fit.run();
        // read left to right, but at the reading side of the pane, under its heading
        Runnable idSide = () -> id.setAlignment(Bidi.readingSide(i18n.orientationProperty().get()));
        Weak.listen(id.getProperties(), (o, a, b) -> idSide.run(), i18n.orientationProperty());
        idSide.run();
        Label idLabel = key("detail.id");
        idLabel.setLabelFor(id);
        // the ID on a line of its own, the pane's whole width (36 characters: beside the button it
        // was cut at the pane's default width); the button on the heading's line, at its end
        HBox idHeading =
                withCopy(
                        idLabel,
                        "detail-copy",
                        "detail.copy.tooltip",
                        () -> vm.idProperty().get(),
                        null);

        Label status = StatusBadge.create();
        status.setId("detail-status");
        status.textProperty().bind(vm.statusProperty());
        Weak.<String>listen(
                status.getProperties(),
                (o, a, now) -> StatusBadge.setKind(status, now),
                vm.statusStyleProperty());
        StatusBadge.setKind(status, vm.statusStyleProperty().get());

        GridPane grid = new GridPane();
        grid.getStyleClass().add("detail-grid");
        ColumnConstraints keys = new ColumnConstraints();
        keys.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints values = new ColumnConstraints();
        values.setHgrow(Priority.ALWAYS);
        grid.getColumnConstraints().addAll(keys, values);
        int r = 0;
        grid.addRow(r++, key("detail.type"), value("detail-type", vm.typeProperty(), false));
        grid.addRow(r++, key("detail.status"), status);
        grid.addRow(
                r++, key("detail.channel"), value("detail-channel", vm.channelProperty(), false));
        grid.addRow(
                r++, key("detail.address"), value("detail-address", vm.addressProperty(), true));
        grid.addRow(
                r++,
                key("detail.language"),
                value("detail-language", vm.languageProperty(), false));
        Label sent = value("detail-sent", vm.sentProperty(), false);
        sent.setTooltip(utcTip(vm.sentUtcProperty()));
        grid.addRow(r++, key("detail.sent"), sent);
        Label delivered = value("detail-delivered", vm.deliveredProperty(), false);
        delivered.setTooltip(utcTip(vm.deliveredUtcProperty()));
        grid.addRow(r++, key("detail.delivered"), delivered);
        // an archived notification: when its status was last confirmed by the service
        Label checked = value("detail-status-checked", vm.statusCheckedProperty(), false);
        Label checkedKey = key("detail.statusChecked");
        for (Label l : List.of(checkedKey, checked)) {
            l.visibleProperty().bind(vm.statusCheckedProperty().isNotEmpty());
            l.managedProperty().bind(l.visibleProperty());
        }
        grid.addRow(r, checkedKey, checked);

        // the message, in its own direction; HTML arrives already converted to text, JSON laid out
        Label messageHeading = section("detail.message");
        Label htmlNote = note("detail-html-note", "detail.htmlNote", vm.messageWasHtmlProperty());
        Label jsonNote = note("detail-json-note", "detail.jsonNote", vm.messageWasJsonProperty());
        // the message in its own direction (Arabic right to left even in the English UI), wrapped
        // by WrappedText: JavaFX 21's own wrapping of right-to-left text draws lines past the edge
        WrappedText messageText =
                new WrappedText(Font.font(MESSAGE_FONT_SIZE), messageHeading.getTextFill());
        messageText.setId("detail-message-text");
        // a little larger than the text around it, at every text size (its heading's font is the
        // pane's), in the colour of the pane's texts, in either theme (its heading's)
        Weak.listen(
                messageText.getProperties(),
                (o, a, b) ->
                        messageText.setLook(
                                Font.font(
                                        MESSAGE_FONT_SIZE
                                                * messageHeading.getFont().getSize()
                                                / NORMAL_FONT_SIZE),
                                messageHeading.getTextFill()),
                messageHeading.fontProperty(),
                messageHeading.textFillProperty());
        // JSON reads left to right, an Arabic string value on its line of its own right to left
        // (MessageText.asJson)
        Runnable show =
                () -> {
                    if (vm.messageWasJsonProperty().get()) {
                        messageText.setContentEachParagraphInItsOwnDirection(
                                vm.messageProperty().get());
                    } else {
                        messageText.setContent(
                                vm.messageProperty().get(), vm.messageRightToLeftProperty().get());
                    }
                };
        Weak.listen(
                messageText.getProperties(),
                (o, a, b) -> show.run(),
                vm.messageProperty(),
                vm.messageRightToLeftProperty(),
                vm.messageWasJsonProperty());
        show.run();
        scroll.viewportBoundsProperty()
                .addListener(
                        (o, a, b) -> messageText.setWrapWidth(Math.max(60, b.getWidth() - 44)));
        VBox message = new VBox(messageText);
        message.setId("detail-message");
        message.getStyleClass().add("message");
        message.nodeOrientationProperty().bind(messageText.nodeOrientationProperty());
        message.visibleProperty().bind(vm.messageProperty().isNotEmpty());
        message.managedProperty().bind(message.visibleProperty());
        Label noMessage = new Label();
        noMessage.setId("detail-no-message");
        noMessage.getStyleClass().add("muted");
        noMessage.textProperty().bind(i18n.text("detail.noMessage"));
        noMessage.visibleProperty().bind(vm.messageProperty().isEmpty());
        noMessage.managedProperty().bind(noMessage.visibleProperty());

        Label batchNote = new WrappingLabel();
        batchNote.setId("detail-batch-note");
        batchNote.getStyleClass().add("batch-note");
        batchNote.setMaxWidth(Double.MAX_VALUE);
        batchNote.textProperty().bind(i18n.text("detail.batchNote"));
        batchNote.visibleProperty().bind(vm.batchedProperty());
        batchNote.managedProperty().bind(batchNote.visibleProperty());

        // the message as shown (an e-mail's text, JSON laid out), to paste into a mail or a ticket:
        // its lines are drawn text, which cannot be selected
        HBox messageTitle =
                withCopy(
                        messageHeading,
                        "detail-message-copy",
                        "detail.copyMessage.tooltip",
                        () -> vm.messageProperty().get(),
                        vm.messageProperty().isNotEmpty());

        VBox box =
                new VBox(
                        new VBox(2, idHeading, id),
                        grid,
                        below == null ? new Region() : below,
                        matched(),
                        messageTitle,
                        htmlNote,
                        jsonNote,
                        message,
                        noMessage,
                        section("detail.attempts"),
                        batchNote,
                        attempts());
        box.getStyleClass().add("detail");
        // the pane as wide as the whole ID at least: the split gives it that room from the table
        // rather than the pane cutting its own values at the reading side behind a sideways scroll
        // bar (a vertical bar's room kept, since a long message shows one)
        root.minWidthProperty()
                .bind(
                        javafx.beans.binding.Bindings.createDoubleBinding(
                                () ->
                                        id.getMinWidth()
                                                + box.snappedLeftInset()
                                                + box.snappedRightInset()
                                                + scroll.snappedLeftInset()
                                                + scroll.snappedRightInset()
                                                + SCROLL_BAR_ROOM,
                                id.minWidthProperty(),
                                box.insetsProperty(),
                                scroll.insetsProperty()));
        return box;
    }

    /** The room a vertical scroll bar takes beside the detail's content. */
    private static final double SCROLL_BAR_ROOM = 16;

    /**
     * "Found: validation, INV-2026-004512": the words the search found in this notification, each
     * marked, in its own direction; shown while there are any.
     */
    private Node matched() {
        Label heading = key("detail.matched");
        heading.setMinWidth(Region.USE_PREF_SIZE);
        javafx.scene.layout.FlowPane words = new javafx.scene.layout.FlowPane(4, 4);
        words.setId("detail-matched-words");
        Runnable fill =
                () -> {
                    List<Node> marks = new ArrayList<>();
                    for (String w : vm.matchedWordsProperty().get()) {
                        Label mark = new Label(w);
                        mark.getStyleClass().add("search-match");
                        Bidi.ownDirection(mark, i18n.orientationProperty());
                        marks.add(mark);
                    }
                    words.getChildren().setAll(marks);
                };
        Weak.listen(words.getProperties(), (o, a, b) -> fill.run(), vm.matchedWordsProperty());
        fill.run();
        HBox line = new HBox(6, heading, words);
        HBox.setHgrow(words, Priority.ALWAYS);
        line.setId("detail-matched");
        line.setAlignment(Pos.CENTER_LEFT);
        line.visibleProperty()
                .bind(
                        Bindings.createBooleanBinding(
                                () -> !vm.matchedWordsProperty().get().isEmpty(),
                                vm.matchedWordsProperty()));
        line.managedProperty().bind(line.visibleProperty());
        return line;
    }

    /**
     * The delivery attempts, one under the other: each its time and result on a line, then the
     * service's details whole, wrapped in their own direction. (A table cut the details, the reason
     * an attempt failed, to a few characters at the pane's usual width.)
     */
    private VBox attempts() {
        VBox list = new VBox();
        list.setId("detail-attempts");
        list.getStyleClass().add("attempts");
        Label none = new Label();
        none.getStyleClass().add("muted");
        none.textProperty().bind(i18n.text("detail.noAttempts"));
        Runnable fill =
                () -> {
                    List<Node> rows = new ArrayList<>();
                    for (DetailViewModel.AttemptRow a : vm.attempts()) {
                        rows.add(attempt(a));
                    }
                    list.getChildren().setAll(rows.isEmpty() ? List.of(none) : rows);
                };
        Weak.listen(
                list.getProperties(),
                (ListChangeListener<DetailViewModel.AttemptRow>) c -> fill.run(),
                vm.attempts());
        fill.run();
        return list;
    }

    private Node attempt(DetailViewModel.AttemptRow a) {
        Label time = new Label(a.time());
        time.getStyleClass().add("attempt-time");
        if (!a.timeUtc().isEmpty()) {
            time.setTooltip(new Tooltip(i18n.get("history.sentUtc", a.timeUtc())));
        }
        Label badge = StatusBadge.create();
        badge.setText(a.status());
        StatusBadge.setKind(badge, a.statusStyle());
        HBox line = new HBox(8, time, badge);
        line.setAlignment(Pos.CENTER_LEFT); // mirrored in a right-to-left scene
        VBox row = new VBox(3, line);
        row.getStyleClass().add("attempt");
        if (!a.details().isEmpty()) {
            // the service's own words, in their own direction (English details stay LTR in the
            // Arabic UI)
            Label details = new WrappingLabel(a.details());
            details.setId("attempt-details");
            details.getStyleClass().add("attempt-details");
            Bidi.ownDirection(details, i18n.orientationProperty());
            details.setMaxWidth(Double.MAX_VALUE);
            row.getChildren().add(details);
        }
        row.setAccessibleText(
                a.details().isEmpty()
                        ? i18n.get("detail.attempt.readAloudShort", a.time(), a.status())
                        : i18n.get("detail.attempt.readAloud", a.time(), a.status(), a.details()));
        return row;
    }

    private Label key(String k) {
        Label l = new Label();
        l.textProperty().bind(i18n.text(k));
        l.getStyleClass().add("detail-key");
        return l;
    }

    /** A muted line about the message's form, shown only while {@code shown} holds. */
    private Label note(String id, String key, javafx.beans.value.ObservableBooleanValue shown) {
        Label note = new Label();
        note.setId(id);
        note.getStyleClass().add("muted");
        note.textProperty().bind(i18n.text(key));
        note.visibleProperty().bind(shown);
        note.managedProperty().bind(note.visibleProperty());
        return note;
    }

    /**
     * A heading with a Copy button at the end of its line (what it copies named in the button's
     * tooltip and for screen readers: the pane has two such buttons), shown while {@code shown} is
     * true (always when null).
     */
    private HBox withCopy(
            Label heading,
            String id,
            String whatKey,
            java.util.function.Supplier<String> text,
            javafx.beans.value.ObservableBooleanValue shown) {
        Button copy = new Button();
        copy.setId(id);
        copy.textProperty().bind(i18n.text("detail.copy"));
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(i18n.text(whatKey));
        copy.setTooltip(tip);
        copy.accessibleTextProperty().bind(i18n.text(whatKey));
        copy.setOnAction(e -> Clipboards.copy(text.get()));
        if (shown != null) {
            copy.visibleProperty().bind(shown);
        }
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox line = new HBox(6, heading, gap, copy);
        line.setAlignment(Pos.CENTER_LEFT); // mirrored in a right-to-left scene
        return line;
    }

    private Label section(String k) {
        Label l = new Label();
        l.textProperty().bind(i18n.text(k));
        l.getStyleClass().add("detail-section");
        return l;
    }

    private static Label value(String id, ReadOnlyStringProperty text, boolean leftToRight) {
        Label l = new WrappingLabel();
        l.setId(id);
        l.textProperty().bind(text);
        if (leftToRight) {
            Bidi.leftToRight(l);
            // as wide as its text (up to the column's width), so that the grid puts it at the start
            // of its column, beside its key in either direction: filling the column, a
            // left-to-right label's text starts at the column's left edge, far from its key in
            // Arabic
            GridPane.setFillWidth(l, false);
        }
        return l;
    }

    private Tooltip utcTip(ReadOnlyStringProperty utc) {
        Tooltip t = new Tooltip();
        t.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () ->
                                        utc.get().isEmpty()
                                                ? ""
                                                : i18n.get("history.sentUtc", utc.get()),
                                utc,
                                i18n.languageProperty()));
        return t;
    }
}
