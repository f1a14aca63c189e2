package app.ishaar.ui.fx;

import java.util.HashMap;
import java.util.Map;
import javafx.event.Event;
import javafx.event.EventTarget;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

/**
 * Shortcuts typed on an Arabic keyboard layout that has no Latin layout beside it. JavaFX on Linux
 * names a letter key by the Latin letter of the first layout that has one; with the Arabic layout
 * alone there is none, and Ctrl+C arrives as an undefined key whose text is ؤ: no shortcut of the
 * app, and none of a text field's (copy, paste, select all), would work. This turns such a key,
 * pressed with Ctrl, Alt or Cmd, back into the Latin key it sits on in the standard Arabic layout
 * (the same letters as Windows' Arabic 101), before anything else in the scene sees it. Windows and
 * a Latin layout beside the Arabic one (the common setup) name the keys already; this then never
 * acts.
 */
public final class ArabicLayoutKeys {
    private ArabicLayoutKeys() {}

    /**
     * Each character of the standard Arabic layout's keys, unshifted and shifted, and the key it is
     * on.
     */
    private static final Map<String, KeyCode> KEYS = new HashMap<>();

    private static void key(KeyCode code, String unshifted, String shifted) {
        KEYS.put(unshifted, code);
        KEYS.put(shifted, code);
    }

    static {
        key(KeyCode.BACK_QUOTE, "ذ", "\u0651");
        key(KeyCode.Q, "ض", "\u064E");
        key(KeyCode.W, "ص", "\u064B");
        key(KeyCode.E, "ث", "\u064F");
        key(KeyCode.R, "ق", "\u064C");
        key(KeyCode.T, "ف", "\uFEF9");
        key(KeyCode.Y, "غ", "إ");
        key(KeyCode.U, "ع", "`");
        key(KeyCode.I, "ه", "÷");
        key(KeyCode.O, "خ", "×");
        key(KeyCode.P, "ح", "؛");
        key(KeyCode.OPEN_BRACKET, "ج", "<");
        key(KeyCode.CLOSE_BRACKET, "د", ">");
        key(KeyCode.A, "ش", "\u0650");
        key(KeyCode.S, "س", "\u064D");
        key(KeyCode.D, "ي", "]");
        key(KeyCode.F, "ب", "[");
        key(KeyCode.G, "ل", "\uFEF7");
        key(KeyCode.H, "ا", "أ");
        key(KeyCode.J, "ت", "ـ");
        key(KeyCode.K, "ن", "،");
        key(KeyCode.L, "م", "/");
        key(KeyCode.SEMICOLON, "ك", ":");
        key(KeyCode.QUOTE, "ط", "\"");
        key(KeyCode.Z, "ئ", "~");
        key(KeyCode.X, "ء", "\u0652");
        key(KeyCode.C, "ؤ", "}");
        key(KeyCode.V, "ر", "{");
        key(KeyCode.B, "\uFEFB", "\uFEF5");
        KEYS.put("لا", KeyCode.B); // the lam-alef key, where it types two letters
        key(KeyCode.N, "ى", "آ");
        key(KeyCode.M, "ة", "'");
        key(KeyCode.COMMA, "و", ",");
        key(KeyCode.PERIOD, "ز", ".");
        key(KeyCode.SLASH, "ظ", "؟");
    }

    /** The Latin key an undefined key with this text is on in the Arabic layout, or null. */
    static KeyCode latinKey(String text) {
        return text == null ? null : KEYS.get(text);
    }

    public static void install(Scene scene) {
        scene.addEventFilter(KeyEvent.KEY_PRESSED, ArabicLayoutKeys::translate);
        scene.addEventFilter(KeyEvent.KEY_RELEASED, ArabicLayoutKeys::translate);
    }

    private static void translate(KeyEvent e) {
        if (e.getCode() != KeyCode.UNDEFINED
                || !(e.isControlDown() || e.isAltDown() || e.isMetaDown())) {
            return; // typed without a modifier, an Arabic letter is just that
        }
        KeyCode latin = latinKey(e.getText());
        EventTarget target = e.getTarget();
        if (latin == null || target == null) {
            return;
        }
        e.consume();
        Event.fireEvent(
                target,
                new KeyEvent(
                        null,
                        target,
                        e.getEventType(),
                        e.getCharacter(),
                        e.getText(),
                        latin,
                        e.isShiftDown(),
                        e.isControlDown(),
                        e.isAltDown(),
                        e.isMetaDown()));
    }
}
