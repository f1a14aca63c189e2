package app.ishaar.ui.settings;

import app.ishaar.core.model.NotificationType;
import app.ishaar.core.model.Status;
import app.ishaar.core.settings.HandlingSetting;
import app.ishaar.core.settings.Settings;
import app.ishaar.ui.app.SettingsService;
import java.util.EnumMap;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * The settings dialog's choice of what needs handling when it arrives: a check box per notification
 * type and per status, chosen ones marked to handle as the sync archives them (from each taxpayer's
 * first sync on). Each change is remembered at once and applies from the next sync (the archive
 * follows the setting).
 */
public final class HandlingRowsViewModel {

    private final Map<NotificationType, BooleanProperty> types =
            new EnumMap<>(NotificationType.class);
    private final Map<Status, BooleanProperty> statuses = new EnumMap<>(Status.class);

    /**
     * @param settings the app's settings; null in a preview, where nothing is remembered
     */
    public HandlingRowsViewModel(SettingsService settings) {
        HandlingSetting chosen =
                settings == null ? Settings.defaults().handling() : settings.get().handling();
        for (NotificationType t : NotificationType.values()) {
            BooleanProperty p =
                    new SimpleBooleanProperty(
                            this, "type" + t.id(), chosen.types().contains(t.id()));
            if (settings != null) {
                p.addListener(
                        (o, was, on) ->
                                settings.update(
                                        s -> s.withHandling(s.handling().withType(t.id(), on))));
            }
            types.put(t, p);
        }
        for (Status st : Status.values()) {
            BooleanProperty p =
                    new SimpleBooleanProperty(
                            this, "status" + st.wire(), chosen.statuses().contains(st.wire()));
            if (settings != null) {
                p.addListener(
                        (o, was, on) ->
                                settings.update(
                                        s ->
                                                s.withHandling(
                                                        s.handling().withStatus(st.wire(), on))));
            }
            statuses.put(st, p);
        }
    }

    /** Whether notifications of this type are marked to handle as they arrive. */
    public BooleanProperty type(NotificationType t) {
        return types.get(t);
    }

    /** Whether notifications with this status are marked to handle as they arrive. */
    public BooleanProperty status(Status s) {
        return statuses.get(s);
    }
}
