package app.ishaar.ui.taxpayers;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.Rin;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/**
 * What the taxpayer list says of a taxpayer the office's sync keeps (a desktop on a shared archive
 * with a live syncer), in English and Arabic: not "synced" by this desktop, nor a problem.
 */
class OfficeSyncWordsTest {
    static final Rin NILE = Rin.of("204918573");
    static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);

    @Test
    void aTaxpayerTheOfficeSyncKeepsSaysSoInBothLanguages() {
        I18n i18n = new I18n(AppLanguage.ENGLISH);
        SyncTexts texts = new SyncTexts(i18n);
        TaxpayerSyncStatus never = TaxpayerSyncStatus.idle(NILE, null);
        TaxpayerSyncStatus kept = never.keptByOffice();
        assertThat(kept.office()).isTrue();
        assertThat(kept.problem()).isNull();
        assertThat(kept.refused()).isFalse();
        assertThat(texts.syncStatus(never, clock)).isEqualTo("Not synced yet");
        assertThat(texts.syncStatus(kept, clock)).isEqualTo("Kept by the office sync");
        TaxpayerSyncStatus synced =
                TaxpayerSyncStatus.idle(NILE, NOW.minusSeconds(600)).keptByOffice();
        assertThat(texts.syncStatus(synced, clock))
                .startsWith("Kept by the office sync; synced ")
                .isNotEqualTo(texts.syncStatus(TaxpayerSyncStatus.idle(NILE, NOW), clock));

        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(texts.syncStatus(kept, clock)).isEqualTo("تتولاه مزامنة المكتب");
        assertThat(texts.syncStatus(synced, clock))
                .startsWith("تتولاه مزامنة المكتب؛ تمت المزامنة ");

        // a sync of its own (the syncer gone) ends the office's keeping
        assertThat(kept.ended(NOW, null, null, null).office()).isFalse();
    }
}
