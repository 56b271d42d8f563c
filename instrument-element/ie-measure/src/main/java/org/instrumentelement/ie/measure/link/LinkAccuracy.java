package org.instrumentelement.ie.measure.link;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What a shaped link really imposes, measured through a link of the same shape and mechanism to a
 * local echo server: the round trip it adds (median of {@link #PINGS} one-byte round trips through
 * it, less the median without it) and the rate one connection gets (bytes sent one way, timed to
 * the echo of their last byte, less one measured round trip). The reports state these next to what
 * was asked.
 *
 * @param asked the shape asked for
 * @param mechanism what shaped it
 * @param roundTripMillis the round trip the link added, measured
 * @param megabitsPerSecond the payload rate measured in one direction (the link also carries the
 *     segments' IP and TCP headers)
 * @param bytesTimed the bytes the rate was timed over
 */
public record LinkAccuracy(
    LinkShape asked,
    String mechanism,
    double roundTripMillis,
    double megabitsPerSecond,
    long bytesTimed) {
  static final int PINGS = 21;

  /** Measures a fresh link of this shape made via {@code via}, for about two seconds of data. */
  public static LinkAccuracy measure(LinkShape shape, ShapedLink.Via via) throws IOException {
    try (ServerSocket echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread server = new Thread(() -> serve(echo), "link-accuracy-echo");
      server.setDaemon(true);
      server.start();
      InetSocketAddress target = new InetSocketAddress(echo.getInetAddress(), echo.getLocalPort());
      double direct = medianRoundTripMillis(target);
      try (ShapedLink link = ShapedLink.open(shape, List.of(target), via)) {
        InetSocketAddress through = link.clientAddress(target);
        double rtt = medianRoundTripMillis(through);
        // About two seconds of the link's rate, at least 256 KiB.
        long bytes = Math.max(256 * 1024, shape.bitsPerSecond() / 8 * 2);
        double seconds = timeOneWay(through, bytes) - rtt / 1000;
        return new LinkAccuracy(
            shape, link.mechanism(), rtt - direct, bytes * 8 / seconds / 1e6, bytes);
      }
    }
  }

  /** One line for a console or a report. */
  public String summary() {
    return String.format(
        Locale.ROOT,
        "asked %s: measured %.1f ms round trip added (%.1f%% of asked), %.2f Mbit/s of payload"
            + " (%.1f%% of asked; full segments carry 96.6%%, the rest is headers) over %,d bytes; %s",
        asked,
        roundTripMillis,
        100 * roundTripMillis / asked.roundTripMillis(),
        megabitsPerSecond,
        100 * megabitsPerSecond / asked.megabitsPerSecond(),
        bytesTimed,
        mechanism);
  }

  private static double medianRoundTripMillis(InetSocketAddress to) throws IOException {
    try (Socket s = new Socket()) {
      s.setTcpNoDelay(true);
      s.connect(to);
      OutputStream out = s.getOutputStream();
      InputStream in = s.getInputStream();
      double[] rtts = new double[PINGS];
      for (int i = -1; i < PINGS; i++) {
        long t0 = System.nanoTime();
        out.write('p');
        out.flush();
        if (in.read() < 0) {
          throw new IOException("the echo closed during the round trips");
        }
        if (i >= 0) {
          rtts[i] = (System.nanoTime() - t0) / 1e6;
        }
      }
      Arrays.sort(rtts);
      return rtts[PINGS / 2];
    }
  }

  /** Seconds from the first byte sent to the echo of the last byte read back. */
  private static double timeOneWay(InetSocketAddress to, long bytes) throws IOException {
    try (Socket s = new Socket()) {
      s.setTcpNoDelay(true);
      s.connect(to);
      InputStream in = s.getInputStream();
      Thread drain =
          new Thread(
              () -> {
                byte[] b = new byte[64 * 1024];
                try {
                  while (in.read(b) >= 0) {
                    // The echo's copy: read so that it never blocks the echo.
                  }
                } catch (IOException e) {
                  // closed
                }
              },
              "link-accuracy-drain");
      OutputStream out = s.getOutputStream();
      byte[] chunk = new byte[64 * 1024];
      long t0 = System.nanoTime();
      drain.start();
      for (long sent = 0; sent < bytes; sent += chunk.length) {
        out.write(chunk, 0, (int) Math.min(chunk.length, bytes - sent));
      }
      s.shutdownOutput();
      try {
        drain.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted", e);
      }
      return (System.nanoTime() - t0) / 1e9;
    }
  }

  private static void serve(ServerSocket server) {
    while (!server.isClosed()) {
      try {
        Socket s = server.accept();
        Thread t =
            new Thread(
                () -> {
                  try (s) {
                    s.setTcpNoDelay(true);
                    s.getInputStream().transferTo(s.getOutputStream());
                  } catch (IOException e) {
                    // the client went away
                  }
                },
                "link-accuracy-echo-connection");
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return;
      }
    }
  }
}
