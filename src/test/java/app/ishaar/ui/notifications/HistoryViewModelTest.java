package app.ishaar.ui.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.ServiceUnavailableException;
import app.ishaar.core.settings.HistoryPrefs;
import app.ishaar.testing.MutableClock;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The history screen's logic without the FX toolkit: continuations run directly on the completing
 * thread.
 */
class HistoryViewModelTest {

    private static final ZoneId CAIRO = ZoneId.of("Africa/Cairo");

    /** Sunday 15 March 2026, 12:00 in Cairo (UTC+2 then). */
    private static final Clock CLOCK =
            Clock.fixed(Instant.parse("2026-03-15T10:00:00Z"), ZoneOffset.UTC);

    private I18n i18n;
    private FakeSession session;
    private final List<HistoryPrefs> remembered = new ArrayList<>();

    @BeforeEach
    void setUp() {
        i18n = new I18n(AppLanguage.ENGLISH);
        i18n.zoneProperty().set(CAIRO);
        session = new FakeSession();
    }

    private HistoryViewModel vm(HistoryPrefs prefs, Clock clock) {
        return new HistoryViewModel(i18n, Runnable::run, prefs, remembered::add, clock);
    }

    private HistoryViewModel started(long total) {
        HistoryViewModel vm = vm(null, CLOCK);
        vm.readFrom(new SessionPages(session));
        session.answerLast(total, "n");
        return vm;
    }

    private NotificationQuery queryFor(DatePreset preset, Clock clock) {
        HistoryViewModel vm = vm(null, clock);
        vm.readFrom(new SessionPages(session));
        vm.filters().presetProperty().set(preset);
        assertThat(vm.filters().apply()).isTrue();
        return session.lastQuery();
    }

    // ---- new since the last visit ----

    private static Notification sentAt(String id, String instant) {
        Notification n = FakeSession.notification(id, "7", "delivered");
        return new Notification(
                id,
                Instant.parse(instant),
                n.deliveredDateTime(),
                n.typeId(),
                n.typeName(),
                n.finalMessage(),
                n.channel(),
                n.address(),
                n.language(),
                n.status(),
                n.deliveryAttempts());
    }

    private static HistoryPrefs visitedAt(Instant visit) {
        return new HistoryPrefs(
                null, null, null, null, null, null, null, null, null, null, null, null, null, visit,
                null);
    }

