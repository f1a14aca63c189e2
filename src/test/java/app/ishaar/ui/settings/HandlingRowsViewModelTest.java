package app.ishaar.ui.settings;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.NotificationType;
import app.ishaar.core.model.Status;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.ui.app.SettingsService;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Settings → Needs handling: the default, a change remembered, and the rule the archive gets. */
class HandlingRowsViewModelTest {

    @TempDir Path dir;

    @Test
    void aFailedDeliveryAndADocumentRejectedOrCancelledAreChosenUntilTheUserChoosesOtherwise() {
        try (SettingsService settings =
                new SettingsService(new SettingsStore(dir), Duration.ZERO)) {
            HandlingRowsViewModel rows = new HandlingRowsViewModel(settings);
            assertThat(rows.status(Status.ERROR).get()).isTrue();
            assertThat(rows.type(NotificationType.DOCUMENT_REJECTED).get()).isTrue();
            assertThat(rows.type(NotificationType.DOCUMENT_CANCELLED).get()).isTrue();
            assertThat(rows.status(Status.PENDING).get()).isFalse();
            assertThat(rows.type(NotificationType.OTP).get()).isFalse();

            rows.type(NotificationType.DOCUMENT_CANCELLED).set(false);
            rows.status(Status.PENDING).set(true);

            assertThat(settings.get().handling().types()).containsExactly("9");
            assertThat(settings.get().handling().statuses()).containsExactly("error", "pending");
            assertThat(settings.get().handling().rule().types()).isEqualTo(Set.of("9"));
            assertThat(settings.get().handling().rule().since())
                    .as("from each taxpayer's first sync")
                    .isNull();
        }
        try (SettingsService again = new SettingsService(new SettingsStore(dir), Duration.ZERO)) {
            HandlingRowsViewModel rows = new HandlingRowsViewModel(again);
            assertThat(rows.type(NotificationType.DOCUMENT_CANCELLED).get())
                    .as("remembered")
                    .isFalse();
            assertThat(rows.status(Status.PENDING).get()).isTrue();
            assertThat(again.get().handling().statuses()).isEqualTo(List.of("error", "pending"));
        }
    }
}
