package org.instrumentelement.ie.benchmark;

import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import org.instrumentelement.ie.measure.ProcessCpu;

/**
 * The floor under a delivery: the same bytes sent to the same number of connections at the same
 * rate as a subscription cell, by a plain TCP fan-out in a JVM of its own, with nothing of a broker
 * or of the IE. Every period the fan-out's writing threads (one per core, as the embedded broker's)
 * each write the message to their share of the connections, one {@code write} per message and
 * connection ({@code TCP_NODELAY}, as the broker's connectors). Its readers here read each message
 * whole on a thread per connection, as an OpenWire client's transport does. The process's CPU per
 * delivered message is what the kernel's send of those bytes, the readers' wake-ups and a minimal
 * fan-out cost on this machine: what a broker's delivery could at best come down to.
 *
 * <p>A message is {@code bytes} of vector and a 16-byte head: its number and its send time (µs
 * since the epoch). The child reads its period (µs; 0 stops sending) from standard input, one per
 * line, answers each with {@code numbered <n>} once it applies (n: the messages numbered before),
 * and ends when standard input closes.
 */
final class CopyFanOut implements AutoCloseable {
  static final int HEAD = 16;

  /** How long the fan-out's JVM may take to listen. */
  private static final Duration READY_WITHIN = Duration.ofSeconds(60);

  private final PeerProcess process;
  private final int port;
  private final int bytes;

  private CopyFanOut(PeerProcess process, int port, int bytes) {
    this.process = process;
    this.port = port;
    this.bytes = bytes;
  }

  /** Starts a fan-out of messages of {@code bytes} of vector, sending nothing yet. */
  static CopyFanOut start(int bytes) throws IOException {
    PeerProcess p =
        PeerProcess.start(
            "the copy fan-out",
            System.getProperty("java.class.path"),
            List.of("-Xms256m", "-Xmx256m"),
            CopyFanOut.class.getName(),
            List.of(
                Integer.toString(bytes),
                Integer.toString(Runtime.getRuntime().availableProcessors())));
    try {
      String line = p.nextLine(READY_WITHIN);
      if (!line.startsWith("port ")) {
        throw new IOException("the copy fan-out did not start: " + line);
      }
      return new CopyFanOut(p, Integer.parseInt(line.substring(5).trim()), bytes);
    } catch (IOException | RuntimeException e) {
      p.close();
      throw e;
    }
  }

  /** The fan-out process's CPU. */
  ProcessCpu cpu() {
    return process.cpu();
  }

  /**
   * Sends a message every {@code micros} µs from now on (0: none), once the fan-out has applied it.
   *
   * @return the messages numbered before: with 0, the number of the last message it sends
   */
  long periodMicros(long micros) throws IOException {
    process.send(Long.toString(micros));
    String line = process.nextLine(READY_WITHIN);
    if (!line.startsWith("numbered ")) {
      throw new IOException("the copy fan-out did not take the period: " + line);
    }
    return Long.parseLong(line.substring(9).trim());
  }

  /** {@code count} readers, each on a connection of its own. */
  Readers readers(int count) throws IOException {
    return new Readers(count, port, bytes + HEAD);
  }

  @Override
  public void close() throws IOException {
    process.close();
  }

  /** Readers of the fan-out, counting the messages they read and those missing between them. */
  static final class Readers implements AutoCloseable {
    final AtomicLong received = new AtomicLong();
    final AtomicLong lost = new AtomicLong();

    /** Each reader's number of the last message it read (-1: none yet). */
    private final AtomicLongArray last;

    /** Messages whose number did not follow the last one read: not read whole, or out of turn. */
    final AtomicLong malformed = new AtomicLong();

    private final List<Socket> sockets = new ArrayList<>();

    private Readers(int count, int port, int length) throws IOException {
      last = new AtomicLongArray(count);
      for (int i = 0; i < count; i++) {
        last.set(i, -1);
      }
      try {
        for (int i = 0; i < count; i++) {
          Socket s = new Socket(InetAddress.getLoopbackAddress(), port);
          sockets.add(s);
          int reader = i;
          Thread t = new Thread(() -> read(s, length, reader), "copy-reader-" + i);
          t.setDaemon(true);
          t.start();
        }
      } catch (IOException e) {
        close();
        throw e;
      }
    }

