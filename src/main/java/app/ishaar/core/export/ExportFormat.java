package app.ishaar.core.export;

/** The file formats of an export. */
public enum ExportFormat {
    CSV("csv"),
    XLSX("xlsx");

    private final String extension;

    ExportFormat(String extension) {
        this.extension = extension;
    }

    /** Without the dot. */
    public String extension() {
        return extension;
    }
}
