package app.ishaar.sandbox;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The taxpayers of the sandbox's many-taxpayer intermediary ({@link SandboxConfig#represented()}):
 * firms named after a town and a trade, in English and Arabic ("Aswan Ceramics", "أسوان للخزف"),
 * with nine-digit registration numbers, all generated from the seed. The same seed and count give
 * the same firms in every run; a smaller count gives the first firms of a larger one.
 *
 * <p>Every {@value #NO_ACCESS_EVERY}th firm delegated to the intermediary without granting it
 * notification access (its history answers 403), as a few taxpayers of a real intermediary do.
 */
final class RepresentedFirms {

    /** One firm in this many has not granted notification access. */
    static final int NO_ACCESS_EVERY = 25;

    /** The intermediary itself. */
    static final SandboxTaxpayer PYRAMIDS =
            new SandboxTaxpayer(
                    "845120637", "Pyramids Tax Advisers", "الأهرام للاستشارات الضريبية", true);

    private static final String[][] TOWNS = {
        {"Aswan", "أسوان"},
        {"Luxor", "الأقصر"},
        {"Asyut", "أسيوط"},
        {"Minya", "المنيا"},
        {"Faiyum", "الفيوم"},
        {"Suez", "السويس"},
        {"Ismailia", "الإسماعيلية"},
        {"Port Said", "بورسعيد"},
        {"Damietta", "دمياط"},
        {"Mansoura", "المنصورة"},
        {"Tanta", "طنطا"},
        {"Zagazig", "الزقازيق"},
        {"Benha", "بنها"},
        {"Sohag", "سوهاج"},
        {"Qena", "قنا"},
        {"Hurghada", "الغردقة"},
        {"Marsa Matruh", "مرسى مطروح"},
        {"Siwa", "سيوة"},
        {"Dahab", "دهب"},
        {"Sharm El Sheikh", "شرم الشيخ"},
        {"Nuweiba", "نويبع"},
        {"Helwan", "حلوان"},
        {"Maadi", "المعادي"},
        {"Heliopolis", "مصر الجديدة"},
        {"Zamalek", "الزمالك"},
        {"Shubra", "شبرا"},
        {"Obour", "العبور"},
        {"Sadat City", "مدينة السادات"},
        {"Tenth of Ramadan", "العاشر من رمضان"},
        {"Borg El Arab", "برج العرب"},
    };

    private static final String[][] TRADES = {
        {"Ceramics", "للخزف"},
        {"Steel", "للصلب"},
        {"Paper", "للورق"},
        {"Glass", "للزجاج"},
        {"Furniture", "للأثاث"},
        {"Dairy", "للألبان"},
        {"Bakeries", "للمخابز"},
        {"Cotton", "للقطن"},
        {"Plastics", "للبلاستيك"},
        {"Printing", "للطباعة"},
        {"Contracting", "للمقاولات"},
        {"Electronics", "للإلكترونيات"},
        {"Motors", "للسيارات"},
        {"Spices", "للتوابل"},
        {"Marble", "للرخام"},
        {"Fertilisers", "للأسمدة"},
        {"Medical Supplies", "للمستلزمات الطبية"},
        {"Shipping", "للشحن"},
        {"Software", "للبرمجيات"},
        {"Catering", "للتموين"},
        {"Leather", "للجلود"},
        {"Jewellery", "للمجوهرات"},
        {"Packaging", "للتغليف"},
        {"Poultry", "للدواجن"},
        {"Water Systems", "لأنظمة المياه"},
    };

    private RepresentedFirms() {}

    /**
     * {@code count} firms from {@code seed}, none with a registration number in {@code taken}.
     * Names repeat only past the {@code towns × trades} combinations (750), with a branch number
     * ("Aswan Ceramics 2", "أسوان للخزف ٢").
     */
    static List<SandboxTaxpayer> generate(long seed, int count, Set<String> taken) {
        SplittableRandom rnd = new SplittableRandom(seed ^ 0x5EB7E5E47EDL);
        int combos = TOWNS.length * TRADES.length;
        int[] order = new int[combos];
        for (int i = 0; i < combos; i++) {
            order[i] = i;
        }
        for (int i = combos - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        Set<String> used = new HashSet<>(taken);
        used.add(PYRAMIDS.rin());
        List<SandboxTaxpayer> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String rin;
            do {
                rin = Integer.toString(100_000_000 + rnd.nextInt(900_000_000));
            } while (!used.add(rin));
            int combo = order[i % combos];
            String[] town = TOWNS[combo / TRADES.length];
            String[] trade = TRADES[combo % TRADES.length];
            int branch = i / combos + 1;
            String en = town[0] + " " + trade[0] + (branch > 1 ? " " + branch : "");
            String ar = town[1] + " " + trade[1] + (branch > 1 ? " " + arabicDigits(branch) : "");
            out.add(new SandboxTaxpayer(rin, en, ar, (i + 1) % NO_ACCESS_EVERY != 0));
        }
        return out;
    }

    private static String arabicDigits(int n) {
        StringBuilder s = new StringBuilder();
        for (char c : Integer.toString(n).toCharArray()) {
            s.append((char) ('٠' + (c - '0')));
        }
        return s.toString();
    }
}
