package org.instrumentelement.ie.measure.link;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The relay over real loopback sockets, against an echo server: bytes arrive intact and in order,
 * ends of stream travel as half-closes, and it delays and limits the rate at least as asked (lower
 * bounds only: how close it comes is measured by {@link LinkAccuracy} and stated in the reports).
 */
class ShapedLinkTest {
  private ServerSocket echo;
  private InetSocketAddress target;

  @BeforeEach
  void startEcho() throws IOException {
    echo = new ServerSocket(0, 100, InetAddress.getLoopbackAddress());
    target = new InetSocketAddress(echo.getInetAddress(), echo.getLocalPort());
    Thread t =
        new Thread(
            () -> {
              while (!echo.isClosed()) {
                try {
                  Socket s = echo.accept();
                  Thread c =
                      new Thread(
                          () -> {
                            try (s) {
                              s.getInputStream().transferTo(s.getOutputStream());
                            } catch (IOException e) {
                              // client gone
                            }
                          });
                  c.setDaemon(true);
                  c.start();
                } catch (IOException e) {
                  return;
                }
              }
            });
    t.setDaemon(true);
    t.start();
  }

  @AfterEach
  void stopEcho() throws IOException {
    echo.close();
  }

  private ShapedLink relay(String shape) throws IOException {
    return ShapedLink.open(LinkShape.parse(shape), List.of(target), ShapedLink.Via.RELAY);
  }

  /** Sends {@code data} through, half-closes, and returns all the echo sent back until its end. */
  private static byte[] roundTrip(InetSocketAddress to, byte[] data) throws Exception {
    try (Socket s = new Socket()) {
      s.connect(to);
      ExecutorService reader = Executors.newSingleThreadExecutor();
      try {
        InputStream in = s.getInputStream();
        Future<byte[]> back = reader.submit(() -> in.readAllBytes());
        OutputStream out = s.getOutputStream();
        out.write(data);
        s.shutdownOutput();
        return back.get();
      } finally {
        reader.shutdownNow();
      }
    }
  }

  @Test
  void bytesComeBackIntactAndInOrderAndTheEndOfStreamTravels() throws Exception {
    byte[] data = new byte[3 * 1024 * 1024 + 17];
    new Random(42).nextBytes(data);
    try (ShapedLink link = relay("1gbit:2ms")) {
      InetSocketAddress through = link.clientAddress(target);
      assertTrue(through.getPort() != target.getPort(), "the relay listens on a port of its own");
      assertArrayEquals(data, roundTrip(through, data));
    }
  }