    @Test
    void whatWasSentSinceTheLastVisitIsNewAndThisVisitIsRememberedOnceItsFirstPageIsShown() {
        Instant lastVisit = Instant.parse("2026-03-12T09:00:00Z");
        HistoryViewModel vm = vm(visitedAt(lastVisit), CLOCK);
        assertThat(vm.visits().previousVisitProperty().get()).isEqualTo(lastVisit);
        vm.readFrom(new SessionPages(session));
        assertThat(remembered).as("nothing seen yet: the last visit stays").isEmpty();
        assertThat(vm.prefs().lastVisit()).isEqualTo(lastVisit);

        var fresh = sentAt("fresh", "2026-03-14T17:00:00Z");
        var old = sentAt("old", "2026-03-12T08:59:59Z");
        session.last().future().complete(new NotificationPage(List.of(fresh, old), 2, 51L, 1, 50));
        assertThat(vm.visits().isNew(fresh)).isTrue();
        assertThat(vm.visits().isNew(old)).isFalse();
        assertThat(vm.visits().newSinceText().get())
                .isEqualTo("In bold: sent since your last visit (12 Mar 2026, 11:00:00)");
        assertThat(remembered)
                .as("this visit, remembered for the next")
                .extracting(HistoryPrefs::lastVisit)
                .containsExactly(CLOCK.instant());
        assertThat(vm.visits().previousVisitProperty().get())
                .as("this visit's rows stay new while it lasts")
                .isEqualTo(lastVisit);

        // a page with nothing new says nothing of it
        vm.pager().next();
        session.last().future().complete(new NotificationPage(List.of(old), 2, 51L, 2, 50));
        assertThat(vm.visits().newSinceText().get()).isEmpty();
        i18n.languageProperty().set(AppLanguage.ARABIC);
        vm.pager().previous();
        session.last().future().complete(new NotificationPage(List.of(fresh, old), 2, 51L, 1, 50));
        assertThat(vm.visits().newSinceText().get())
                .isEqualTo("بالخط العريض: ما أُرسل منذ زيارتك السابقة (١٢ مارس ٢٠٢٦، ١١:٠٠:٠٠ ص)");
        assertThat(remembered).as("remembered once").hasSize(1);

        // Since your last visit: a filter on the service from that moment, offered after Any time
        assertThat(vm.filters().presets())
                .startsWith(DatePreset.ALL, DatePreset.SINCE_LAST_VISIT)
                .contains(DatePreset.CUSTOM);
        vm.filters().presetProperty().set(DatePreset.SINCE_LAST_VISIT);
        assertThat(vm.filters().apply()).isTrue();
        assertThat(session.lastQuery().dateFrom()).isEqualTo(lastVisit);
        assertThat(session.lastQuery().dateTo()).isNull();
        assertThat(vm.filters().chips())
                .extracting(FiltersViewModel.Chip::text)
                .containsExactly("الإرسال: منذ زيارتك السابقة");

        // remembered, it means since the visit before the next one: this one
        HistoryPrefs saved = remembered.get(remembered.size() - 1);
        assertThat(saved.datePreset()).isEqualTo("SINCE_LAST_VISIT");
        HistoryViewModel next = vm(saved, Clock.offset(CLOCK, java.time.Duration.ofDays(1)));
        next.readFrom(new SessionPages(session));
        assertThat(session.lastQuery().dateFrom()).isEqualTo(CLOCK.instant());
    }

    // ---- new notifications arriving while the history is shown ----

    @Test
    void whatTheSyncArchivedNewIsCountedAsArrivedUntilShownWithoutChangingThePage() {
        MutableClock clock = new MutableClock(CLOCK.instant());
        HistoryViewModel vm = vm(null, clock);
        vm.synced(4, clock.instant());
        assertThat(vm.arrivedProperty().get()).as("no page shown yet").isZero();
        vm.readFrom(new SessionPages(session));
        vm.pager().pageSizeProperty().set(10);
        session.answerLast(120, "n");
        vm.pager().next();
        session.answerLast(120, "n");
        List<Notification> page2 = List.copyOf(vm.table().rows());
        vm.synced(5, clock.instant().minusSeconds(1));
        assertThat(vm.arrivedProperty().get())
                .as("a sync begun before the page came brought nothing it lacks")
                .isZero();
        clock.advance(java.time.Duration.ofMinutes(5));
        vm.synced(2, clock.instant());
        vm.synced(0, clock.instant());
        vm.synced(1, clock.instant());
        assertThat(vm.arrivedProperty().get()).isEqualTo(3);
        assertThat(vm.arrivedText().get()).isEqualTo("3 new notifications since 12:00:00");
        assertThat(vm.table().rows()).as("the shown page stays").containsExactlyElementsOf(page2);
        assertThat(vm.pager().pageProperty().get()).isEqualTo(2);
        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(vm.arrivedText().get()).isEqualTo("إشعارات جديدة منذ ١٢:٠٠:٠٠ م: ٣");
        i18n.languageProperty().set(AppLanguage.ENGLISH);
        // the next day, the text gives the date too
        clock.advance(java.time.Duration.ofDays(1));
        vm.synced(1, clock.instant());
        assertThat(vm.arrivedText().get())
                .isEqualTo("4 new notifications since 15 Mar 2026, 12:00:00");

        // Show: the first page, newest first; what it shows is no longer counted
        vm.showArrived();
        assertThat(session.lastQuery().pageNo()).isEqualTo(1);
        assertThat(session.lastQuery().pageSize()).isEqualTo(10);
        session.answerLast(124, "n");
        assertThat(vm.arrivedProperty().get()).isZero();
        assertThat(vm.arrivedText().get()).isEmpty();
        assertThat(vm.pager().pageProperty().get()).isEqualTo(1);

        // nor is anything counted once logged out
        vm.endSession();
        vm.synced(3, clock.instant());
        assertThat(vm.arrivedProperty().get()).isZero();
    }

