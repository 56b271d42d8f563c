package org.instrumentelement.portal.ie;

import jakarta.xml.ws.WebServiceException;
import org.instrumentelement.ie.client.soap.FaultInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.contract.FaultCode;

/**
 * Why something the operator asked for did not happen, as shown to them: the IE's fault code and
 * message when the IE refused, {@code UNREACHABLE} when it could not be reached, or a code of the
 * portal's own when the request never left the portal.
 */
public final class PortalError extends Exception {
  private static final long serialVersionUID = 1L;

  /** The code used when an IE cannot be reached. */
  public static final String UNREACHABLE = "UNREACHABLE";

  private final String code;
  private final String item;
  private final int httpStatus;

  public PortalError(String code, String message, String item, int httpStatus) {
    super(message);
    this.code = code;
    this.item = item;
    this.httpStatus = httpStatus;
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
      case NOT_ALLOWED_IN_STATE -> 409;
      case UNKNOWN_IM, UNKNOWN_ATTRIBUTE, UNKNOWN_PARAMETER, UNKNOWN_COMMAND -> 404;
      case INSTRUMENT_ERROR, INSTRUMENT_TIMEOUT, INTERNAL_ERROR -> 502;
      default -> 400;
    };
  }

  /** Whether the IE refused with this fault code. */
  public boolean is(FaultCode c) {
    return code.equals(c.name());
  }

  /** The IE named {@code element} did not answer. */
  public static PortalError unreachable(String element, WebServiceException e) {
    return new PortalError(
        UNREACHABLE,
        "Instrument Element '" + element + "' is unreachable: " + reason(e),
        null,
        503);
  }

  /** What went wrong on the network, in an operator's words. */
  static String reason(Throwable e) {
    Throwable deepest = e;
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof java.net.ConnectException
          || t instanceof java.nio.channels.ClosedChannelException) {
        return "connection refused (is it running?)";
      }
      if (t instanceof java.net.UnknownHostException) {
        return "unknown host " + t.getMessage();
      }
      if (t instanceof java.net.SocketTimeoutException
          || t instanceof java.net.http.HttpTimeoutException) {
        return "no answer in time";
      }
      deepest = t;
    }
    String m = deepest.getMessage();
    return m == null || m.isBlank() ? deepest.getClass().getSimpleName() : m;
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
}
