package org.instrumentelement.ie.server;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.instrumentelement.ie.soap.types.Namespaces;
import org.instrumentelement.im.model.ErrorCode;

/**
 * A SOAP 1.1 fault written straight to the HTTP response, in the same shape as the faults CXF
 * writes ({@link FaultDetailInterceptor}): for the few requests that fail before CXF's chain runs,
 * which would otherwise get the servlet container's error page.
 */
final class PlainSoapFault {
  private PlainSoapFault() {}

  static void write(HttpServletResponse response, ErrorCode code, String message)
      throws IOException {
    boolean server =
        code == ErrorCode.INTERNAL_ERROR
            || code == ErrorCode.INSTRUMENT_ERROR
            || code == ErrorCode.INSTRUMENT_TIMEOUT;
    String text = escape(message);
    String body =
        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
            + "<soap:Fault><faultcode>soap:"
            + (server ? "Server" : "Client")
            + "</faultcode><faultstring>"
            + text
            + "</faultstring><detail><fault xmlns=\""
            + Namespaces.IE
            + "\"><code>"
            + code.name()
            + "</code><message>"
            + text
            + "</message></fault></detail></soap:Fault></soap:Body></soap:Envelope>";
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    response.resetBuffer();
    response.setStatus(HttpServletResponse.SC_INTERNAL_SERVER_ERROR);
    response.setContentType("text/xml;charset=UTF-8");
    response.setContentLength(bytes.length);
    response.getOutputStream().write(bytes);
    response.flushBuffer();
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
