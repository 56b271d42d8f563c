package org.instrumentelement.portal.ie;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Set;
import javax.net.ssl.SSLException;
import org.apache.cxf.transport.http.HTTPException;
import org.instrumentelement.ie.client.soap.FaultInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.contract.FaultCode;

/**
 * Why something the operator asked for did not happen, as shown to them: the IE's fault code and
 * message when the IE refused, {@code TOO_MANY_REQUESTS} or {@code SERVER_BUSY} when it was too
 * busy to answer, {@code UNREACHABLE} when it could not be reached or did not answer in time,
 * {@code UNEXPECTED_ANSWER} when it answered something that is not an Instrument Element's answer,
 * or a code of the portal's own when the request never left the portal.
 *
 * <p>Only an IE's positive answer grants anything: every error, whatever it is, refuses. What kind
 * of error it was is read from codes only (the HTTP status of the answer, the fault code in its
 * detail, the type of the I/O failure), never from the text of a message, which holds URLs and
 * other text of no meaning here (an IE on port 40155 must not look like a 401).
 */
public final class PortalError extends Exception {
  private static final long serialVersionUID = 1L;

  /** The code used when an IE cannot be reached, or does not answer in time. */
  public static final String UNREACHABLE = "UNREACHABLE";

  /** The code used when an IE answers with something that is not an IE's answer. */
  public static final String UNEXPECTED_ANSWER = "UNEXPECTED_ANSWER";

  /** The code used when the signed-in session has ended. */
  public static final String SIGN_IN = "SIGN_IN";

  /**
   * Codes after which the same request may succeed later without anyone changing anything: the IE
   * (or the way to it) was busy or away, not refusing.
   */
  private static final Set<String> PASSING =
      Set.of(
          FaultCode.TOO_MANY_REQUESTS.name(),
          FaultCode.SERVER_BUSY.name(),
          FaultCode.REQUEST_TIMEOUT.name(),
          UNREACHABLE,
          UNEXPECTED_ANSWER);

  private final String code;
  private final String item;
  private final int httpStatus;
  private final String reason;

  public PortalError(String code, String message, String item, int httpStatus) {
    this(code, message, item, httpStatus, message);
  }

  private PortalError(String code, String message, String item, int httpStatus, String reason) {
    super(message);
    this.code = code;
    this.item = item;
    this.httpStatus = httpStatus;
    this.reason = reason;
  }

  /** The IE's refusal, with an HTTP status that says whose the problem is. */
  public static PortalError of(InstrumentElementFault fault) {
    FaultInfo info = fault.getFaultInfo();
    String code =
        info == null || info.getCode() == null ? FaultCode.INTERNAL_ERROR.name() : info.getCode();
    String message =
        info == null || info.getMessage() == null ? fault.getMessage() : info.getMessage();
    return new PortalError(code, message, info == null ? null : info.getItem(), httpStatus(code));
  }

  /** The HTTP status of an IE's fault code: whose the problem is. */
  static int httpStatus(String code) {
    FaultCode c;
    try {
      c = FaultCode.valueOf(code);
    } catch (IllegalArgumentException newerThanThePortal) {
      return 400;
    }
    return switch (c) {
      case NOT_AUTHORIZED -> 403;
      case NOT_ALLOWED_IN_STATE -> 409;
      case UNKNOWN_IM, UNKNOWN_ATTRIBUTE, UNKNOWN_PARAMETER, UNKNOWN_COMMAND, NOT_ARCHIVED -> 404;
      case TOO_MANY_REQUESTS -> 429;
      case SERVER_BUSY, REQUEST_TIMEOUT -> 503;
      case INSTRUMENT_ERROR, INSTRUMENT_TIMEOUT, INTERNAL_ERROR -> 502;
      default -> 400;
    };
  }

  /**
   * What a call to the IE named {@code element} that did not end in an answer of the service (a
   * SOAP fault or a result) amounts to, told apart by the HTTP status of the answer, if one came,
   * or by the kind of failure.
   *
   * @param user whose credentials a 401 refused
   * @param timeout how long the portal waited for the answer
   */
  public static PortalError ofCall(String element, String user, Duration timeout, Throwable e) {
    HTTPException http = find(e, HTTPException.class);
    if (http != null) {
      return ofStatus(element, user, http.getResponseCode());
    }
    if (find(e, IOException.class) != null) {
      return unreachable(element, reason(e, timeout));
    }
    // A SOAP fault of another shape, an answer that does not parse: nothing an IE sends.
    return new PortalError(
        UNEXPECTED_ANSWER,
        "Instrument Element '"
            + element
            + "' gave an answer the portal does not understand (is its URL an Instrument"
            + " Element's SOAP endpoint?)",
        null,
        502);
  }

