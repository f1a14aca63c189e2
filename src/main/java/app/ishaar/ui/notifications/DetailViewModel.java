package app.ishaar.ui.notifications;

import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.Status;
import app.ishaar.core.text.MessageText;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.i18n.I18n;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The drill-down of the selected notification. Everything comes from the notification the table
 * already holds: following the selection makes no request. Texts follow the UI language, digits and
 * time zone live.
 */
public final class DetailViewModel {

    /** One delivery attempt as shown. */
    public record AttemptRow(
            String time, String timeUtc, String status, String statusStyle, String details) {}

    private final I18n i18n;
    private final HistoryLabels labels;
    private final ObjectProperty<Notification> notification =
            new SimpleObjectProperty<>(this, "notification");
    private final ObjectProperty<Instant> statusCheckedAt =
            new SimpleObjectProperty<>(this, "statusCheckedAt");
    private final ReadOnlyStringWrapper statusChecked =
            new ReadOnlyStringWrapper(this, "statusChecked", "");

    private final ReadOnlyBooleanWrapper present = new ReadOnlyBooleanWrapper(this, "present");
    private final ReadOnlyStringWrapper id = new ReadOnlyStringWrapper(this, "id", "");
    private final ReadOnlyStringWrapper type = new ReadOnlyStringWrapper(this, "type", "");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyStringWrapper statusStyle =
            new ReadOnlyStringWrapper(this, "statusStyle", "unknown");
    private final ReadOnlyStringWrapper channel = new ReadOnlyStringWrapper(this, "channel", "");
    private final ReadOnlyStringWrapper address = new ReadOnlyStringWrapper(this, "address", "");
    private final ReadOnlyStringWrapper language = new ReadOnlyStringWrapper(this, "language", "");
    private final ReadOnlyStringWrapper sent = new ReadOnlyStringWrapper(this, "sent", "");
    private final ReadOnlyStringWrapper sentUtc = new ReadOnlyStringWrapper(this, "sentUtc", "");
    private final ReadOnlyStringWrapper delivered =
            new ReadOnlyStringWrapper(this, "delivered", "");
    private final ReadOnlyStringWrapper deliveredUtc =
            new ReadOnlyStringWrapper(this, "deliveredUtc", "");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyBooleanWrapper messageRightToLeft =
            new ReadOnlyBooleanWrapper(this, "messageRightToLeft");
    private final ReadOnlyBooleanWrapper messageWasHtml =
            new ReadOnlyBooleanWrapper(this, "messageWasHtml");
    private final ReadOnlyBooleanWrapper messageWasJson =
            new ReadOnlyBooleanWrapper(this, "messageWasJson");
    private final ReadOnlyBooleanWrapper batched = new ReadOnlyBooleanWrapper(this, "batched");
    private final ObservableList<AttemptRow> attempts = FXCollections.observableArrayList();
    private String messageSource;

    /** Held here, heard weakly by the app's I18n (see {@link Weak}). */
    private final javafx.beans.value.ChangeListener<Object> localeChanged =
            (obs, old, now) -> update();

    private final ObjectProperty<List<String>> matchedWords =
            new SimpleObjectProperty<>(this, "matchedWords", List.of());

    /** The detail of a notification chosen elsewhere (the inbox's). */
    public DetailViewModel(I18n i18n) {
        this.i18n = i18n;
        this.labels = new HistoryLabels(i18n);
        notification.addListener((obs, old, now) -> update());
        statusCheckedAt.addListener((obs, old, now) -> update());
        Weak.listen(
                localeChanged,
                i18n.languageProperty(),
                i18n.latinDigitsProperty(),
                i18n.zoneProperty());
    }

    /**
     * The words of the shown notification that a search found, marked in the pane; empty where no
     * search chose it (the history).
     */
    public ObjectProperty<List<String>> matchedWordsProperty() {
        return matchedWords;
    }

    /** The notification shown; the history view model keeps it on the table's selection. */
    public ObjectProperty<Notification> notificationProperty() {
        return notification;
    }

    /**
     * When the service last confirmed the shown notification's status, as the archive keeps it (the
     * inbox's, the history's); null where unknown.
     */
    public ObjectProperty<Instant> statusCheckedAtProperty() {
        return statusCheckedAt;
    }

    /** {@link #statusCheckedAtProperty()} as shown; empty when there is none. */
    public ReadOnlyStringProperty statusCheckedProperty() {
        return statusChecked.getReadOnlyProperty();
    }

