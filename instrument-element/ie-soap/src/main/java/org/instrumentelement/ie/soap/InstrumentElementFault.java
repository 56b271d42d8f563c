package org.instrumentelement.ie.soap;

import jakarta.xml.ws.WebFault;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.soap.types.FaultInfo;
import org.instrumentelement.ie.soap.types.Namespaces;
import org.instrumentelement.im.model.FreeText;
import org.instrumentelement.im.model.ImException;

/**
 * The one fault of the API; its detail says why, with a stable code. Names a request gave are
 * quoted back cut short, so that a fault is never much larger than a normal answer.
 */
@WebFault(name = "fault", targetNamespace = Namespaces.IE)
public class InstrumentElementFault extends Exception {
  private static final long serialVersionUID = 1L;

  /** Longest IM path or item name quoted back whole. */
  static final int MAX_NAME = 100;

  private final transient FaultInfo faultInfo;

  public InstrumentElementFault(String message, FaultInfo faultInfo) {
    super(message);
    this.faultInfo = faultInfo;
  }

  public InstrumentElementFault(String message, FaultInfo faultInfo, Throwable cause) {
    super(message, cause);
    this.faultInfo = faultInfo;
  }

  /** A fault for a refused request on {@code im} (and {@code item}, when it concerned one). */
  public static InstrumentElementFault of(ImException e, String im, String item) {
    return of(e.code(), e.getMessage(), im, item, e);
  }

  /**
   * A fault with this code and message about {@code im} and {@code item} (either may be null); long
   * names are cut short, in the message too. (Whatever else the message quotes of the request, and
   * its length, is bounded where every fault's message is finished: the server's {@code
   * FaultText}.)
   */
  public static InstrumentElementFault of(
      FaultCode code, String message, String im, String item, Throwable cause) {
    String m = shorten(shorten(String.valueOf(message), item), im);
    return new InstrumentElementFault(
        m, new FaultInfo(code.name(), m, name(im), name(item)), cause);
  }

  public static InstrumentElementFault of(FaultCode code, String message) {
    return new InstrumentElementFault(message, new FaultInfo(code.name(), message, null, null));
  }

  /**
   * Text from a request for quoting: cut to {@code max} characters (with its length), control
   * characters written {@code \\uXXXX} ({@link FreeText#escape}).
   */
  public static String quote(String text, int max) {
    if (text.length() <= max) {
      return FreeText.escape(text);
    }
    int end = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
    return FreeText.escape(text.substring(0, end)) + "... (" + text.length() + " characters)";
  }

  private static String name(String name) {
    return name == null ? null : quote(name, MAX_NAME);
  }

  private static String shorten(String message, String name) {
    return name == null || name.length() <= MAX_NAME
        ? message
        : message.replace(name, quote(name, MAX_NAME));
  }

  public FaultInfo getFaultInfo() {
    return faultInfo;
  }
}
