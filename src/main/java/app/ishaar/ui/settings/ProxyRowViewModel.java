package app.ishaar.ui.settings;

import app.ishaar.core.settings.ProxyAddress;
import app.ishaar.core.settings.ProxyChoice;
import app.ishaar.ui.app.SettingsService;
import app.ishaar.ui.i18n.I18n;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The settings dialog's proxy row: the system's proxy settings (the default), no proxy, or one HTTP
 * proxy typed as host:port. A choice is remembered and applied to the service client at once (from
 * its next connection; no restart): the system's or none as soon as chosen, a typed proxy when its
 * field is committed (Enter, leaving it, closing the dialog) and the address is valid. An invalid
 * address is shown under the field and never applied: the last good choice stays in effect.
 */
public final class ProxyRowViewModel {

    /** The three choices, as the radio buttons show them. */
    public enum Mode {
        SYSTEM,
        NONE,
        MANUAL
    }

    private final I18n i18n;
    private final SettingsService settings;
    private final ObjectProperty<Mode> mode = new SimpleObjectProperty<>(this, "mode", Mode.SYSTEM);
    private final StringProperty address = new SimpleStringProperty(this, "address", "");
    private final SimpleBooleanProperty checked = new SimpleBooleanProperty(this, "checked");
    private final ReadOnlyObjectWrapper<ProxyAddress.Problem> problem =
            new ReadOnlyObjectWrapper<>(this, "problem");
    private final ReadOnlyObjectWrapper<ProxyChoice> applied =
            new ReadOnlyObjectWrapper<>(this, "applied", ProxyChoice.SYSTEM_SETTINGS);
    private final StringBinding errorText;

    /**
     * @param settings the app's settings (the client follows their proxy choice); null in a
     *     preview, where nothing is remembered
     */
    public ProxyRowViewModel(I18n i18n, SettingsService settings) {
        this.i18n = i18n;
        this.settings = settings;
        if (settings != null) {
            ProxyChoice now = settings.get().proxy();
            applied.set(now);
            mode.set(modeOf(now));
            address.set(now.address());
        }
        address.addListener((o, a, b) -> check());
        mode.addListener(
                (o, a, m) -> {
                    if (m != Mode.MANUAL) {
                        checked.set(false);
                        apply(m == Mode.NONE ? ProxyChoice.DIRECT : ProxyChoice.SYSTEM_SETTINGS);
                    } else if (!address.get().isBlank()) {
                        commit(); // a proxy typed before applies again at once
                    }
                    check();
                });
        check();
        errorText =
                Bindings.createStringBinding(
                        () -> problem.get() == null ? "" : i18n.get(key(problem.get())),
                        problem,
                        i18n.languageProperty());
    }

    private static Mode modeOf(ProxyChoice c) {
        return switch (c.mode()) {
            case ProxyChoice.MANUAL -> Mode.MANUAL;
            case ProxyChoice.NONE -> Mode.NONE;
            default -> Mode.SYSTEM;
        };
    }

    /** System settings, no proxy, or the typed proxy. */
    public ObjectProperty<Mode> modeProperty() {
        return mode;
    }

    /** The typed proxy, "proxy.example.com:3128" (also taken as {@code http://host:port/}). */
    public StringProperty addressProperty() {
        return address;
    }

    /**
     * What is wrong with the typed address, shown once it has been committed (and live from then
     * on); null while it is fine or not yet committed, and whenever the choice is not manual.
     */
    public ReadOnlyObjectProperty<ProxyAddress.Problem> problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** The problem in the UI language, or "". */
    public StringBinding errorText() {
        return errorText;
    }

    /** The choice in effect: remembered, and followed by the service client. */
    public ReadOnlyObjectProperty<ProxyChoice> appliedProperty() {
        return applied.getReadOnlyProperty();
    }

    /**
     * The typed proxy is done (Enter, the field left, the dialog closed): applied if the choice is
     * manual and the address is valid; otherwise its problem is shown and the last good choice
     * stays.
     */
    public void commit() {
        if (mode.get() != Mode.MANUAL) {
            return;
        }
        checked.set(true);
        check();
        ProxyAddress.Parsed p = ProxyAddress.parse(address.get());
        if (p.ok()) {
            ProxyChoice c = ProxyChoice.manual(p.host(), p.port());
            address.set(c.address()); // as it will be read back: "http://" and "/" dropped
            apply(c);
        }
    }

    private void check() {
        ProxyAddress.Parsed p = ProxyAddress.parse(address.get());
        problem.set(mode.get() == Mode.MANUAL && checked.get() && !p.ok() ? p.problem() : null);
    }

    private void apply(ProxyChoice c) {
        if (c.equals(applied.get())) {
            return;
        }
        applied.set(c);
        if (settings != null) {
            settings.update(s -> s.withProxy(c));
        }
    }

    private static String key(ProxyAddress.Problem p) {
        return switch (p) {
            case EMPTY -> "settingsDialog.proxy.error.empty";
            case NO_PORT -> "settingsDialog.proxy.error.noPort";
            case BAD_PORT -> "settingsDialog.proxy.error.badPort";
            case BAD_HOST -> "settingsDialog.proxy.error.badHost";
            case CREDENTIALS -> "settingsDialog.proxy.error.credentials";
        };
    }
}
