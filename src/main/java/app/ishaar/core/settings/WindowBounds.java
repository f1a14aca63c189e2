package app.ishaar.core.settings;

/**
 * Where the main window was: its position and size when it was last neither maximized nor minimized
 * (screen coordinates), and whether it was maximized.
 */
public record WindowBounds(double x, double y, double width, double height, boolean maximized) {}
