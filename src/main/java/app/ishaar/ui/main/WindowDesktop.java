package app.ishaar.ui.main;

import app.ishaar.ui.desktop.DesktopNotifier;
import app.ishaar.ui.desktop.FileOpener;
import java.util.function.BooleanSupplier;

/**
 * What a main window asks of the desktop around it: to open an export's file or folder, to tell of
 * new notifications while the app is in the background, whether the app is in front (one of its
 * windows has focus: the main window, or a dialog over it), and to bring the window in front.
 */
public record WindowDesktop(
        FileOpener fileOpener,
        DesktopNotifier notifier,
        BooleanSupplier appInFront,
        Runnable bringToFront) {

    /** No desktop (tests): nothing opens or is told, and the app is taken to be in front. */
    public static final WindowDesktop NONE =
            new WindowDesktop(FileOpener.NONE, DesktopNotifier.NONE, () -> true, () -> {});

    public WindowDesktop {
        fileOpener = fileOpener == null ? FileOpener.NONE : fileOpener;
        notifier = notifier == null ? DesktopNotifier.NONE : notifier;
        appInFront = appInFront == null ? () -> true : appInFront;
        bringToFront = bringToFront == null ? () -> {} : bringToFront;
    }
}