    @Test
    void onAFirstVisitWhatArrivesWhileTheUserIsHereIsNew() {
        MutableClock clock = new MutableClock(CLOCK.instant());
        HistoryViewModel vm = vm(null, clock);
        vm.readFrom(new SessionPages(session));
        var old = sentAt("old", "2026-03-15T09:59:00Z");
        session.last().future().complete(new NotificationPage(List.of(old), 1, 1L, 1, 50));
        assertThat(vm.visits().isNew(old)).isFalse();
        assertThat(vm.visits().newSinceText().get()).isEmpty();

        clock.advance(java.time.Duration.ofMinutes(3));
        var arrived = sentAt("arrived", "2026-03-15T10:01:30Z");
        vm.showArrived();
        session.last().future().complete(new NotificationPage(List.of(arrived, old), 1, 2L, 1, 50));
        assertThat(vm.visits().isNew(arrived)).isTrue();
        assertThat(vm.visits().isNew(old)).isFalse();
        assertThat(vm.visits().newSinceText().get())
                .as("not since a last visit: there was none")
                .isEqualTo("In bold: sent since 12:00:00");
        assertThat(vm.visits().newRowHelp()).isEqualTo("Sent since 12:00:00");
        assertThat(vm.filters().presets())
                .as("still no visit to start from")
                .doesNotContain(DatePreset.SINCE_LAST_VISIT);
    }

    @Test
    void
            markAsSeenMakesWhatWasSentUntilNowPlainHereAndAtTheNextVisitAndSinceYourLastVisitStartsFromNow() {
        Instant lastVisit = Instant.parse("2026-03-12T09:00:00Z");
        MutableClock clock = new MutableClock(CLOCK.instant());
        HistoryViewModel vm = vm(visitedAt(lastVisit), clock);
        vm.readFrom(new SessionPages(session));
        var fresh = sentAt("fresh", "2026-03-14T17:00:00Z");
        session.last().future().complete(new NotificationPage(List.of(fresh), 1, 1L, 1, 50));
        vm.filters().presetProperty().set(DatePreset.SINCE_LAST_VISIT);
        assertThat(vm.filters().apply()).isTrue();
        session.last().future().complete(new NotificationPage(List.of(fresh), 1, 1L, 1, 50));
        assertThat(vm.visits().isNew(fresh)).isTrue();

        clock.set(Instant.parse("2026-03-15T11:30:00Z"));
        int calls = session.calls.size();
        vm.visits().markSeen();
        assertThat(vm.visits().isNew(fresh)).isFalse();
        assertThat(vm.visits().previousVisitProperty().get()).isEqualTo(clock.instant());
        assertThat(vm.prefs().lastVisit())
                .as("the next visit starts from here")
                .isEqualTo(clock.instant());
        assertThat(remembered.get(remembered.size() - 1).lastVisit()).isEqualTo(clock.instant());
        assertThat(session.calls).as("Since your last visit asked again").hasSize(calls + 1);
        assertThat(session.lastQuery().dateFrom()).isEqualTo(clock.instant());
        session.last().future().complete(new NotificationPage(List.of(), 0, 0L, 1, 50));
        assertThat(vm.visits().newSinceText().get()).isEmpty();
    }