    /** The lowest of the readers' last numbers read: every reader has read up to it. */
    long leastLastRead() {
      long least = Long.MAX_VALUE;
      for (int i = 0; i < last.length(); i++) {
        least = Math.min(least, last.get(i));
      }
      return least;
    }

    private void read(Socket s, int length, int reader) {
      byte[] message = new byte[length];
      ByteBuffer head = ByteBuffer.wrap(message, 0, Long.BYTES);
      long last = -1;
      try (DataInputStream in = new DataInputStream(s.getInputStream())) {
        while (true) {
          in.readFully(message);
          long number = head.getLong(0);
          if (last >= 0 && number > last + 1) {
            lost.addAndGet(number - last - 1);
          } else if (last >= 0 && number <= last) {
            malformed.incrementAndGet();
          }
          last = number;
          this.last.set(reader, number);
          received.incrementAndGet();
        }
      } catch (IOException e) {
        // closed
      }
    }

    @Override
    public void close() {
      for (Socket s : sockets) {
        try {
          s.close();
        } catch (IOException e) {
          // closing
        }
      }
    }
  }

  /**
   * The fan-out's process: {@code <bytes> <writing threads>}; prints {@code port <n>}, then sends
   * at the periods read from standard input.
   */
  public static void main(String[] args) throws Exception {
    int bytes = Integer.parseInt(args[0]);
    int writers = Integer.parseInt(args[1]);
    List<List<OutputStream>> shares = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    AtomicLong number = new AtomicLong();
    for (int i = 0; i < writers; i++) {
      List<OutputStream> share = new CopyOnWriteArrayList<>();
      shares.add(share);
      threads.add(writer(share, bytes, number, i));
    }
    ServerSocket server = new ServerSocket(0, 1024, InetAddress.getLoopbackAddress());
    Thread acceptor =
        new Thread(
            () -> {
              int next = 0;
              while (true) {
                try {
                  Socket s = server.accept();
                  s.setTcpNoDelay(true);
                  shares.get(next++ % writers).add(s.getOutputStream());
                } catch (IOException e) {
                  return;
                }
              }
            },
            "copy-acceptor");
    acceptor.setDaemon(true);
    acceptor.start();
    System.out.println("port " + server.getLocalPort());
    System.out.flush();
    ScheduledExecutorService ticks = Executors.newSingleThreadScheduledExecutor();
    ScheduledFuture<?> sending = null;
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
    for (String line; (line = in.readLine()) != null; ) {
      if (sending != null) {
        sending.cancel(false);
        sending = null;
      }
      // Read on the ticking thread: after a tick that was under way when it was cancelled.
      long numbered = ticks.submit(number::get).get();
      long micros = Long.parseLong(line.trim());
      if (micros > 0) {
        sending =
            ticks.scheduleAtFixedRate(
                () -> {
                  number.incrementAndGet();
                  threads.forEach(LockSupport::unpark);
                },
                micros,
                micros,
                TimeUnit.MICROSECONDS);
      }
      System.out.println("numbered " + numbered);
      System.out.flush();
    }
    ticks.shutdownNow();
    server.close();
    System.exit(0);
  }

  /**
   * A writing thread: whenever a new message is numbered, it writes it to each connection of its
   * share in turn, dropping the connections that fail.
   */
  private static Thread writer(List<OutputStream> share, int bytes, AtomicLong number, int i) {
    Thread t =
        new Thread(
            () -> {
              byte[] message = new byte[bytes + HEAD];
              ByteBuffer head = ByteBuffer.wrap(message, 0, HEAD);
              long sent = 0;
              while (true) {
                long n = number.get();
                if (n == sent) {
                  LockSupport.park();
                  continue;
                }
                // Behind (this thread was not scheduled for a period or more): every message is
                // still sent, in order, as a broker queues a subscription's messages.
                while (sent < n) {
                  sent++;
                  head.putLong(0, sent);
                  head.putLong(Long.BYTES, System.currentTimeMillis() * 1000);
                  for (OutputStream out : share) {
                    try {
                      out.write(message);
                    } catch (IOException e) {
                      share.remove(out);
                    }
                  }
                }
              }
            },
            "copy-writer-" + i);
    t.setDaemon(true);
    t.start();
    return t;
  }
}
