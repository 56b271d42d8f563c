package org.instrumentelement.ie.hostile;

import java.nio.charset.StandardCharsets;

/**
 * One hostile request and what the Instrument Element must answer to it.
 *
 * @param name what the input tries, shown as the test's name
 * @param body the HTTP request body, byte for byte
 * @param contentType the Content-Type header
 * @param user who sends it (user name = password), or null for no credentials
 * @param status the HTTP status expected
 * @param code the fault code expected, or null where the answer is not a SOAP fault
 */
public record HostileInput(
    String name, byte[] body, String contentType, String user, int status, String code) {

  /** The development admin, who sends every input that is not about authorization. */
  public static final String ADMIN = "admin";

  static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
  static final String IE = "http://instrumentelement.org/ie/1";
  static final String TEXT_XML = "text/xml; charset=utf-8";

  /** A SOAP 1.1 request with this envelope text, sent by the admin; a fault with {@code code}. */
  static HostileInput fault(String name, String code, String envelope) {
    return fault(name, code, envelope.getBytes(StandardCharsets.UTF_8));
  }

  static HostileInput fault(String name, String code, byte[] body) {
    return new HostileInput(name, body, TEXT_XML, ADMIN, status(code), code);
  }

  /** The same request sent by another user. */
  HostileInput as(String otherUser) {
    return new HostileInput(name, body, contentType, otherUser, status, code);
  }

  /** The same request with another Content-Type. */
  HostileInput contentType(String type) {
    return new HostileInput(name, body, type, user, status, code);
  }

  private static int status(String code) {
    return code.equals("NOT_AUTHENTICATED") ? 401 : 500;
  }

  /** A SOAP 1.1 envelope around {@code body}, with prefixes soap and ie declared. */
  static String envelope(String body) {
    return "<soap:Envelope xmlns:soap=\""
        + SOAP11
        + "\" xmlns:ie=\""
        + IE
        + "\"><soap:Body>"
        + body
        + "</soap:Body></soap:Envelope>";
  }

  /** An envelope with one operation element holding {@code content}. */
  static String operation(String operation, String content) {
    return envelope("<ie:" + operation + ">" + content + "</ie:" + operation + ">");
  }

  /** setParameter of lab/scope with this value content. */
  static String setParameter(String parameter, String value) {
    return operation(
        "setParameter",
        "<ie:im>lab/scope</ie:im><ie:parameter>"
            + parameter
            + "</ie:parameter><ie:value>"
            + value
            + "</ie:value>");
  }

  /** getState of the IM at this path (the text goes into the XML as given). */
  static String getState(String im) {
    return operation("getState", "<ie:im>" + im + "</ie:im>");
  }

  @Override
  public String toString() {
    return name;
  }
}
