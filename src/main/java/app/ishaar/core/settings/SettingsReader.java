package app.ishaar.core.settings;

import app.ishaar.core.service.Environment;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the settings document with Jackson's streaming parser, for the start-up path: the app reads
 * its settings before the login dialog can show (language, last profile), and Jackson's data
 * binding costs ~250 ms of CPU the first time it is used (630 classes, and the JIT work they
 * bring), against ~20 ms for this. The document is still written by the data binding ({@link
 * SettingsStore#save}); {@code SettingsReaderTest} checks that this reads back exactly what that
 * writes, and reads what the data binding reads.
 *
 * <p>As the data binding was configured: members it does not know are skipped (a newer version's
 * settings), a missing or null member is the record's default (null, 0, false), and a value of the
 * wrong shape (an object where a text is expected, a malformed date-time) fails the whole read.
 */
final class SettingsReader {
    private SettingsReader() {}

    private static final JsonFactory FACTORY = new JsonFactory();

    /**
     * The settings in {@code json}; fails on malformed JSON, a wrong shape, or an empty document.
     */
    static Settings read(byte[] json) throws IOException {
        try (JsonParser p = FACTORY.createParser(json)) {
            JsonToken first = p.nextToken();
            if (first == null || first == JsonToken.VALUE_NULL) {
                throw new IOException("empty settings document");
            }
            Settings s = settings(p);
            if (p.nextToken() != null) {
                throw new JsonParseException(p, "trailing content after the settings document");
            }
            return s;
        }
    }

    private static Settings settings(JsonParser p) throws IOException {
        expect(p, JsonToken.START_OBJECT);
        int version = 0;
        String language = null;
        boolean latinDigits = false;
        String lastProfileId = null;
        List<Profile> profiles = null;
        Map<String, HistoryPrefs> history = null;
        WindowBounds mainWindow = null;
        List<String> taxpayerListHiddenIn = null;
        List<String> taxpayerListShownIn = null;
        int textSize = 0;
        Integer checkMinutes = null;
        String theme = null;
        Boolean desktopNotify = null;
        ProxyChoice proxy = null;
        Integer loginsPerMinute = null;
        Integer keepDays = null;
        String archive = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            switch (name) {
                case "version" -> version = integer(p, 0);
                case "language" -> language = text(p);
                case "latinDigits" -> latinDigits = bool(p);
                case "lastProfileId" -> lastProfileId = text(p);
                case "profiles" -> profiles = list(p, SettingsReader::profile);
                case "history" -> history = map(p, SettingsReader::historyPrefs);
                case "mainWindow" ->
                        mainWindow =
                                p.currentToken() == JsonToken.VALUE_NULL ? null : windowBounds(p);
                case "taxpayerListHiddenIn" -> taxpayerListHiddenIn = list(p, SettingsReader::text);
                case "taxpayerListShownIn" -> taxpayerListShownIn = list(p, SettingsReader::text);
                case "textSize" -> textSize = integer(p, 0);
                case "checkMinutes" -> checkMinutes = integer(p, -1); // (out of range: the default)
                case "theme" -> theme = text(p); // (unknown: light)
                case "desktopNotify" ->
                        desktopNotify = p.currentToken() == JsonToken.VALUE_NULL ? null : bool(p);
                case "proxy" ->
                        proxy = p.currentToken() == JsonToken.VALUE_NULL ? null : proxyChoice(p);
                // (out of range or not a number: the defaults)
                case "loginsPerMinute" -> loginsPerMinute = integer(p, -1);
                case "keepDays" -> keepDays = integer(p, -1);
                case "archive" -> archive = text(p);
                default -> p.skipChildren();
            }
        }
        return new Settings(
                version,
                language,
                latinDigits,
                lastProfileId,
                profiles,
                history,
                mainWindow,
                taxpayerListHiddenIn,
                taxpayerListShownIn,
                textSize,
                checkMinutes,
                theme,
                desktopNotify,
                proxy,
                loginsPerMinute,
                keepDays,
                archive);
    }

    /** How the service is reached; a manual entry naming no usable proxy is the system's. */
    private static ProxyChoice proxyChoice(JsonParser p) throws IOException {
        expect(p, JsonToken.START_OBJECT);
        String mode = null;
        String host = null;
        int port = 0;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            switch (name) {
                case "mode" -> mode = text(p);
                case "host" -> host = text(p);
                case "port" -> port = integer(p, 0);
                default -> p.skipChildren();
            }
        }
        return new ProxyChoice(mode, host, port);
    }

    private static WindowBounds windowBounds(JsonParser p) throws IOException {
        expect(p, JsonToken.START_OBJECT);
        double x = 0;
        double y = 0;
        double width = 0;
        double height = 0;
        boolean maximized = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            switch (name) {
                case "x" -> x = number(p, 0);
                case "y" -> y = number(p, 0);
                case "width" -> width = number(p, 0);
                case "height" -> height = number(p, 0);
                case "maximized" -> maximized = bool(p);
                default -> p.skipChildren();
            }
        }
        return new WindowBounds(x, y, width, height, maximized);
    }

    private static Profile profile(JsonParser p) throws IOException {
        expect(p, JsonToken.START_OBJECT);
        String id = null;
        Environment.Kind environment = null;
        String authUrl = null;
        String baseUrl = null;
        String clientId = null;
        String scope = null;
        boolean rememberSecret = false;
        List<RepresentedTaxpayer> taxpayers = null;
        String lastTaxpayerRin = null;
        String ownName = null;
        RepresentedTaxpayer ownAsLoggedIn = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            switch (name) {
                case "id" -> id = text(p);
                case "environment" -> environment = Environment.Kind.fromStored(text(p));
                case "authUrl" -> authUrl = text(p);
                case "baseUrl" -> baseUrl = text(p);
                case "clientId" -> clientId = text(p);
                case "scope" -> scope = text(p);
                case "rememberSecret" -> rememberSecret = bool(p);
                case "taxpayers" -> taxpayers = list(p, SettingsReader::taxpayer);
                case "lastTaxpayerRin" -> lastTaxpayerRin = text(p);
                case "ownName" -> ownName = text(p);
                case "ownAsLoggedIn" ->
                        ownAsLoggedIn =
                                p.currentToken() == JsonToken.VALUE_NULL ? null : taxpayer(p);
                default -> p.skipChildren();
            }
        }
        return new Profile(
                id,
                environment,
                authUrl,
                baseUrl,
                clientId,
                scope,
                rememberSecret,
                taxpayers,
                lastTaxpayerRin,
                ownName,
                ownAsLoggedIn);
    }

    private static RepresentedTaxpayer taxpayer(JsonParser p) throws IOException {
        expect(p, JsonToken.START_OBJECT);
        String rin = null;
        String name = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            p.nextToken();
            switch (field) {
                case "rin" -> rin = text(p);
                case "name" -> name = text(p);
                default -> p.skipChildren();
            }
        }
        return new RepresentedTaxpayer(rin, name);
    }

    private static HistoryPrefs historyPrefs(JsonParser p) throws IOException {
        expect(p, JsonToken.START_OBJECT);
        String datePreset = null;
        Instant customFrom = null;
        Instant customTo = null;
        String type = null;
        String language = null;
        String status = null;
        String channel = null;
        Integer pageSize = null;
        List<HistoryPrefs.ColumnPref> columns = null;
        Double detailWidth = null;
        Boolean detailVisible = null;
        String exportFolder = null;
        String exportFormat = null;
        Instant lastVisit = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            switch (name) {
                case "datePreset" -> datePreset = text(p);
                case "customFrom" -> customFrom = instant(p);
                case "customTo" -> customTo = instant(p);
                case "type" -> type = text(p);
                case "language" -> language = text(p);
                case "status" -> status = text(p);
                case "channel" -> channel = text(p);
                case "pageSize" ->
                        pageSize = p.currentToken() == JsonToken.VALUE_NULL ? null : integer(p, 0);
                case "columns" -> columns = list(p, SettingsReader::column);
                case "detailWidth" ->
                        detailWidth = p.currentToken() == JsonToken.VALUE_NULL ? null : number(p);
                case "detailVisible" ->
                        detailVisible = p.currentToken() == JsonToken.VALUE_NULL ? null : bool(p);
                case "exportFolder" -> exportFolder = text(p);
                case "exportFormat" -> exportFormat = text(p);
                case "lastVisit" -> lastVisit = instant(p);
                default -> p.skipChildren();
            }
        }
        return new HistoryPrefs(
                datePreset,
                customFrom,
                customTo,
                type,
                language,
                status,
                channel,
                pageSize,
                columns,
                detailWidth,
                detailVisible,
                exportFolder,
                exportFormat,
                lastVisit);
    }

    private static HistoryPrefs.ColumnPref column(JsonParser p) throws IOException {
        expect(p, JsonToken.START_OBJECT);
        String id = null;
        double width = 0;
        boolean visible = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            switch (name) {
                case "id" -> id = text(p);
                case "width" -> width = number(p, 0);
                case "visible" -> visible = bool(p);
                default -> p.skipChildren();
            }
        }
        return new HistoryPrefs.ColumnPref(id, width, visible);
    }

    // ---- values ----

    @FunctionalInterface
    private interface Element<T> {
        T read(JsonParser p) throws IOException;
    }

    private static <T> List<T> list(JsonParser p, Element<T> element) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return null;
        }
        expect(p, JsonToken.START_ARRAY);
        List<T> out = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            out.add(p.currentToken() == JsonToken.VALUE_NULL ? null : element.read(p));
        }
        return out;
    }

    private static <T> Map<String, T> map(JsonParser p, Element<T> value) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return null;
        }
        expect(p, JsonToken.START_OBJECT);
        Map<String, T> out = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            p.nextToken();
            out.put(key, p.currentToken() == JsonToken.VALUE_NULL ? null : value.read(p));
        }
        return out;
    }

    /**
     * A text member: a string, or a number or boolean in its JSON spelling (as the data binding
     * coerces them).
     */
    private static String text(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (!t.isScalarValue()) {
            throw new JsonParseException(
                    p, "expected a text for '" + p.currentName() + "', found " + t);
        }
        return p.getText();
    }

    private static boolean bool(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_TRUE) {
            return true;
        }
        if (t == JsonToken.VALUE_FALSE || t == JsonToken.VALUE_NULL) {
            return false;
        }
        if (t == JsonToken.VALUE_STRING
                && ("true".equals(p.getText()) || "false".equals(p.getText()))) {
            return Boolean.parseBoolean(p.getText());
        }
        throw new JsonParseException(
                p, "expected true or false for '" + p.currentName() + "', found " + t);
    }

    private static int integer(JsonParser p, int ifNull) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return ifNull;
        }
        if (t == JsonToken.VALUE_NUMBER_INT) {
            return p.getIntValue();
        }
        if (t == JsonToken.VALUE_STRING) {
            try {
                return Integer.parseInt(p.getText().trim());
            } catch (NumberFormatException e) {
                throw new JsonParseException(
                        p, "expected a whole number for '" + p.currentName() + "'", e);
            }
        }
        throw new JsonParseException(
                p, "expected a whole number for '" + p.currentName() + "', found " + t);
    }

    private static double number(JsonParser p, double ifNull) throws IOException {
        return p.currentToken() == JsonToken.VALUE_NULL ? ifNull : number(p);
    }

    private static double number(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
            return p.getDoubleValue();
        }
        if (t == JsonToken.VALUE_STRING) {
            try {
                return Double.parseDouble(p.getText().trim());
            } catch (NumberFormatException e) {
                throw new JsonParseException(
                        p, "expected a number for '" + p.currentName() + "'", e);
            }
        }
        throw new JsonParseException(
                p, "expected a number for '" + p.currentName() + "', found " + t);
    }

    /**
     * An ISO-8601 instant as written ({@code 2026-03-01T10:00:00Z}), or seconds since the epoch
     * (with a fraction).
     */
    private static Instant instant(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t == JsonToken.VALUE_STRING) {
            String s = p.getText().trim();
            if (s.isEmpty()) {
                return null;
            }
            try {
                return Instant.parse(s);
            } catch (DateTimeParseException e) {
                throw new JsonParseException(
                        p, "expected a date-time for '" + p.currentName() + "'", e);
            }
        }
        if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
            BigDecimal seconds = p.getDecimalValue();
            return Instant.ofEpochSecond(
                    seconds.longValue(),
                    seconds.remainder(BigDecimal.ONE).movePointRight(9).intValue());
        }
        throw new JsonParseException(
                p, "expected a date-time for '" + p.currentName() + "', found " + t);
    }

    private static void expect(JsonParser p, JsonToken token) throws IOException {
        if (p.currentToken() != token) {
            throw new JsonParseException(p, "expected " + token + ", found " + p.currentToken());
        }
    }
}