    @Test
    void onAFirstVisitNothingIsNew() {
        HistoryViewModel vm = vm(null, CLOCK);
        vm.readFrom(new SessionPages(session));
        var fresh = sentAt("fresh", "2026-03-14T17:00:00Z");
        session.last().future().complete(new NotificationPage(List.of(fresh), 1, 1L, 1, 50));
        assertThat(vm.visits().isNew(fresh)).isFalse();
        assertThat(vm.visits().newSinceText().get()).isEmpty();
        assertThat(vm.prefs().lastVisit()).isEqualTo(CLOCK.instant());
        assertThat(vm.filters().presets())
                .as("no visit to start from")
                .doesNotContain(DatePreset.SINCE_LAST_VISIT);
    }

    // ---- filter → query ----

    @Test
    void eachDatePresetMapsToItsRangeInTheUsersZone() {
        assertThat(queryFor(DatePreset.ALL, CLOCK).dateFrom()).isNull();
        NotificationQuery today = queryFor(DatePreset.TODAY, CLOCK);
        assertThat(today.dateFrom()).isEqualTo(Instant.parse("2026-03-14T22:00:00Z"));
        assertThat(today.dateTo()).isNull();
        assertThat(queryFor(DatePreset.LAST_7_DAYS, CLOCK).dateFrom())
                .isEqualTo(Instant.parse("2026-03-08T22:00:00Z"));
        assertThat(queryFor(DatePreset.THIS_MONTH, CLOCK).dateFrom())
                .isEqualTo(Instant.parse("2026-02-28T22:00:00Z"));
        NotificationQuery lastMonth = queryFor(DatePreset.LAST_MONTH, CLOCK);
        assertThat(lastMonth.dateFrom()).isEqualTo(Instant.parse("2026-01-31T22:00:00Z"));
        assertThat(lastMonth.dateTo()).isEqualTo(Instant.parse("2026-02-28T21:59:59.999Z"));
        NotificationQuery thisYear = queryFor(DatePreset.THIS_YEAR, CLOCK);
        assertThat(thisYear.dateFrom()).isEqualTo(Instant.parse("2025-12-31T22:00:00Z"));
        assertThat(thisYear.dateTo()).isNull();
    }

    @Test
    void todayIsTheUsersDayNotUtcs() {
        // 23:30 UTC on the 14th is already 01:30 on the 15th in Cairo
        Clock late = Clock.fixed(Instant.parse("2026-03-14T23:30:00Z"), ZoneOffset.UTC);
        assertThat(queryFor(DatePreset.TODAY, late).dateFrom())
                .isEqualTo(Instant.parse("2026-03-14T22:00:00Z"));
    }

    @Test
    void customRangeUsesDateAndTimeInTheUsersZoneInclusiveOfTheLastMinute() {
        HistoryViewModel vm = started(10);
        FiltersViewModel f = vm.filters();
        f.presetProperty().set(DatePreset.CUSTOM);
        f.fromDateProperty().set(LocalDate.of(2026, 3, 1));
        f.fromTimeProperty().set("08:30");
        f.toDateProperty().set(LocalDate.of(2026, 3, 2));
        f.toTimeProperty().set("١٧:٤٥"); // Arabic-Indic digits are read too
        assertThat(f.apply()).isTrue();
        NotificationQuery q = session.lastQuery();
        assertThat(q.dateFrom()).isEqualTo(Instant.parse("2026-03-01T06:30:00Z"));
        assertThat(q.dateTo()).isEqualTo(Instant.parse("2026-03-02T15:45:59.999Z"));
        assertThat(f.chips()).extracting(FiltersViewModel.Chip::dimension).containsExactly("date");
    }

