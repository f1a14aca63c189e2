package app.ishaar.core.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import app.ishaar.core.settings.TaxpayerListFile.NotAListException;
import app.ishaar.core.settings.TaxpayerListFile.Problem;
import app.ishaar.core.settings.TaxpayerRows.Row;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TaxpayerListFileTest {
    @TempDir Path dir;

    private static final String LIST =
            "RIN,Name\r\n204918573,شركة النيل للتجارة\r\n311204587,\"Delta, Accounting\"\r\n";

    private Path write(String name, byte[] bytes) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(a);
        out.writeBytes(b);
        return out.toByteArray();
    }

    private static void assertTheList(TaxpayerListFile.Read read) {
        assertThat(read.rows())
                .containsExactly(
                        new Row(2, "204918573", "شركة النيل للتجارة"),
                        new Row(3, "311204587", "Delta, Accounting"));
    }

    @Test
    void excelsCsvUtf8AndUnicodeTextAreReadByTheirByteOrderMarks() throws IOException {
        byte[] utf8Bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        TaxpayerListFile.Read utf8 =
                TaxpayerListFile.read(
                        write("utf8.csv", concat(utf8Bom, LIST.getBytes(StandardCharsets.UTF_8))));
        assertTheList(utf8);
        assertThat(utf8.charset()).isEqualTo(StandardCharsets.UTF_8);

        // Excel's "Unicode Text": UTF-16 little-endian with its mark, tab-separated
        String tabs =
                "RIN\tName\r\n204918573\tشركة النيل للتجارة\r\n311204587\tDelta, Accounting\r\n";
        TaxpayerListFile.Read utf16 =
                TaxpayerListFile.read(
                        write(
                                "unicode.txt",
                                concat(
                                        new byte[] {(byte) 0xFF, (byte) 0xFE},
                                        tabs.getBytes(StandardCharsets.UTF_16LE))));
        assertTheList(utf16);
        assertThat(utf16.charset()).isEqualTo(StandardCharsets.UTF_16LE);

        TaxpayerListFile.Read utf16be =
                TaxpayerListFile.read(
                        write(
                                "unicode-be.txt",
                                concat(
                                        new byte[] {(byte) 0xFE, (byte) 0xFF},
                                        tabs.getBytes(StandardCharsets.UTF_16BE))));
        assertTheList(utf16be);
    }

    @Test
    void withoutAMarkATextIsUtf8WhenItDecodesSoAndElseWindowsArabicAsExcelsCsvOnAnArabicWindows()
            throws IOException {
        TaxpayerListFile.Read utf8 =
                TaxpayerListFile.read(write("plain.csv", LIST.getBytes(StandardCharsets.UTF_8)));
        assertTheList(utf8);
        assertThat(utf8.charset()).isEqualTo(StandardCharsets.UTF_8);

        Charset arabic = Charset.forName("windows-1256");
        TaxpayerListFile.Read cp1256 =
                TaxpayerListFile.read(write("excel.csv", LIST.getBytes(arabic)));
        assertTheList(cp1256);
        assertThat(cp1256.charset()).isEqualTo(arabic);
    }

    @Test
    void aWorkbookIsToldApartNotReadAsText() throws IOException {
        ByteArrayOutputStream zip = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(zip)) {
            out.putNextEntry(new ZipEntry("[Content_Types].xml"));
            out.write("<Types/>".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        assertProblem(write("clients.xlsx", zip.toByteArray()), Problem.WORKBOOK);
        // the old binary .xls (OLE2 compound file)
        assertProblem(
                write(
                        "clients.xls",
                        new byte[] {
                            (byte) 0xD0,
                            (byte) 0xCF,
                            0x11,
                            (byte) 0xE0,
                            (byte) 0xA1,
                            (byte) 0xB1,
                            0x1A,
                            (byte) 0xE1
                        }),
                Problem.WORKBOOK);
    }

    @Test
    void aFileThatIsNotTextOrTooLargeToBeAListIsNotRead() throws IOException {
        assertProblem(
                write(
                        "photo.png",
                        new byte[] {
                            (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13
                        }),
                Problem.NOT_TEXT);
        Path big = dir.resolve("big.csv");
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(TaxpayerListFile.MAX_BYTES + 1);
        }
        assertProblem(big, Problem.TOO_LARGE);
    }

    @Test
    void aFileThatIsGoneIsAnIoFailureNotAProblemOfItsText() {
        assertThatThrownBy(() -> TaxpayerListFile.read(dir.resolve("gone.csv")))
                .isInstanceOf(NoSuchFileException.class);
    }

    private static void assertProblem(Path file, Problem problem) {
        assertThatThrownBy(() -> TaxpayerListFile.read(file))
                .isInstanceOfSatisfying(
                        NotAListException.class, e -> assertThat(e.problem()).isEqualTo(problem));
    }
}
