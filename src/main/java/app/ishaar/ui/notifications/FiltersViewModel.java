package app.ishaar.ui.notifications;

import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.model.Channel;
import app.ishaar.core.model.Language;
import app.ishaar.core.model.NotificationType;
import app.ishaar.core.model.Status;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.i18n.I18n;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The filter form of the history screen. The form's fields are a draft; {@link #apply()} (Enter, or
 * the Apply button) validates it and makes it the {@linkplain #appliedProperty() applied filter},
 * which the table shows. The applied filter is also shown as removable chips.
 *
 * <p>Dimension fields hold wire values, or {@link #ANY} for "all".
 */
public final class FiltersViewModel {

    /** "All" in a dimension field. */
    public static final String ANY = "";

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("H:mm");

    /** One removable chip of the applied filter. */
    public record Chip(String dimension, String text) {}

    private final I18n i18n;
    private final Clock clock;
    private final HistoryLabels labels;

    private final ObjectProperty<DatePreset> preset =
            new SimpleObjectProperty<>(this, "preset", DatePreset.ALL);
    private final ObjectProperty<LocalDate> fromDate = new SimpleObjectProperty<>(this, "fromDate");
    private final StringProperty fromTime = new SimpleStringProperty(this, "fromTime", "00:00");
    private final ObjectProperty<LocalDate> toDate = new SimpleObjectProperty<>(this, "toDate");
    private final StringProperty toTime = new SimpleStringProperty(this, "toTime", "23:59");
    private final StringProperty type = new SimpleStringProperty(this, "type", ANY);
    private final StringProperty language = new SimpleStringProperty(this, "language", ANY);
    private final StringProperty status = new SimpleStringProperty(this, "status", ANY);
    private final StringProperty channel = new SimpleStringProperty(this, "channel", ANY);
    private final ObjectProperty<InboxQuery.HandlingFilter> handling =
            new SimpleObjectProperty<>(this, "handling", InboxQuery.HandlingFilter.ALL);

    private final ReadOnlyObjectWrapper<FilterState> applied =
            new ReadOnlyObjectWrapper<>(this, "applied", FilterState.DEFAULT);
    private final ObservableList<Chip> chips = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<String> validationKey =
            new ReadOnlyObjectWrapper<>(this, "validationKey");
    private final StringBinding validationMessage;
    private final BooleanBinding valid;

    /** Held here, heard weakly by the app's I18n (see {@link Weak}). */
    private final javafx.beans.value.ChangeListener<Object> localeChanged =
            (obs, old, now) -> rebuildChips();

    /**
     * The user's last visit before this one (null: none), which Since your last visit starts from.
     */
    private Instant lastVisit;

    /** Filters that start empty, with no last visit (the inbox's). */
    public FiltersViewModel(I18n i18n, Clock clock) {
        this(i18n, clock, FilterState.DEFAULT, null);
    }

    FiltersViewModel(I18n i18n, Clock clock, FilterState initial, Instant lastVisit) {
        this.i18n = i18n;
        this.clock = clock;
        this.lastVisit = lastVisit;
        this.labels = new HistoryLabels(i18n);
        validationKey.bind(
                Bindings.createObjectBinding(
                        this::validate,
                        preset,
                        fromDate,
                        fromTime,
                        toDate,
                        toTime,
                        type,
                        language,
                        status,
                        channel,
                        i18n.zoneProperty()));
        validationMessage =
                Bindings.createStringBinding(
                        () -> validationKey.get() == null ? "" : i18n.get(validationKey.get()),
                        validationKey,
                        i18n.languageProperty());
        valid = validationKey.isNull();
        preset.addListener(
                (obs, old, now) -> {
                    if (now == DatePreset.CUSTOM
                            && fromDate.get() == null
                            && toDate.get() == null) {
                        LocalDate today = LocalDate.now(clock.withZone(zone()));
                        fromDate.set(today.withDayOfMonth(1));
                        toDate.set(today);
                    }
                });
        applied.addListener((obs, old, now) -> rebuildChips());
        Weak.listen(
                localeChanged,
                i18n.languageProperty(),
                i18n.latinDigitsProperty(),
                i18n.zoneProperty());
        FilterState start = known(initial == null ? FilterState.DEFAULT : initial);
        loadDraft(start);
        applied.set(start);
        rebuildChips();
    }

    private ZoneId zone() {
        return i18n.zoneProperty().get();
    }

    // ---- options for the choice fields (ANY first) ----

    public static List<String> typeOptions() {
        List<String> list = new ArrayList<>(List.of(ANY));
        Arrays.stream(NotificationType.values()).map(NotificationType::id).forEach(list::add);
        return List.copyOf(list);
    }

    public static List<String> languageOptions() {
        List<String> list = new ArrayList<>(List.of(ANY));
        Arrays.stream(Language.values()).map(Language::wire).forEach(list::add);
        return List.copyOf(list);
    }

    public static List<String> statusOptions() {
        List<String> list = new ArrayList<>(List.of(ANY));
        Arrays.stream(Status.values()).map(Status::wire).forEach(list::add);
        return List.copyOf(list);
    }

    public static List<String> channelOptions() {
        List<String> list = new ArrayList<>(List.of(ANY));
        Arrays.stream(Channel.values()).map(Channel::wire).forEach(list::add);
        return List.copyOf(list);
    }

    /** The handling filter's choices, All first. */
    public static List<InboxQuery.HandlingFilter> handlingOptions() {
        return List.of(
                InboxQuery.HandlingFilter.ALL,
                InboxQuery.HandlingFilter.TO_HANDLE,
                InboxQuery.HandlingFilter.ASSIGNED_TO_ME,
                InboxQuery.HandlingFilter.HANDLED);
    }

    /** The name of a handling filter's choice. */
    public String handlingText(InboxQuery.HandlingFilter f) {
        return i18n.get(
                switch (f == null ? InboxQuery.HandlingFilter.ALL : f) {
                    case ALL -> "filter.any";
                    case TO_HANDLE -> "filter.handling.toHandle";
                    case ASSIGNED_TO_ME -> "filter.handling.assignedToMe";
                    case HANDLED -> "filter.handling.handled";
                });
    }

    /**
     * The name of an option of a dimension ("type", "language", "status", "channel"), "All" for
     * ANY.
     */
    public String optionText(String dimension, String value) {
        if (value == null || value.isEmpty()) {
            return i18n.get("filter.any");
        }
        return switch (dimension) {
            case "type" -> labels.type(value, null);
            case "language" -> labels.language(value);
            case "status" -> labels.status(value);
            case "channel" -> labels.channel(value);
            default -> value;
        };
    }

    // ---- draft fields ----

    /**
     * The user saw everything up to {@code visit} (Mark as seen): Since your last visit starts
     * there now, and an applied one is applied again from it.
     */
    void lastVisit(Instant visit) {
        lastVisit = visit;
        if (applied.get().preset() == DatePreset.SINCE_LAST_VISIT) {
            applied.set(applied.get().withPreset(DatePreset.SINCE_LAST_VISIT, visit, null));
        }
    }

    /**
     * The sent-date presets offered, in order: Since your last visit (only when there was one)
     * after Any time.
     */
    public List<DatePreset> presets() {
        List<DatePreset> list = new ArrayList<>(List.of(DatePreset.values()));
        list.remove(DatePreset.SINCE_LAST_VISIT);
        if (lastVisit != null) {
            list.add(1, DatePreset.SINCE_LAST_VISIT);
        }
        return List.copyOf(list);
    }

    public ObjectProperty<DatePreset> presetProperty() {
        return preset;
    }

    public ObjectProperty<LocalDate> fromDateProperty() {
        return fromDate;
    }

    /** "H:mm"; empty means the start of the day. */
    public StringProperty fromTimeProperty() {
        return fromTime;
    }

    public ObjectProperty<LocalDate> toDateProperty() {
        return toDate;
    }

    /** "H:mm", inclusive of that minute; empty means the end of the day. */
    public StringProperty toTimeProperty() {
        return toTime;
    }

    public StringProperty typeProperty() {
        return type;
    }

    public StringProperty languageProperty() {
        return language;
    }

    public StringProperty statusProperty() {
        return status;
    }

    public StringProperty channelProperty() {
        return channel;
    }

    /** Which notifications by who is dealing with them: all, to handle, mine, handled. */
    public ObjectProperty<InboxQuery.HandlingFilter> handlingProperty() {
        return handling;
    }

    /** True when the draft may be applied. */
    public BooleanBinding validProperty() {
        return valid;
    }

    /** Why the draft cannot be applied, in the UI language; empty when it can. */
    public StringBinding validationMessageProperty() {
        return validationMessage;
    }

    public ReadOnlyObjectProperty<FilterState> appliedProperty() {
        return applied.getReadOnlyProperty();
    }

    public FilterState applied() {
        return applied.get();
    }

    public ObservableList<Chip> chips() {
        return chips;
    }

    // ---- commands ----

    /** Makes the draft the applied filter; false (and nothing applied) when it is invalid. */
    public boolean apply() {
        if (validate() != null) {
            return false;
        }
        Instant from = null;
        Instant to = null;
        if (preset.get() == DatePreset.SINCE_LAST_VISIT) {
            from = lastVisit;
        } else if (preset.get() == DatePreset.CUSTOM) {
            if (fromDate.get() != null) {
                from =
                        LocalDateTime.of(fromDate.get(), time(fromTime.get(), LocalTime.MIDNIGHT))
                                .atZone(zone())
                                .toInstant();
            }
            if (toDate.get() != null) {
                LocalTime t = time(toTime.get(), LocalTime.of(23, 59));
                to =
                        LocalDateTime.of(toDate.get(), t)
                                .atZone(zone())
                                .toInstant()
                                .plusSeconds(60)
                                .minusMillis(1);
            }
        }
        applied.set(
                new FilterState(
                        preset.get(),
                        from,
                        to,
                        orNull(type.get()),
                        orNull(language.get()),
                        orNull(status.get()),
                        orNull(channel.get()),
                        handling.get()));
        return true;
    }

    /**
     * Applies {@code state} as it is (a summary's link: a period to the instant, a status or a
     * type), its values put in the form's fields.
     */
    public void show(FilterState state) {
        FilterState s = known(state == null ? FilterState.DEFAULT : state);
        loadDraft(s);
        applied.set(s);
    }

    /** Restores the defaults and applies them. */
    public void reset() {
        loadDraft(FilterState.DEFAULT);
        applied.set(FilterState.DEFAULT);
    }

    /**
     * Removes one dimension ("date", "type", "language", "status", "channel", "handling") from the
     * applied filter.
     */
    public void remove(String dimension) {
        FilterState a = applied.get();
        FilterState next =
                switch (dimension) {
                    case "date" -> a.withPreset(DatePreset.ALL, null, null);
                    case "type" -> a.withType(null);
                    case "language" -> a.withLanguage(null);
                    case "status" -> a.withStatus(null);
                    case "channel" -> a.withChannel(null);
                    case "handling" -> a.withHandling(null);
                    default -> a;
                };
        switch (dimension) {
            case "date" -> preset.set(DatePreset.ALL);
            case "type" -> type.set(ANY);
            case "language" -> language.set(ANY);
            case "status" -> status.set(ANY);
            case "channel" -> channel.set(ANY);
            case "handling" -> handling.set(InboxQuery.HandlingFilter.ALL);
            default -> {}
        }
        applied.set(next);
    }

    /** Puts an applied filter into the form's fields. */
    private void loadDraft(FilterState s) {
        preset.set(s.preset());
        if (s.preset() == DatePreset.CUSTOM) {
            ZoneId z = zone();
            fromDate.set(s.customFrom() == null ? null : LocalDate.ofInstant(s.customFrom(), z));
            fromTime.set(
                    s.customFrom() == null
                            ? "00:00"
                            : TIME.format(LocalTime.ofInstant(s.customFrom(), z)));
            toDate.set(s.customTo() == null ? null : LocalDate.ofInstant(s.customTo(), z));
            toTime.set(
                    s.customTo() == null
                            ? "23:59"
                            : TIME.format(LocalTime.ofInstant(s.customTo(), z)));
        } else {
            fromDate.set(null);
            toDate.set(null);
            fromTime.set("00:00");
            toTime.set("23:59");
        }
        type.set(s.type() == null ? ANY : s.type());
        language.set(s.language() == null ? ANY : s.language());
        status.set(s.status() == null ? ANY : s.status());
        channel.set(s.channel() == null ? ANY : s.channel());
        handling.set(s.handling());
    }

    /** The bundle key of what is wrong with the draft, or null. */
    private String validate() {
        // a choice is one of its options, or at least a well-formed value (a remembered value a
        // newer service introduced is kept): a 10 kB, control-character or bidi-override value is
        // never sent
        if (!known(type.get(), typeOptions())
                || !known(language.get(), languageOptions())
                || !known(status.get(), statusOptions())
                || !known(channel.get(), channelOptions())) {
            return "filter.error.value";
        }
        if (preset.get() != DatePreset.CUSTOM) {
            return null;
        }
        LocalTime ft = time(fromTime.get(), null);
        LocalTime tt = time(toTime.get(), null);
        if ((ft == null && !blank(fromTime.get())) || (tt == null && !blank(toTime.get()))) {
            return "filter.error.time";
        }
        if (fromDate.get() != null && toDate.get() != null) {
            LocalDateTime f =
                    LocalDateTime.of(fromDate.get(), ft == null ? LocalTime.MIDNIGHT : ft);
            LocalDateTime t =
                    LocalDateTime.of(toDate.get(), tt == null ? LocalTime.of(23, 59) : tt);
            if (f.isAfter(t)) {
                return "filter.error.order";
            }
        }
        return null;
    }

    /**
     * The state without malformed values (from a damaged or hand-edited settings file): those are
     * dropped, never sent.
     */
    private static FilterState known(FilterState s) {
        FilterState k = s;
        if (!known(k.type(), typeOptions())) {
            k = k.withType(null);
        }
        if (!known(k.language(), languageOptions())) {
            k = k.withLanguage(null);
        }
        if (!known(k.status(), statusOptions())) {
            k = k.withStatus(null);
        }
        if (!known(k.channel(), channelOptions())) {
            k = k.withChannel(null);
        }
        return k;
    }

    /**
     * ANY, an option, or an unknown but well-formed value (letters, digits, '.', '_', '-'; at most
     * 40), or several such separated by commas (any of them: a summary's link).
     */
    private static boolean known(String value, List<String> options) {
        return value == null || options.contains(value) || value.matches("[A-Za-z0-9_.,-]{1,40}");
    }

    /** Parses "H:mm" (Latin or Arabic-Indic digits); the fallback when blank or unreadable. */
    static LocalTime time(String text, LocalTime fallback) {
        if (blank(text)) {
            return fallback;
        }
        try {
            return LocalTime.parse(I18n.latinDigits(text.strip()).replace('٫', ':'), TIME);
        } catch (DateTimeParseException e) {
            return fallback;
        }
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static String orNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }

    private void rebuildChips() {
        FilterState a = applied.get();
        List<Chip> list = new ArrayList<>();
        if (a.preset() == DatePreset.CUSTOM) {
            String from = a.customFrom() == null ? "…" : labels.dateTime(a.customFrom());
            String to = a.customTo() == null ? "…" : labels.dateTime(a.customTo());
            list.add(new Chip("date", i18n.get("filter.chip.dateRange", from, to)));
        } else if (a.preset() != DatePreset.ALL) {
            list.add(new Chip("date", i18n.get("filter.chip.date", i18n.get(a.preset().key()))));
        }
        if (a.type() != null) {
            list.add(new Chip("type", i18n.get("filter.chip.type", labels.type(a.type(), null))));
        }
        if (a.language() != null) {
            list.add(
                    new Chip(
                            "language",
                            i18n.get("filter.chip.language", labels.language(a.language()))));
        }
        if (a.status() != null) {
            list.add(new Chip("status", i18n.get("filter.chip.status", labels.status(a.status()))));
        }
        if (a.channel() != null) {
            list.add(
                    new Chip(
                            "channel",
                            i18n.get("filter.chip.channel", labels.channel(a.channel()))));
        }
        if (a.handling() != InboxQuery.HandlingFilter.ALL) {
            list.add(
                    new Chip(
                            "handling",
                            i18n.get("filter.chip.handling", handlingText(a.handling()))));
        }
        chips.setAll(list);
    }

    Clock clock() {
        return clock;
    }
}
