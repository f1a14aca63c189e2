package app.ishaar.core.report;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;

/**
 * An archive that sums up a period itself, in its own SQL: counted where the rows are, never read
 * one by one into memory.
 */
public interface SummarySource {

    Summary summary(SummaryQuery query) throws ArchiveException;

    /** The summary of {@code archive}, opened (the desktop's wrapper opens it when first used). */
    static Summary of(Archive archive, SummaryQuery query) throws ArchiveException {
        if (archive.opened() instanceof SummarySource s) {
            return s.summary(query);
        }
        throw new ArchiveException(
                ArchiveException.Reason.FAILED, "this archive cannot sum up a period", null);
    }
}
