package app.ishaar.sandbox;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The integration API: {@code GET /api/v1.0/notifications/taxpayer}. */
final class NotificationEndpoint {
    static final String PATH = "/api/v1.0/notifications/taxpayer";

    private final Sandbox sandbox;

    NotificationEndpoint(Sandbox sandbox) {
        this.sandbox = sandbox;
    }

    /** A 400 BadArgument about one query parameter. */
    private static final class BadArgument extends Exception {
        private static final long serialVersionUID = 1L;
        final String target;
        final String arabic;

        BadArgument(String target, String english, String arabic) {
            super(english, null, false, false);
            this.target = target;
            this.arabic = arabic;
        }
    }

    void handle(HttpExchange ex) throws IOException {
        Exchanges.drain(ex);
        String path = ex.getRequestURI().getRawPath();
        if (path.length() > 1 && path.endsWith("/")) path = path.substring(0, path.length() - 1);
        boolean ar = Exchanges.arabic(ex);
        if (!path.equalsIgnoreCase(PATH)) {
            Exchanges.sendError(
                    ex,
                    404,
                    "NotFound",
                    ar ? "المورد المطلوب غير موجود." : "The requested resource does not exist.",
                    null);
            return;
        }
        if (!"GET".equals(ex.getRequestMethod())) {
            ex.getResponseHeaders().set("Allow", "GET");
            Exchanges.sendError(
                    ex,
                    405,
                    "MethodNotAllowed",
                    ar ? "الطريقة غير مسموح بها." : "Method not allowed.",
                    null);
            return;
        }
        if (Exchanges.disturb(ex, sandbox.knobs())) return;

        Instant now = sandbox.now();
        TokenService.Principal principal = null;
        String authorization = ex.getRequestHeaders().getFirst("Authorization");
        if (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            principal = sandbox.tokens().verify(authorization.substring(7).trim(), now);
        }
        if (principal == null) {
            ex.getResponseHeaders().set("WWW-Authenticate", "Bearer error=\"invalid_token\"");
            Exchanges.sendEmpty(ex, 401);
            return;
        }
        if (Exchanges.rateLimited(
                ex, sandbox.knobs(), "api:" + principal.clientId(), now.toEpochMilli(), true))
            return;

        Directory.Erp erp = sandbox.directory().erp(principal.clientId());
        SandboxTaxpayer taxpayer = sandbox.directory().taxpayer(principal.taxRin());
        boolean allowed;
        if (erp == null || taxpayer == null) {
            allowed = false;
        } else if (erp.intermediary()) {
            SandboxTaxpayer delegation = erp.delegation(taxpayer.rin());
            allowed = delegation != null && delegation.grantsNotifications();
        } else {
            allowed = erp.owner().rin().equals(taxpayer.rin());
        }
        if (!allowed) {
            Exchanges.sendError(
                    ex,
                    403,
                    "Forbidden",
                    ar
                            ? "لم يمنح الممول هذا النظام صلاحية الاطلاع على إشعاراته."
                            : "The taxpayer has not granted this system access to its notifications.",
                    null);
            return;
        }

        SandboxQuery query;
        try {
            query = parse(ex.getRequestURI().getRawQuery());
        } catch (BadArgument e) {
            Exchanges.sendError(ex, 400, "BadArgument", ar ? e.arabic : e.getMessage(), e.target);
            return;
        }
        SandboxPage page = sandbox.query(taxpayer.rin(), query);
        Exchanges.sendJson(ex, 200, toJson(page));
    }

