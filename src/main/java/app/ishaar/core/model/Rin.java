package app.ishaar.core.model;

import java.util.Objects;

/**
 * A taxpayer's registration number (RIN): exactly nine digits, the form the service's tokens carry
 * ({@code TaxRin}) and its {@code onbehalfof} header takes. The one rule for what a RIN is, used by
 * the command line, the desktop app, the settings and the archive alike.
 *
 * <p>{@link #parse} accepts what a person types: surrounding blanks, and Arabic-Indic or Eastern
 * Arabic-Indic digits (٠–٩, ۰–۹), which it writes as ASCII digits.
 */
public record Rin(String value) implements Comparable<Rin> {

    public static final int LENGTH = 9;

    /** Why a typed value is not a RIN. */
    public enum Problem {
        EMPTY,
        /** Not nine digits (too short, too long, or a character other than a digit). */
        BAD_FORMAT
    }

    /** The outcome of {@link #parse}: a RIN, or the reason there is none. */
    public sealed interface Parsed permits Valid, Invalid {}

    public record Valid(Rin rin) implements Parsed {}

    public record Invalid(Problem problem) implements Parsed {}

    public Rin {
        Objects.requireNonNull(value, "value");
        if (!isNineAsciiDigits(value)) {
            throw new IllegalArgumentException("a RIN is nine digits");
        }
    }

    /** The RIN in {@code typed}, or why there is none. */
    public static Parsed parse(String typed) {
        if (typed == null || typed.isBlank()) {
            return new Invalid(Problem.EMPTY);
        }
        String digits = asciiDigits(typed.strip());
        return isNineAsciiDigits(digits)
                ? new Valid(new Rin(digits))
                : new Invalid(Problem.BAD_FORMAT);
    }

    /** The RIN in {@code typed}; throws {@link IllegalArgumentException} when it is none. */
    public static Rin of(String typed) {
        if (parse(typed) instanceof Valid v) {
            return v.rin();
        }
        throw new IllegalArgumentException("not a RIN: nine digits expected");
    }

    /** True when {@code typed} holds a RIN as {@link #parse} reads it. */
    public static boolean isValid(String typed) {
        return parse(typed) instanceof Valid;
    }

    private static boolean isNineAsciiDigits(String s) {
        if (s.length() != LENGTH) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** Arabic-Indic (U+0660–0669) and Eastern Arabic-Indic (U+06F0–06F9) digits as ASCII. */
    private static String asciiDigits(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= '\u0660' && c <= '\u0669') {
                b.append((char) ('0' + (c - '\u0660')));
            } else if (c >= '\u06F0' && c <= '\u06F9') {
                b.append((char) ('0' + (c - '\u06F0')));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    @Override
    public int compareTo(Rin o) {
        return value.compareTo(o.value);
    }

    @Override
    public String toString() {
        return value;
    }
}