  /**
   * What an HTTP status other than a SOAP answer's means, from the IE named {@code element} to a
   * request made with {@code user}'s credentials (the service's own refusals come as SOAP faults;
   * the IE's gate answers before the service with these).
   */
  public static PortalError ofStatus(String element, String user, int status) {
    String ie = "Instrument Element '" + element + "'";
    return switch (status) {
      case 401 ->
          new PortalError(
              FaultCode.NOT_AUTHENTICATED.name(),
              ie + " refused the credentials of " + user,
              null,
              401);
      case 429 ->
          new PortalError(
              FaultCode.TOO_MANY_REQUESTS.name(),
              ie
                  + " is busy: too many requests in progress from the same address; try again in"
                  + " a moment",
              null,
              429,
              "busy (HTTP 429: too many requests in progress from the portal's address)");
      case 503 ->
          new PortalError(
              FaultCode.SERVER_BUSY.name(),
              ie + " is busy; try again in a moment",
              null,
              503,
              "busy (HTTP 503)");
      default ->
          new PortalError(
              UNEXPECTED_ANSWER,
              ie
                  + " answered HTTP "
                  + status
                  + " instead of an Instrument Element's answer (is the URL its SOAP endpoint?)",
              null,
              502,
              "answered HTTP " + status);
    };
  }

  /** The IE named {@code element} did not answer, for {@code reason} (in an operator's words). */
  public static PortalError unreachable(String element, String reason) {
    return new PortalError(
        UNREACHABLE,
        "Instrument Element '" + element + "' is unreachable: " + reason,
        null,
        503,
        reason);
  }

  /** What went wrong on the network, in an operator's words, from the kind of failure. */
  static String reason(Throwable e, Duration timeout) {
    if (find(e, ConnectException.class) != null) {
      return "connection refused (is it running?)";
    }
    if (find(e, UnknownHostException.class) != null) {
      // Not the exception's message: the client's wraps another's ("UnknownHostException invoking
      // <url>: null"), and the URL is beside the IE's name already.
      return "unknown host (is the host name in its URL right?)";
    }
    if (find(e, SocketTimeoutException.class) != null
        || find(e, HttpTimeoutException.class) != null) {
      return "no answer within " + seconds(timeout);
    }
    if (find(e, SSLException.class) != null) {
      return "the TLS connection failed (is its certificate trusted, and made out for its host?)";
    }
    return "the connection failed before an answer came";
  }

  private static String seconds(Duration d) {
    long ms = d.toMillis();
    return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
  }

  /** The first throwable of type {@code type} among {@code e} and its causes, or null. */
  private static <T extends Throwable> T find(Throwable e, Class<T> type) {
    int depth = 0;
    for (Throwable t = e; t != null && depth < 32; t = t.getCause(), depth++) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return null;
  }

  public String code() {
    return code;
  }

  /** The parameter, attribute, command or argument concerned, if any. */
  public String item() {
    return item;
  }

  public int httpStatus() {
    return httpStatus;
  }

  /**
   * Why, without the IE's name: for the tree, which shows it under the IE ({@code connection
   * refused (is it running?)}); the message itself for a refusal.
   */
  public String reason() {
    return reason;
  }

  /**
   * Why, in a line under the IE's name (in the tree, beside a trace): the reason alone when the IE
   * did not answer ({@code connection refused (is it running?)}), else the code and the reason
   * ({@code SERVER_BUSY: busy (HTTP 503)}).
   */
  public String briefly() {
    return code.equals(UNREACHABLE) ? reason : code + ": " + reason;
  }

  /** Whether the IE refused with this fault code. */
  public boolean is(FaultCode c) {
    return code.equals(c.name());
  }

  /**
   * Whether asking again later may succeed with nothing changed: the IE, or the way to it, was busy
   * or away. Such an error refuses like any other; it only says that it is worth asking again.
   */
  public boolean passing() {
    if (PASSING.contains(code)) {
      return true;
    }
    try {
      return FaultCode.valueOf(code).serverSide();
    } catch (IllegalArgumentException notAnIeCode) {
      return false;
    }
  }
}
