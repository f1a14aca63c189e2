/**
 * What every window of the desktop app shares: the one {@link app.ishaar.ui.app.SceneFactory} that
 * makes scenes and stages, the theme, the text size and the bundled font, the settings in memory
 * ({@link app.ishaar.ui.app.SettingsService}) and where windows are placed.
 */
package app.ishaar.ui.app;
