package app.ishaar.ui.notifications;

import app.ishaar.core.io.IoProblem;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ServiceException;
import app.ishaar.ui.desktop.FileOpener;
import app.ishaar.ui.error.Failure;
import app.ishaar.ui.fx.LatestTask;
import app.ishaar.ui.i18n.I18n;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * "Export…": writes every notification of the rows shown (all pages of the scope, filters and
 * search) to a CSV (UTF-8 with BOM) or XLSX file, or the report of their period as a PDF,
 * atomically, read from the archive as of the scope's last sync, and says so ({@link
 * #sourceText()}). Progress, Cancel; a cancelled or failed export leaves no file behind. The work
 * runs off the FX thread.
 */
public final class ExportViewModel {

    /** The formats offered. */
    public enum Format {
        CSV("csv"),
        XLSX("xlsx"),
        /**
         * The report of the period (its summary, and the failed deliveries and rejections behind
         * it) to read and print: offered where the export has a period ({@link #reportable()}).
         */
        PDF("pdf");

        private final String extension;

        Format(String extension) {
            this.extension = extension;
        }

        public String extension() {
            return extension;
        }
    }

    public enum State {
        READY,
        RUNNING,
        DONE,
        FAILED,
        CANCELLED
    }

    /**
     * Where and in what format a taxpayer's last export went, remembered with the taxpayer's view:
     * the next export offers the same folder and format.
     *
     * @param folder the folder, as saved (may be null, or no longer exist)
     * @param format the format, or null
     */
    public record Remembered(String folder, Format format) {}

    /** What writes the file: the core exporter in the app, a fake in tests. */
    @FunctionalInterface
    public interface Exporter {
        /**
         * @param progress (written, total), on any thread
         * @return completes with the number written once the file is in place; cancelling stops it
         *     and leaves no file
         */
        CompletableFuture<Long> export(
                PageQuery query, Format format, Path target, Progress progress);
    }

    @FunctionalInterface
    public interface Progress {
        void written(long written, long total);
    }

    private final I18n i18n;
    private final Executor fx;
    private final PageQuery query;
    private final Exporter exporter;
    private final Clock clock;
    private final ArchivePages archived;
    private final boolean reportOnly;

    private final ObjectProperty<Format> format =
            new SimpleObjectProperty<>(this, "format", Format.CSV);
    private final ReadOnlyObjectWrapper<State> state =
            new ReadOnlyObjectWrapper<>(this, "state", State.READY);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", 0);
    private final ReadOnlyLongWrapper written = new ReadOnlyLongWrapper(this, "written");
    private final ReadOnlyLongWrapper total = new ReadOnlyLongWrapper(this, "total", -1);
    private final ReadOnlyObjectWrapper<Path> target = new ReadOnlyObjectWrapper<>(this, "target");
    private final ReadOnlyObjectWrapper<Throwable> failure =
            new ReadOnlyObjectWrapper<>(this, "failure");
    private final StringBinding message;
    private final BooleanBinding running;
    private final ReadOnlyObjectWrapper<Instant> archivedAt =
            new ReadOnlyObjectWrapper<>(this, "archivedAt");
    private final StringBinding source;

    /** The export under way: only its progress and its end are shown. */
    private final LatestTask job;

    private final String lastFolder;
    private final Consumer<Remembered> remember;
    private final FileOpener opener;
    private final BooleanProperty openable = new SimpleBooleanProperty(this, "openable");
    private final BooleanBinding canOpen =
            Bindings.createBooleanBinding(
                    () -> openable.get() && state.get() == State.DONE && target.get() != null,
                    openable,
                    state,
                    target);

    ExportViewModel(I18n i18n, Executor fx, PageQuery query, Exporter exporter, Clock clock) {
        this(i18n, fx, query, exporter, clock, null, r -> {}, FileOpener.NONE, null, false);
    }

