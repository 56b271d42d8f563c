package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Instrument Element is busy when a subscriber reads the current value after a broker
 * reconnect: this client's address has as many requests in progress as it may ({@code
 * http.maxRequestsPerAddress}), so the read is refused with 429 TOO_MANY_REQUESTS, a transport
 * error to the SOAP client. The subscriber tries again until the IE answers, and when it never does
 * within its {@code resyncTimeout}, tells the listener; its resync thread goes on serving the next
 * reconnect either way.
 */
class BusyResyncIT {
  static final Duration WAIT = Duration.ofSeconds(60);

  /** Requests in progress one address may have; the test holds them all. */
  static final int PER_ADDRESS = 2;

  @RegisterExtension
  static final SubscriptionLab lab =
      new SubscriptionLab(
          "--http.maxRequestsPerAddress=" + PER_ADDRESS,
          // the held requests wait for their bodies as long as the test needs
          "--http.requestBodyTimeout=10m");

  @Test
  void aResyncReadRefusedAsBusyIsTriedAgainUntilTheIeAnswers() throws Exception {
    try (AttributeSubscriber sub = AttributeSubscriber.connect(lab.brokerUrl(), "admin", "admin")) {
      Collector c = new Collector();
      AttributeSubscriber.Subscription s = sub.subscribe(lab.ie(), "lab/array2500", "vector", c);
      List<HeldRequest> held = holdEveryRequestOfThisAddress();
      lab.restartBroker(c, 1, WAIT);
      Collector.eventually(
          () -> s.resyncFailures() >= 1, WAIT, "the resync read to be refused as busy");
      for (HeldRequest h : held) {
        assertEquals(200, h.finish(), "a held request answered once its body came");
      }
      c.await(() -> !c.resynchronised.isEmpty(), WAIT, "the current value read again");
      synchronized (c) {
        assertEquals(2500, InstrumentElementClient.vector(c.resynchronised.get(0)).length);
        assertTrue(c.resynchronisationsFailed.isEmpty(), "" + c.resynchronisationsFailed);
      }
    }
  }

  @Test
  void aResyncReadStillBusyAtItsTimeoutIsReportedAndTheNextReconnectReadsAgain() throws Exception {
    AttributeSubscriber.Options options =
        AttributeSubscriber.Options.DEFAULTS
            .withCredentials("admin", "admin")
            .withResyncTimeout(Duration.ofSeconds(2));
    try (AttributeSubscriber sub = AttributeSubscriber.connect(lab.brokerUrl(), options)) {
      Collector c = new Collector();
      AttributeSubscriber.Subscription s = sub.subscribe(lab.ie(), "lab/array2500", "vector", c);
      List<HeldRequest> held = holdEveryRequestOfThisAddress();
      lab.restartBroker(c, 1, WAIT);
      c.await(
          () -> !c.resynchronisationsFailed.isEmpty(), WAIT, "the failed resync to be reported");
      synchronized (c) {
        Exception cause = c.resynchronisationsFailed.get(0);
        assertEquals(429, InstrumentElementClient.httpStatus(cause), "" + cause);
        assertTrue(c.resynchronised.isEmpty(), "no value was read while the IE was busy");
      }
      assertTrue(s.resyncFailures() >= 1);
      for (HeldRequest h : held) {
        assertEquals(200, h.finish());
      }
      // The resync thread survived: the next reconnect reads the value.
      lab.restartBroker(c, 2, WAIT);
      c.await(() -> !c.resynchronised.isEmpty(), WAIT, "the current value read again");
      synchronized (c) {
        assertEquals(2500, InstrumentElementClient.vector(c.resynchronised.get(0)).length);
        assertEquals(1, c.resynchronisationsFailed.size(), "" + c.resynchronisationsFailed);
      }
    }
  }

  /**
   * Takes every request slot of this machine's address: SOAP requests whose headers are sent and
   * whose bodies are held back, until the gate counts them all.
   */
  private static List<HeldRequest> holdEveryRequestOfThisAddress() throws Exception {
    List<HeldRequest> held = new ArrayList<>();
    for (int i = 0; i < PER_ADDRESS; i++) {
      held.add(new HeldRequest(lab.running().url()));
    }
    String address = held.get(0).socket.getLocalAddress().getHostAddress();
    Collector.eventually(
        () -> lab.running().server.gate().requestsPerAddress().held(address) == PER_ADDRESS,
        WAIT,
        "the IE to count " + PER_ADDRESS + " requests in progress from " + address);
    return held;
  }

  /** A getState whose body is sent only when {@link #finish} is called. */
  private static final class HeldRequest {
    final Socket socket;
    final byte[] body;

    HeldRequest(String url) throws IOException {
      URI uri = URI.create(url);
      body =
          ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\""
                  + " xmlns:ie=\"http://instrumentelement.org/ie/1\"><soap:Body><ie:getState>"
                  + "<ie:im>lab/array2500</ie:im></ie:getState></soap:Body></soap:Envelope>")
              .getBytes(StandardCharsets.UTF_8);
      socket = new Socket(uri.getHost(), uri.getPort());
      socket.setSoTimeout((int) WAIT.toMillis());
      String head =
          "POST "
              + uri.getRawPath()
              + " HTTP/1.1\r\nHost: "
              + uri.getHost()
              + ":"
              + uri.getPort()
              + "\r\nContent-Type: text/xml; charset=utf-8\r\nSOAPAction: \"\"\r\nContent-Length: "
              + body.length
              + "\r\nAuthorization: Basic "
              + Base64.getEncoder().encodeToString("admin:admin".getBytes(StandardCharsets.UTF_8))
              + "\r\n\r\n";
      socket.getOutputStream().write(head.getBytes(StandardCharsets.ISO_8859_1));
      socket.getOutputStream().flush();
    }

    /** Sends the body; returns the HTTP status of the answer. */
    int finish() throws IOException {
      try (socket) {
        socket.getOutputStream().write(body);
        socket.getOutputStream().flush();
        InputStream in = socket.getInputStream();
        StringBuilder statusLine = new StringBuilder();
        for (int ch = in.read(); ch >= 0 && ch != '\n'; ch = in.read()) {
          statusLine.append((char) ch);
        }
        return Integer.parseInt(statusLine.toString().split(" ")[1]);
      }
    }
  }
}