    private void update() {
        Notification n = notification.get();
        present.set(n != null);
        if (n == null) {
            for (ReadOnlyStringWrapper w :
                    List.of(
                            id,
                            type,
                            status,
                            channel,
                            address,
                            language,
                            sent,
                            sentUtc,
                            delivered,
                            deliveredUtc,
                            message,
                            statusChecked)) {
                w.set("");
            }
            statusStyle.set("unknown");
            messageRightToLeft.set(false);
            messageWasHtml.set(false);
            messageWasJson.set(false);
            batched.set(false);
            attempts.clear();
            messageSource = null;
            return;
        }
        id.set(HistoryLabels.raw(n.notificationId()));
        type.set(labels.type(n));
        status.set(labels.status(n.status()));
        statusStyle.set(HistoryLabels.statusStyle(n.status()));
        channel.set(labels.channel(n.channel()));
        address.set(HistoryLabels.raw(n.address()));
        language.set(labels.language(n.language()));
        sent.set(time(n.receivedDateTime()));
        sentUtc.set(I18n.formatUtc(n.receivedDateTime()));
        delivered.set(
                n.deliveredDateTime() == null
                        ? i18n.get("detail.notDelivered")
                        : time(n.deliveredDateTime()));
        deliveredUtc.set(I18n.formatUtc(n.deliveredDateTime()));
        statusChecked.set(statusCheckedAt.get() == null ? "" : time(statusCheckedAt.get()));
        // the message does not depend on the UI language: convert it once per notification
        if (messageSource == null
                || !messageSource.equals(n.notificationId() + "\u0000" + n.finalMessage())) {
            messageSource = n.notificationId() + "\u0000" + n.finalMessage();
            String raw = n.finalMessage();
            Optional<String> json = MessageText.asJson(raw);
            String text =
                    json.orElseGet(
                            () -> raw == null || raw.isBlank() ? "" : MessageText.toPlainText(raw));
            message.set(text);
            messageWasJson.set(json.isPresent());
            messageWasHtml.set(json.isEmpty() && MessageText.looksLikeHtml(raw));
            // JSON is data, not prose: its syntax reads left to right (an Arabic string value, on a
            // line of its own, right to left: MessageText.asJson)
            messageRightToLeft.set(json.isEmpty() && MessageText.rightToLeft(n.language(), text));
        }
        batched.set(Status.fromWire(n.status()).orElse(null) == Status.BATCHED);
        attempts.setAll(n.deliveryAttempts().stream().map(this::row).toList());
    }

    private AttemptRow row(DeliveryAttempt a) {
        String details =
                a.statusDetails() == null || a.statusDetails().isBlank() ? "" : a.statusDetails();
        return new AttemptRow(
                time(a.attemptDateTime()),
                I18n.formatUtc(a.attemptDateTime()),
                labels.status(a.status()),
                HistoryLabels.statusStyle(a.status()),
                details);
    }

    private String time(Instant t) {
        return labels.dateTime(t);
    }

    public ReadOnlyBooleanProperty presentProperty() {
        return present.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty idProperty() {
        return id.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty typeProperty() {
        return type.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** pending, batched, delivered, error or unknown: the badge's style class. */
    public ReadOnlyStringProperty statusStyleProperty() {
        return statusStyle.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty channelProperty() {
        return channel.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty addressProperty() {
        return address.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty languageProperty() {
        return language.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty sentProperty() {
        return sent.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty sentUtcProperty() {
        return sentUtc.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty deliveredProperty() {
        return delivered.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty deliveredUtcProperty() {
        return deliveredUtc.getReadOnlyProperty();
    }

    /**
     * The final message as plain text (HTML converted, never rendered); empty when none was sent.
     */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** The message's own direction: Arabic reads right to left even in the English UI. */
    public ReadOnlyBooleanProperty messageRightToLeftProperty() {
        return messageRightToLeft.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty messageWasHtmlProperty() {
        return messageWasHtml.getReadOnlyProperty();
    }

    /** The message is one JSON document, shown laid out (see {@link MessageText#asJson}). */
    public ReadOnlyBooleanProperty messageWasJsonProperty() {
        return messageWasJson.getReadOnlyProperty();
    }

    /** True for a batched notification: its attempts are its batch's. */
    public ReadOnlyBooleanProperty batchedProperty() {
        return batched.getReadOnlyProperty();
    }

    public ObservableList<AttemptRow> attempts() {
        return attempts;
    }
}
