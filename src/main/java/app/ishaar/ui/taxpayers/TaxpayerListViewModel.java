package app.ishaar.ui.taxpayers;

import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.TokenInfo;
import app.ishaar.core.settings.RepresentedTaxpayer;
import app.ishaar.core.settings.TaxpayerListFile;
import app.ishaar.core.settings.TaxpayerRows;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import javafx.beans.Observable;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The main window's list of taxpayers: the ERP's own first, then those it acts for. Adds one typed
 * in, the rows of a pasted list or of a file, renames, removes (and brings back the one removed
 * last), and saves the list with the profile. Every answer is typed ({@link Added}, {@link
 * Duplicate}, {@link InvalidRin}, {@link OwnTaxpayerOnly}, {@link ListAdded}, {@link FileAdded},
 * {@link Removed}); the view says it in words. The list as shown, filtered and sorted, is {@link
 * #shown()}; what the archive keeps of a taxpayer removed, offered to be forgotten, {@link
 * #archived()}.
 */
public final class TaxpayerListViewModel {

    private static final System.Logger LOG =
            System.getLogger(TaxpayerListViewModel.class.getName());

    /** Where the list is kept: the profile's represented taxpayers and its own taxpayer's name. */
    public record Store(
            Consumer<List<RepresentedTaxpayer>> saveTaxpayers, Consumer<String> saveOwnName) {}

    /** What adding one taxpayer did. */
    public sealed interface AddResult permits Added, Duplicate, InvalidRin, OwnTaxpayerOnly {}

    /** Added, at the end of the list. */
    public record Added(TaxpayerEntry entry) implements AddResult {}

    /** Listed already: nothing added. */
    public record Duplicate(Rin rin) implements AddResult {}

    /** What was typed is not a registration number. */
    public record InvalidRin(Rin.Problem problem) implements AddResult {}

    /** The ERP system logs in for its own taxpayer only: it acts for no other. */
    public record OwnTaxpayerOnly() implements AddResult {}

    /** Why a row of a list was left out. */
    public enum LeftOutReason {
        NOT_A_RIN,
        ALREADY_LISTED
    }

    /** A row of a list left out: its number in the list, and why. */
    public record LeftOut(int row, LeftOutReason reason) {}

    /** What adding a list of taxpayers did: how many it added, and the rows it left out. */
    public record ListAdded(int added, List<LeftOut> leftOut) {}

    /** Why a file gave no taxpayer. */
    public enum FileProblem {
        /** A spreadsheet workbook, not its rows saved as CSV. */
        WORKBOOK,
        TOO_LARGE,
        NOT_TEXT,
        UNREADABLE,
        /** No row but perhaps a header. */
        EMPTY
    }

    /** What adding a file's list did: the file's name, and what the list added, or why none. */
    public record FileAdded(String fileName, ListAdded added, FileProblem problem) {
        /** Whether the file gave no taxpayer, or left rows out: the form shows it as an error. */
        public boolean isError() {
            return problem != null || !added.leftOut().isEmpty();
        }
    }

    /** A taxpayer removed last: its registration number, its name and its place in the list. */
    public record Removed(String rin, String name, int index) {}

    private final Executor fx;
    private final Executor background;
    private final BiFunction<String, String, TaxpayerEntry> newEntry;
    private final Consumer<TaxpayerEntry> beforeRemoval;
    private final Store store;

    /** Tells of a change of a taxpayer's name, RIN, state or news, for the list as shown. */
    private final ObservableList<TaxpayerEntry> entries =
            FXCollections.observableArrayList(
                    e ->
                            new Observable[] {
                                e.labelText(),
                                e.displayRinProperty(),
                                e.stateProperty(),
                                e.arrivedProperty()
                            });

    private final ShownTaxpayers shown = new ShownTaxpayers(entries);
    private final ForgetArchived archived;
    private final ToHandleCounts toHandle;
    private final ReadOnlyBooleanWrapper ownTaxpayerOnly =
            new ReadOnlyBooleanWrapper(this, "ownTaxpayerOnly", false);
    private final ReadOnlyObjectWrapper<Removed> lastRemoved =
            new ReadOnlyObjectWrapper<>(this, "lastRemoved");

    /**
     * @param newEntry makes an entry of a RIN (null for the ERP's own) and a name
     * @param beforeRemoval told of an entry about to be removed (the window shows another, and
     *     closes its session)
     * @param archive what the archive keeps of a taxpayer, offered to be forgotten on removal
     */
    public TaxpayerListViewModel(
            Executor fx,
            Executor background,
            BiFunction<String, String, TaxpayerEntry> newEntry,
            Consumer<TaxpayerEntry> beforeRemoval,
            Store store,
            TaxpayerArchive archive,
            String ownName,
            List<RepresentedTaxpayer> taxpayers) {
        this.fx = fx;
        this.background = background;
        this.newEntry = newEntry;
        this.beforeRemoval = beforeRemoval;
        this.store = store;
        this.archived = new ForgetArchived(fx, background, archive);
        this.toHandle = new ToHandleCounts(fx, background, archive);
        List<TaxpayerEntry> all = new ArrayList<>(taxpayers.size() + 1);
        all.add(newEntry.apply(null, ownName));
        for (RepresentedTaxpayer t : taxpayers) {
            TaxpayerEntry e = newEntry.apply(t.rin(), t.name());
            e.alsoNamed(t.arabicName());
            all.add(e);
        }
        entries.setAll(all);
    }

    /** Every taxpayer, the ERP's own first. */
    public ObservableList<TaxpayerEntry> entries() {
        return entries;
    }

    /** The ERP's own taxpayer. */
    public TaxpayerEntry own() {
        return entries.get(0);
    }

    /** The list as shown: filtered as the user types, in the order chosen. */
    public ShownTaxpayers shown() {
        return shown;
    }

    /** What the archive keeps of the taxpayer removed last, and forgetting it when asked. */
    public ForgetArchived archived() {
        return archived;
    }

    /** How many each taxpayer has to handle, read from the archive when the window asks. */
    public ToHandleCounts toHandle() {
        return toHandle;
    }

    /** The taxpayer of a RIN (null: the ERP's own), if listed. */
    public Optional<TaxpayerEntry> find(String rin) {
        return entries.stream()
                .filter(e -> rin == null ? e.rin() == null : rin.equals(e.rin()))
                .findFirst();
    }

    /**
     * Whether the login's token said this ERP system is not an intermediary ({@code IsIntermediary
     * "0"}): the service lets it log in for its own taxpayer only, so the list does not offer to
     * add taxpayers to act for (one added would only fail). False while no token has said so.
     */
    public ReadOnlyBooleanProperty ownTaxpayerOnlyProperty() {
        return ownTaxpayerOnly.getReadOnlyProperty();
    }

    /** What the login's token said of the ERP system (see {@link #ownTaxpayerOnlyProperty}). */
    private void ownTaxpayerOnly(boolean only) {
        ownTaxpayerOnly.set(only);
    }

    /**
     * A login opened the window on behalf of {@code onBehalfOf}: its taxpayer (that one, or the
     * ERP's own when the list has no such taxpayer) is the one whose session the login opened,
     * shown from the whole list; what the token says names the taxpayers and tells whether the
     * system logs in for its own taxpayer only.
     *
     * @return the taxpayer the window shows first
     */
    public TaxpayerEntry loggedIn(String onBehalfOf, TokenInfo token) {
        shown.filterProperty().set("");
        TaxpayerEntry own = own();
        TaxpayerEntry first = find(onBehalfOf).orElse(own);
        first.tokenSaid(token);
        if (first != own && token != null) {
            first.nameFromToken(token.taxpayerName());
        }
        ownTaxpayerOnly(token != null && token.saysOwnTaxpayerOnly());
        if (first != own && token != null && token.saysIntermediary()) {
            // an intermediary's token names its own taxpayer too
            own.ownAsTokenNamesIt(token.intermediaryRin(), token.erpName());
        }
        return first;
    }

    /** Adds a represented taxpayer (a RIN as typed, Arabic-Indic digits too, and a name). */
    public AddResult add(String rinInput, String name) {
        if (ownTaxpayerOnly.get()) {
            return new OwnTaxpayerOnly();
        }
        Rin.Parsed parsed = Rin.parse(rinInput);
        if (parsed instanceof Rin.Invalid invalid) {
            return new InvalidRin(invalid.problem());
        }
        Rin rin = ((Rin.Valid) parsed).rin();
        if (find(rin.value()).isPresent()) {
            return new Duplicate(rin);
        }
        TaxpayerEntry e = newEntry.apply(rin.value(), name == null ? "" : name.trim());
        entries.add(e);
        save();
        return new Added(e);
    }

    /**
     * Adds the taxpayers of a list (rows copied from a spreadsheet, or a CSV file's text: a
     * registration number, then optionally a name; see {@link TaxpayerRows}), saved once. A row
     * whose number is not a RIN, or is listed already (or earlier in the list), is left out.
     */
    public ListAdded addAll(String text) {
        return addAll(TaxpayerRows.parse(text));
    }

    private ListAdded addAll(List<TaxpayerRows.Row> rows) {
        if (ownTaxpayerOnly.get()) {
            return new ListAdded(0, List.of());
        }
        Set<String> listed = new HashSet<>();
        entries.forEach(e -> listed.add(e.rin()));
        List<TaxpayerEntry> added = new ArrayList<>();
        List<LeftOut> leftOut = new ArrayList<>();
        for (TaxpayerRows.Row row : rows) {
            if (!(Rin.parse(row.rin()) instanceof Rin.Valid valid)) {
                leftOut.add(new LeftOut(row.number(), LeftOutReason.NOT_A_RIN));
            } else if (!listed.add(valid.rin().value())) {
                leftOut.add(new LeftOut(row.number(), LeftOutReason.ALREADY_LISTED));
            } else {
                added.add(newEntry.apply(valid.rin().value(), row.name()));
            }
        }
        if (!added.isEmpty()) {
            entries.addAll(added); // one change of the list, however long the pasted one
            save();
        }
        return new ListAdded(added.size(), List.copyOf(leftOut));
    }

    /**
     * Adds the taxpayers listed in a file (a CSV or text file; see {@link TaxpayerListFile}), read
     * in the background; completes on the FX thread. A file that is not a list, or lists no row,
     * adds nothing and says why.
     */
    public CompletableFuture<FileAdded> addFrom(Path file) {
        String fileName = String.valueOf(file.getFileName());
        return CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return TaxpayerListFile.read(file);
                            } catch (IOException e) {
                                throw new CompletionException(e);
                            }
                        },
                        background)
                .handleAsync(
                        (read, failure) -> {
                            if (failure != null) {
                                return new FileAdded(
                                        fileName, new ListAdded(0, List.of()), problemOf(failure));
                            }
                            if (read.rows().isEmpty()) {
                                return new FileAdded(
                                        fileName, new ListAdded(0, List.of()), FileProblem.EMPTY);
                            }
                            return new FileAdded(fileName, addAll(read.rows()), null);
                        },
                        fx);
    }

    private static FileProblem problemOf(Throwable failure) {
        Throwable cause = ServiceException.unwrap(failure);
        if (cause instanceof TaxpayerListFile.NotAListException n) {
            return switch (n.problem()) {
                case WORKBOOK -> FileProblem.WORKBOOK;
                case TOO_LARGE -> FileProblem.TOO_LARGE;
                case NOT_TEXT -> FileProblem.NOT_TEXT;
            };
        }
        LOG.log(System.Logger.Level.INFO, "could not read a list of taxpayers: " + cause);
        return FileProblem.UNREADABLE;
    }

    /** Renames a taxpayer, the ERP's own too (a blank name gives the own one back the token's). */
    public void rename(TaxpayerEntry entry, String name) {
        if (entry == null || !entries.contains(entry)) {
            return;
        }
        entry.rename(name);
        if (entry.isOwn()) {
            store.saveOwnName().accept(entry.nameProperty().get());
        } else {
            save();
        }
    }

    /**
     * Removes a represented taxpayer (not the ERP's own), closing its session; {@link #undoRemove}
     * brings it back. What the archive keeps of it stays there, and is offered to be forgotten
     * ({@link #archived()}).
     *
     * @return what was removed; empty when nothing was (the ERP's own, or one not listed)
     */
    public Optional<Removed> remove(TaxpayerEntry entry) {
        if (entry == null || entry.isOwn() || !entries.contains(entry)) {
            return Optional.empty();
        }
        beforeRemoval.accept(entry);
        int index = entries.indexOf(entry);
        entries.remove(entry);
        entry.dispose();
        save();
        Removed r = new Removed(entry.rin(), entry.nameProperty().get(), index);
        lastRemoved.set(r);
        if (Rin.parse(entry.rin()) instanceof Rin.Valid v) {
            archived.removed(v.rin(), r.name());
        }
        return Optional.of(r);
    }

    /** The taxpayer removed last, until it is brought back or another is removed; null for none. */
    public ReadOnlyObjectProperty<Removed> lastRemovedProperty() {
        return lastRemoved.getReadOnlyProperty();
    }

    /**
     * Puts away the offer to bring back the taxpayer removed last (it stays removed), and the offer
     * to forget what the archive keeps of it (it stays there).
     */
    public void dismissUndo() {
        lastRemoved.set(null);
        archived.clear();
    }

    /**
     * Brings back the taxpayer removed last, at its place and with its name (its remembered filters
     * and columns were never dropped); nothing if it was added again meanwhile. Its session starts
     * when it is chosen, as a new one's does.
     */
    public void undoRemove() {
        Removed r = lastRemoved.get();
        lastRemoved.set(null);
        archived.clear();
        if (r == null || find(r.rin()).isPresent()) {
            return;
        }
        entries.add(Math.min(r.index(), entries.size()), newEntry.apply(r.rin(), r.name()));
        save();
    }

    private void save() {
        List<RepresentedTaxpayer> list = new ArrayList<>();
        for (TaxpayerEntry e : entries) {
            if (!e.isOwn()) {
                list.add(new RepresentedTaxpayer(e.rin(), e.nameProperty().get(), e.arabicName()));
            }
        }
        store.saveTaxpayers().accept(list);
    }
}
