package app.ishaar.ui.taxpayers;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.session.SessionState;
import app.ishaar.core.settings.RepresentedTaxpayer;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.testing.MutableClock;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.notifications.HistoryViewModel;
import app.ishaar.ui.taxpayers.ForgetArchived.Forgotten;
import app.ishaar.ui.taxpayers.ForgetArchived.Kept;
import app.ishaar.ui.taxpayers.ForgetArchived.NotForgotten;
import app.ishaar.ui.taxpayers.ShownTaxpayers.Order;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The taxpayer list without the FX toolkit: filtering as one types, the orders, and what the
 * archive keeps of a taxpayer removed (offered to be forgotten, forgotten only when asked).
 */
class TaxpayerListViewModelTest {

    private static final Executor DIRECT = Runnable::run;
    private static final String NILE = "204918573";
    private static final String PHARMA = "287364519";
    private static final String TEXTILES = "356781204";
    private static final String GIZA = "499201773";
    private static final String SINAI = "118204937";

    private final I18n i18n = new I18n(AppLanguage.ENGLISH);
    private final TaxpayerListTexts texts = new TaxpayerListTexts(i18n);
    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-10T10:00:00Z"));
    private final List<List<RepresentedTaxpayer>> saved = new ArrayList<>();

    private SqliteArchive archive;
    private TaxpayerArchive taxpayerArchive;
    private TaxpayerListViewModel list;

    /** The window the entries are listed in: it shows none of them, and makes their histories. */
    private final TaxpayerEntry.Window window =
            new TaxpayerEntry.Window() {
                @Override
                public boolean shows(TaxpayerEntry e) {
                    return false;
                }

                @Override
                public void endedChanged(TaxpayerEntry e) {}

                @Override
                public void labelChanged(TaxpayerEntry e) {}

                @Override
                public void arrivedChanged(TaxpayerEntry e, boolean more) {}

                @Override
                public HistoryViewModel makeHistory(TaxpayerEntry e) {
                    return new HistoryViewModel(i18n, DIRECT, null, p -> {}, clock);
                }
            };

    @BeforeEach
    void setUp() throws Exception {
        archive = SqliteArchive.temporary();
        taxpayerArchive = TaxpayerArchive.of(archive, () -> ServiceKey.SANDBOX, rin -> {});
        list = listOf(taxpayerArchive);
    }

    @AfterEach
    void tearDown() throws Exception {
        archive.close();
    }

    private TaxpayerListViewModel listOf(TaxpayerArchive archived) {
        return new TaxpayerListViewModel(
                DIRECT,
                DIRECT,
                (rin, name) -> new TaxpayerEntry(i18n, DIRECT, window, rin, name),
                e -> {},
                new TaxpayerListViewModel.Store(saved::add, name -> {}),
                archived,
                "Delta Accounting",
                List.of(
                        new RepresentedTaxpayer(NILE, "Nile Trading Co."),
                        new RepresentedTaxpayer(PHARMA, "Cairo Pharma Industries"),
                        new RepresentedTaxpayer(TEXTILES, "شركة الإسكندرية للمنسوجات"),
                        new RepresentedTaxpayer(GIZA, ""),
                        new RepresentedTaxpayer(SINAI, "alexandria Shipping")));
    }

    private TaxpayerEntry entry(String rin) {
        return list.find(rin).orElseThrow();
    }

    private List<String> shownRins() {
        return list.shown().list().stream().map(TaxpayerEntry::rin).toList();
    }

    private List<String> filtered(String typed) {
        list.shown().filterProperty().set(typed);
        return shownRins();
    }

    /** The archive keeps the sandbox's history of {@code rin}: returns how many notifications. */
    private long archived(String rin) throws Exception {
        try (Sandbox s =
                Sandbox.start(
                        SandboxConfig.builder()
                                .anchor(Instant.parse("2026-01-01T00:00:00Z"))
                                .notificationsPerTaxpayer(12)
                                .build())) {
            var items = SandboxItems.history(s, NILE, Rin.of(rin));
            archive.store(new SyncBatch(ServiceKey.SANDBOX, Rin.of(rin), items, "c", true, null));
            return items.size();
        }
    }

