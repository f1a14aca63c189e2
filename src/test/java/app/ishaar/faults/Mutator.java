package app.ishaar.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Turns a valid answer into a hostile one, deterministically from a {@link Random}: truncations,
 * byte splices (invalid UTF-8 too), type swaps, huge numbers, deep nesting, odd unicode, odd
 * date-times, dropped and duplicated members.
 */
final class Mutator {
    private static final ObjectMapper M = new ObjectMapper();
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    static final String[] FIELDS = {
        "result",
        "metadata",
        "totalPages",
        "totalCount",
        "notificationId",
        "receivedDateTime",
        "deliveredDateTime",
        "typeId",
        "typeName",
        "finalMessage",
        "channel",
        "address",
        "language",
        "status",
        "deliveryAttempts",
        "attemptDateTime",
        "statusDetails",
        "access_token",
        "expires_in",
        "token_type",
        "scope",
        "error",
        "error_description"
    };

    static final String[] ODD_TEXT = {
        "",
        " ",
        "\u202E\u0645\u0631\u062D\u0628\u0627",
        "\u0000",
        "\uFEFF",
        "\uD800",
        "\uDFFF",
        "\uD83D\uDE00",
        "\u200F\u200E\u2066\u2069",
        "\r\n\t",
        "null",
        "NaN",
        "-Infinity",
        "1e999999",
        "<html>",
        "\\",
        "\"",
        "'",
        "\u0661\u0662\u0663",
        "\uFFFF\uFFFE"
    };

    static final String[] ODD_DATES = {
        "2026-02-30T10:00Z",
        "2026-01-01T25:00Z",
        "2026-01-01T10:00:00.1234567890Z",
        "+999999999-12-31T23:59:59Z",
        "-999999999-01-01T00:00:00+18:00",
        "+999999999-12-31T23:59:59.9999999-18:00",
        "2026-01-01",
        "10:00",
        "2026-01-01T10:00:00+25:00",
        "2026-01-01T10:00:00.1234567",
        "2026-01-01t10:00z",
        "0000-00-00T00:00:00Z",
        "2026-01-01T10:00:00+0530",
        "\u0662\u0660\u0662\u0666-01-01T10:00Z",
        "2026-01-01T10:00:60Z",
        "9999999999",
        "2026-W01-1T10:00Z"
    };

    private final Random r;

    Mutator(Random r) {
        this.r = r;
    }

    byte[] mutate(byte[] valid) {
        byte[] b = valid;
        int rounds = 1 + r.nextInt(3);
        for (int i = 0; i < rounds; i++) {
            b = once(b);
        }
        return b;
    }

    private byte[] once(byte[] b) {
        switch (r.nextInt(10)) {
            case 0:
                return truncate(b);
            case 1:
                return splice(b);
            case 2:
                return nestDeep(b);
            case 3:
                return textInsert(b, "\"result\":null,");
            case 4:
                return textInsert(b, "\"metadata\":[" + hugeNumber() + "],");
            default:
                return tree(b);
        }
    }

    private byte[] truncate(byte[] b) {
        int n = b.length == 0 ? 0 : r.nextInt(b.length);
        byte[] out = new byte[n];
        System.arraycopy(b, 0, out, 0, n);
        return out;
    }