    /**
     * @param last what the last export of this taxpayer chose, or null
     * @param remember told what this export chose, as it starts
     * @param fileOpener what opens the written file and its folder; {@link FileOpener#NONE} offers
     *     neither
     * @param archived the archive's pages the export reads instead of the service (no session is
     *     needed then), or null
     * @param reportOnly whether it offers the report (PDF) of its period alone
     */
    ExportViewModel(
            I18n i18n,
            Executor fx,
            PageQuery query,
            Exporter exporter,
            Clock clock,
            Remembered last,
            Consumer<Remembered> remember,
            FileOpener fileOpener,
            ArchivePages archived,
            boolean reportOnly) {
        this.reportOnly = reportOnly;
        this.opener = fileOpener == null ? FileOpener.NONE : fileOpener;
        openable.set(opener != FileOpener.NONE);
        this.lastFolder = last == null ? null : last.folder();
        this.remember = Objects.requireNonNull(remember);
        this.i18n = i18n;
        this.fx = fx;
        this.job = new LatestTask(fx);
        this.query = Objects.requireNonNull(query, "query");
        if (reportOnly) {
            format.set(Format.PDF);
        } else if (last != null
                && last.format() != null
                && (last.format() != Format.PDF || reportable())) {
            format.set(last.format());
        }
        this.exporter = Objects.requireNonNull(exporter);
        this.clock = clock;
        this.archived = archived;
        running = state.isEqualTo(State.RUNNING);
        message =
                Bindings.createStringBinding(
                        this::describe,
                        state,
                        written,
                        total,
                        failure,
                        i18n.languageProperty(),
                        i18n.latinDigitsProperty());
        source =
                Bindings.createStringBinding(
                        () ->
                                archived == null
                                        ? ""
                                        : archivedAt.get() == null
                                                ? i18n.get("export.fromArchive.unknown")
                                                : i18n.get(
                                                        "export.fromArchive",
                                                        i18n.formatDateTime(archivedAt.get())),
                        archivedAt,
                        i18n.languageProperty(),
                        i18n.latinDigitsProperty(),
                        i18n.zoneProperty());
        if (archived != null) {
            archived.lastSynced(query.scope()).thenAcceptAsync(archivedAt::set, fx);
        }
    }

    /**
     * Whether a report (PDF) can be made of it: its rows have a period that begins (the table's
     * date filter, or the summary's period).
     */
    public boolean reportable() {
        return query.filters() != null && query.filters().dateFrom() != null;
    }

    /** Whether this export is the report alone (made from the summary). */
    public boolean reportOnly() {
        return reportOnly;
    }

    /** Whether the export reads the archive rather than the service. */
    public boolean fromArchive() {
        return archived != null;
    }

    /** When the archive last synced the taxpayer exported; null while not known (or service). */
    public ReadOnlyObjectProperty<Instant> archivedAtProperty() {
        return archivedAt.getReadOnlyProperty();
    }

    /**
     * Where the notifications come from, when that is not the service: "Offline: written from the
     * archive, as of the last sync (…)"; else "".
     */
    public StringBinding sourceText() {
        return source;
    }

    private String describe() {
        return switch (state.get()) {
            case READY -> i18n.get("export.ready");
            case RUNNING ->
                    total.get() < 0
                            ? i18n.get("export.starting")
                            : i18n.get("export.progress", written.get(), total.get());
            case DONE ->
                    i18n.get(
                            "export.done",
                            written.get(),
                            target.get() == null ? "" : target.get().getFileName().toString());
            case CANCELLED -> i18n.get("export.cancelled");
            case FAILED ->
                    failure.get() instanceof ServiceException
                            ? i18n.get(
                                    "export.failed",
                                    Failure.describe(failure.get(), null).text(i18n))
                            : i18n.get(
                                    "export.failed",
                                    i18n.get(
                                            "export.error.io",
                                            i18n.get(IoProblem.of(failure.get()).messageKey())));
        };
    }

    public ObjectProperty<Format> formatProperty() {
        return format;
    }