    @Test
    void howManyEachTaxpayerHasToHandleIsReadInOneQuestionForTheWholeList() throws Exception {
        archived(NILE);
        archived(PHARMA);
        int[] questions = {0};
        TaxpayerArchive counted =
                new TaxpayerArchive() {
                    @Override
                    public long count(Rin taxpayer) throws ArchiveException {
                        return taxpayerArchive.count(taxpayer);
                    }

                    @Override
                    public long forget(Rin taxpayer) throws ArchiveException {
                        return taxpayerArchive.forget(taxpayer);
                    }

                    @Override
                    public java.util.Map<Rin, Long> toHandle() throws ArchiveException {
                        questions[0]++;
                        return taxpayerArchive.toHandle();
                    }
                };
        list = listOf(counted);
        ToHandleCounts counts = list.toHandle();
        assertThat(counts.of(Rin.of(NILE))).as("not read yet").isZero();
        counts.refresh();
        assertThat(counts.of(Rin.of(NILE))).as("no one marked any").isZero();

        List<app.ishaar.core.archive.ArchivedNotification> nile =
                archive.query(
                                new app.ishaar.core.archive.InboxQuery(
                                        ServiceKey.SANDBOX,
                                        java.util.Set.of(Rin.of(NILE)),
                                        null,
                                        null,
                                        1,
                                        3))
                        .items();
        archive.handle(
                ServiceKey.SANDBOX,
                nile.stream()
                        .map(
                                n ->
                                        app.ishaar.core.archive.HandlingTarget.of(
                                                n.taxpayer(), n.notificationId()))
                        .toList(),
                app.ishaar.core.archive.HandlingEdit.mark(
                        app.ishaar.core.archive.Handling.State.TO_HANDLE));
        archive.handle(
                ServiceKey.SANDBOX,
                List.of(
                        app.ishaar.core.archive.HandlingTarget.of(
                                nile.get(0).taxpayer(), nile.get(0).notificationId())),
                app.ishaar.core.archive.HandlingEdit.mark(
                        app.ishaar.core.archive.Handling.State.HANDLED));
        counts.refresh();
        assertThat(counts.of(Rin.of(NILE))).isEqualTo(2);
        assertThat(counts.of(Rin.of(PHARMA))).isZero();
        assertThat(counts.of(null)).as("no RIN known").isZero();
        assertThat(questions[0]).as("one question a read, whatever the list's length").isEqualTo(2);
    }

    @Test
    void withoutAnArchiveNoTaxpayerHasAnyToHandle() {
        list = listOf(TaxpayerArchive.NONE);
        list.toHandle().refresh();
        assertThat(list.toHandle().countsProperty().get()).isEmpty();
    }

    /** {@code n} new notifications came for this taxpayer since its page did. */
    private void arrive(TaxpayerEntry e, int n) throws Exception {
        HistoryViewModel h = e.history();
        // its first page, read from the archive, comes at once, empty
        h.scope(
                app.ishaar.ui.notifications.Scope.of(
                        app.ishaar.ui.notifications.ListedTaxpayer.represented(
                                app.ishaar.core.model.Rin.of(e.rin()), "")));
        h.readFrom(
                new app.ishaar.ui.notifications.ArchivePages(archive, ServiceKey.SANDBOX, DIRECT));
        h.synced(n, clock.instant()); // a sync begun since
    }