    @Test
    void fromAfterToIsRefusedAndNothingIsQueried() {
        HistoryViewModel vm = started(10);
        FiltersViewModel f = vm.filters();
        int callsBefore = session.calls.size();
        f.presetProperty().set(DatePreset.CUSTOM);
        f.fromDateProperty().set(LocalDate.of(2026, 3, 2));
        f.toDateProperty().set(LocalDate.of(2026, 3, 1));
        assertThat(f.validProperty().get()).isFalse();
        assertThat(f.validationMessageProperty().get()).isNotBlank();
        assertThat(f.apply()).isFalse();
        assertThat(session.calls).hasSize(callsBefore);
        assertThat(f.applied().preset()).isEqualTo(DatePreset.ALL);

        f.toDateProperty().set(LocalDate.of(2026, 3, 2));
        f.toTimeProperty().set("25:99");
        assertThat(f.validProperty().get()).isFalse();
        f.toTimeProperty().set("23:00");
        assertThat(f.validProperty().get()).isTrue();
    }

    @Test
    void eachDimensionMapsToItsWireValueAndAFilterChangeGoesBackToPageOne() {
        HistoryViewModel vm = started(500);
        vm.pager().goTo(3);
        session.answerLast(500, "n");
        assertThat(vm.pager().pageProperty().get()).isEqualTo(3);

        FiltersViewModel f = vm.filters();
        f.typeProperty().set("9");
        f.languageProperty().set("ar");
        f.statusProperty().set("error");
        f.channelProperty().set("sms");
        assertThat(f.apply()).isTrue();
        NotificationQuery q = session.lastQuery();
        assertThat(q.type()).isEqualTo("9");
        assertThat(q.language()).isEqualTo("ar");
        assertThat(q.status()).isEqualTo("error");
        assertThat(q.channel()).isEqualTo("sms");
        assertThat(q.pageNo()).isEqualTo(1);
        assertThat(f.chips())
                .extracting(FiltersViewModel.Chip::dimension)
                .containsExactly("type", "language", "status", "channel");
        assertThat(f.chips().get(0).text()).contains("Document rejected");

        f.remove("status");
        assertThat(session.lastQuery().status()).isNull();
        assertThat(session.lastQuery().type()).isEqualTo("9");
        assertThat(f.statusProperty().get()).isEqualTo(FiltersViewModel.ANY);

        f.reset();
        NotificationQuery all = session.lastQuery();
        assertThat(all.type()).isNull();
        assertThat(all.language()).isNull();
        assertThat(all.channel()).isNull();
        assertThat(f.chips()).isEmpty();
    }

    // ---- paging ----

    @Test
    void pagingArithmeticFollowsTheServiceMetadata() {
        HistoryViewModel vm = started(2_500);
        PagerViewModel p = vm.pager();
        assertThat(p.totalPagesProperty().get()).isEqualTo(50);
        assertThat(p.totalCountProperty().get()).isEqualTo(2_500);
        assertThat(p.canPreviousProperty().get()).isFalse();
        assertThat(p.canNextProperty().get()).isTrue();

        p.next();
        assertThat(session.lastQuery().pageNo()).isEqualTo(2);
        p.next(); // while page 2 is loading, next counts from the page asked for
        assertThat(session.lastQuery().pageNo()).isEqualTo(3);
        session.answerLast(2_500, "n");
        assertThat(p.pageProperty().get()).isEqualTo(3);

        p.last();
        assertThat(session.lastQuery().pageNo()).isEqualTo(50);
        session.answerLast(2_500, "n");
        assertThat(p.canNextProperty().get()).isFalse();
        int calls = session.calls.size();
        p.next();
        assertThat(session.calls).hasSize(calls);

        p.goTo(999);
        assertThat(session.lastQuery().pageNo()).isEqualTo(50);
        assertThat(p.goTo("١٢")).isTrue();
        assertThat(session.lastQuery().pageNo()).isEqualTo(12);
        session.answerLast(2_500, "n");
        assertThat(p.goTo("twelve")).isFalse();
        p.first();
        assertThat(session.lastQuery().pageNo()).isEqualTo(1);
    }

