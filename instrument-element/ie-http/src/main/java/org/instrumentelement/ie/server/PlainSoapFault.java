package org.instrumentelement.ie.server;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.server.gate.SoapFaultDocument;

/**
 * A SOAP 1.1 fault written straight to the HTTP response, in the same shape as the faults CXF
 * writes ({@link FaultDetailInterceptor}): for the few requests that fail before CXF's chain runs,
 * which would otherwise get the servlet container's error page.
 */
final class PlainSoapFault {
  private PlainSoapFault() {}

  static void write(HttpServletResponse response, FaultCode code, String message)
      throws IOException {
    byte[] bytes = SoapFaultDocument.of(code, message).getBytes(StandardCharsets.UTF_8);
    response.resetBuffer();
    response.setStatus(HttpServletResponse.SC_INTERNAL_SERVER_ERROR);
    response.setContentType("text/xml;charset=UTF-8");
    response.setContentLength(bytes.length);
    response.getOutputStream().write(bytes);
    response.flushBuffer();
  }
}