    @Test
    void aTaxpayerTheListNamesInBothLanguagesIsShownInTheInterfacesAndARenameGivesItOneName() {
        TaxpayerListViewModel both =
                new TaxpayerListViewModel(
                        DIRECT,
                        DIRECT,
                        (rin, name) -> new TaxpayerEntry(i18n, DIRECT, window, rin, name),
                        e -> {},
                        new TaxpayerListViewModel.Store(saved::add, name -> {}),
                        taxpayerArchive,
                        "Delta Accounting",
                        List.of(
                                new RepresentedTaxpayer(
                                        NILE, "Tenth of Ramadan Dairy", "العاشر من رمضان للألبان"),
                                new RepresentedTaxpayer(PHARMA, "Cairo Pharma Industries")));
        TaxpayerEntry nile = both.find(NILE).orElseThrow();
        TaxpayerEntry pharma = both.find(PHARMA).orElseThrow();
        assertThat(nile.label()).isEqualTo("Tenth of Ramadan Dairy");
        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(nile.label()).isEqualTo("العاشر من رمضان للألبان");
        assertThat(pharma.label())
                .as("one name: the same in either")
                .isEqualTo("Cairo Pharma Industries");

        i18n.languageProperty().set(AppLanguage.ENGLISH);
        both.shown().filterProperty().set("رمضان");
        assertThat(both.shown().list())
                .as("found by its Arabic name in the English list")
                .containsExactly(nile);
        both.shown().filterProperty().set("");
        i18n.languageProperty().set(AppLanguage.ARABIC);

        // kept as the list has them
        both.rename(pharma, "Cairo Pharma");
        assertThat(saved.get(saved.size() - 1))
                .contains(
                        new RepresentedTaxpayer(
                                NILE, "Tenth of Ramadan Dairy", "العاشر من رمضان للألبان"));

        // a name given is its one name, in either language
        both.rename(nile, "Ramadan Dairy Co.");
        assertThat(nile.label()).isEqualTo("Ramadan Dairy Co.");
        i18n.languageProperty().set(AppLanguage.ENGLISH);
        assertThat(nile.label()).isEqualTo("Ramadan Dairy Co.");
        assertThat(saved.get(saved.size() - 1))
                .contains(new RepresentedTaxpayer(NILE, "Ramadan Dairy Co.", null));
    }

    @Test
    void filtersAsOneTypesByNameOrRinWithTheArchivesArabicRules() {
        assertThat(filtered("")).containsExactly(null, NILE, PHARMA, TEXTILES, GIZA, SINAI);
        assertThat(filtered("pharma")).as("a part of a name, any case").containsExactly(PHARMA);
        assertThat(filtered("CO NILE")).as("each word, in any order").containsExactly(NILE);
        assertThat(filtered("3567")).as("a part of a RIN").containsExactly(TEXTILES);
        assertThat(filtered("٢٨٧")).as("Arabic-Indic digits").containsExactly(PHARMA);
        assertThat(filtered("الاسكندريه"))
                .as("without hamza, teh marbuta as heh")
                .containsExactly(TEXTILES);
        assertThat(filtered("الإسْكَنْدَرِيّة")).as("with tashkeel").containsExactly(TEXTILES);
        assertThat(filtered("alexandria")).as("Latin is not Arabic").containsExactly(SINAI);
        assertThat(filtered("unnamed"))
                .as("a taxpayer without a name, by the words the list shows for it")
                .containsExactly(GIZA);
        assertThat(filtered("nothing like it")).isEmpty();
        list.shown().filterProperty().set("cairo");
        list.rename(entry(PHARMA), "Pharos Medicines");
        assertThat(shownRins()).as("renamed out of the filter").isEmpty();
        list.rename(entry(NILE), "Cairo Nile Trading");
        assertThat(shownRins()).as("renamed into it").containsExactly(NILE);
    }

    @Test
    void sortsByNameOrRinTheOwnTaxpayerFirstAndAsAddedAgain() {
        list.shown().orderProperty().set(Order.NAME);
        assertThat(shownRins())
                .as("by name; one without a name last")
                .containsExactly(null, SINAI, PHARMA, NILE, TEXTILES, GIZA);
        list.rename(entry(GIZA), "Giza Foods");
        assertThat(shownRins())
                .as("a name given moves it to its place")
                .containsExactly(null, SINAI, PHARMA, GIZA, NILE, TEXTILES);
        list.shown().orderProperty().set(Order.RIN);
        assertThat(shownRins()).containsExactly(null, SINAI, NILE, PHARMA, TEXTILES, GIZA);
        list.shown().filterProperty().set("a");
        assertThat(shownRins())
                .as("filtered and sorted")
                .containsExactly(null, SINAI, NILE, PHARMA, GIZA);
        list.shown().filterProperty().set("");
        list.shown().orderProperty().set(Order.LISTED);
        assertThat(shownRins()).containsExactly(null, NILE, PHARMA, TEXTILES, GIZA, SINAI);
    }

