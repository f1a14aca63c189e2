package app.ishaar.ui.history;

import app.ishaar.core.service.ApiErrorException;
import app.ishaar.core.service.BadArgumentException;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.NotPermittedException;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.ServiceUnavailableException;
import app.ishaar.core.service.SessionExpiredException;
import app.ishaar.core.service.UnexpectedResponseException;
import app.ishaar.ui.i18n.I18n;
import java.util.concurrent.CancellationException;

/** The localized text of a failed protected call ({@code error.call.*}), by the type of the failure. */
public final class CallErrors {
    private CallErrors() {}

    public static boolean isCancellation(Throwable t) {
        return ServiceException.unwrap(t) instanceof CancellationException;
    }

    /** What went wrong, in the UI language. */
    public static String message(I18n i18n, Throwable failure) {
        Throwable t = ServiceException.unwrap(failure);
        if (t instanceof SessionExpiredException) {
            return i18n.get("error.call.sessionExpired");
        } else if (t instanceof NotPermittedException) {
            return i18n.get("error.call.notPermitted");
        } else if (t instanceof BadArgumentException b) {
            return b.target() == null ? i18n.get("error.call.badArgument") : i18n.get("error.call.badArgumentTarget", b.target());
        } else if (t instanceof ServiceUnavailableException u) {
            return u.rateLimited() ? i18n.get("error.call.rateLimited") : i18n.get("error.call.unavailable", String.valueOf(u.status()));
        } else if (t instanceof NetworkException n) {
            return switch (n.kind()) {
                case UNREACHABLE -> i18n.get("error.call.network.unreachable", n.host());
                case TLS -> i18n.get("error.call.network.tls", n.host());
                case TIMEOUT -> i18n.get("error.call.network.timeout", n.host());
                case CONNECTION_LOST -> i18n.get("error.call.network.lost", n.host());
            };
        } else if (t instanceof UnexpectedResponseException u) {
            return i18n.get("error.call.unexpected", String.valueOf(u.status()));
        } else if (t instanceof ApiErrorException a) {
            return i18n.get("error.call.apiError", String.valueOf(a.status()));
        }
        return i18n.get("error.call.other");
    }

    /** The correlation id to quote, or null. */
    public static String correlationId(Throwable failure) {
        return ServiceException.unwrap(failure) instanceof ServiceException s ? s.correlationId().orElse(null) : null;
    }
}