    public ReadOnlyObjectProperty<State> stateProperty() {
        return state.getReadOnlyProperty();
    }

    /** 0..1, or -1 (indeterminate) until the service said how many there are. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyLongProperty writtenProperty() {
        return written.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Path> targetProperty() {
        return target.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Throwable> failureProperty() {
        return failure.getReadOnlyProperty();
    }

    public BooleanBinding runningProperty() {
        return running;
    }

    /** What is happening, in the UI language. */
    public StringBinding messageProperty() {
        return message;
    }

    /**
     * A file name for the chooser: {@code notifications-204918573-20260315-1200.csv}, with the
     * represented taxpayer's registration number once the session's token has named it (an
     * intermediary's exports of different taxpayers never look alike).
     */
    public String suggestedFileName() {
        Rin one = query.scope().single();
        String rin = one == null ? null : one.value();
        return (format.get() == Format.PDF ? "report-" : "notifications-")
                + (rin == null ? "" : rin + "-")
                + DateTimeFormatter.ofPattern("yyyyMMdd-HHmm")
                        .format(LocalDateTime.now(clock.withZone(i18n.zoneProperty().get())))
                + "."
                + format.get().extension();
    }

    /** The folder to open the file chooser in: the last export's, while it is still there. */
    public Optional<Path> initialFolder() {
        if (lastFolder == null || lastFolder.isBlank()) {
            return Optional.empty();
        }
        try {
            Path folder = Path.of(lastFolder);
            return folder.isAbsolute() && Files.isDirectory(folder)
                    ? Optional.of(folder)
                    : Optional.empty();
        } catch (InvalidPathException | SecurityException e) {
            return Optional.empty();
        }
    }

    /**
     * True once the file is written, where the desktop can open it: Open file and Show in folder
     * are offered.
     */
    public BooleanBinding canOpenProperty() {
        return canOpen;
    }

    /** Opens the written file with what the desktop opens it with (the spreadsheet). */
    public void openFile() {
        if (canOpen.get()) {
            opener.open(target.get());
        }
    }

    /** Opens the folder the file was written to, in the file manager. */
    public void showFolder() {
        Path folder = target.get() == null ? null : target.get().toAbsolutePath().getParent();
        if (canOpen.get() && folder != null) {
            opener.open(folder);
        }
    }

    /** Starts writing to the file (the chooser's answer); ignored while running. */
    public void start(Path file) {
        if (state.get() == State.RUNNING || file == null) {
            return;
        }
        Path folder = file.toAbsolutePath().getParent();
        remember.accept(new Remembered(folder == null ? null : folder.toString(), format.get()));
        LatestTask.Run run = job.begin();
        target.set(file);
        written.set(0);
        total.set(-1);
        progress.set(-1);
        failure.set(null);
        state.set(State.RUNNING);
        CompletableFuture<Long> f;
        try {
            f =
                    exporter.export(
                            query,
                            format.get(),
                            file,
                            (w, t) ->
                                    run.deliver(
                                            () -> {
                                                if (state.get() == State.RUNNING) {
                                                    written.set(w);
                                                    total.set(t);
                                                    progress.set(
                                                            t <= 0
                                                                    ? 1
                                                                    : Math.min(1, (double) w / t));
                                                }
                                            }));
        } catch (RuntimeException e) {
            f = CompletableFuture.failedFuture(e);
        }
        run.await(
                f,
                (n, e) -> {
                    if (e == null) {
                        written.set(n);
                        progress.set(1);
                        state.set(State.DONE);
                    } else if (Failure.isCancellation(e)) {
                        state.set(State.CANCELLED);
                    } else {
                        fail(ServiceException.unwrap(e));
                    }
                },
                (n, e) -> {});
    }

    private void fail(Throwable t) {
        failure.set(t);
        state.set(State.FAILED);
    }

    /** Stops the export; the file is not written. */
    public void cancel() {
        if (state.get() == State.RUNNING) {
            job.cancel();
            state.set(State.CANCELLED);
        }
    }
}
