import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collections;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Rewrites every jar of a folder with its entries stored instead of deflated, same names, order
 * and content. The installers compress the whole package (xz in the .deb), and they cannot
 * compress what a jar has already deflated: the application's jars stored make the .deb some
 * 10 MB smaller (docs/performance.md), at the cost of more room once installed, as with the
 * runtime image that jlink leaves uncompressed for the same reason.
 *
 * <p>Run by the installer profile with the JDK's source launcher: {@code java
 * installer/StoredJars.java FOLDER}.
 */
public final class StoredJars {
    private StoredJars() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: java installer/StoredJars.java FOLDER");
            System.exit(2);
        }
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(Path.of(args[0]), "*.jar")) {
            for (Path jar : jars) {
                store(jar);
            }
        }
    }

    private static void store(Path jar) throws IOException {
        Path part = jar.resolveSibling(jar.getFileName() + ".part");
        try (ZipFile in = new ZipFile(jar.toFile());
                OutputStream file = Files.newOutputStream(part);
                ZipOutputStream out = new ZipOutputStream(file)) {
            for (ZipEntry entry : Collections.list(in.entries())) {
                byte[] data = in.getInputStream(entry).readAllBytes();
                CRC32 crc = new CRC32();
                crc.update(data);
                ZipEntry stored = new ZipEntry(entry.getName());
                stored.setMethod(ZipEntry.STORED);
                stored.setSize(data.length);
                stored.setCompressedSize(data.length);
                stored.setCrc(crc.getValue());
                stored.setTime(entry.getTime());
                out.putNextEntry(stored);
                out.write(data);
                out.closeEntry();
            }
        }
        Files.move(part, jar, StandardCopyOption.REPLACE_EXISTING);
    }
}
