package org.instrumentelement.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The test front itself, over real sockets and without an IE: it answers by its rules, goes on
 * accepting after an accept fails while it listens, and ends its threads when closed.
 */
class IeFrontTest {
  static final Duration WAIT = Duration.ofSeconds(30);

  @Test
  void keepsAcceptingAfterFailedAccepts() throws Exception {
    try (IeFront front = IeFront.on(new FailingServerSocket(2))) {
      front.answer(null, IeFront.Answer.SERVER_BUSY);
      assertEquals("HTTP/1.1 503 Service Unavailable", statusLine(front));
      assertEquals(2, front.acceptFailures(), "the failed accepts before the one that served");
      assertEquals("HTTP/1.1 503 Service Unavailable", statusLine(front), "and the next one");
      assertEquals(2, front.answered());
    }
  }

  @Test
  void closingStopsListeningAndEndsEveryThread() throws Exception {
    IeFront front = IeFront.on(new FailingServerSocket(1));
    front.answer(null, IeFront.Answer.TOO_MANY_REQUESTS);
    assertEquals("HTTP/1.1 429 Too Many Requests", statusLine(front));
    front.close();
    assertTrue(front.awaitClosed(WAIT), "the front's threads ended");
    assertThrows(
        ConnectException.class,
        () -> new Socket(InetAddress.getLoopbackAddress(), front.port()).close());
    assertEquals(1, front.acceptFailures(), "closing is no failed accept");
  }

  /** Sends one small request to the front and returns the status line of its answer. */
  private static String statusLine(IeFront front) throws IOException {
    try (Socket s = new Socket(InetAddress.getLoopbackAddress(), front.port())) {
      s.setSoTimeout((int) WAIT.toMillis());
      byte[] body =
          ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\""
                  + " xmlns:ie=\"http://instrumentelement.org/ie/1\"><soap:Body><ie:getState>"
                  + "<ie:im>lab/scope</ie:im></ie:getState></soap:Body></soap:Envelope>")
              .getBytes(StandardCharsets.UTF_8);
      String head =
          "POST /ie/services/InstrumentElement HTTP/1.1\r\nHost: 127.0.0.1:"
              + front.port()
              + "\r\nContent-Type: text/xml; charset=utf-8\r\nContent-Length: "
              + body.length
              + "\r\n\r\n";
      s.getOutputStream().write(head.getBytes(StandardCharsets.ISO_8859_1));
      s.getOutputStream().write(body);
      s.getOutputStream().flush();
      InputStream in = s.getInputStream();
      StringBuilder line = new StringBuilder();
      for (int ch = in.read(); ch >= 0 && ch != '\n'; ch = in.read()) {
        line.append((char) ch);
      }
      return line.toString().strip();
    }
  }

  /**
   * A server socket whose first accepts fail as they do when the process has run out of file
   * descriptors for a moment; the ones after accept as usual.
   */
  private static final class FailingServerSocket extends ServerSocket {
    private final AtomicInteger failuresLeft;

    FailingServerSocket(int failures) throws IOException {
      this.failuresLeft = new AtomicInteger(failures);
    }

    @Override
    public Socket accept() throws IOException {
      if (failuresLeft.getAndDecrement() > 0) {
        throw new SocketException("Too many open files");
      }
      return super.accept();
    }
  }
}
