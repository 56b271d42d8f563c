package org.instrumentelement.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.security.LoginThrottle;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Password guessing on the portal's sign-in: the portal checks a password by calling the IE, and
 * names the browser's address to it, so the IE's login throttle counts each browser apart. Browsers
 * are sockets bound to loopback addresses of their own (127.0.21.x).
 */
class PortalSignInThrottleIT {
  static final String GUESSER = "127.0.21.1";
  static final String ELSEWHERE = "127.0.21.2";
  static PortalLab lab;

  @BeforeAll
  static void start() throws Exception {
    lab = PortalLab.withPortal(Map.of());
  }

  @AfterAll
  static void stop() {
    if (lab != null) {
      lab.close();
    }
  }

  @Test
  void guessesFromOneBrowserAreSlowedWhileAnotherBrowserSignsIn() throws Exception {
    // The default limits: five free failures, then a wait of a second or more.
    for (int i = 0; i < 5; i++) {
      assertEquals(401, signIn("operator", "guess" + i, GUESSER), "a wrong password");
    }
    assertEquals(401, signIn("operator", "operator", GUESSER), "slowed: even the right password");
    assertEquals(200, signIn("operator", "operator", ELSEWHERE), "another browser signs in");

    List<LoginThrottle.Entry> rows = lab.runtime.access().logins().throttle().list();
    assertTrue(
        rows.stream().anyMatch(r -> r.key().equals(GUESSER) && r.failures() == 5),
        "the IE counted the browser, not the portal: " + rows);
    assertTrue(rows.stream().noneMatch(r -> r.key().equals("127.0.0.1")), rows.toString());
  }

  /** POSTs the sign-in from a browser at {@code from}; the HTTP status. */
  static int signIn(String user, String password, String from) throws Exception {
    URI uri = URI.create(lab.portalUrl() + "api/signin");
    byte[] body =
        ("{\"user\":\"" + user + "\",\"password\":\"" + password + "\"}")
            .getBytes(StandardCharsets.UTF_8);
    try (Socket s = new Socket()) {
      s.bind(new InetSocketAddress(from, 0));
      s.connect(new InetSocketAddress("127.0.0.1", uri.getPort()), 5_000);
      s.setSoTimeout(30_000);
      OutputStream out = s.getOutputStream();
      out.write(
          ("POST "
                  + uri.getPath()
                  + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                  + "Connection: close\r\nContent-Length: "
                  + body.length
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
      String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      return Integer.parseInt(answer.substring(9, 12));
    }
  }
}
