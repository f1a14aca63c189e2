package app.ishaar.core.model;

import java.time.Instant;

/**
 * The filters and paging of a notification history query (spec 4.2). Every member is optional (null
 * = not sent). Values are the wire values: {@code type} is a type id such as {@code "7"}, {@code
 * language} {@code "ar"|"en"}, {@code status} and {@code channel} their lower-case names (the
 * archive also reads several comma-separated values, any of which matches; the service one). {@code
 * pageNo} is 1-based.
 */
public record NotificationQuery(
        Instant dateFrom,
        Instant dateTo,
        String type,
        String language,
        String status,
        String channel,
        Integer pageNo,
        Integer pageSize) {

    public static final NotificationQuery ALL =
            new NotificationQuery(null, null, null, null, null, null, null, null);

    public NotificationQuery withPage(int newPageNo) {
        return new NotificationQuery(
                dateFrom, dateTo, type, language, status, channel, newPageNo, pageSize);
    }

    public NotificationQuery withPageSize(Integer newPageSize) {
        return new NotificationQuery(
                dateFrom, dateTo, type, language, status, channel, pageNo, newPageSize);
    }

    public NotificationQuery withDates(Instant from, Instant to) {
        return new NotificationQuery(from, to, type, language, status, channel, pageNo, pageSize);
    }

    public NotificationQuery withType(String newType) {
        return new NotificationQuery(
                dateFrom, dateTo, newType, language, status, channel, pageNo, pageSize);
    }

    public NotificationQuery withLanguage(String newLanguage) {
        return new NotificationQuery(
                dateFrom, dateTo, type, newLanguage, status, channel, pageNo, pageSize);
    }

    public NotificationQuery withStatus(String newStatus) {
        return new NotificationQuery(
                dateFrom, dateTo, type, language, newStatus, channel, pageNo, pageSize);
    }

    public NotificationQuery withChannel(String newChannel) {
        return new NotificationQuery(
                dateFrom, dateTo, type, language, status, newChannel, pageNo, pageSize);
    }
}
