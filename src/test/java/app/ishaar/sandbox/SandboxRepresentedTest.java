package app.ishaar.sandbox;

import static app.ishaar.sandbox.SandboxHttp.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The intermediary of many taxpayers ({@code sandbox --represented N}): its generated taxpayers,
 * their logins and histories over loopback HTTP, and the few that refuse notification access.
 */
class SandboxRepresentedTest {
    static final Instant ANCHOR = Instant.parse("2026-03-01T10:00:00Z");
    static final String CLIENT = "erp-pyramids-advisers";
    static final String SECRET = "sandbox-secret-5";
    static final Set<String> FIXED_RINS =
            Set.of(
                    "204918573",
                    "287364519",
                    "356781204",
                    "499201773",
                    "538201946",
                    "612345870",
                    "734512096");

    private static SandboxConfig.Builder config(int represented) {
        return SandboxConfig.builder()
                .seed(5)
                .anchor(ANCHOR)
                .notificationsPerTaxpayer(40)
                .represented(represented);
    }

    private static SandboxAccount many(Sandbox s) {
        return s.accounts().stream()
                .filter(a -> a.clientId().equals(CLIENT))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void fiveHundredTaxpayersWithUniqueNineDigitRinsAndNamesInBothLanguages() throws Exception {
        try (Sandbox s = Sandbox.start(config(500).build())) {
            assertThat(s.accounts())
                    .extracting(SandboxAccount::clientId)
                    .containsExactly(
                            "erp-nile-trading",
                            "erp-delta-accounting",
                            "erp-blocked",
                            "erp-expired",
                            CLIENT);
            SandboxAccount account = many(s);
            assertThat(account.kind()).isEqualTo("intermediary");
            assertThat(account.clientSecret()).isEqualTo(SECRET);
            List<SandboxTaxpayer> taxpayers = account.taxpayers();
            assertThat(taxpayers).hasSize(500);
            Set<String> rins =
                    taxpayers.stream().map(SandboxTaxpayer::rin).collect(Collectors.toSet());
            assertThat(rins).hasSize(500).allMatch(r -> r.matches("[1-9]\\d{8}"));
            assertThat(rins).doesNotContainAnyElementsOf(FIXED_RINS);
            assertThat(taxpayers.stream().map(SandboxTaxpayer::nameEn).distinct()).hasSize(500);
            assertThat(taxpayers.stream().map(SandboxTaxpayer::nameAr).distinct()).hasSize(500);
            assertThat(taxpayers)
                    .allSatisfy(
                            t -> {
                                assertThat(t.nameEn()).matches("[A-Za-z ]+");
                                assertThat(t.nameAr()).matches("[\\u0600-\\u06FF ]+");
                            });
            assertThat(taxpayers.stream().filter(t -> !t.grantsNotifications()))
                    .hasSize(500 / RepresentedFirms.NO_ACCESS_EVERY);
            // every one has a history of its own
            assertThat(s.notificationCount(taxpayers.get(0).rin())).isEqualTo(40);
            assertThat(s.notificationCount(taxpayers.get(499).rin())).isEqualTo(40);
            assertThat(s.taxpayers()).hasSize(7 + 1 + 500);
        }
    }

    @Test
    void theSameSeedGivesTheSameTaxpayersAndFewerAreTheFirstOfMore() throws Exception {
        List<SandboxTaxpayer> a = RepresentedFirms.generate(5, 800, FIXED_RINS);
        List<SandboxTaxpayer> b = RepresentedFirms.generate(5, 800, FIXED_RINS);
        List<SandboxTaxpayer> fewer = RepresentedFirms.generate(5, 30, FIXED_RINS);
        List<SandboxTaxpayer> other = RepresentedFirms.generate(6, 30, FIXED_RINS);
        assertThat(b).isEqualTo(a);
        assertThat(a.subList(0, 30)).isEqualTo(fewer);
        assertThat(other).isNotEqualTo(fewer);
        // past the 750 town-and-trade names, branch numbers keep them apart
        assertThat(a.stream().map(SandboxTaxpayer::nameEn).distinct()).hasSize(800);
        assertThat(a.get(750).nameEn()).endsWith(" 2");
        assertThat(a.get(750).nameAr()).endsWith(" ٢");
    }

    @Test
    void eachLogsInOnBehalfAndReadsItsOwnHistoryButTheFewWithoutAccessAnswer403() throws Exception {
        try (Sandbox s = Sandbox.start(config(60).build())) {
            SandboxHttp http = new SandboxHttp(s);
            List<SandboxTaxpayer> taxpayers = many(s).taxpayers();
            SandboxTaxpayer open = taxpayers.get(0);
            SandboxTaxpayer closed =
                    taxpayers.stream().filter(t -> !t.grantsNotifications()).findFirst().get();

            String token = http.token(CLIENT, SECRET, open.rin());
            JsonNode page = json(http.query(token, "pageSize=100"));
            assertThat(page.get("metadata").get("totalCount").asInt()).isEqualTo(40);
            assertThat(page.get("result")).hasSize(40);
            assertThat(page.get("result").get(0).get("receivedDateTime").asText()).isNotBlank();

            String refused = http.token(CLIENT, SECRET, closed.rin());
            assertThat(http.query(refused, "pageSize=10").statusCode()).isEqualTo(403);

            // a taxpayer of the fixed world never delegated to this intermediary
            HttpResponse<String> notDelegated = http.login(CLIENT, SECRET, "204918573");
            assertThat(notDelegated.statusCode()).isEqualTo(400);
            assertThat(json(notDelegated).get("error").asText()).isEqualTo("unauthorized_client");
            // nor may it log in as itself
            assertThat(json(http.login(CLIENT, SECRET, null)).get("error").asText())
                    .isEqualTo("invalid_request");
        }
    }

    @Test
    void withoutTheKnobTheAccountDoesNotExist() throws Exception {
        try (Sandbox s = Sandbox.start(config(0).build())) {
            assertThat(s.accounts()).hasSize(4);
            HttpResponse<String> login = new SandboxHttp(s).login(CLIENT, SECRET, "204918573");
            assertThat(json(login).get("error").asText()).isEqualTo("invalid_client");
        }
        assertThatThrownBy(() -> config(10_001))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("represented taxpayers must be 0..10000: 10001");
    }
}
