package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.instrumentelement.ial.mock.MockDevice;
import org.instrumentelement.ie.hostile.SoapAnswer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Raw HTTP: malformed, hostile and oversized requests get a SOAP fault with a specific code, the
 * instrument is untouched, and the server goes on serving.
 */
class HostileRequestIT {
  static final int LIMIT = 64 * 1024;
  static final String ADMIN_BASIC =
      "Basic " + java.util.Base64.getEncoder().encodeToString("admin:admin".getBytes());
  static RunningElement running;
  static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  MockDevice scope;
  long changesBefore;

  @BeforeAll
  static void start() throws Exception {
    running = RunningElement.mockLab("--soap.maxRequestBytes=" + LIMIT);
  }

  @AfterAll
  static void stop() {
    running.close();
  }

  @BeforeEach
  void rememberInstrument() throws Exception {
    scope = running.device("MOCK::oscilloscope");
    changesBefore = scope.settingsChanged();
  }

  @AfterEach
  void serverStillServesAndInstrumentUntouched() throws Exception {
    HttpResponse<String> r = post(envelope("<ie:getState><ie:im>lab/scope</ie:im></ie:getState>"));
    assertEquals(200, r.statusCode(), r.body());
    assertTrue(r.body().contains("<state>RUNNING</state>"), r.body());
    assertEquals(changesBefore, scope.settingsChanged(), "the instrument was not touched");
    assertEquals("0.001", scope.setting("timebase", 1));
  }

  static String envelope(String body) {
    return "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\""
        + " xmlns:ie=\"http://instrumentelement.org/ie/1\"><soap:Body>"
        + body
        + "</soap:Body></soap:Envelope>";
  }

