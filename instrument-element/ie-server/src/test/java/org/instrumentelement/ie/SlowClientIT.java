package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.instrumentelement.ie.client.soap.GetState;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Slow clients: request headers and bodies that trickle in are cut at their deadlines however
 * steadily they come, one address cannot hold more than its share of connections or requests, and
 * hundreds of slow connections hold no worker thread, so a normal client is answered meanwhile.
 * Attackers connect from other loopback addresses (127.0.0.2, ...) than the normal client
 * (127.0.0.1).
 */
class SlowClientIT {
  static final Duration DEADLINE = Duration.ofSeconds(6);

  /** Far beyond any deadline here: what is cut, is cut by a deadline, not a read timeout. */
  static final Duration GENEROUS = Duration.ofSeconds(20);

  static RunningElement running;
  static int connectionsPerAddress;
  static int requestsPerAddress;

  final List<RawHttp> open = new CopyOnWriteArrayList<>();
  ScheduledExecutorService dribbler;

  @BeforeAll
  static void start() throws Exception {
    running =
        RunningElement.mockLab(
            "--http.requestHeaderTimeout=" + DEADLINE.toSeconds() + "s",
            "--http.requestBodyTimeout=" + DEADLINE.toSeconds() + "s");
    connectionsPerAddress = running.runtime.config().httpLimits().maxConnectionsPerAddress();
    requestsPerAddress = running.runtime.config().httpLimits().maxRequestsPerAddress();
  }

  @AfterAll
  static void stop() {
    running.close();
  }

  @BeforeEach
  void startDribbling() {
    dribbler = Executors.newSingleThreadScheduledExecutor();
    // One byte on every open connection every 200 ms: never silent long enough for a read timeout.
    dribbler.scheduleWithFixedDelay(
        () -> {
          for (RawHttp c : open) {
            try {
              c.send("a");
            } catch (IOException closed) {
              open.remove(c);
            }
          }
        },
        200,
        200,
        TimeUnit.MILLISECONDS);
  }

  @AfterEach
  void closeAllAndCheckHealth() throws Exception {
    dribbler.shutdownNow();
    dribbler.awaitTermination(5, TimeUnit.SECONDS);
    for (RawHttp c : open) {
      c.close();
    }
    open.clear();
    Healthy.assertHealthy(running);
    long deadline = System.nanoTime() + GENEROUS.toNanos();
    while ((running.server.gate().requestsPerAddress().addresses() != 0
            || running.server.gate().memory().used() != 0)
        && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    assertEquals(0, running.server.gate().requestsPerAddress().addresses(), "request slots freed");
    assertEquals(0, running.server.gate().memory().used(), "memory freed");
  }

  /** A connection from {@code from} that has sent the start of a request's headers. */
  RawHttp slowHeaders(String from) throws IOException {
    RawHttp c = RawHttp.connect(running.url(), from);
    c.send("GET /ie/health/ready HTTP/1.1\r\nHost: x\r\nX-Slow: ");
    open.add(c);
    return c;
  }

  /** An authenticated SOAP request from {@code from} whose body is still to come. */
  RawHttp slowBody(String from) throws IOException {
    RawHttp c = RawHttp.connect(running.url(), from);
    c.send(RawHttp.soapHead(running.url(), 2_000, HostileRequestIT.ADMIN_BASIC));
    open.add(c);
    return c;
  }

  /** Seconds since {@code start}. */
  static double since(long start) {
    return (System.nanoTime() - start) / 1e9;
  }

  @Test
  void headersThatTrickleInAreCutAtTheirDeadline() throws Exception {
    long start = System.nanoTime();
    List<RawHttp> slow = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      slow.add(slowHeaders("127.0.0.2"));
    }
    for (RawHttp c : slow) {
      assertTrue(c.closedWithin(GENEROUS), "a connection trickling headers stayed open");
      // (cut by the deadline: the connection timeout is 20 s and the trickle never pauses)
    }
    double took = since(start);
    assertTrue(took >= DEADLINE.toSeconds() - 0.5, "cut before the deadline: " + took + " s");
    assertTrue(running.server.endpoint().headerDeadlinesMissed() >= 20);
  }

