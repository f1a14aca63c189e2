package app.ishaar.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The generated history is realistic and consistent (read through the sandbox's own query). */
class SandboxDataTest {
    static final Instant ANCHOR = Instant.parse("2026-03-01T10:00:00Z");
    static final Pattern ARABIC = Pattern.compile("[\\u0600-\\u06FF]");
    static Sandbox sandbox;
    static List<SandboxNotification> all;

    @BeforeAll
    static void start() throws Exception {
        sandbox = Sandbox.start(SandboxConfig.builder().seed(11).anchor(ANCHOR).build());
        all = sandbox.query("204918573", SandboxQuery.all().withPage(1, 2500)).result();
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void twoYearsEndingAtTheAnchorNewestFirst() {
        assertThat(all).hasSize(2500);
        assertThat(all.get(0).receivedDateTime()).isBefore(ANCHOR);
        assertThat(all.get(all.size() - 1).receivedDateTime())
                .isAfterOrEqualTo(ANCHOR.minus(Duration.ofDays(732)));
        assertThat(all.get(0).receivedDateTime()).isAfter(ANCHOR.minus(Duration.ofDays(10)));
        assertThat(all.get(all.size() - 1).receivedDateTime())
                .isBefore(ANCHOR.minus(Duration.ofDays(700)));
    }

    @Test
    void everyTypeChannelLanguageAndStatusOccurs() {
        Set<String> types = new HashSet<>(),
                channels = new HashSet<>(),
                languages = new HashSet<>(),
                statuses = new HashSet<>();
        Set<String> ids = new HashSet<>();
        for (SandboxNotification n : all) {
            types.add(n.typeId() + "=" + n.typeName());
            channels.add(n.channel());
            languages.add(n.language());
            statuses.add(n.status());
            ids.add(n.notificationId());
        }
        assertThat(types)
                .containsExactlyInAnyOrder(
                        "1=Delegation Invite",
                        "2=OTP",
                        "3=Profile Data Validation",
                        "4=Generic Notification",
                        "5=Receive DownloadReady",
                        "6=Document Received",
                        "7=Document Validated",
                        "8=Document Cancelled",
                        "9=Document Rejected");
        assertThat(channels).containsExactlyInAnyOrder("sms", "email", "push", "system");
        assertThat(languages).containsExactlyInAnyOrder("ar", "en");
        assertThat(statuses).containsExactlyInAnyOrder("pending", "batched", "delivered", "error");
        assertThat(ids).hasSize(all.size());
    }

    @Test
    void addressesFitTheChannelAndMessagesTheLanguageAndChannel() {
        for (SandboxNotification n : all) {
            switch (n.channel()) {
                case "sms" -> {
                    assertThat(n.address()).matches("\\+201[0125]\\d{8}");
                    assertThat(n.finalMessage().length())
                            .as(n.finalMessage())
                            .isLessThanOrEqualTo(160);
                }
                case "email" -> {
                    assertThat(n.address()).matches("[a-z.-]+@[a-z]+\\.com\\.eg");
                    assertThat(n.finalMessage()).startsWith("<html").endsWith("</html>");
                }
                case "push" -> assertThat(n.address()).contains(":APA91b");
                case "system" -> {
                    assertThat(n.address()).matches("ERP-204918573-0\\d");
                    assertThat(n.finalMessage()).startsWith("{\"event\":");
                }
                default -> throw new AssertionError(n.channel());
            }
            String text =
                    n.channel().equals("system")
                            ? n.finalMessage().replaceAll("\"text\":\"", "")
                            : n.finalMessage();
            if (n.language().equals("ar")) {
                assertThat(ARABIC.matcher(text).find()).as(n.finalMessage()).isTrue();
            } else {
                assertThat(ARABIC.matcher(n.finalMessage()).find()).as(n.finalMessage()).isFalse();
            }
            if (n.typeId().equals("2")) assertThat(n.finalMessage()).containsPattern("\\d{6}");
        }
    }

    @Test
    void attemptsAreConsistentWithTheStatus() {
        for (SandboxNotification n : all) {
            List<SandboxAttempt> a = n.deliveryAttempts();
            for (SandboxAttempt x : a) {
                assertThat(x.attemptDateTime())
                        .isAfterOrEqualTo(n.receivedDateTime())
                        .isBefore(ANCHOR);
                if (x.status().equals("error")) assertThat(x.statusDetails()).isNotBlank();
            }
            for (int i = 1; i < a.size(); i++) {
                assertThat(a.get(i).attemptDateTime()).isAfter(a.get(i - 1).attemptDateTime());
            }
            switch (n.status()) {
                case "pending" -> {
                    assertThat(a).isEmpty();
                    if (n.receivedDateTime().isBefore(ANCHOR.minus(Duration.ofDays(3)))) {
                        assertThat(n.channel())
                                .as("only ERP pick-ups stay pending for days")
                                .isEqualTo("system");
                    }
                    assertThat(n.deliveredDateTime()).isNull();
                }
                case "delivered" -> {
                    assertThat(a).isNotEmpty();
                    assertThat(a.get(a.size() - 1).status()).isEqualTo("delivered");
                    assertThat(a.get(a.size() - 1).attemptDateTime())
                            .isEqualTo(n.deliveredDateTime());
                    assertThat(a.subList(0, a.size() - 1))
                            .allSatisfy(x -> assertThat(x.status()).isEqualTo("error"));
                }
                case "error" -> {
                    assertThat(a)
                            .isNotEmpty()
                            .allSatisfy(x -> assertThat(x.status()).isEqualTo("error"));
                    assertThat(n.deliveredDateTime()).isNull();
                }
                case "batched" -> assertThat(a).isNotEmpty();
                default -> throw new AssertionError(n.status());
            }
        }
    }

    @Test
    void batchedNotificationsShareTheAttemptsAndAddressOfTheirBatch() {
        Map<Instant, List<SandboxNotification>> byFirstAttempt = new HashMap<>();
        for (SandboxNotification n : all) {
            if (n.status().equals("batched")) {
                byFirstAttempt
                        .computeIfAbsent(
                                n.deliveryAttempts().get(0).attemptDateTime(),
                                k -> new ArrayList<>())
                        .add(n);
            }
        }
        assertThat(byFirstAttempt).isNotEmpty();
        boolean someBatchHasSeveralMembers = false;
        for (List<SandboxNotification> batch : byFirstAttempt.values()) {
            SandboxNotification first = batch.get(0);
            for (SandboxNotification member : batch) {
                assertThat(member.deliveryAttempts()).isEqualTo(first.deliveryAttempts());
                assertThat(member.address()).isEqualTo(first.address());
                assertThat(member.channel()).isEqualTo(first.channel());
                assertThat(member.deliveredDateTime()).isEqualTo(first.deliveredDateTime());
            }
            someBatchHasSeveralMembers |= batch.size() > 1;
        }
        assertThat(someBatchHasSeveralMembers).isTrue();
    }

    @Test
    void sameSeedAndAnchorGiveTheSameDataAndAnotherSeedOtherData() throws Exception {
        SandboxQuery q = SandboxQuery.all().withPage(7, 50);
        try (Sandbox same =
                        Sandbox.start(
                                SandboxConfig.builder()
                                        .seed(11)
                                        .anchor(ANCHOR)
                                        .notificationsPerTaxpayer(2500)
                                        .build());
                Sandbox other =
                        Sandbox.start(SandboxConfig.builder().seed(12).anchor(ANCHOR).build())) {
            assertThat(same.query("204918573", q)).isEqualTo(sandbox.query("204918573", q));
            assertThat(other.query("204918573", q).result())
                    .isNotEqualTo(sandbox.query("204918573", q).result());
        }
    }

    @Test
    void seedAndAnchorCanComeFromSystemPropertiesSoTwoProcessesAgree() {
        System.setProperty(SandboxConfig.SEED_PROPERTY, "99");
        System.setProperty(SandboxConfig.ANCHOR_PROPERTY, "2025-12-31T23:00:00Z");
        try {
            SandboxConfig config = SandboxConfig.defaults();
            assertThat(config.seed()).isEqualTo(99);
            assertThat(config.anchor()).isEqualTo(Instant.parse("2025-12-31T23:00:00Z"));
        } finally {
            System.clearProperty(SandboxConfig.SEED_PROPERTY);
            System.clearProperty(SandboxConfig.ANCHOR_PROPERTY);
        }
        SandboxConfig plain = SandboxConfig.defaults();
        Instant hour = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.HOURS);
        assertThat(plain.seed()).isEqualTo(SandboxConfig.DEFAULT_SEED);
        assertThat(plain.anchor())
                .isIn(hour, hour.minus(Duration.ofHours(1))); // the hour may turn in between
    }

    @Test
    void theNotificationCountIsAKnob() throws Exception {
        try (Sandbox small =
                Sandbox.start(
                        SandboxConfig.builder()
                                .seed(11)
                                .anchor(ANCHOR)
                                .notificationsPerTaxpayer(37)
                                .build())) {
            assertThat(small.notificationCount("287364519")).isEqualTo(37);
            assertThat(small.query("287364519", SandboxQuery.all().withPage(4, 10)).result())
                    .hasSize(7);
        }
    }
}
