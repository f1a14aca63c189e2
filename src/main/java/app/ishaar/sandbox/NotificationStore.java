package app.ishaar.sandbox;

import static app.ishaar.sandbox.Vocabulary.*;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * The notification history of one taxpayer, generated deterministically from (seed, RIN, anchor,
 * count).
 *
 * <p>Only what filters need is stored, as columns sorted newest first: the sent time in 100 ns
 * ticks (8 bytes) and one byte each for type, channel, language and status, 12 bytes a row.
 * Everything else (id, message, address, attempts) is regenerated on demand from the seed and the
 * row index. A query binary-searches the time column for the date range and scans the byte columns
 * in it.
 *
 * <p>Arrivals (sent after the anchor, see {@link SandboxConfig#arrivalsPerHour()}) are the first
 * rows, being the newest; a query sees those the clock has passed only, and an arrival is pending
 * for its first {@link #FRESH} minutes, then delivered or failed, with the one attempt it took.
 */
final class NotificationStore {
    static final long TICKS_PER_SECOND = 10_000_000L;
    private static final long TICKS_PER_MINUTE = 60 * TICKS_PER_SECOND;
    private static final long TICKS_PER_HOUR = 60 * TICKS_PER_MINUTE;
    private static final long TICKS_PER_DAY = 24 * TICKS_PER_HOUR;

    /**
     * Batched notifications of one channel sent within the same hour (counted back from the anchor)
     * form one batch.
     */
    private static final long BATCH_WINDOW = TICKS_PER_HOUR;

    /** An arrival is pending for this long after it was sent. */
    static final long FRESH = 2 * TICKS_PER_MINUTE;

    private final SandboxTaxpayer taxpayer;
    private final long base;
    private final long anchorTicks;

    /**
     * The number of arrivals: rows 0 .. arrivals-1, after the anchor; the generated history
     * follows.
     */
    private final int arrivals;

    private final long[] ticks;
    private final byte[] type;
    private final byte[] channel;
    private final byte[] language;
    private final byte[] status;
    private final String[] phones;
    private final String[] emails;
    private final String[] devices;
    private final String[] systems;

    NotificationStore(SandboxTaxpayer taxpayer, long seed, Instant anchor, int count) {
        this(taxpayer, seed, anchor, count, 0);
    }

    NotificationStore(
            SandboxTaxpayer taxpayer,
            long seed,
            Instant anchor,
            int count,
            double arrivalsPerHour) {
        this.taxpayer = taxpayer;
        this.base = mix(seed * 0x9E3779B97F4A7C15L + Long.parseLong(taxpayer.rin()));
        this.anchorTicks = toTicks(anchor);
        long[] arriving = arrivals(arrivalsPerHour);
        this.arrivals = arriving.length;
        int rows = arrivals + count;
        this.ticks = new long[rows];
        this.type = new byte[rows];
        this.channel = new byte[rows];
        this.language = new byte[rows];
        this.status = new byte[rows];
        System.arraycopy(arriving, 0, ticks, 0, arrivals);

        SplittableRandom contacts = new SplittableRandom(mix(base ^ 0xC0FFEE));
        phones = new String[3];
        for (int i = 0; i < phones.length; i++) {
            phones[i] =
                    "+201"
                            + "0125".charAt(contacts.nextInt(4))
                            + String.format(Locale.ROOT, "%08d", contacts.nextInt(100_000_000));
        }
        String domain =
                taxpayer.nameEn()
                                .toLowerCase(Locale.ROOT)
                                .replace(" co.", "")
                                .replaceAll("[^a-z]", "")
                        + ".com.eg";
        emails = new String[] {"accounts@" + domain, "finance@" + domain, "e-invoice@" + domain};
        devices = new String[2];
        for (int i = 0; i < devices.length; i++) {
            devices[i] = token(contacts, 22) + ":APA91b" + token(contacts, 134);
        }
        systems = new String[] {"ERP-" + taxpayer.rin() + "-01", "ERP-" + taxpayer.rin() + "-02"};

        generate(count);
    }

    /**
     * The arrivals' sent times, newest first: a Poisson process at the rate, over the days after
     * the anchor.
     */
    private long[] arrivals(double perHour) {
        if (perHour <= 0) return new long[0];
        SplittableRandom rnd = new SplittableRandom(mix(base ^ 0xA2217A15L));
        long end = anchorTicks + SandboxConfig.ARRIVALS_DAYS * TICKS_PER_DAY;
        double meanGap = TICKS_PER_HOUR / perHour;
        long[] out = new long[16];
        int n = 0;
        for (long t = anchorTicks + (long) (-Math.log(1 - rnd.nextDouble()) * meanGap);
                t < end;
                t += 1 + (long) (-Math.log(1 - rnd.nextDouble()) * meanGap)) {
            if (n == out.length) out = Arrays.copyOf(out, n * 2);
            out[n++] = t;
        }
        long[] newestFirst = new long[n];
        for (int i = 0; i < n; i++) newestFirst[i] = out[n - 1 - i];
        return newestFirst;
    }

    private void generate(int count) {
        int a = arrivals;
        SplittableRandom rnd = new SplittableRandom(base);
        LocalDate firstDay =
                LocalDate.ofInstant(fromTicks(anchorTicks), ZoneOffset.UTC).minusYears(2);
        long startTicks = toTicks(firstDay.atStartOfDay().toInstant(ZoneOffset.UTC));
        long days = (anchorTicks - startTicks) / TICKS_PER_DAY + 1;
        for (int i = 0; i < count; i++) {
            long t;
            do {
                long day = rnd.nextLong(days);
                // Mostly Cairo business hours (06:00-16:00 UTC), some at any time.
                long secondOfDay =
                        rnd.nextInt(4) != 0
                                ? 6 * 3600 + rnd.nextInt(10 * 3600)
                                : rnd.nextInt(24 * 3600);
                t =
                        startTicks
                                + day * TICKS_PER_DAY
                                + secondOfDay * TICKS_PER_SECOND
                                + rnd.nextLong(TICKS_PER_SECOND);
            } while (t >= anchorTicks);
            ticks[a + i] = t;
        }
        Arrays.sort(ticks, a, a + count);
        for (int i = a, j = a + count - 1; i < j; i++, j--) {
            long x = ticks[i];
            ticks[i] = ticks[j];
            ticks[j] = x;
        }
        for (int i = 0; i < a + count; i++) {
            SplittableRandom r = new SplittableRandom(mix(base + 31L * (i - a) + 1));
            int ty = pickType(r);
            int ch = pickChannel(r, ty);
            int la = r.nextInt(100) < 60 ? AR : EN;
            int st = pickStatus(r, ch);
            long age = anchorTicks - ticks[i];
            if (i < a) {
                // an arrival: pending while fresh (see effectiveStatus), then sent or failed; only
                // ERP pick-ups stay pending, and no batch is made after the anchor
                if (st == BATCHED || st == PENDING && ch != SYSTEM) st = DELIVERED;
            } else if (age < TICKS_PER_HOUR) st = PENDING; // still being sent
            else if (st == PENDING && age > 3 * TICKS_PER_DAY && ch != SYSTEM)
                st = DELIVERED; // only ERP pick-ups wait long
            type[i] = (byte) ty;
            channel[i] = (byte) ch;
            language[i] = (byte) la;
            status[i] = (byte) st;
        }
    }

    private static int pickType(SplittableRandom r) {
        int x = r.nextInt(1000);
        int[] cumulative = {10, 130, 150, 210, 270, 570, 850, 900, 1000};
        for (int t = 0; t < cumulative.length; t++) {
            if (x < cumulative[t]) return t;
        }
        return 8;
    }

    private static int pickChannel(SplittableRandom r, int type) {
        int x = r.nextInt(100);
        if (type == OTP) return x < 70 ? SMS : EMAIL;
        if (x < 40) return EMAIL;
        if (x < 70) return SYSTEM;
        if (x < 90) return PUSH;
        return SMS;
    }

    private static int pickStatus(SplittableRandom r, int ch) {
        int x = r.nextInt(100);
        if (x < 8) return PENDING;
        if (x < 18) return ch == EMAIL || ch == SYSTEM ? BATCHED : DELIVERED;
        if (x < 27) return ERROR;
        return DELIVERED;
    }

    /**
     * The notifications in the history at this time: the generated ones and the arrivals sent by
     * then.
     */
    int size(Instant now) {
        return ticks.length - visibleFrom(toTicks(now));
    }

    /** The first row the clock has reached: arrivals after now are not sent yet. */
    private int visibleFrom(long now) {
        return Math.min(arrivals, firstAtOrBefore(now));
    }

    SandboxTaxpayer taxpayer() {
        return taxpayer;
    }

    /**
     * Runs a query at this time: binary search on time, scan of the byte columns, then materialises
     * the page.
     */
    SandboxPage query(SandboxQuery q, Instant now) {
        long nowTicks = toTicks(now);
        int from = visibleFrom(nowTicks);
        int to = ticks.length;
        // arrivals sent within FRESH of now are still pending
        int freshEnd = Math.min(arrivals, firstBefore(nowTicks - FRESH));
        if (q.dateTo() != null) from = Math.max(from, firstAtOrBefore(toTicks(q.dateTo())));
        if (q.dateFrom() != null) to = firstBefore(toTicks(q.dateFrom()));
        int ty = q.typeId() == null ? -1 : typeIndex(q.typeId());
        int la = q.language() == null ? -1 : LANGUAGES.indexOf(q.language());
        int st = q.status() == null ? -1 : STATUSES.indexOf(q.status());
        int ch = q.channel() == null ? -1 : CHANNELS.indexOf(q.channel());
        if ((q.typeId() != null && ty < 0)
                || (q.language() != null && la < 0)
                || (q.status() != null && st < 0)
                || (q.channel() != null && ch < 0)) {
            throw new IllegalArgumentException("unknown filter value in " + q);
        }
        long skip = (long) (q.pageNo() - 1) * q.pageSize();
        int size = q.pageSize();
        List<Integer> rows = new ArrayList<>(Math.min(size, 1024));
        long total;
        if (ty < 0 && la < 0 && st < 0 && ch < 0) {
            total = Math.max(0, to - from);
            for (long i = from + skip; i < to && rows.size() < size; i++) rows.add((int) i);
        } else {
            total = 0;
            for (int i = from; i < to; i++) {
                if ((ty < 0 || type[i] == ty)
                        && (la < 0 || language[i] == la)
                        && (st < 0 || (i < freshEnd ? PENDING : status[i]) == st)
                        && (ch < 0 || channel[i] == ch)) {
                    if (total >= skip && rows.size() < size) rows.add(i);
                    total++;
                }
            }
        }
        List<SandboxNotification> result = new ArrayList<>(rows.size());
        for (int i : rows) result.add(materialise(i, i < freshEnd));
        long pages = total == 0 ? 0 : (total + size - 1) / size;
        return new SandboxPage(List.copyOf(result), total, pages);
    }

    /** First index whose time is <= t (ticks sorted descending). */
    private int firstAtOrBefore(long t) {
        int lo = 0, hi = ticks.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ticks[mid] > t) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /** First index whose time is < t. */
    private int firstBefore(long t) {
        int lo = 0, hi = ticks.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ticks[mid] >= t) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /**
     * Builds the full notification of row i; the same row always gives the same notification (a
     * fresh arrival, still pending, has no attempt yet).
     */
    private SandboxNotification materialise(int i, boolean fresh) {
        boolean arrival = i < arrivals;
        SplittableRandom r = new SplittableRandom(mix(base + 31L * (i - arrivals) + 17));
        int ty = type[i], ch = channel[i], la = language[i], st = fresh ? PENDING : status[i];
        long t = ticks[i];
        String id =
                new UUID(
                                (r.nextLong() & ~0xF000L) | 0x4000L,
                                (r.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L)
                        .toString();

        Map<String, String> p = new HashMap<>();
        String[] party = MessageCatalog.PARTIES[r.nextInt(MessageCatalog.PARTIES.length)];
        p.put("party", party[la]);
        LocalDate day = LocalDate.ofInstant(fromTicks(t), ZoneOffset.UTC);
        switch (ty) {
            case 1 -> p.put("otp", String.format(Locale.ROOT, "%06d", r.nextInt(1_000_000)));
            case 2 -> p.put("date", day.plusDays(14).toString());
            case 3 -> p.put("date", day.plusDays(3 + r.nextInt(10)).toString());
            case 4 ->
                    p.put(
                            "pkg",
                            "PKG-"
                                    + day.getYear()
                                    + "-"
                                    + String.format(Locale.ROOT, "%06d", r.nextInt(1_000_000)));
            case 5, 6, 7, 8 -> {
                p.put(
                        "doc",
                        "INV-"
                                + day.getYear()
                                + "-"
                                + String.format(Locale.ROOT, "%06d", r.nextInt(1_000_000)));
                p.put("uuid", documentUuid(r));
                p.put(
                        "amount",
                        String.format(
                                Locale.ROOT,
                                "%,.2f",
                                (r.nextInt(5_000_000) + 500) / 100.0 * (1 + r.nextInt(40))));
                if (ty == 8)
                    p.put(
                            "reason",
                            MessageCatalog.REASONS[r.nextInt(MessageCatalog.REASONS.length)][la]);
            }
            default -> {}
        }
        String recipient = la == AR ? taxpayer.nameAr() : taxpayer.nameEn();
        String message = MessageCatalog.message(ty, ch, la, recipient, p);

        String address = address(ch, r);
        List<SandboxAttempt> attempts;
        Instant delivered = null;
        switch (st) {
            case DELIVERED -> {
                attempts = new ArrayList<>();
                // an arrival's one attempt is over before it is no longer fresh
                int failures = arrival ? 0 : r.nextInt(100) < 80 ? 0 : 1 + r.nextInt(2);
                long at = t + TICKS_PER_SECOND + r.nextLong(90 * TICKS_PER_SECOND);
                for (int k = 0; k < failures; k++) {
                    attempts.add(new SandboxAttempt(fromTicks(at), "error", errorDetail(ch, r)));
                    at += (5L << k) * TICKS_PER_MINUTE + r.nextLong(TICKS_PER_MINUTE);
                }
                attempts.add(new SandboxAttempt(fromTicks(at), "delivered", null));
                delivered = fromTicks(at);
            }
            case ERROR -> {
                attempts = new ArrayList<>();
                int n = arrival ? 1 : 1 + r.nextInt(4);
                long at = t + TICKS_PER_SECOND + r.nextLong(90 * TICKS_PER_SECOND);
                for (int k = 0; k < n; k++) {
                    attempts.add(new SandboxAttempt(fromTicks(at), "error", errorDetail(ch, r)));
                    at += (5L << k) * TICKS_PER_MINUTE + r.nextLong(TICKS_PER_MINUTE);
                }
            }
            case BATCHED -> {
                long bucket =
                        (anchorTicks - t) / BATCH_WINDOW; // >= 1: the last hour is still pending
                SplittableRandom b =
                        new SplittableRandom(mix(base ^ (bucket * 8 + ch) * 0xBF58476D1CE4E5B9L));
                address = address(ch, b);
                attempts = new ArrayList<>();
                long at =
                        anchorTicks
                                - bucket * BATCH_WINDOW
                                + TICKS_PER_MINUTE
                                + b.nextLong(4 * TICKS_PER_MINUTE);
                boolean ok = b.nextInt(100) < 90;
                int failures = ok ? (b.nextInt(100) < 85 ? 0 : 1) : 1 + b.nextInt(3);
                for (int k = 0; k < failures; k++) {
                    attempts.add(new SandboxAttempt(fromTicks(at), "error", errorDetail(ch, b)));
                    at += (5L << k) * TICKS_PER_MINUTE + b.nextLong(TICKS_PER_MINUTE);
                }
                if (ok) {
                    attempts.add(new SandboxAttempt(fromTicks(at), "delivered", null));
                    delivered = fromTicks(at);
                }
            }
            default -> attempts = List.of();
        }
        return new SandboxNotification(
                id,
                fromTicks(t),
                delivered,
                String.valueOf(ty + 1),
                MessageCatalog.typeName(ty),
                message,
                CHANNELS.get(ch),
                address,
                LANGUAGES.get(la),
                STATUSES.get(st),
                List.copyOf(attempts));
    }

    private String address(int ch, SplittableRandom r) {
        return switch (ch) {
            case SMS -> phones[r.nextInt(phones.length)];
            case EMAIL -> emails[r.nextInt(emails.length)];
            case PUSH -> devices[r.nextInt(devices.length)];
            default -> systems[r.nextInt(systems.length)];
        };
    }

    private static String errorDetail(int ch, SplittableRandom r) {
        String[] options = MessageCatalog.DELIVERY_ERRORS[ch];
        return options[r.nextInt(options.length)];
    }

    private static final String BASE32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    private static final String URLSAFE =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

    /** A 26-character document UUID of the shape the e-invoicing system assigns. */
    private static String documentUuid(SplittableRandom r) {
        StringBuilder sb = new StringBuilder(26);
        for (int k = 0; k < 26; k++) sb.append(BASE32.charAt(r.nextInt(32)));
        return sb.toString();
    }

    private static String token(SplittableRandom r, int n) {
        StringBuilder sb = new StringBuilder(n);
        for (int k = 0; k < n; k++) sb.append(URLSAFE.charAt(r.nextInt(URLSAFE.length())));
        return sb.toString();
    }

    static long toTicks(Instant i) {
        try {
            return Math.addExact(
                    Math.multiplyExact(i.getEpochSecond(), TICKS_PER_SECOND), i.getNano() / 100);
        } catch (ArithmeticException e) { // far outside any data: saturate
            return i.getEpochSecond() < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }

    static Instant fromTicks(long t) {
        return Instant.ofEpochSecond(
                Math.floorDiv(t, TICKS_PER_SECOND), Math.floorMod(t, TICKS_PER_SECOND) * 100);
    }

    /** The 64-bit finaliser of SplitMix64. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
