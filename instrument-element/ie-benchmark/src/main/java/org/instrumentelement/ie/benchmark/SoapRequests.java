package org.instrumentelement.ie.benchmark;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.instrumentelement.ie.contract.Wsdl;

/** The raw HTTP requests the polling load sends: getAttribute in each encoding. */
final class SoapRequests {
  /** How a vector travels in the response. */
  enum Encoding {
    /** xs:list of doubles. */
    XML,
    /** base64 of the little-endian doubles, inline. */
    BINARY,
    /** The same doubles as an MTOM attachment (the request is sent as MTOM). */
    MTOM
  }

  private static final String BOUNDARY = "MIMEBoundary_ie_benchmark";

  private SoapRequests() {}

  static String envelope(String im, String attribute, Encoding encoding) {
    String enc = encoding == Encoding.XML ? "" : "<ie:encoding>BINARY</ie:encoding>";
    return "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\""
        + " xmlns:ie=\""
        + Wsdl.NAMESPACE
        + "\"><soap:Body><ie:getAttribute><ie:im>"
        + im
        + "</ie:im><ie:attribute>"
        + attribute
        + "</ie:attribute>"
        + enc
        + "</ie:getAttribute></soap:Body></soap:Envelope>";
  }

  /** The complete HTTP/1.1 request, keep-alive, with HTTP Basic credentials. */
  static byte[] request(
      String host,
      int port,
      String path,
      String user,
      String password,
      String im,
      String attribute,
      Encoding encoding) {
    String body = envelope(im, attribute, encoding);
    String contentType = "text/xml; charset=utf-8";
    if (encoding == Encoding.MTOM) {
      body =
          "--"
              + BOUNDARY
              + "\r\nContent-Type: application/xop+xml; charset=UTF-8; type=\"text/xml\"\r\n"
              + "Content-Transfer-Encoding: binary\r\nContent-ID: <root.message@ie>\r\n\r\n"
              + body
              + "\r\n--"
              + BOUNDARY
              + "--\r\n";
      contentType =
          "multipart/related; type=\"application/xop+xml\"; boundary=\""
              + BOUNDARY
              + "\"; start=\"<root.message@ie>\"; start-info=\"text/xml\"";
    }
    byte[] b = body.getBytes(StandardCharsets.UTF_8);
    String auth =
        Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    String head =
        "POST "
            + path
            + " HTTP/1.1\r\nHost: "
            + host
            + ":"
            + port
            + "\r\nContent-Type: "
            + contentType
            + "\r\nSOAPAction: \"\"\r\nAuthorization: Basic "
            + auth
            + "\r\nContent-Length: "
            + b.length
            + "\r\n\r\n";
    byte[] h = head.getBytes(StandardCharsets.US_ASCII);
    byte[] all = new byte[h.length + b.length];
    System.arraycopy(h, 0, all, 0, h.length);
    System.arraycopy(b, 0, all, h.length, b.length);
    return all;
  }
}