    @Test
    void thePagersTotalsAreUnknownNotZeroUntilTheSessionsFirstAnswer() {
        HistoryViewModel vm = vm(null, CLOCK);
        PagerViewModel p = vm.pager();
        javafx.beans.binding.StringBinding total = p.totalText();
        javafx.beans.binding.StringBinding of = p.ofPagesText();
        assertThat(total.get()).isEmpty();
        assertThat(of.get()).isEqualTo("of …");

        vm.readFrom(new SessionPages(session));
        assertThat(vm.requests().loadingProperty().get()).isTrue();
        assertThat(total.get()).as("while the first page is on its way").isEmpty();
        session.answerLast(2_500, "n");
        assertThat(total.get()).isEqualTo("2,500 notifications");
        assertThat(of.get()).isEqualTo("of 50");

        vm.endSession();
        assertThat(total.get()).isEmpty();
        assertThat(of.get()).isEqualTo("of …");

        // an empty history is known to be empty; a failed first page leaves the totals unknown
        vm.readFrom(new SessionPages(session));
        session.last()
                .future()
                .completeExceptionally(
                        new CompletionException(
                                new ServiceUnavailableException(503, null, "corr-1")));
        assertThat(total.get()).isEmpty();
        vm.refresh();
        session.answerLast(0, "n");
        assertThat(total.get()).isEqualTo("0 notifications");
        assertThat(of.get()).isEqualTo("of 1");
        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(total.get()).isEqualTo("عدد الإشعارات: ٠");

        // one is counted in the singular
        i18n.languageProperty().set(AppLanguage.ENGLISH);
        vm.refresh();
        session.answerLast(1, "n");
        assertThat(total.get()).isEqualTo("1 notification");
        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(total.get()).isEqualTo("إشعار واحد");
    }

    @Test
    void changingThePageSizeKeepsTheFirstRowInViewAndIsCappedAt100() {
        HistoryViewModel vm = started(2_500);
        vm.pager().goTo(5); // rows 200..249 at 50 a page
        session.answerLast(2_500, "n");
        vm.pager().pageSizeProperty().set(100);
        NotificationQuery q = session.lastQuery();
        assertThat(q.pageSize()).isEqualTo(100);
        assertThat(q.pageNo()).isEqualTo(3); // row 200 is on page 3 of 100
        session.answerLast(2_500, "n");
        vm.pager().pageSizeProperty().set(500);
        assertThat(vm.pager().pageSizeProperty().get()).isEqualTo(100);
        assertThat(session.lastQuery().pageSize()).isEqualTo(100);

        HistoryViewModel restored =
                vm(
                        new HistoryPrefs(
                                null, null, null, null, null, null, null, 1000, null, null, null,
                                null, null, null, null),
                        CLOCK);
        assertThat(restored.pager().pageSizeProperty().get()).isEqualTo(100);
    }

    @Test
    void aPageBeyondTheEndAfterTheHistoryShrankShowsTheLastPage() {
        HistoryViewModel vm = started(500);
        vm.pager().goTo(10);
        session.last().future().complete(new NotificationPage(List.of(), 4, 180, 10, 50));
        assertThat(session.lastQuery().pageNo()).isEqualTo(4);
        session.answerLast(180, "n");
        assertThat(vm.pager().pageProperty().get()).isEqualTo(4);
        assertThat(vm.table().rows()).hasSize(30);
    }

    // ---- supersession ----

    @Test
    void aNewerRequestSupersedesAnOlderOneEvenWhenTheOlderAnswersLast() {
        session.stubborn = true;
        HistoryViewModel vm = vm(null, CLOCK);
        vm.readFrom(new SessionPages(session));
        session.answerLast(500, "first-");
        vm.pager().goTo(2);
        FakeSession.Call older = session.last();
        vm.pager().goTo(3);
        FakeSession.Call newer = session.last();
        assertThat(((FakeSession.StubbornFuture<?>) older.future()).cancelRequested).isTrue();
        assertThat(vm.requests().loadingProperty().get()).isTrue();

        newer.future().complete(FakeSession.page(newer.query(), 500, "newer-"));
        older.future().complete(FakeSession.page(older.query(), 500, "older-"));

        assertThat(vm.requests().loadingProperty().get()).isFalse();
        assertThat(vm.pager().pageProperty().get()).isEqualTo(3);
        assertThat(vm.table().rows())
                .allSatisfy(n -> assertThat(n.notificationId()).startsWith("newer-"));
    }

