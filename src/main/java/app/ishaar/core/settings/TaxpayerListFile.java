package app.ishaar.core.settings;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A list of taxpayers in a file: a CSV or text file, as a spreadsheet saves one or a person writes
 * one (a registration number a row, then optionally a name; see {@link TaxpayerRows}).
 *
 * <p>The file's encoding is found as a spreadsheet writes it: a byte-order mark says UTF-8 or
 * UTF-16 (Excel's "Unicode Text" and "CSV UTF-8"); without one, the text is UTF-8 if it decodes as
 * such, else Windows Arabic (windows-1256, which Excel's plain "CSV" writes on an Arabic Windows).
 * A workbook (XLSX, ODS, the old XLS) is told apart, not read: its rows are copied and pasted.
 */
public final class TaxpayerListFile {
    private TaxpayerListFile() {}

    /**
     * The largest file read: a list of some hundred thousand taxpayers; anything larger is not one.
     */
    public static final long MAX_BYTES = 5L * 1024 * 1024;

    /** Windows Arabic, the ANSI code page of an Arabic Windows. */
    static final String WINDOWS_ARABIC = "windows-1256";

    /** Why a file is not read as a list. */
    public enum Problem {
        /** A spreadsheet's workbook (a ZIP or OLE2 file), not text. */
        WORKBOOK,
        /** Larger than {@link #MAX_BYTES}. */
        TOO_LARGE,
        /** Not text: it has NUL characters, or no encoding tried decodes it. */
        NOT_TEXT
    }

    /** The file is there and readable, but not a list of taxpayers; {@link #problem()} says why. */
    public static final class NotAListException extends IOException {
        private static final long serialVersionUID = 1L;
        private final transient Problem problem;

        public NotAListException(Problem problem) {
            super(problem.name());
            this.problem = problem;
        }

        public Problem problem() {
            return problem;
        }
    }

    /**
     * What the file held: its rows (numbered by their line in the file) and the encoding it was
     * read in.
     */
    public record Read(List<TaxpayerRows.Row> rows, Charset charset) {}

    /**
     * Reads the file's rows. Blocks on the disk: not for the UI thread.
     *
     * @throws NotAListException when the file is a workbook, too large, or not text
     * @throws IOException when it cannot be read (gone, no permission)
     */
    public static Read read(Path file) throws IOException {
        if (Files.size(file) > MAX_BYTES) {
            throw new NotAListException(Problem.TOO_LARGE);
        }
        byte[] bytes = Files.readAllBytes(file);
        if (startsWith(bytes, 'P', 'K', 3, 4) || startsWith(bytes, 0xD0, 0xCF, 0x11, 0xE0)) {
            throw new NotAListException(Problem.WORKBOOK);
        }
        Charset charset;
        int skip = 0;
        if (startsWith(bytes, 0xEF, 0xBB, 0xBF)) {
            charset = StandardCharsets.UTF_8;
            skip = 3;
        } else if (startsWith(bytes, 0xFF, 0xFE)) {
            charset = StandardCharsets.UTF_16LE;
            skip = 2;
        } else if (startsWith(bytes, 0xFE, 0xFF)) {
            charset = StandardCharsets.UTF_16BE;
            skip = 2;
        } else {
            charset = StandardCharsets.UTF_8;
        }
        String text;
        try {
            text = decode(bytes, skip, charset);
        } catch (CharacterCodingException notUtf8) {
            if (skip > 0 || !Charset.isSupported(WINDOWS_ARABIC)) {
                throw new NotAListException(Problem.NOT_TEXT);
            }
            charset = Charset.forName(WINDOWS_ARABIC);
            try {
                text = decode(bytes, 0, charset);
            } catch (CharacterCodingException notArabic) {
                throw new NotAListException(Problem.NOT_TEXT);
            }
        }
        if (text.indexOf('\0') >= 0) {
            throw new NotAListException(Problem.NOT_TEXT);
        }
        return new Read(TaxpayerRows.parse(text), charset);
    }

    private static String decode(byte[] bytes, int skip, Charset charset)
            throws CharacterCodingException {
        return charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes, skip, bytes.length - skip))
                .toString();
    }

    private static boolean startsWith(byte[] bytes, int... start) {
        if (bytes.length < start.length) {
            return false;
        }
        for (int i = 0; i < start.length; i++) {
            if ((bytes[i] & 0xFF) != start[i]) {
                return false;
            }
        }
        return true;
    }
}