    private byte[] splice(byte[] b) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = b.length == 0 ? 0 : r.nextInt(b.length);
        int cut = Math.min(b.length - at, r.nextInt(8));
        out.write(b, 0, at);
        int len = 1 + r.nextInt(12);
        for (int i = 0; i < len; i++) {
            int k = r.nextInt(6);
            out.write(
                    k == 0
                            ? 0xC0
                            : k == 1
                                    ? 0xFF
                                    : k == 2 ? 0xED : k == 3 ? '"' : k == 4 ? '{' : r.nextInt(256));
        }
        out.write(b, at + cut, b.length - at - cut);
        return out.toByteArray();
    }

    private byte[] nestDeep(byte[] b) {
        int depth = r.nextBoolean() ? 50 + r.nextInt(500) : 2_000 + r.nextInt(20_000);
        String open = r.nextBoolean() ? "[" : "{\"result\":";
        String close = open.equals("[") ? "]" : "}";
        StringBuilder s = new StringBuilder();
        s.append(open.repeat(depth));
        s.append(new String(b, StandardCharsets.UTF_8));
        if (r.nextInt(4) > 0) {
            s.append(close.repeat(depth));
        }
        return s.toString().getBytes(StandardCharsets.UTF_8);
    }

    private byte[] textInsert(byte[] b, String what) {
        String s = new String(b, StandardCharsets.UTF_8);
        int brace = s.indexOf('{');
        if (brace < 0) {
            return b;
        }
        return (s.substring(0, brace + 1) + what + s.substring(brace + 1))
                .getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Parses, changes one node (or a few), writes back; bytes that do not parse are returned as
     * they are.
     */
    private byte[] tree(byte[] b) {
        JsonNode root;
        try {
            root = M.readTree(b);
        } catch (Exception e) {
            return b;
        }
        if (root == null || !root.isContainerNode()) {
            return randomValue(2).toString().getBytes(StandardCharsets.UTF_8);
        }
        List<JsonNode> containers = new ArrayList<>();
        collect(root, containers);
        JsonNode target = containers.get(r.nextInt(containers.size()));
        if (target instanceof ObjectNode o) {
            List<String> names = new ArrayList<>();
            o.fieldNames().forEachRemaining(names::add);
            int op = r.nextInt(4);
            if (op == 0 && !names.isEmpty()) {
                o.remove(names.get(r.nextInt(names.size())));
            } else if (op == 1 || names.isEmpty()) {
                o.set(FIELDS[r.nextInt(FIELDS.length)], randomValue(3));
            } else {
                String name = names.get(r.nextInt(names.size()));
                o.set(
                        name,
                        name.endsWith("DateTime") && r.nextBoolean()
                                ? F.textNode(ODD_DATES[r.nextInt(ODD_DATES.length)])
                                : randomValue(3));
            }
        } else if (target instanceof ArrayNode a) {
            if (a.size() > 0 && r.nextBoolean()) {
                a.set(r.nextInt(a.size()), randomValue(3));
            } else {
                a.add(randomValue(3));
            }
        }
        return root.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void collect(JsonNode n, List<JsonNode> out) {
        if (n.isContainerNode()) {
            out.add(n);
            if (out.size() > 4_000) {
                return;
            }
            Iterator<Map.Entry<String, JsonNode>> it = n.isObject() ? n.fields() : null;
            if (it != null) {
                it.forEachRemaining(e -> collect(e.getValue(), out));
            } else {
                n.forEach(x -> collect(x, out));
            }
        }
    }

    JsonNode randomValue(int depth) {
        int k = r.nextInt(depth <= 0 ? 8 : 11);
        switch (k) {
            case 0:
                return F.nullNode();
            case 1:
                return F.booleanNode(r.nextBoolean());
            case 2:
                return F.numberNode(r.nextInt(7) - 3);
            case 3:
                return F.numberNode(new BigInteger(hugeNumber()));
            case 4:
                return F.numberNode(new BigDecimal(r.nextBoolean() ? "1e400" : "-3.4e-400"));
            case 5:
                return F.textNode(ODD_TEXT[r.nextInt(ODD_TEXT.length)]);
            case 6:
                return F.textNode(ODD_DATES[r.nextInt(ODD_DATES.length)]);
            case 7:
                return F.textNode("\u0633".repeat(r.nextInt(50_000)));
            case 8:
                {
                    ArrayNode a = F.arrayNode();
                    int n = r.nextInt(4);
                    for (int i = 0; i < n; i++) {
                        a.add(randomValue(depth - 1));
                    }
                    return a;
                }
            default:
                {
                    ObjectNode o = F.objectNode();
                    int n = r.nextInt(5);
                    for (int i = 0; i < n; i++) {
                        o.set(FIELDS[r.nextInt(FIELDS.length)], randomValue(depth - 1));
                    }
                    return o;
                }
        }
    }

    String hugeNumber() {
        return (r.nextBoolean() ? "-" : "") + "9".repeat(19 + r.nextInt(400));
    }
}
