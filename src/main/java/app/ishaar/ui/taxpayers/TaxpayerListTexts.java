package app.ishaar.ui.taxpayers;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.taxpayers.ForgetArchived.ForgetResult;
import app.ishaar.ui.taxpayers.ForgetArchived.Forgotten;
import app.ishaar.ui.taxpayers.ForgetArchived.Kept;
import app.ishaar.ui.taxpayers.ForgetArchived.NotForgotten;
import app.ishaar.ui.taxpayers.TaxpayerListViewModel.AddResult;
import app.ishaar.ui.taxpayers.TaxpayerListViewModel.FileAdded;
import app.ishaar.ui.taxpayers.TaxpayerListViewModel.LeftOut;
import app.ishaar.ui.taxpayers.TaxpayerListViewModel.ListAdded;
import app.ishaar.ui.taxpayers.TaxpayerListViewModel.Removed;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** The taxpayer list's answers in the UI's language: what the view says of them. */
public final class TaxpayerListTexts {

    /** The rows of a list named when some were left out; more are summed up. */
    static final int LEFT_OUT_NAMED = 5;

    private final I18n i18n;

    public TaxpayerListTexts(I18n i18n) {
        this.i18n = i18n;
    }

    /** The bundle key of why a taxpayer was not added; null when it was. */
    public static String problemKey(AddResult r) {
        if (r instanceof TaxpayerListViewModel.Duplicate) {
            return "switcher.validation.duplicate";
        } else if (r instanceof TaxpayerListViewModel.InvalidRin) {
            return "login.validation.rin";
        } else if (r instanceof TaxpayerListViewModel.OwnTaxpayerOnly) {
            return "switcher.ownOnly";
        }
        return null;
    }

    /** How many a list added, and which rows it left out and why. */
    public String listAdded(ListAdded r) {
        if (r.leftOut().isEmpty()) {
            return i18n.get("switcher.added", r.added());
        }
        List<String> rows = new ArrayList<>();
        for (LeftOut l : r.leftOut().subList(0, Math.min(LEFT_OUT_NAMED, r.leftOut().size()))) {
            rows.add(i18n.get("switcher.leftOut.row", l.row(), i18n.get(reasonKey(l))));
        }
        if (r.leftOut().size() > LEFT_OUT_NAMED) {
            rows.add(i18n.get("switcher.leftOut.more", r.leftOut().size() - LEFT_OUT_NAMED));
        }
        return i18n.get(
                "switcher.addedLeftOut",
                r.added(),
                String.join(i18n.get("switcher.leftOut.separator"), rows));
    }

    private static String reasonKey(LeftOut l) {
        return switch (l.reason()) {
            case NOT_A_RIN -> "switcher.leftOut.rin";
            case ALREADY_LISTED -> "switcher.leftOut.duplicate";
        };
    }

    /** What a file's list added, or why it gave none, naming the file. */
    public String fileAdded(FileAdded r) {
        if (r.problem() == null) {
            return i18n.get("switcher.file.from", r.fileName(), listAdded(r.added()));
        }
        String key =
                switch (r.problem()) {
                    case WORKBOOK -> "switcher.file.workbook";
                    case TOO_LARGE -> "switcher.file.tooLarge";
                    case NOT_TEXT -> "switcher.file.notText";
                    case UNREADABLE -> "switcher.file.unreadable";
                    case EMPTY -> "switcher.file.empty";
                };
        return i18n.get(key, r.fileName());
    }

    /** What was removed last ("" for nothing). */
    public String removed(Removed r) {
        return r == null ? "" : i18n.get("switcher.removed", named(r.name()), r.rin());
    }

    /** A name as the list's messages give it: "Unnamed taxpayer" for none. */
    private String named(String name) {
        return name == null || name.isBlank() ? i18n.get("switcher.unnamed") : name;
    }

    /** "The archive keeps 120 notifications of … (RIN). Forget them too?" ("" for nothing). */
    public String forgetAsked(Kept k) {
        return k == null
                ? ""
                : i18n.get(
                        "switcher.forget.ask",
                        k.notifications(),
                        named(k.name()),
                        i18n.localDigits(k.rin().value()));
    }

    /** What forgetting did ("" for nothing); {@code archiveProblem} says why the archive failed. */
    public String forgetOutcome(
            ForgetResult r, Function<ArchiveException.Reason, String> archiveProblem) {
        if (r instanceof Forgotten f) {
            return i18n.get(
                    "switcher.forgotten",
                    f.notifications(),
                    named(f.name()),
                    i18n.localDigits(f.rin().value()));
        } else if (r instanceof NotForgotten n) {
            return i18n.get(
                    "switcher.forget.failed",
                    named(n.name()),
                    i18n.localDigits(n.rin().value()),
                    archiveProblem.apply(n.reason()));
        }
        return "";
    }

    /** "12 of 500" while the list is filtered, else "500 taxpayers". */
    public String count(int shown, int all, boolean filtered) {
        return filtered
                ? i18n.get("switcher.count.filtered", shown, all)
                : i18n.get("switcher.count", all);
    }
}
