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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.xml.parsers.DocumentBuilderFactory;
import org.instrumentelement.ial.mock.MockDevice;
import org.instrumentelement.ie.config.ConfigLoader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The gate before the SOAP stack: what is not a SOAP request by an authenticated caller within the
 * size limit is refused before its body is read, with a well-formed fault in the IE's words, and
 * costs the server nothing while its body keeps coming.
 */
class RequestGateIT {
  /** The size of the body that took the IE's heap in the issue: 8,000,000 items of "0 ". */
  static final int HOSTILE_BODY = 16_000_296;

  static RunningElement running;
  static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  MockDevice scope;
  long changesBefore;

  @BeforeAll
  static void start() throws Exception {
    running = RunningElement.mockLab();
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
  void healthyAndUntouched() throws Exception {
    Healthy.assertHealthy(running);
    assertEquals(changesBefore, scope.settingsChanged(), "the instrument was not touched");
    // Every refused or answered request gave back its memory and its address's slot.
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while ((running.server.gate().memory().used() != 0
            || running.server.gate().requestsPerAddress().addresses() != 0)
        && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    assertEquals(0, running.server.gate().memory().used(), "memory charges released");
    assertEquals(0, running.server.gate().requestsPerAddress().addresses(), "slots released");
  }

  static String setTimebase(String value) {
    return HostileRequestIT.envelope(
        "<ie:setParameter><ie:im>lab/scope</ie:im><ie:parameter>timebase</ie:parameter>"
            + "<ie:value><ie:doubleValue>"
            + value
            + "</ie:doubleValue></ie:value></ie:setParameter>");
  }

  static HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
    return HTTP.send(
        b.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
  }

  static HttpRequest.Builder endpoint(String query) {
    return HttpRequest.newBuilder(URI.create(running.url() + query));
  }

  /**
   * A refusal: the status, a well-formed SOAP fault with the code, and nothing of the internals.
   */
  static void assertRefusal(int status, String code, int gotStatus, String body) throws Exception {
    assertEquals(status, gotStatus, body);
    assertTrue(body.contains("<code>" + code + "</code>"), body);
    DocumentBuilderFactory.newDefaultNSInstance()
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)));
    assertNoInternals(body);
  }

  static void assertNoInternals(String body) {
    for (String internal :
        new String[] {"org.", "java.", "Exception", "cxf", "CXF", "Tomcat", "jakarta", "JAXB"}) {
      assertFalse(body.contains(internal), "names internals (" + internal + "): " + body);
    }
  }

  @Test
  void onlySoapContentTypesAreExecuted() throws Exception {
    String body = setTimebase("0.002");
    for (String type :
        new String[] {
          "text/plain",
          "text/plain; charset=utf-8",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=x",
          "application/xml",
          "text/html"
        }) {
      HttpResponse<String> r =
          send(
              endpoint("")
                  .header("Content-Type", type)
                  .header("Authorization", HostileRequestIT.ADMIN_BASIC)
                  .POST(HttpRequest.BodyPublishers.ofString(body)));
      assertRefusal(415, "MALFORMED_REQUEST", r.statusCode(), r.body());
    }
    // Without any content type.
    try (RawHttp raw = RawHttp.connect(running.url(), null)) {
      byte[] b = body.getBytes(StandardCharsets.UTF_8);
      String head =
          RawHttp.soapHead(running.url(), b.length, HostileRequestIT.ADMIN_BASIC)
              .replace("Content-Type: text/xml; charset=utf-8\r\n", "");
      RawHttp.Response r = raw.send(head).send(b).read(Duration.ofSeconds(10));
      assertRefusal(415, "MALFORMED_REQUEST", r.status(), r.body());
    }
    assertEquals("0.001", scope.setting("timebase", 1), "nothing was applied");
    // The SOAP types pass the gate (what SOAP 1.2 and MTOM then make of it is the stack's affair).
    for (String type : new String[] {"text/xml", "TEXT/XML; charset=UTF-8"}) {
      HttpResponse<String> r =
          send(
              endpoint("")
                  .header("Content-Type", type)
                  .header("Authorization", HostileRequestIT.ADMIN_BASIC)
                  .POST(
                      HttpRequest.BodyPublishers.ofString(
                          HostileRequestIT.envelope(
                              "<ie:getState><ie:im>lab/scope</ie:im></ie:getState>"))));
      assertEquals(200, r.statusCode(), type + ": " + r.body());
    }
    for (String type :
        new String[] {
          "application/soap+xml; charset=utf-8",
          "multipart/related; type=\"application/xop+xml\"; boundary=x"
        }) {
      HttpResponse<String> r =
          send(
              endpoint("")
                  .header("Content-Type", type)
                  .header("Authorization", HostileRequestIT.ADMIN_BASIC)
                  .POST(HttpRequest.BodyPublishers.ofString("<x/>")));
      assertTrue(r.statusCode() != 415, type + " passes the gate: " + r.body());
    }
  }

  @Test
  void onlyTheWsdlIsServedBesidesSoapRequests() throws Exception {
    assertEquals(200, send(endpoint("?wsdl").GET()).statusCode(), "the WSDL stays public");
    HttpResponse<String> get = send(endpoint("").GET());
    assertRefusal(405, "MALFORMED_REQUEST", get.statusCode(), get.body());
    for (String query : new String[] {"?_wadl", "?wsdl=%00", "?xsd=%01", "?xsd=a.xsd", "?x"}) {
      HttpResponse<String> r = send(endpoint(query).GET());
      assertRefusal(404, "MALFORMED_REQUEST", r.statusCode(), r.body());
    }
    for (String method : new String[] {"PUT", "DELETE", "OPTIONS", "PATCH"}) {
      HttpResponse<String> r =
          send(endpoint("").method(method, HttpRequest.BodyPublishers.ofString("x")));
      assertRefusal(405, "MALFORMED_REQUEST", r.statusCode(), r.body());
    }
    HttpResponse<Void> head =
        HTTP.send(
            endpoint("").method("HEAD", HttpRequest.BodyPublishers.noBody()).build(),
            HttpResponse.BodyHandlers.discarding());
    assertEquals(405, head.statusCode());
    String services = running.url().replace("/InstrumentElement", "/");
    HttpResponse<String> list = send(HttpRequest.newBuilder(URI.create(services)).GET());
    assertRefusal(404, "MALFORMED_REQUEST", list.statusCode(), list.body());
    HttpResponse<String> postHealth =
        send(
            HttpRequest.newBuilder(URI.create(Healthy.healthUrl(running)))
                .POST(HttpRequest.BodyPublishers.ofString("x")));
    assertRefusal(405, "MALFORMED_REQUEST", postHealth.statusCode(), postHealth.body());
  }

  @Test
  void strangersAreRefusedBeforeTheirBodyIsRead() throws Exception {
    // Only the headers of a 16 MB request: the answer cannot wait for the body.
    for (String authorization :
        new String[] {null, RawHttp.basic("admin", "wrong"), "Basic !!", "Bearer x"}) {
      try (RawHttp raw = RawHttp.connect(running.url(), null)) {
        RawHttp.Response r =
            raw.send(RawHttp.soapHead(running.url(), HOSTILE_BODY, authorization))
                .read(Duration.ofSeconds(10));
        assertRefusal(401, "NOT_AUTHENTICATED", r.status(), r.body());
        assertTrue(r.headers().get("www-authenticate").startsWith("Basic"), r.headers().toString());
        assertTrue(raw.closedWithin(Duration.ofSeconds(10)), "closed without reading the body");
      }
    }
    // A client that waits for "100 Continue" gets the refusal instead, and sends nothing.
    try (RawHttp raw = RawHttp.connect(running.url(), null)) {
      String head =
          RawHttp.soapHead(running.url(), HOSTILE_BODY, null)
              .replace("\r\n\r\n", "\r\nExpect: 100-continue\r\n\r\n");
      RawHttp.Response r = raw.send(head).read(Duration.ofSeconds(10));
      assertEquals(401, r.status(), r.body());
    }
  }

  @Test
  void concurrentOversizedStrangersCostNothing() throws Exception {
    byte[] body = hostileBody();
    int clients = 8;
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    try {
      List<Future<Integer>> statuses = new ArrayList<>();
      for (int i = 0; i < clients; i++) {
        statuses.add(
            pool.submit(
                () -> {
                  try (RawHttp raw = RawHttp.connect(running.url(), null)) {
                    raw.send(RawHttp.soapHead(running.url(), body.length, null));
                    try {
                      raw.send(body); // the server may close while this is still being sent
                    } catch (java.io.IOException closedMeanwhile) {
                      // expected for some
                    }
                    return raw.read(Duration.ofSeconds(30)).status();
                  }
                }));
      }
      for (Future<Integer> s : statuses) {
        assertEquals(401, s.get());
      }
    } finally {
      pool.shutdownNow();
    }
    // The bodies were never parsed: nothing was charged for them, nothing was applied.
    assertEquals(0, running.server.gate().memory().used());
  }

  /**
   * A small body is read at once when it came with the headers, and read as it comes otherwise: all
   * of it later, or a first piece with the headers and the rest later. Each way the request is
   * answered in full, both a poll (the polling lane) and another operation (CXF).
   */
  @Test
  void aSmallBodyIsAnsweredWhetherItComesWithTheHeadersOrInPieces() throws Exception {
    String poll =
        HostileRequestIT.envelope(
            "<ie:getAttribute><ie:im>lab/scope</ie:im><ie:attribute>identity</ie:attribute>"
                + "</ie:getAttribute>");
    String parameter =
        HostileRequestIT.envelope(
            "<ie:getParameter><ie:im>lab/scope</ie:im><ie:parameter>timebase</ie:parameter>"
                + "</ie:getParameter>");
    for (String body : List.of(poll, parameter)) {
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      String head = RawHttp.soapHead(running.url(), bytes.length, HostileRequestIT.ADMIN_BASIC);
      for (int split : new int[] {bytes.length, 0, bytes.length / 2, bytes.length - 1}) {
        try (RawHttp raw = RawHttp.connect(running.url(), null)) {
          byte[] first =
              java.util.Arrays.copyOf(
                  head.getBytes(StandardCharsets.ISO_8859_1), head.length() + split);
          System.arraycopy(bytes, 0, first, head.length(), split);
          raw.send(first);
          if (split < bytes.length) {
            Thread.sleep(300);
            raw.send(java.util.Arrays.copyOfRange(bytes, split, bytes.length));
          }
          RawHttp.Response r = raw.read(Duration.ofSeconds(10));
          assertEquals(200, r.status(), split + ": " + r.body());
          assertTrue(
              r.body().contains(body == poll ? "<getAttributeResponse" : "<getParameterResponse"),
              split + ": " + r.body());
          assertTrue(r.body().contains(body == poll ? "<stringValue>" : "<doubleValue>"), r.body());
        }
      }
    }
  }

  /**
   * A client that waits for "100 Continue" (as .NET's does) gets it, sends its body, is answered.
   */
  @Test
  void aClientWaitingForContinueIsAnswered() throws Exception {
    byte[] body =
        HostileRequestIT.envelope(
                "<ie:getAttribute><ie:im>lab/scope</ie:im><ie:attribute>identity</ie:attribute>"
                    + "</ie:getAttribute>")
            .getBytes(StandardCharsets.UTF_8);
    String head =
        RawHttp.soapHead(running.url(), body.length, HostileRequestIT.ADMIN_BASIC)
            .replace("\r\n\r\n", "\r\nExpect: 100-continue\r\n\r\n");
    try (RawHttp raw = RawHttp.connect(running.url(), null)) {
      raw.socket.setSoTimeout(10_000);
      raw.send(head);
      StringBuilder interim = new StringBuilder();
      java.io.InputStream in = raw.socket.getInputStream();
      while (!interim.toString().endsWith("\r\n\r\n")) {
        int c = in.read();
        assertTrue(c >= 0, "closed before 100 Continue: " + interim);
        interim.append((char) c);
      }
      assertTrue(interim.toString().startsWith("HTTP/1.1 100"), interim.toString());
      RawHttp.Response r = raw.send(body).read(Duration.ofSeconds(10));
      assertEquals(200, r.status(), r.body());
      assertTrue(r.body().contains("<getAttributeResponse"), r.body());
    }
  }

  @Test
  void anOversizedBodyIsRefusedByItsDeclaredLengthAtOnce() throws Exception {
    long limit = running.runtime.config().maxRequestBytes();
    try (RawHttp raw = RawHttp.connect(running.url(), null)) {
      RawHttp.Response r =
          raw.send(RawHttp.soapHead(running.url(), limit + 1, HostileRequestIT.ADMIN_BASIC))
              .read(Duration.ofSeconds(10));
      assertRefusal(413, "REQUEST_TOO_LARGE", r.status(), r.body());
      assertTrue(raw.closedWithin(Duration.ofSeconds(10)));
    }
  }

  @Test
  void aChunkedBodyIsCutAtTheLimit() throws Exception {
    long limit = running.runtime.config().maxRequestBytes();
    try (RawHttp raw = RawHttp.connect(running.url(), null)) {
      raw.send(RawHttp.soapHead(running.url(), -1, HostileRequestIT.ADMIN_BASIC));
      byte[] chunk = new byte[64 * 1024];
      java.util.Arrays.fill(chunk, (byte) ' ');
      String size = Integer.toHexString(chunk.length) + "\r\n";
      try {
        for (long sent = 0; sent <= limit + chunk.length; sent += chunk.length) {
          raw.send(size).send(chunk).send("\r\n");
        }
      } catch (java.io.IOException closedMeanwhile) {
        // the server refused once past the limit
      }
      RawHttp.Response r = raw.read(Duration.ofSeconds(10));
      assertRefusal(413, "REQUEST_TOO_LARGE", r.status(), r.body());
    }
  }

  @Test
  void withAccessControlOffAnyoneIsServedButTheOtherLimitsHold() throws Exception {
    try (RunningElement open =
        RunningElement.of(
            RunningElement.freePorts(
                ConfigLoader.load(
                    // its own name: an embedded broker is found in the JVM by the IE's name
                    List.of("--security.enabled=false", "--ie.name=open"), Map.of())))) {
      String getState =
          HostileRequestIT.envelope("<ie:getState><ie:im>lab/scope</ie:im></ie:getState>");
      HttpResponse<String> ok =
          send(
              HttpRequest.newBuilder(URI.create(open.url()))
                  .header("Content-Type", "text/xml")
                  .POST(HttpRequest.BodyPublishers.ofString(getState)));
      assertEquals(200, ok.statusCode(), ok.body());
      assertTrue(ok.body().contains("<state>RUNNING</state>"), ok.body());
      HttpResponse<String> plain =
          send(
              HttpRequest.newBuilder(URI.create(open.url()))
                  .header("Content-Type", "text/plain")
                  .POST(HttpRequest.BodyPublishers.ofString(getState)));
      assertRefusal(415, "MALFORMED_REQUEST", plain.statusCode(), plain.body());
    }
  }

  /** {@code setParameter} of an xs:list of 8,000,000 one-digit doubles: 16,000,296 bytes. */
  static byte[] hostileBody() {
    return hostileBody(8_000_000);
  }

  /** {@code setParameter} of an xs:list of {@code items} one-digit doubles: 296 + 2 items bytes. */
  static byte[] hostileBody(int items) {
    String head =
        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\""
            + " xmlns:ie=\"http://instrumentelement.org/ie/1\"><soap:Body><ie:setParameter>"
            + "<ie:im>lab/scope</ie:im><ie:parameter>timebase</ie:parameter><ie:value><ie:doubles>";
    String tail = "</ie:doubles></ie:value></ie:setParameter></soap:Body></soap:Envelope>";
    return (head + "0 ".repeat(items) + tail).getBytes(StandardCharsets.US_ASCII);
  }
}
