package app.ishaar.sandbox;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The demo world: taxpayers, ERP systems (accounts) and delegations. Fixed, but for the optional
 * intermediary of many generated taxpayers ({@link SandboxConfig#represented()}).
 */
final class Directory {

    static final SandboxTaxpayer NILE =
            new SandboxTaxpayer("204918573", "Nile Trading Co.", "شركة النيل للتجارة", true);
    static final SandboxTaxpayer CAIRO_PHARMA =
            new SandboxTaxpayer(
                    "287364519", "Cairo Pharma Industries", "القاهرة للصناعات الدوائية", true);
    static final SandboxTaxpayer ALEX_TEXTILES =
            new SandboxTaxpayer("356781204", "Alexandria Textiles", "الإسكندرية للمنسوجات", false);
    static final SandboxTaxpayer GIZA_FOODS =
            new SandboxTaxpayer("499201773", "Giza Foods", "الجيزة للأغذية", true);
    static final SandboxTaxpayer DELTA =
            new SandboxTaxpayer("538201946", "Delta Accounting Partners", "دلتا للمحاسبة", true);
    static final SandboxTaxpayer SINAI =
            new SandboxTaxpayer("612345870", "Sinai Logistics", "سيناء للخدمات اللوجستية", true);
    static final SandboxTaxpayer RED_SEA =
            new SandboxTaxpayer("734512096", "Red Sea Tourism", "البحر الأحمر للسياحة", true);

    /** An ERP system registered with the identity service. */
    record Erp(
            String clientId,
            String clientSecret,
            String kind,
            String registeredName,
            String ssId,
            SandboxTaxpayer owner,
            List<SandboxTaxpayer> delegations,
            Map<String, SandboxTaxpayer> byRin) {

        Erp(
                String clientId,
                String clientSecret,
                String kind,
                String registeredName,
                String ssId,
                SandboxTaxpayer owner,
                List<SandboxTaxpayer> delegations) {
            this(
                    clientId,
                    clientSecret,
                    kind,
                    registeredName,
                    ssId,
                    owner,
                    delegations,
                    index(delegations));
        }

        private static Map<String, SandboxTaxpayer> index(List<SandboxTaxpayer> delegations) {
            Map<String, SandboxTaxpayer> m = new HashMap<>();
            for (SandboxTaxpayer t : delegations) {
                m.put(t.rin(), t);
            }
            return m;
        }

        boolean intermediary() {
            return "intermediary".equals(kind);
        }

        /**
         * The delegation (with its grant) of the given RIN, or null when that taxpayer never
         * delegated.
         */
        SandboxTaxpayer delegation(String rin) {
            return rin == null ? null : byRin.get(rin);
        }

        SandboxAccount account() {
            return new SandboxAccount(
                    clientId, clientSecret, kind, intermediary() ? delegations : List.of(owner));
        }
    }

    private final Map<String, Erp> erps = new LinkedHashMap<>();
    private final Map<String, SandboxTaxpayer> taxpayers = new LinkedHashMap<>();

    /** The many-taxpayer intermediary's client ID, present when it represents anyone. */
    static final String MANY_CLIENT_ID = "erp-pyramids-advisers";

    static final String MANY_SECRET = "sandbox-secret-5";

    /** The fixed world only. */
    Directory() {
        this(0, 0);
    }

    /**
     * The fixed world and, when {@code represented > 0}, an intermediary representing that many
     * generated taxpayers (see {@link RepresentedFirms}).
     */
    Directory(long seed, int represented) {
        for (SandboxTaxpayer t :
                List.of(NILE, CAIRO_PHARMA, ALEX_TEXTILES, GIZA_FOODS, DELTA, SINAI, RED_SEA)) {
            taxpayers.put(t.rin(), t);
        }
        add(
                new Erp(
                        "erp-nile-trading",
                        "sandbox-secret-1",
                        "taxpayer",
                        "Nile Trading ERP",
                        "7c1f3a52-5d0e-4b8a-9f3e-2a61c0d4e801",
                        NILE,
                        List.of()));
        add(
                new Erp(
                        "erp-delta-accounting",
                        "sandbox-secret-2",
                        "intermediary",
                        "Delta Accounting e-Invoicing Hub",
                        "0e9b2d47-8a13-4c6f-b5d2-93f7a1c6e202",
                        DELTA,
                        List.of(NILE, CAIRO_PHARMA, ALEX_TEXTILES)));
        add(
                new Erp(
                        "erp-blocked",
                        "sandbox-secret-3",
                        "blocked",
                        "Sinai Logistics ERP",
                        "5a8e1c39-2f7b-4d60-8c1a-e4b9d2f37303",
                        SINAI,
                        List.of()));
        add(
                new Erp(
                        "erp-expired",
                        "sandbox-secret-4",
                        "expired",
                        "Red Sea Tourism ERP",
                        "b3d6f829-1c4e-4a7b-9e05-7f2a8c1d5404",
                        RED_SEA,
                        List.of()));
        if (represented > 0) {
            List<SandboxTaxpayer> firms =
                    RepresentedFirms.generate(seed, represented, taxpayers.keySet());
            taxpayers.put(RepresentedFirms.PYRAMIDS.rin(), RepresentedFirms.PYRAMIDS);
            for (SandboxTaxpayer t : firms) {
                taxpayers.put(t.rin(), t);
            }
            add(
                    new Erp(
                            MANY_CLIENT_ID,
                            MANY_SECRET,
                            "intermediary",
                            "Pyramids Tax Advisers e-Invoicing Hub",
                            "3f0c7a91-6b2d-4e58-a1c4-58d9e2b7f605",
                            RepresentedFirms.PYRAMIDS,
                            List.copyOf(firms)));
        }
    }

    private void add(Erp erp) {
        erps.put(erp.clientId(), erp);
    }

    Erp erp(String clientId) {
        return clientId == null ? null : erps.get(clientId);
    }

    SandboxTaxpayer taxpayer(String rin) {
        return rin == null ? null : taxpayers.get(rin);
    }

    List<SandboxAccount> accounts() {
        return erps.values().stream().map(Erp::account).toList();
    }

    List<SandboxTaxpayer> taxpayers() {
        return List.copyOf(taxpayers.values());
    }
}
