package app.ishaar.ui.desktop;

import java.nio.file.Path;

/**
 * Opens a file or a folder with what the desktop opens it with: an exported CSV or workbook in the
 * spreadsheet, its folder in the file manager. The app's ({@link DesktopFiles#opener}) asks {@code
 * xdg-open} on Linux and JavaFX's host services elsewhere, off the FX thread; tests record what was
 * asked.
 */
@FunctionalInterface
public interface FileOpener {

    /** The desktop cannot be asked from here: nothing offers to open a file. */
    FileOpener NONE = path -> {};

    void open(Path path);
}
