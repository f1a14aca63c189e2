package app.ishaar.ui.app;

import app.ishaar.core.settings.Settings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * The colours of every window: light (the default) or dark (View → Dark theme, or Settings), for
 * users who read the history all day, or in a dim room. Every scene's root carries the dark theme
 * as a style class ({@link SceneFactory}), and the style sheet gives it its colours: it changes
 * what modena derives its colours from and the app's own colours, so everything follows, popups and
 * menus too.
 */
public final class Theme {

    /** The style class of a scene's root in the dark theme ({@code ishaar.css}). */
    static final String DARK_STYLE = "theme-dark";

    private final BooleanProperty dark = new SimpleBooleanProperty(this, "dark");

    /** In the theme remembered as {@code code} ({@link Settings#DARK}, else light). */
    public Theme(String code) {
        dark.set(Settings.DARK.equals(code));
    }

    /** True in the dark theme; set it to change every window's colours at once. */
    public BooleanProperty darkProperty() {
        return dark;
    }

    /** The theme as the settings remember it: {@link Settings#DARK} or {@link Settings#LIGHT}. */
    public String code() {
        return dark.get() ? Settings.DARK : Settings.LIGHT;
    }
}