  static HttpResponse<String> post(String body) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create(running.url()))
            .header("Content-Type", "text/xml; charset=utf-8")
            .header("SOAPAction", "\"\"")
            .header("Authorization", ADMIN_BASIC)
            .timeout(Duration.ofSeconds(30))
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  static void assertFault(HttpResponse<String> r, String code) {
    assertRefused(r, 500, code);
  }

  /** A fault sent with another HTTP status than SOAP's 500 (the gate's refusals before parsing). */
  static void assertRefused(HttpResponse<String> r, int status, String code) {
    assertEquals(status, r.statusCode(), r.body());
    assertTrue(r.body().contains("<code>" + code + "</code>"), r.body());
    SoapAnswer.assertNoInternals(r.body());
  }

  @Test
  void malformedXmlIsRefused() throws Exception {
    assertFault(
        post(envelope("<ie:getState><ie:im>lab/scope</ie:im></ie:getStat>")), "MALFORMED_REQUEST");
    assertFault(post("this is not XML"), "MALFORMED_REQUEST");
  }

  @Test
  void markupInANameComesBackEscapedInTheFault() throws Exception {
    HttpResponse<String> r =
        post(envelope("<ie:getState><ie:im>lab/&lt;b&gt;&amp;\"x</ie:im></ie:getState>"));
    assertFault(r, "UNKNOWN_IM");
    assertFalse(r.body().contains("<b>"), r.body());
    org.w3c.dom.Document d =
        javax.xml.parsers.DocumentBuilderFactory.newDefaultNSInstance()
            .newDocumentBuilder()
            .parse(new java.io.ByteArrayInputStream(r.body().getBytes(StandardCharsets.UTF_8)));
    assertEquals(
        "lab/<b>&\"x",
        d.getElementsByTagNameNS("http://instrumentelement.org/ie/1", "im")
            .item(0)
            .getTextContent());
  }

  @Test
  void unknownOperationIsRefused() throws Exception {
    assertFault(post(envelope("<ie:formatDisk/>")), "MALFORMED_REQUEST");
  }

  @Test
  void externalEntitiesAreNeverResolved() throws Exception {
    String xxe =
        "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>"
            + envelope(
                "<ie:setParameter><ie:im>lab/scope</ie:im><ie:parameter>coupling</ie:parameter>"
                    + "<ie:value><ie:stringValue>&xxe;</ie:stringValue></ie:value></ie:setParameter>");
    HttpResponse<String> r = post(xxe);
    assertFault(r, "MALFORMED_REQUEST");
    assertFalse(r.body().contains("root:"), "no file content leaks");
  }

  @Test
  void entityExpansionIsRefused() throws Exception {
    StringBuilder dtd =
        new StringBuilder("<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY a0 \"lol\">");
    for (int i = 1; i <= 10; i++) {
      dtd.append("<!ENTITY a").append(i).append(" \"");
      for (int j = 0; j < 10; j++) {
        dtd.append("&a").append(i - 1).append(';');
      }
      dtd.append("\">");
    }
    dtd.append("]>");
    assertFault(
        post(dtd + envelope("<ie:getState><ie:im>&a10;</ie:im></ie:getState>")),
        "MALFORMED_REQUEST");
  }

  @Test
  void deepNestingIsRefused() throws Exception {
    String open = "<ie:x>".repeat(5000);
    String close = "</ie:x>".repeat(5000);
    assertFault(
        post(envelope("<ie:getState>" + open + close + "</ie:getState>")), "MALFORMED_REQUEST");
  }

  @Test
  void oversizedBodyIsRefused() throws Exception {
    String padding = "<ie:attribute>identity</ie:attribute>".repeat(LIMIT / 30);
    assertRefused(
        post(
            envelope(
                "<ie:getAttributes><ie:im>lab/scope</ie:im>" + padding + "</ie:getAttributes>")),
        413,
        "REQUEST_TOO_LARGE");
  }

  @Test
  void oversizedChunkedBodyIsRefused() throws Exception {
    byte[] body =
        envelope(
                "<ie:getAttributes><ie:im>lab/scope</ie:im>"
                    + "<ie:attribute>identity</ie:attribute>".repeat(LIMIT / 30)
                    + "</ie:getAttributes>")
            .getBytes();
    HttpResponse<String> r =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(running.url()))
                .header("Content-Type", "text/xml; charset=utf-8")
                .header("Authorization", ADMIN_BASIC)
                .POST(
                    HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body)))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertRefused(r, 413, "REQUEST_TOO_LARGE");
  }

  @Test
  void tooManyAttributesInOneCallIsRefused() throws Exception {
    String many = "<ie:attribute>identity</ie:attribute>".repeat(300);
    assertFault(
        post(envelope("<ie:getAttributes><ie:im>lab/scope</ie:im>" + many + "</ie:getAttributes>")),
        "REQUEST_TOO_LARGE");
  }

  @Test
  void wrongTypeInsideTheXmlIsAClearFault() throws Exception {
    HttpResponse<String> r =
        post(
            envelope(
                "<ie:setParameter><ie:im>lab/scope</ie:im><ie:parameter>timebase</ie:parameter>"
                    + "<ie:value><ie:doubleValue>fast</ie:doubleValue></ie:value></ie:setParameter>"));
    assertFault(r, "WRONG_TYPE");
    assertTrue(r.body().contains("doubleValue: 'fast' is not a number"), r.body());
  }

  @Test
  void infinityAndNanAreRefusedWhereANumberIsExpected() throws Exception {
    for (String v : new String[] {"INF", "-INF", "NaN"}) {
      assertFault(
          post(
              envelope(
                  "<ie:setParameter><ie:im>lab/scope</ie:im><ie:parameter>timebase</ie:parameter>"
                      + "<ie:value><ie:doubleValue>"
                      + v
                      + "</ie:doubleValue></ie:value></ie:setParameter>")),
          "INVALID_VALUE");
    }
  }

  @Test
  void hugeVectorIsRefusedBeforeItIsRead() throws Exception {
    StringBuilder doubles = new StringBuilder();
    while (doubles.length() < 2 * LIMIT) {
      doubles.append("1.0 ");
    }
    assertRefused(
        post(
            envelope(
                "<ie:setAttribute><ie:im>lab/scope</ie:im><ie:attribute>triggerLevel</ie:attribute>"
                    + "<ie:value><ie:doubles>"
                    + doubles
                    + "</ie:doubles></ie:value></ie:setAttribute>")),
        413,
        "REQUEST_TOO_LARGE");
  }

  @Test
  void scpiInjectionThroughAnEnumIsRefused() throws Exception {
    assertFault(
        post(
            envelope(
                "<ie:setParameter><ie:im>lab/scope</ie:im><ie:parameter>coupling</ie:parameter>"
                    + "<ie:value><ie:stringValue>DC\n*RST</ie:stringValue></ie:value></ie:setParameter>")),
        "OUT_OF_RANGE");
  }
}