    // ---- errors ----

    @Test
    void anErrorKeepsRowsFiltersAndPageAndRetryRecovers() {
        HistoryViewModel vm = started(500);
        vm.filters().typeProperty().set("7");
        vm.filters().apply();
        session.answerLast(500, "a");
        var rowsBefore = List.copyOf(vm.table().rows());

        vm.pager().next();
        session.last()
                .future()
                .completeExceptionally(
                        new CompletionException(
                                new ServiceUnavailableException(503, null, "corr-42")));

        assertThat(vm.table().rows()).isEqualTo(rowsBefore);
        assertThat(vm.filters().applied().type()).isEqualTo("7");
        assertThat(vm.pager().pageProperty().get()).isEqualTo(1);
        assertThat(vm.requests().errorProperty().get())
                .isInstanceOf(ServiceUnavailableException.class);
        assertThat(vm.errorTexts().textProperty().get()).isNotBlank().doesNotContain("!");
        assertThat(vm.errorTexts().referenceProperty().get()).contains("corr-42");
        assertThat(vm.requests().loadingProperty().get()).isFalse();

        vm.retry();
        assertThat(session.lastQuery().pageNo()).isEqualTo(2);
        assertThat(session.lastQuery().type()).isEqualTo("7");
        session.answerLast(500, "b");
        assertThat(vm.requests().errorProperty().get()).isNull();
        assertThat(vm.pager().pageProperty().get()).isEqualTo(2);
        assertThat(vm.table().rows().get(0).notificationId()).isEqualTo("b50");
    }

    @Test
    void errorsAreLocalizedByType() {
        HistoryViewModel vm = started(10);
        vm.refresh();
        session.last()
                .future()
                .completeExceptionally(
                        new NetworkException(NetworkException.Kind.TIMEOUT, "api.example", null));
        String english = vm.errorTexts().textProperty().get();
        assertThat(english).contains("api.example");
        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(vm.errorTexts().textProperty().get())
                .isNotEqualTo(english)
                .containsPattern("\\p{IsArabic}");
        vm.dismissError();
        assertThat(vm.requests().errorProperty().get()).isNull();
        assertThat(vm.table().rows()).hasSize(10);
    }

    @Test
    void aPageThatFailsKeepsTheRowsShownAndSaysSo() {
        HistoryViewModel vm = started(10);
        vm.refresh();
        session.last().future().completeExceptionally(new IllegalStateException("disk full"));
        assertThat(vm.requests().errorProperty().get()).isNotNull();
        assertThat(vm.table().rows()).hasSize(10);
    }

    @Test
    void anEmptyResultIsReportedAsSuch() {
        HistoryViewModel vm = started(300);
        vm.filters().typeProperty().set("3");
        vm.filters().apply();
        session.answerLast(0, "x");
        assertThat(vm.emptyProperty().get()).isTrue();
        assertThat(vm.table().rows()).isEmpty();
        vm.filters().reset();
        session.answerLast(3, "x");
        assertThat(vm.emptyProperty().get()).isFalse();
    }

    // ---- session renewal, selection, prefs ----

