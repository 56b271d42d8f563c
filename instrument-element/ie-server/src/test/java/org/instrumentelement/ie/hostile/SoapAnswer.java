package org.instrumentelement.ie.hostile;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/**
 * What the IE answered to a raw request, with the checks every answer to a hostile request must
 * pass: well-formed XML, no trace of the implementation, a bounded size.
 */
public final class SoapAnswer {
  /**
   * Words that only appear when internals leak: class and package names, library names, stack
   * frames, the server banner.
   */
  static final List<String> INTERNALS =
      List.of(
          "java.",
          "javax.",
          "jakarta.",
          "org.apache",
          "org.glassfish",
          "org.codehaus",
          "org.instrumentelement",
          "com.ctc",
          "com.sun",
          "wstx",
          "woodstox",
          "istack",
          "exception",
          "throwable",
          "at org.",
          "at java.",
          "tomcat",
          "catalina",
          "coyote",
          "cxf",
          "jaxb",
          "stax",
          "sax",
          "xmlstreamreader",
          "unmarshal",
          "marshalling",
          "interceptor",
          "nullpointer",
          "null");

  /** Larger answers to a hostile request would make the IE an amplifier. */
  static final int MAX_BYTES = 8 * 1024;

  private final int status;
  private final byte[] body;
  private final String text;

  SoapAnswer(HttpResponse<byte[]> response) {
    this.status = response.statusCode();
    this.body = response.body();
    this.text = new String(body, StandardCharsets.UTF_8);
  }

  int status() {
    return status;
  }

  String text() {
    return status + " " + text;
  }

  /** Fails unless the body is well-formed XML (parsed with no DTD allowed); returns it. */
  Document assertWellFormed() {
    try {
      DocumentBuilderFactory f = DocumentBuilderFactory.newDefaultNSInstance();
      f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      return f.newDocumentBuilder().parse(new ByteArrayInputStream(body));
    } catch (Exception e) {
      return fail("not well-formed XML (" + e.getMessage() + "): " + text());
    }
  }

  /** Fails if the body names a class, a library, a stack frame or the server. */
  void assertNoInternals() {
    assertNoInternals(text());
  }

  /**
   * Fails if {@code answer} names a class, a library, a stack frame or the server (the one check of
   * this for every test that sends hostile requests).
   */
  public static void assertNoInternals(String answer) {
    String lower = answer.toLowerCase(Locale.ROOT);
    for (String word : INTERNALS) {
      assertTrue(!lower.contains(word), "the answer contains '" + word + "': " + answer);
    }
  }

  void assertSmall() {
    assertTrue(body.length <= MAX_BYTES, body.length + " bytes: " + text());
  }

  /** The fault code in the detail, or null if there is none. */
  String code() {
    return detail("code");
  }

  /** The fault message in the detail, or null if there is none. */
  String message() {
    return detail("message");
  }

  private String detail(String element) {
    NodeList n = assertWellFormed().getElementsByTagNameNS(HostileInput.IE, element);
    return n.getLength() == 0 ? null : n.item(0).getTextContent();
  }
}
