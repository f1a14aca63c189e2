package app.ishaar.sandbox;

import java.time.Instant;

/**
 * A sandbox-side query, with the API's meaning: null = no filter; dates inclusive on the sent time;
 * typeId "1".."9"; language ar|en; status pending|batched|delivered|error; channel
 * sms|email|push|system.
 */
public record SandboxQuery(
        Instant dateFrom,
        Instant dateTo,
        String typeId,
        String language,
        String status,
        String channel,
        int pageNo,
        int pageSize) {

    public SandboxQuery {
        if (pageNo < 1) throw new IllegalArgumentException("pageNo must be >= 1");
        if (pageSize < 1) throw new IllegalArgumentException("pageSize must be >= 1");
    }

    /** Everything, first page of the API's default size. */
    public static SandboxQuery all() {
        return new SandboxQuery(null, null, null, null, null, null, 1, Sandbox.DEFAULT_PAGE_SIZE);
    }

    public SandboxQuery withDates(Instant from, Instant to) {
        return new SandboxQuery(from, to, typeId, language, status, channel, pageNo, pageSize);
    }

    public SandboxQuery withType(String t) {
        return new SandboxQuery(dateFrom, dateTo, t, language, status, channel, pageNo, pageSize);
    }

    public SandboxQuery withLanguage(String l) {
        return new SandboxQuery(dateFrom, dateTo, typeId, l, status, channel, pageNo, pageSize);
    }

    public SandboxQuery withStatus(String s) {
        return new SandboxQuery(dateFrom, dateTo, typeId, language, s, channel, pageNo, pageSize);
    }

    public SandboxQuery withChannel(String c) {
        return new SandboxQuery(dateFrom, dateTo, typeId, language, status, c, pageNo, pageSize);
    }

    public SandboxQuery withPage(int no, int size) {
        return new SandboxQuery(dateFrom, dateTo, typeId, language, status, channel, no, size);
    }
}