    private SandboxQuery parse(String rawQuery) throws BadArgument {
        Map<String, String> p;
        try {
            p = Exchanges.parseForm(rawQuery);
        } catch (IllegalArgumentException e) {
            String target = e.getMessage();
            throw new BadArgument(
                    target,
                    "The value of '" + target + "' is not correctly URL-encoded.",
                    "قيمة '" + target + "' غير مرمزة بشكل صحيح.");
        }
        int maxPageSize = sandbox.knobs().maxPageSize();
        Integer pageNo = integer(p, "pageNo");
        if (pageNo != null && pageNo < 1) {
            throw new BadArgument(
                    "pageNo",
                    "pageNo must be 1 or greater.",
                    "يجب أن يكون pageNo مساوياً لـ 1 أو أكبر.");
        }
        Integer pageSize = integer(p, "pageSize");
        if (pageSize != null && (pageSize < 1 || pageSize > maxPageSize)) {
            throw new BadArgument(
                    "pageSize",
                    "pageSize must be between 1 and " + maxPageSize + ".",
                    "يجب أن يكون pageSize بين 1 و" + maxPageSize + ".");
        }
        Instant from = dateTime(p, "dateFrom");
        Instant to = dateTime(p, "dateTo");
        String type = value(p, "type");
        if (type != null) {
            int t;
            try {
                t = Integer.parseInt(type.trim());
            } catch (NumberFormatException e) {
                t = -1;
            }
            if (t < 1 || t > Vocabulary.TYPE_NAMES.size()) {
                throw new BadArgument(
                        "type",
                        "The value '" + type + "' is not a valid notification type ID (1-9).",
                        "القيمة '" + type + "' ليست معرف نوع إشعار صالحاً (1-9).");
            }
            type = String.valueOf(t);
        }
        String language = oneOf(p, "language", Vocabulary.LANGUAGES);
        String status = oneOf(p, "status", Vocabulary.STATUSES);
        String channel = oneOf(p, "channel", Vocabulary.CHANNELS);
        int size = pageSize != null ? pageSize : Math.min(Sandbox.DEFAULT_PAGE_SIZE, maxPageSize);
        return new SandboxQuery(
                from, to, type, language, status, channel, pageNo != null ? pageNo : 1, size);
    }

    /** A parameter's value; empty counts as absent, as the service's model binding treats it. */
    private static String value(Map<String, String> p, String name) {
        String v = p.get(name);
        return v == null || v.isBlank() ? null : v;
    }

    private static Integer integer(Map<String, String> p, String name) throws BadArgument {
        String v = value(p, name);
        if (v == null) return null;
        try {
            return Integer.valueOf(v.trim());
        } catch (NumberFormatException e) {
            throw new BadArgument(
                    name,
                    "The value '" + v + "' is not valid for " + name + ".",
                    "القيمة '" + v + "' غير صالحة لـ " + name + ".");
        }
    }

    private static Instant dateTime(Map<String, String> p, String name) throws BadArgument {
        String v = value(p, name);
        if (v == null) return null;
        try {
            return WireTime.parse(v);
        } catch (java.time.DateTimeException | ArithmeticException e) {
            throw new BadArgument(
                    name,
                    "The value '" + v + "' is not a valid date-time for " + name + ".",
                    "القيمة '" + v + "' ليست تاريخاً ووقتاً صالحين لـ " + name + ".");
        }
    }

    private static String oneOf(Map<String, String> p, String name, List<String> allowed)
            throws BadArgument {
        String v = value(p, name);
        if (v == null) return null;
        String lower = v.trim().toLowerCase(Locale.ROOT);
        if (!allowed.contains(lower)) {
            throw new BadArgument(
                    name,
                    "The value '"
                            + v
                            + "' is not valid for "
                            + name
                            + " ("
                            + String.join(", ", allowed)
                            + ").",
                    "القيمة '"
                            + v
                            + "' غير صالحة لـ "
                            + name
                            + " ("
                            + String.join("، ", allowed)
                            + ").");
        }
        return lower;
    }

    private static ObjectNode toJson(SandboxPage page) {
        ObjectNode root = Exchanges.JSON.createObjectNode();
        ArrayNode result = root.putArray("result");
        for (SandboxNotification n : page.result()) {
            n.writeWire(result.addObject());
        }
        ObjectNode metadata = root.putObject("metadata");
        metadata.put("totalPages", page.totalPages());
        metadata.put("totalCount", page.totalCount());
        return root;
    }
}
