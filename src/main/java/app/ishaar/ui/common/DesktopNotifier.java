package app.ishaar.ui.common;

/**
 * Tells the user something through the desktop's notifications (the bubble at the screen's corner),
 * while the app's window is in the background: new notifications came. The app's uses
 * {@code notify-send} on Linux ({@link DesktopFiles#notifier}); tests record what was told.
 */
@FunctionalInterface
public interface DesktopNotifier {

    /** The desktop cannot be asked from here: nothing is told. */
    DesktopNotifier NONE = (title, body) -> { };

    void tell(String title, String body);
}
