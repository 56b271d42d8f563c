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
    MTOM,
    /**
     * A trace kept as the instrument's codes as its codes, base64 inline; any other vector as
     * BINARY.
     */
    CODES
  }

  private static final String BOUNDARY = "MIMEBoundary_ie_benchmark";

  private SoapRequests() {}

  static String envelope(String im, String attribute, Encoding encoding) {
    return envelope(im, attribute, encoding, 0);
  }

  /**
   * @param maxAgeMillis the age of a value the poll accepts ({@code maxAge}); 0: none asked
   */
  static String envelope(String im, String attribute, Encoding encoding, long maxAgeMillis) {
    String enc =
        (encoding == Encoding.XML
                ? ""
                : encoding == Encoding.CODES
                    ? "<ie:encoding>CODES</ie:encoding>"
                    : "<ie:encoding>BINARY</ie:encoding>")
            + (maxAgeMillis > 0 ? "<ie:maxAge>" + maxAgeMillis + "</ie:maxAge>" : "");
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
    return request(host, port, path, user, password, im, attribute, encoding, 0);
  }

  /** The request of a poll that accepts a value {@code maxAgeMillis} old (0: none asked). */
  static byte[] request(
      String host,
      int port,
      String path,
      String user,
      String password,
      String im,
      String attribute,
      Encoding encoding,
      long maxAgeMillis) {
    String body = envelope(im, attribute, encoding, maxAgeMillis);
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