    @Test
    void whatNeedsAttentionComesFirstAFailureThenNewsMostFirst() throws Exception {
        list.shown().orderProperty().set(Order.ATTENTION);
        assertThat(shownRins())
                .as("nothing to see: by name")
                .containsExactly(null, SINAI, PHARMA, NILE, TEXTILES, GIZA);
        arrive(entry(TEXTILES), 2);
        arrive(entry(GIZA), 5);
        assertThat(shownRins())
                .as("new notifications, most first")
                .containsExactly(null, GIZA, TEXTILES, SINAI, PHARMA, NILE);
        entry(NILE)
                .show(
                        new SessionState(
                                Rin.of(NILE),
                                SessionState.Phase.FAILED,
                                null,
                                null,
                                new NetworkException(
                                        NetworkException.Kind.CONNECTION_LOST, "api.test", null)));
        assertThat(shownRins())
                .as("one that could not be opened before all")
                .containsExactly(null, NILE, GIZA, TEXTILES, SINAI, PHARMA);
        entry(NILE)
                .show(
                        new SessionState(
                                Rin.of(NILE), SessionState.Phase.CONNECTING, null, null, null));
        assertThat(shownRins())
                .as("back in its place once tried again")
                .containsExactly(null, GIZA, TEXTILES, SINAI, PHARMA, NILE);
    }

