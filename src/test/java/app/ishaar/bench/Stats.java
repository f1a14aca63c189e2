package app.ishaar.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** Medians and short renderings of run lists. */
final class Stats {
    private Stats() {}

    static double median(List<? extends Number> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = new ArrayList<>();
        for (Number n : values) {
            sorted.add(n.doubleValue());
        }
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    static double max(List<? extends Number> values) {
        return values.stream().mapToDouble(Number::doubleValue).max().orElse(Double.NaN);
    }

    /** {@code [1.2, 3.4, …]} with the given decimals. */
    static String runs(List<? extends Number> values, int decimals) {
        return values.stream()
                .map(v -> String.format(Locale.ROOT, "%." + decimals + "f", v.doubleValue()))
                .collect(Collectors.joining(", ", "[", "]"));
    }

    static double ms(long nanos) {
        return nanos / 1_000_000.0;
    }
}
