package org.instrumentelement.ie.server.gate;

import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.soap.types.Namespaces;

/**
 * The text of a SOAP 1.1 fault in the shape of the faults the service writes ({@code
 * <fault><code/><message/></fault>} in the detail), for answers written before or outside CXF's
 * chain: the gate's refusals and the SOAP servlet's last-resort faults.
 */
public final class SoapFaultDocument {
  private SoapFaultDocument() {}

  /** The envelope, well-formed whatever the message holds. */
  public static String of(FaultCode code, String message) {
    return of(code, message, null, null);
  }

  /**
   * The envelope of a fault about an IM and one of its items ({@code im} and {@code item} left out
   * where null), as the service's faults carry them.
   */
  public static String of(FaultCode code, String message, String im, String item) {
    String text = escape(message);
    return "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
        + "<soap:Fault><faultcode>soap:"
        + (code.serverSide() ? "Server" : "Client")
        + "</faultcode><faultstring>"
        + text
        + "</faultstring><detail><fault xmlns=\""
        + Namespaces.IE
        + "\"><code>"
        + code.name()
        + "</code><message>"
        + text
        + "</message>"
        + (im == null ? "" : "<im>" + escape(im) + "</im>")
        + (item == null ? "" : "<item>" + escape(item) + "</item>")
        + "</fault></detail></soap:Fault></soap:Body></soap:Envelope>";
  }

  private static String escape(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '"' -> b.append("&quot;");
        default -> {
          if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
            b.append('?'); // not representable in XML 1.0
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.toString();
  }
}