    @Test
    void forgettingARemovedTaxpayerWaitsForItsSyncUnderWayToEndFirst() throws Exception {
        long pharma = archived(PHARMA);
        java.util.concurrent.CountDownLatch syncEnded = new java.util.concurrent.CountDownLatch(1);
        List<Rin> awaited = new java.util.concurrent.CopyOnWriteArrayList<>();
        TaxpayerArchive waiting =
                TaxpayerArchive.of(
                        archive,
                        () -> ServiceKey.SANDBOX,
                        rin -> {
                            awaited.add(rin);
                            syncEnded.await();
                        });
        java.util.concurrent.CompletableFuture<Long> forgetting =
                java.util.concurrent.CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return waiting.forget(Rin.of(PHARMA));
                            } catch (ArchiveException e) {
                                throw new java.util.concurrent.CompletionException(e);
                            }
                        });
        org.testfx.util.WaitForAsyncUtils.waitFor(
                10, java.util.concurrent.TimeUnit.SECONDS, () -> !awaited.isEmpty());
        assertThat(awaited).containsExactly(Rin.of(PHARMA));
        assertThat(forgetting).as("not before its sync ended").isNotDone();
        assertThat(taxpayerArchive.count(Rin.of(PHARMA))).isEqualTo(pharma);
        syncEnded.countDown();
        assertThat(forgetting.get(10, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo(pharma);
        assertThat(taxpayerArchive.count(Rin.of(PHARMA))).isZero();
    }

    @Test
    void removingOffersToForgetWhatTheArchiveKeepsAndForgetsOnlyWhenAsked() throws Exception {
        long nile = archived(NILE);
        long pharma = archived(PHARMA);
        assertThat(nile).isPositive();

        TaxpayerListViewModel.Removed removed = list.remove(entry(NILE)).orElseThrow();
        assertThat(removed.rin()).isEqualTo(NILE);
        assertThat(list.archived().offerProperty().get())
                .isEqualTo(new Kept(Rin.of(NILE), "Nile Trading Co.", nile));
        assertThat(texts.forgetAsked(list.archived().offerProperty().get()))
                .isEqualTo(
                        "The archive keeps "
                                + nile
                                + " notifications of Nile Trading Co. (204918573). Forget them"
                                + " too?");
        list.archived().keep();
        assertThat(list.archived().offerProperty().get()).as("kept: asked no more").isNull();
        assertThat(taxpayerArchive.count(Rin.of(NILE))).as("kept by default").isEqualTo(nile);

        list.remove(entry(PHARMA));
        assertThat(list.archived().offerProperty().get().notifications()).isEqualTo(pharma);
        var outcome = list.archived().forget().join();
        assertThat(outcome)
                .isEqualTo(new Forgotten(Rin.of(PHARMA), "Cairo Pharma Industries", pharma));
        assertThat(list.archived().outcomeProperty().get()).isEqualTo(outcome);
        assertThat(list.archived().offerProperty().get()).isNull();
        assertThat(taxpayerArchive.count(Rin.of(PHARMA))).as("forgotten").isZero();
        assertThat(taxpayerArchive.count(Rin.of(NILE))).as("the other's kept").isEqualTo(nile);
        assertThat(texts.forgetOutcome(outcome, r -> ""))
                .isEqualTo(
                        "Forgot "
                                + pharma
                                + " archived notifications of Cairo Pharma Industries"
                                + " (287364519).");
        assertThat(list.lastRemovedProperty().get())
                .as("it can still come back to the list")
                .isNotNull();
        list.undoRemove();
        assertThat(list.find(PHARMA)).isPresent();
        assertThat(list.archived().outcomeProperty().get()).isNull();
    }

    @Test
    void nothingIsOfferedWhenTheArchiveKeepsNothingAndUndoOrDismissingWithdrawsTheOffer()
            throws Exception {
        archived(NILE);
        list.remove(entry(TEXTILES));
        assertThat(list.archived().offerProperty().get()).as("nothing kept of it").isNull();

        list.remove(entry(NILE));
        assertThat(list.archived().offerProperty().get()).isNotNull();
        list.undoRemove();
        assertThat(list.archived().offerProperty().get()).as("back in the list").isNull();

        list.remove(entry(NILE));
        assertThat(list.archived().offerProperty().get()).isNotNull();
        list.dismissUndo();
        assertThat(list.archived().offerProperty().get()).as("put away: kept").isNull();
        assertThat(taxpayerArchive.count(Rin.of(NILE))).isPositive();

        assertThat(listOf(TaxpayerArchive.NONE).remove(entry(PHARMA)))
                .as("not in that list")
                .isEmpty();
        TaxpayerListViewModel noArchive = listOf(TaxpayerArchive.NONE);
        noArchive.remove(noArchive.find(NILE).orElseThrow());
        assertThat(noArchive.archived().offerProperty().get()).as("no archive").isNull();
        assertThat(noArchive.remove(noArchive.own())).as("the own is not removed").isEmpty();
    }

    @Test
    void anArchiveThatCannotForgetSaysWhyAndKeepsThem() throws Exception {
        TaxpayerArchive locked =
                new TaxpayerArchive() {
                    @Override
                    public long count(Rin taxpayer) {
                        return 3;
                    }

                    @Override
                    public long forget(Rin taxpayer) throws ArchiveException {
                        throw new ArchiveException(ArchiveException.Reason.LOCKED, "busy", null);
                    }
                };
        TaxpayerListViewModel l = listOf(locked);
        l.remove(l.find(GIZA).orElseThrow());
        assertThat(texts.forgetAsked(l.archived().offerProperty().get()))
                .isEqualTo(
                        "The archive keeps 3 notifications of Unnamed taxpayer (499201773)."
                                + " Forget them too?");
        var outcome = l.archived().forget().join();
        assertThat(outcome)
                .isEqualTo(new NotForgotten(Rin.of(GIZA), "", ArchiveException.Reason.LOCKED));
        SyncTexts why = new SyncTexts(i18n);
        assertThat(texts.forgetOutcome(outcome, why::archiveProblem))
                .isEqualTo(
                        "The archived notifications of Unnamed taxpayer (499201773) were not"
                                + " forgotten: The archive is busy with another sync; try again"
                                + " when it is done.");
        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(texts.forgetOutcome(outcome, why::archiveProblem))
                .startsWith("لم تُحذف إشعارات ممول بلا اسم (٤٩٩٢٠١٧٧٣) من الأرشيف: ");
        assertThat(texts.forgetAsked(new Kept(Rin.of(NILE), "Nile Trading Co.", 1)))
                .isEqualTo(
                        "يحتفظ الأرشيف بإشعار واحد للممول Nile Trading Co. (٢٠٤٩١٨٥٧٣). هل"
                                + " تحذفه من الأرشيف أيضًا؟");
        assertThat(texts.count(12, 500, true)).isEqualTo("١٢ من ٥٠٠");
        i18n.languageProperty().set(AppLanguage.ENGLISH);
        assertThat(texts.count(12, 500, true)).isEqualTo("12 of 500");
        assertThat(texts.count(500, 500, false)).isEqualTo("500 taxpayers");
        assertThat(texts.count(1, 1, false)).isEqualTo("1 taxpayer");
    }
}
