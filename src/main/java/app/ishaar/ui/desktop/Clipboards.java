package app.ishaar.ui.desktop;

import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;

/** Putting plain text on the system clipboard: the one place every Copy button and menu does it. */
public final class Clipboards {
    private Clipboards() {}

    public static void copy(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }
}
