package app.ishaar.cli;

import app.ishaar.core.io.IoProblem;
import app.ishaar.core.service.ApiError;
import app.ishaar.core.service.ApiErrorException;
import app.ishaar.core.service.BadArgumentException;
import app.ishaar.core.service.InputRules;
import app.ishaar.core.service.InvalidEndpointException;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.NotPermittedException;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.ServiceUnavailableException;
import app.ishaar.core.service.SessionExpiredException;
import app.ishaar.core.service.UnexpectedResponseException;
import app.ishaar.core.support.Redaction;
import java.io.PrintStream;
import java.util.Map;

/**
 * Turns a failure into one line on stderr (more with --verbose, never a stack trace) and an exit
 * code.
 */
final class ErrorReporter {
    private ErrorReporter() {}

    private static final System.Logger LOG = System.getLogger("app.ishaar.cli");

    /** What a person reads for a bug: no class name (that is for -v and the support log). */
    static final String INTERNAL_LINE =
            "internal error: something unexpected went wrong in Ishaar; run again with -v for the"
                    + " details, and see the support log";

    private static final Map<String, String> OPTION_OF_PARAMETER =
            Map.of(
                    "pagesize",
                    "--page-size",
                    "pageno",
                    "--page",
                    "datefrom",
                    "--from",
                    "dateto",
                    "--to",
                    "type",
                    "--type",
                    "language",
                    "--language",
                    "status",
                    "--status",
                    "channel",
                    "--channel");

    static int report(
            Throwable t, PrintStream err, boolean verbose, String onBehalfOf, String scope) {
        int code;
        String line;
        if (t instanceof CliException c) {
            code = c.exitCode();
            line = c.getMessage();
        } else if (t instanceof InvalidEndpointException e) {
            code = ExitCodes.USAGE;
            line = "--" + e.getMessage();
        } else if (t instanceof LoginRejectedException e) {
            code = ExitCodes.LOGIN_REJECTED;
            line = loginMessage(e, onBehalfOf, scope);
        } else if (t instanceof BadArgumentException e) {
            code = ExitCodes.USAGE;
            String target = e.target();
            String option =
                    target == null
                            ? null
                            : OPTION_OF_PARAMETER.get(target.toLowerCase(java.util.Locale.ROOT));
            String msg =
                    e.apiError() == null || e.apiError().message() == null
                            ? "refused"
                            : e.apiError().message();
            if ("--page-size".equals(option)) {
                line = "--page-size: the service refused this page size: " + msg;
            } else if (option != null) {
                line = option + ": the service refused this value: " + msg;
            } else {
                line = e.getMessage();
            }
        } else if (t instanceof NotPermittedException e) {
            code = ExitCodes.NOT_PERMITTED;
            line =
                    "not permitted: this login may not read these notifications"
                            + (e.apiError() != null && e.apiError().message() != null
                                    ? " (" + e.apiError().message() + ")"
                                    : "");
        } else if (t instanceof SessionExpiredException e) {
            code = ExitCodes.NOT_PERMITTED;
            line = e.getMessage();
        } else if (t instanceof NetworkException
                || t instanceof ServiceUnavailableException
                || t instanceof UnexpectedResponseException
                || t instanceof ApiErrorException) {
            code = ExitCodes.SERVICE;
            line = t.getMessage();
        } else if (t instanceof java.io.IOException e) {
            code = ExitCodes.SERVICE;
            line = "cannot write the output: " + IoProblem.of(e).words();
        } else {
            code = ExitCodes.INTERNAL;
            line = INTERNAL_LINE;
            LOG.log(System.Logger.Level.ERROR, "internal error", t);
        }
        err.println("ishaar: " + safeLine(line));
        if (verbose) {
            err.println(
                    safeLine(
                            "  error: "
                                    + t.getClass().getName()
                                    + (t instanceof ServiceException || t.getMessage() == null
                                            ? ""
                                            : ": " + t.getMessage())));
            if (t instanceof ServiceException se) {
                se.correlationId().ifPresent(id -> err.println(safeLine("  correlationId: " + id)));
            }
            if (t instanceof LoginRejectedException e) {
                err.println(
                        safeLine(
                                "  error code: "
                                        + e.rawError()
                                        + (e.description() == null
                                                ? ""
                                                : ", description: " + e.description())));
            }
            ApiError api =
                    t instanceof BadArgumentException b
                            ? b.apiError()
                            : t instanceof NotPermittedException n
                                    ? n.apiError()
                                    : t instanceof ApiErrorException a ? a.apiError() : null;
            if (api != null) {
                err.println(
                        safeLine(
                                "  service error: code="
                                        + api.code()
                                        + ", target="
                                        + api.target()
                                        + ", message="
                                        + api.message()));
                for (ApiError d : api.details()) {
                    err.println(
                            safeLine(
                                    "    detail: code="
                                            + d.code()
                                            + ", target="
                                            + d.target()
                                            + ", message="
                                            + d.message()));
                }
            }
            for (Throwable c = t.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
                err.println(
                        safeLine(
                                "  caused by: "
                                        + c.getClass().getName()
                                        + (c.getMessage() == null ? "" : ": " + c.getMessage())));
            }
        }
        return code;
    }

    /**
     * One line a terminal shows as written: no control or bidi characters, no 10 kB echo of a typed
     * value, and no password, secret or token (a location typed with its password, an error text of
     * the service echoing one) as the support log keeps none ({@link Redaction}).
     */
    static String safeLine(String line) {
        return InputRules.printable(Redaction.apply(line), 600);
    }

    static String loginMessage(LoginRejectedException e, String onBehalfOf, String scope) {
        String detail =
                " (" + e.rawError() + (e.description() == null ? "" : ": " + e.description()) + ")";
        return switch (e.reason()) {
            case BAD_CREDENTIALS -> "login rejected: wrong client ID or client secret" + detail;
            case BLOCKED -> "login rejected: the ERP system's user is blocked" + detail;
            case EXPIRED -> "login rejected: the ERP system's user has expired" + detail;
            case NOT_DELEGATED ->
                    "login rejected: "
                            + (onBehalfOf == null ? "the taxpayer" : "taxpayer " + onBehalfOf)
                            + " has not delegated to this ERP system"
                            + detail;
            case BAD_REQUEST ->
                    "login rejected: the service found the request invalid"
                            + (onBehalfOf == null
                                    ? "; an intermediary must name the taxpayer with --on-behalf-of"
                                    : "")
                            + detail;
            case SCOPE_REFUSED ->
                    "login rejected: the scope "
                            + (scope == null ? "" : scope + " ")
                            + "is not allowed (--scope)"
                            + detail;
            case OTHER -> "login rejected" + detail;
        };
    }
}
