package app.ishaar.bench;

/**
 * One figure of the benchmark suite, as written to {@code target/bench/results.json}.
 *
 * @param value NaN when the measurement could not be taken (written as null, never met)
 * @param goal the goal as text, e.g. {@code "<= 1.1"}
 * @param note how it was measured (printed in the table only)
 */
public record Metric(
        String name, double value, String unit, String goal, boolean met, String note) {

    /** A measured figure checked against its goal. */
    static Metric of(String name, double value, String unit, Goal goal, String note) {
        return new Metric(
                name, value, unit, goal.text(), !Double.isNaN(value) && goal.test(value), note);
    }

    /** A figure that could not be measured: reported, and reported as missed. */
    static Metric failed(String name, String unit, Goal goal, String why) {
        return new Metric(name, Double.NaN, unit, goal.text(), false, "NOT MEASURED: " + why);
    }

    /** A goal: a comparison with a bound. */
    record Goal(String op, double bound) {
        static Goal atMost(double bound) {
            return new Goal("<=", bound);
        }

        static Goal atLeast(double bound) {
            return new Goal(">=", bound);
        }

        static Goal below(double bound) {
            return new Goal("<", bound);
        }

        boolean test(double v) {
            return switch (op) {
                case "<=" -> v <= bound;
                case ">=" -> v >= bound;
                case "<" -> v < bound;
                default -> throw new IllegalStateException(op);
            };
        }

        String text() {
            return op
                    + " "
                    + (bound == Math.rint(bound)
                            ? String.valueOf((long) bound)
                            : String.valueOf(bound));
        }
    }
}