  @Test
  void bodiesThatTrickleInGetATimeoutFaultAtTheirDeadline() throws Exception {
    long start = System.nanoTime();
    List<RawHttp> slow = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      slow.add(slowBody("127.0.0.3"));
    }
    // And one that sends nothing after its headers.
    RawHttp silent = RawHttp.connect(running.url(), "127.0.0.3");
    silent.send(RawHttp.soapHead(running.url(), 2_000, HostileRequestIT.ADMIN_BASIC));
    slow.add(silent);
    for (RawHttp c : slow) {
      RawHttp.Response r = c.read(GENEROUS);
      RequestGateIT.assertRefusal(408, "REQUEST_TIMEOUT", r.status(), r.body());
      assertTrue(c.closedWithin(GENEROUS));
    }
    silent.close();
    double took = since(start);
    assertTrue(took >= DEADLINE.toSeconds() - 0.5, "cut before the deadline: " + took + " s");
  }

  @Test
  void strangersWithSlowBodiesAreRefusedFromTheirHeadersAlone() throws Exception {
    List<RawHttp> strangers = new ArrayList<>();
    try {
      for (int i = 0; i < 200; i++) {
        RawHttp c = RawHttp.connect(running.url(), i % 2 == 0 ? "127.0.0.12" : "127.0.0.13");
        strangers.add(c.send(RawHttp.soapHead(running.url(), 100_000, null)));
      }
      // Not a byte of any body was sent: the answers come from the headers, and each connection
      // is closed at once, long before a body could have arrived.
      for (RawHttp c : strangers) {
        RawHttp.Response r = c.read(GENEROUS);
        RequestGateIT.assertRefusal(401, "NOT_AUTHENTICATED", r.status(), r.body());
        assertTrue(c.closedWithin(GENEROUS));
      }
      assertEquals(0, running.server.gate().memory().used(), "nothing charged for strangers");
    } finally {
      for (RawHttp c : strangers) {
        c.close();
      }
    }
  }

  @Test
  void oneAddressCannotHoldMoreThanItsShareOfConnections() throws Exception {
    List<RawHttp> idle = new ArrayList<>();
    try {
      for (int i = 0; i < connectionsPerAddress + 20; i++) {
        idle.add(RawHttp.connect(running.url(), "127.0.0.4"));
      }
      // The ones over the cap are closed at once, without having sent anything.
      for (RawHttp c : idle.subList(connectionsPerAddress, idle.size())) {
        assertTrue(c.closedWithin(GENEROUS), "a connection over the cap stayed open");
      }
      assertFalse(idle.get(0).closedWithin(Duration.ofMillis(200)), "the first ones stay");
      assertTrue(running.server.endpoint().refusedConnections() >= 20);
      // Another address is served meanwhile.
      Healthy.assertHealthy(running);
    } finally {
      for (RawHttp c : idle) {
        c.close();
      }
    }
  }

  @Test
  void oneAddressCannotHaveMoreThanItsShareOfRequestsInProgress() throws Exception {
    for (int i = 0; i < requestsPerAddress; i++) {
      slowBody("127.0.0.5");
    }
    long deadline = System.nanoTime() + GENEROUS.toNanos();
    while (running.server.gate().requestsPerAddress().held("127.0.0.5") < requestsPerAddress
        && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    try (RawHttp one = RawHttp.connect(running.url(), "127.0.0.5")) {
      RawHttp.Response r =
          one.send(RawHttp.soapHead(running.url(), 10, HostileRequestIT.ADMIN_BASIC))
              .read(GENEROUS);
      RequestGateIT.assertRefusal(429, "TOO_MANY_REQUESTS", r.status(), r.body());
      assertEquals("1", r.headers().get("retry-after"));
    }
  }

  @Test
  void fiveHundredSlowConnectionsDoNotStopANormalClient() throws Exception {
    InstrumentElementPort normal = running.client();
    GetState g = new GetState();
    g.setIm("lab/scope");
    assertEquals("RUNNING", normal.getState(g).getState());
    long refusedBefore = running.server.endpoint().refusedConnections();
    // 500 from one address: it gets its share of connections, the rest are closed at once.
    for (int i = 0; i < 500; i++) {
      if (i % 2 == 0) {
        slowHeaders("127.0.0.6");
      } else {
        slowBody("127.0.0.6");
      }
    }
    // 500 more spread over five addresses, each within its share: slow headers and bodies.
    String[] spread = {"127.0.0.7", "127.0.0.8", "127.0.0.9", "127.0.0.10", "127.0.0.11"};
    for (int i = 0; i < 500; i++) {
      String from = spread[i % spread.length];
      if ((i / spread.length) % 2 == 0) {
        slowHeaders(from);
      } else {
        slowBody(from);
      }
    }
    // A connect returns once the kernel has the connection; Tomcat's acceptor takes it after.
    long accepting = System.nanoTime() + GENEROUS.toNanos();
    while (running.server.endpoint().getConnectionCount() < 500 && System.nanoTime() < accepting) {
      Thread.sleep(10);
    }
    long before = running.server.endpoint().getConnectionCount();
    double slowest = 0;
    for (int i = 0; i < 5; i++) {
      long t = System.nanoTime();
      assertEquals("RUNNING", normal.getState(g).getState());
      slowest = Math.max(slowest, since(t));
    }
    long after = running.server.endpoint().getConnectionCount();
    long refused = running.server.endpoint().refusedConnections() - refusedBefore;
    System.out.printf(
        "SlowClientIT: %d slow connections open (%d refused over the per-address cap);"
            + " slowest of 5 answers to a normal client meanwhile: %.3f s%n",
        after, refused, slowest);
    assertTrue(refused >= 500 - connectionsPerAddress, "refused over the cap: " + refused);
    assertTrue(
        before >= 500 && after >= 500,
        "answered while 500 slow connections were open (" + before + ", " + after + ")");
    // Then every one of them is cut at its deadline.
    long deadline = System.nanoTime() + GENEROUS.toNanos();
    while (!open.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    assertTrue(open.isEmpty(), open.size() + " slow connections still open");
  }
}
