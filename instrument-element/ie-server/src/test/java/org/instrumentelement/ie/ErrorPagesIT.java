package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What Tomcat answers by itself, before any servlet (a request it cannot parse, a path that does
 * not exist, a method it refuses), says the status and nothing else: no stack trace, no server name
 * or version. And a request that hides a second one behind conflicting lengths gets one answer.
 */
class ErrorPagesIT {
  static RunningElement running;
  static String host;
  static String context;

  @BeforeAll
  static void start() throws Exception {
    running = RunningElement.mockLab();
    URI uri = URI.create(running.url());
    host = uri.getHost() + ":" + uri.getPort();
    context = running.runtime.config().contextPath();
  }

  @AfterAll
  static void stop() {
    running.close();
  }

  /** Everything the server sends back to {@code request} until it closes (or falls silent). */
  static String exchange(String request) throws IOException {
    try (RawHttp raw = RawHttp.connect(running.url(), null)) {
      try {
        raw.send(request);
      } catch (IOException closedWhileSending) {
        // a request too large to take is refused before it is all sent
      }
      raw.socket.setSoTimeout(5_000);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      InputStream in = raw.socket.getInputStream();
      byte[] buf = new byte[8192];
      try {
        for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
          out.write(buf, 0, n);
        }
      } catch (SocketTimeoutException | java.net.SocketException keptOpenOrReset) {
        // what came so far is the answer
      }
      return out.toString(StandardCharsets.ISO_8859_1);
    }
  }

  static Map<String, String> cases() {
    String get = "GET " + context + "/health/ready HTTP/1.1\r\nHost: " + host + "\r\n";
    String post = "POST " + context + "/services/InstrumentElement HTTP/1.1\r\nHost: " + host;
    Map<String, String> c = new LinkedHashMap<>();
    StringBuilder headers = new StringBuilder();
    for (int i = 0; i < 1000; i++) {
      headers.append("X-Header-").append(i).append(": v\r\n");
    }
    c.put("1,000 headers", get + headers + "\r\n");
    c.put("a 200 kB header", get + "X-Big: " + "a".repeat(200_000) + "\r\n\r\n");
    c.put(
        "a 100 kB request line",
        "GET " + context + "/health/ready?" + "a".repeat(100_000) + " HTTP/1.1\r\nHost: x\r\n\r\n");
    c.put(
        "Transfer-Encoding with a space before the colon",
        post + "\r\nContent-Type: text/xml\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n");
    c.put(
        "two Content-Lengths",
        post
            + "\r\nContent-Type: text/xml\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!");
    c.put("an unknown path", "GET /no-such-thing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    c.put(
        "an unknown path in the context",
        "GET " + context + "/no-such-thing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    c.put("TRACE", "TRACE " + context + "/health/ready HTTP/1.1\r\nHost: x\r\n\r\n");
    c.put("a control character in the method", "G\u0001T / HTTP/1.1\r\nHost: x\r\n\r\n");
    c.put("an unknown HTTP version", "GET / HTTP/9.9\r\nHost: x\r\n\r\n");
    c.put("no Host header", "GET " + context + "/health/ready HTTP/1.1\r\n\r\n");
    c.put("a malformed escape", "GET " + context + "/%zz HTTP/1.1\r\nHost: x\r\n\r\n");
    c.put(
        "an unknown transfer coding",
        post + "\r\nContent-Type: text/xml\r\nTransfer-Encoding: gzip\r\n\r\n");
    return c;
  }

  @Test
  void tomcatsOwnAnswersShowNoInternals() throws Exception {
    for (Map.Entry<String, String> c : cases().entrySet()) {
      String answer = exchange(c.getValue());
      assertTrue(
          answer.startsWith("HTTP/1.1 4") || answer.startsWith("HTTP/1.1 5"),
          c.getKey() + ": " + answer);
      for (String internal :
          new String[] {"Tomcat", "Exception", "at org.", "java.", "jakarta", "Stack"}) {
        assertFalse(answer.contains(internal), c.getKey() + " shows " + internal + ": " + answer);
      }
      assertFalse(
          answer.toLowerCase(java.util.Locale.ROOT).contains("\nserver:"),
          c.getKey() + " names the server: " + answer);
    }
    Healthy.assertHealthy(running);
  }

  @Test
  void aRequestSmuggledBehindConflictingLengthsIsNeverAnswered() throws Exception {
    String inner = HostileRequestIT.envelope("<ie:getState><ie:im>lab/scope</ie:im></ie:getState>");
    String smuggled =
        "GET " + context + "/services/InstrumentElement?wsdl HTTP/1.1\r\nHost: x\r\n\r\n";
    String body = Integer.toHexString(inner.length()) + "\r\n" + inner + "\r\n0\r\n\r\n" + smuggled;
    String answer =
        exchange(
            "POST "
                + context
                + "/services/InstrumentElement HTTP/1.1\r\nHost: "
                + host
                + "\r\nContent-Type: text/xml\r\nAuthorization: "
                + HostileRequestIT.ADMIN_BASIC
                + "\r\nContent-Length: "
                + inner.length()
                + "\r\nTransfer-Encoding: chunked\r\n\r\n"
                + body);
    // The chunked reading wins (RFC 9112), and the connection closes after the one answer.
    assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
    assertEquals(1, answer.split("HTTP/1\\.1 ", -1).length - 1, "one answer only: " + answer);
    assertFalse(answer.contains("wsdl:definitions"), "the smuggled request was not served");
    Healthy.assertHealthy(running);
  }
}
