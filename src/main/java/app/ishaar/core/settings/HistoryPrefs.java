package app.ishaar.core.settings;

import java.time.Instant;
import java.util.List;

/**
 * The history screen's remembered state for one represented taxpayer. Every member may be null (=
 * the default).
 *
 * @param datePreset e.g. ALL, TODAY, LAST_7_DAYS, THIS_MONTH, LAST_MONTH, THIS_YEAR, CUSTOM
 * @param columns column order, widths and visibility, in display order
 * @param detailWidth the detail pane's width in pixels, as the user left it (it keeps it when the
 *     window is resized); null for the screen's default. (Files of earlier versions held a {@code
 *     detailDivider} fraction instead, which is no longer read.)
 * @param exportFolder the folder this taxpayer's last export went to (offered again)
 * @param exportFormat that export's format, e.g. CSV or XLSX (chosen again)
 * @param lastVisit when the user last saw this taxpayer's history (its first page shown in a run of
 *     the app): what came after it is new at the next visit
 * @param handling the handling filter's name (ALL, TO_HANDLE, ASSIGNED_TO_ME, HANDLED)
 */
public record HistoryPrefs(
        String datePreset,
        Instant customFrom,
        Instant customTo,
        String type,
        String language,
        String status,
        String channel,
        Integer pageSize,
        List<ColumnPref> columns,
        Double detailWidth,
        Boolean detailVisible,
        String exportFolder,
        String exportFormat,
        Instant lastVisit,
        String handling) {

    public HistoryPrefs {
        columns = columns == null ? List.of() : List.copyOf(columns);
    }

    /** One table column: its id, width in pixels, and whether it is shown. */
    public record ColumnPref(String id, double width, boolean visible) {}
}