  @Test
  void manyConnectionsAtOnceEachGetTheirOwnBytes() throws Exception {
    try (ShapedLink link = relay("100mbit:10ms")) {
      InetSocketAddress through = link.clientAddress(target);
      ExecutorService pool = Executors.newFixedThreadPool(20);
      try {
        List<byte[]> sent = new ArrayList<>();
        List<Future<byte[]>> back = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
          byte[] d = new byte[40_000 + i];
          new Random(i).nextBytes(d);
          sent.add(d);
          back.add(pool.submit(() -> roundTrip(through, d)));
        }
        for (int i = 0; i < 20; i++) {
          assertArrayEquals(sent.get(i), back.get(i).get(), "connection " + i);
        }
      } finally {
        pool.shutdownNow();
      }
    }
  }

  @Test
  void aFiftyMillisecondLinkAddsAtLeastFortyFiveMillisecondsPerRoundTrip() throws Exception {
    try (ShapedLink link = relay("100mbit:50ms");
        Socket s = new Socket()) {
      s.setTcpNoDelay(true);
      s.connect(link.clientAddress(target));
      OutputStream out = s.getOutputStream();
      InputStream in = s.getInputStream();
      for (int i = 0; i < 5; i++) {
        long t0 = System.nanoTime();
        out.write(i);
        assertEquals(i, in.read());
        double ms = (System.nanoTime() - t0) / 1e6;
        assertTrue(ms >= 45, "round trip " + ms + " ms through a 50 ms link");
      }
    }
  }

  @Test
  void theRateIsSharedByAllConnectionsOfADirection() throws Exception {
    // 10 connections x 100,000 bytes at 10 Mbit/s: 0.8 s on one shared link each way (pipelined
    // with the echo), 0.08 s if each connection had the rate to itself.
    try (ShapedLink link = relay("10mbit:2ms")) {
      InetSocketAddress through = link.clientAddress(target);
      ExecutorService pool = Executors.newFixedThreadPool(10);
      try {
        long t0 = System.nanoTime();
        List<Future<byte[]>> back = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
          back.add(pool.submit(() -> roundTrip(through, new byte[100_000])));
        }
        for (Future<byte[]> f : back) {
          assertEquals(100_000, f.get().length);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertTrue(seconds >= 0.8 * 0.9, "1 MB over 10 Mbit/s in " + seconds + " s");
      } finally {
        pool.shutdownNow();
      }
    }
  }

  @Test
  void aServerThatClosesClosesTheClientsConnection() throws Exception {
    try (ServerSocket closer = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
      InetSocketAddress t = new InetSocketAddress(closer.getInetAddress(), closer.getLocalPort());
      try (ShapedLink link =
              ShapedLink.open(LinkShape.parse("100mbit:4ms"), List.of(t), ShapedLink.Via.RELAY);
          Socket s = new Socket()) {
        s.connect(link.clientAddress(t));
        try (Socket accepted = closer.accept()) {
          accepted.getOutputStream().write("bye".getBytes());
        }
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        s.getInputStream().transferTo(got);
        assertEquals("bye", got.toString());
      }
    }
  }

  @Test
  void aClientThatGoesAwayClosesTheConnectionToTheServer() throws Exception {
    try (ServerSocket talker = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
      InetSocketAddress t = new InetSocketAddress(talker.getInetAddress(), talker.getLocalPort());
      ExecutorService server = Executors.newSingleThreadExecutor();
      try (ShapedLink link =
          ShapedLink.open(LinkShape.parse("10mbit:4ms"), List.of(t), ShapedLink.Via.RELAY)) {
        // The server writes without pause; its writes must fail once the client has gone, even
        // though the relay's window towards the client is full.
        Future<Long> written =
            server.submit(
                () -> {
                  long n = 0;
                  try (Socket s = talker.accept()) {
                    OutputStream out = s.getOutputStream();
                    byte[] chunk = new byte[8192];
                    while (true) {
                      out.write(chunk);
                      n += chunk.length;
                    }
                  } catch (IOException e) {
                    return n;
                  }
                });
        try (Socket client = new Socket()) {
          client.connect(link.clientAddress(t));
          assertTrue(client.getInputStream().readNBytes(1000).length == 1000);
        }
        assertTrue(written.get(60, java.util.concurrent.TimeUnit.SECONDS) > 0);
      } finally {
        server.shutdownNow();
      }
    }
  }

  @Test
  void rewritesTheUrlsOfItsTargetsOnly() throws IOException {
    try (ShapedLink link = relay("10mbit:50ms")) {
      int port = link.clientAddress(target).getPort();
      String host = target.getAddress().getHostAddress();
      assertEquals(
          "tcp://" + host + ":" + port + "?wireFormat.maxInactivityDuration=0",
          link.clientUrl(
              "tcp://" + host + ":" + target.getPort() + "?wireFormat.maxInactivityDuration=0"));
      assertEquals(
          "http://" + host + ":" + port + "/ie/services/InstrumentElement",
          link.clientUrl(
              "http://localhost:" + target.getPort() + "/ie/services/InstrumentElement"));
      assertEquals("http://example.org:81/x", link.clientUrl("http://example.org:81/x"));
    }
  }
}
