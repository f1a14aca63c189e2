package app.ishaar.ui.desktop;

/**
 * Tells the user something through the desktop's notifications (the bubble at the screen's corner),
 * while the app is in the background: new notifications came. The app's uses {@code notify-send} on
 * Linux ({@link DesktopFiles#notifier}); tests record what was told.
 */
@FunctionalInterface
public interface DesktopNotifier {

    /** The desktop cannot be asked from here: nothing is told. */
    DesktopNotifier NONE = (title, body, action, onAction) -> {};

    /**
     * @param action what a click on the notification does, in words (some desktops show it as a
     *     button)
     * @param onAction run on the FX thread when the user clicks the notification, where the desktop
     *     says so
     */
    void tell(String title, String body, String action, Runnable onAction);
}