    @Test
    void aRenewedSessionKeepsFiltersPageAndSelection() {
        HistoryViewModel vm = started(500);
        vm.filters().channelProperty().set("email");
        vm.filters().apply();
        session.answerLast(500, "n");
        vm.pager().goTo(4);
        session.answerLast(500, "n");
        vm.table().select(vm.table().rows().get(7));
        String id = vm.table().selectedProperty().get().notificationId();
        int fetches = session.calls.size();
        vm.table().select(vm.table().rows().get(8)); // following the selection makes no request
        vm.table().select(vm.table().rows().get(7));
        assertThat(session.calls).hasSize(fetches);

        FakeSession renewed = new FakeSession();
        vm.readFrom(new SessionPages(renewed));
        assertThat(renewed.lastQuery().pageNo()).isEqualTo(4);
        assertThat(renewed.lastQuery().channel()).isEqualTo("email");
        renewed.answerLast(500, "n");
        assertThat(vm.table().selectedProperty().get().notificationId()).isEqualTo(id);
        assertThat(vm.detail().idProperty().get()).isEqualTo(id);
    }

    @Test
    void prefsRoundTrip() {
        HistoryViewModel vm = started(500);
        vm.filters().presetProperty().set(DatePreset.CUSTOM);
        vm.filters().fromDateProperty().set(LocalDate.of(2026, 2, 1));
        vm.filters().fromTimeProperty().set("09:15");
        vm.filters().toDateProperty().set(LocalDate.of(2026, 2, 20));
        vm.filters().typeProperty().set("2");
        vm.filters().languageProperty().set("ar");
        vm.filters().apply();
        vm.pager().pageSizeProperty().set(25);
        vm.layout()
                .columnsProperty()
                .set(
                        List.of(
                                new HistoryPrefs.ColumnPref("status", 120, true),
                                new HistoryPrefs.ColumnPref("sent", 180, false)));
        vm.layout().detailWidthProperty().set(420);
        vm.layout().detailVisibleProperty().set(false);

        HistoryPrefs last = remembered.get(remembered.size() - 1);
        assertThat(last).isEqualTo(vm.prefs());
        assertThat(last.pageSize()).isEqualTo(25);

        HistoryViewModel again = vm(last, CLOCK);
        assertThat(again.prefs()).isEqualTo(last);
        assertThat(again.filters().presetProperty().get()).isEqualTo(DatePreset.CUSTOM);
        assertThat(again.filters().fromDateProperty().get()).isEqualTo(LocalDate.of(2026, 2, 1));
        assertThat(again.filters().fromTimeProperty().get()).isEqualTo("9:15");
        assertThat(again.filters().toTimeProperty().get()).isEqualTo("23:59");
        assertThat(again.filters().typeProperty().get()).isEqualTo("2");
        assertThat(again.layout().columnsProperty().get())
                .extracting(HistoryPrefs.ColumnPref::id)
                .containsExactly("status", "sent");
        again.readFrom(new SessionPages(session));
        NotificationQuery q = session.lastQuery();
        assertThat(q.dateFrom()).isEqualTo(Instant.parse("2026-02-01T07:15:00Z"));
        assertThat(q.language()).isEqualTo("ar");
        assertThat(q.pageSize()).isEqualTo(25);
    }

    @Test
    void unknownRememberedValuesDoNotBreakTheScreen() {
        HistoryViewModel vm =
                vm(
                        new HistoryPrefs(
                                "NEXT_DECADE",
                                null,
                                null,
                                "42",
                                "fr",
                                "archived",
                                "fax",
                                null,
                                null,
                                7.0,
                                null,
                                null,
                                "PDF",
                                null,
                                null),
                        CLOCK);
        assertThat(vm.filters().applied().preset()).isEqualTo(DatePreset.ALL);
        assertThat(vm.filters().chips())
                .extracting(FiltersViewModel.Chip::text)
                .anySatisfy(t -> assertThat(t).contains("42"))
                .anySatisfy(t -> assertThat(t).contains("archived"))
                .anySatisfy(t -> assertThat(t).contains("fax"));
        assertThat(vm.layout().detailWidthProperty().get())
                .as("a remembered width of 7 pixels is not used")
                .isZero();
        assertThat(vm.newExport().formatProperty().get())
                .as("an unknown remembered export format")
                .isEqualTo(ExportViewModel.Format.CSV);
    }
}
