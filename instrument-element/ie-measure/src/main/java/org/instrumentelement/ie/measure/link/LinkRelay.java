package org.instrumentelement.ie.measure.link;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A TCP relay that puts a shaped link between its clients and one target: it listens on a free
 * loopback port, opens a connection to the target for each client, and forwards each direction's
 * bytes in order through that direction's {@link LinkDirection}, which every connection of the link
 * shares (one bottleneck per direction, as a wide-area link has, not a rate per connection). Each
 * segment (what one read returned, at most {@link #SEGMENT} bytes, a TCP segment on an Ethernet
 * path) takes the link for its bytes and {@link #HEADERS} and is written to the far side when the
 * link delivers it. A connection holds at most {@link #window} bytes not yet delivered per
 * direction; beyond that the relay stops reading, so the sender's TCP window closes as it would
 * behind a full bottleneck queue. An end of stream travels as the data does and half-closes the far
 * side; a connection closes when both directions have ended, or at once when either side fails.
 */
final class LinkRelay implements Closeable {
  /** The largest segment the relay forwards at once: Ethernet's MTU less IP and TCP headers. */
  static final int SEGMENT = 1460;

  /**
   * Bytes of headers the link carries with each segment besides its payload: IPv4 (20) and TCP with
   * the timestamps Linux sends (32). A 10 Mbit/s link thus carries about 9.7 Mbit/s of payload in
   * full segments, as a real one does. Acknowledgements are not charged.
   */
  static final int HEADERS = 52;

  private static final AtomicInteger RELAYS = new AtomicInteger();

  private final LinkDirection toTarget;
  private final LinkDirection toClient;
  private final InetSocketAddress target;
  private final int window;
  private final ServerSocket server;
  private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
  private final String name;

  /**
   * Starts listening; the relay forwards client bytes through {@code toTarget} and the target's
   * through {@code toClient}.
   *
   * @param window bytes per connection and direction accepted from the sender but not yet delivered
   */
  LinkRelay(InetSocketAddress target, LinkDirection toTarget, LinkDirection toClient, int window)
      throws IOException {
    this.target = target;
    this.toTarget = toTarget;
    this.toClient = toClient;
    this.window = window;
    this.server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
    this.name = "link-relay-" + RELAYS.incrementAndGet() + "-" + target.getPort();
    Thread accept = new Thread(this::accept, name);
    accept.setDaemon(true);
    accept.start();
  }

  /** Where clients connect: this relay's loopback address. */
  InetSocketAddress address() {
    return new InetSocketAddress(server.getInetAddress(), server.getLocalPort());
  }

  private void accept() {
    while (!server.isClosed()) {
      Socket client;
      try {
        client = server.accept();
      } catch (IOException e) {
        return; // closed
      }
      Thread t = new Thread(() -> connect(client), name + "-connect");
      t.setDaemon(true);
      t.start();
    }
  }

  private void connect(Socket client) {
    sockets.add(client);
    Socket far = new Socket();
    try {
      client.setTcpNoDelay(true);
      far.setTcpNoDelay(true);
      far.connect(target);
      sockets.add(far);
    } catch (IOException e) {
      closeQuietly(client, far);
      return;
    }
    Connection c = new Connection(client, far);
    c.start(new Pipe(c, client, far, toTarget, "up"), new Pipe(c, far, client, toClient, "down"));
  }

  /** Stops listening and closes every connection. */
  @Override
  public void close() throws IOException {
    server.close();
    for (Socket s : sockets) {
      closeQuietly(s);
    }
    sockets.clear();
  }

  private void closeQuietly(Socket... ss) {
    for (Socket s : ss) {
      sockets.remove(s);
      try {
        s.close();
      } catch (IOException e) {
        // closing: nothing more to do
      }
    }
  }

  /** A client's connection and the relay's own to the target; closed when both pipes ended. */
  private final class Connection {
    private final Socket client;
    private final Socket far;
    private final AtomicInteger open = new AtomicInteger(2);

    Connection(Socket client, Socket far) {
      this.client = client;
      this.far = far;
    }

    void start(Pipe up, Pipe down) {
      up.start();
      down.start();
    }

    void ended() {
      if (open.decrementAndGet() == 0) {
        close();
      }
    }

    void close() {
      closeQuietly(client, far);
    }
  }

  /** One direction of one connection: a reader that puts segments on the link, and a writer. */
  private final class Pipe {
    private final Connection connection;
    private final Socket from;
    private final Socket to;
    private final LinkDirection link;
    private final String direction;
    private final ArrayDeque<Segment> queue = new ArrayDeque<>();
    private int queuedBytes;

    /** Set when the writer gave up: the reader must not wait for room that never comes. */
    private boolean writerGone;

    Pipe(Connection connection, Socket from, Socket to, LinkDirection link, String direction) {
      this.connection = connection;
      this.from = from;
      this.to = to;
      this.link = link;
      this.direction = direction;
    }

    void start() {
      Thread reader = new Thread(this::read, name + "-" + direction + "-read");
      Thread writer = new Thread(this::write, name + "-" + direction + "-write");
      reader.setDaemon(true);
      writer.setDaemon(true);
      reader.start();
      writer.start();
    }

    private void read() {
      byte[] buffer = new byte[SEGMENT];
      try {
        // Not closed when it ends: closing a socket's stream closes the socket, which the other
        // direction may still be writing to.
        InputStream in = from.getInputStream();
        while (true) {
          int n = in.read(buffer);
          long arrived = System.nanoTime();
          if (n < 0) {
            offer(new Segment(null, link.deliveryTime(0, arrived)));
            return;
          }
          byte[] data = Arrays.copyOf(buffer, n);
          offer(new Segment(data, link.deliveryTime(n + HEADERS, arrived)));
        }
      } catch (IOException | InterruptedException e) {
        connection.close();
        synchronized (this) {
          queue.clear();
          queue.add(Segment.FAILED);
          notifyAll();
        }
      }
    }

    /** Queues a segment, waiting while the connection's window is full. */
    private synchronized void offer(Segment s) throws InterruptedException, IOException {
      while (queuedBytes >= window && !writerGone) {
        wait();
      }
      if (writerGone) {
        throw new IOException("the far side of the connection failed");
      }
      queue.add(s);
      queuedBytes += s.length();
      notifyAll();
    }

    private synchronized Segment take() throws InterruptedException {
      while (queue.isEmpty()) {
        wait();
      }
      return queue.peek();
    }

    private synchronized void remove(Segment s) {
      queue.remove();
      queuedBytes -= s.length();
      notifyAll();
    }

    private void write() {
      try {
        OutputStream out = to.getOutputStream();
        while (true) {
          Segment s = take();
          if (s == Segment.FAILED) {
            return;
          }
          for (long wait = s.deliverAt - System.nanoTime();
              wait > 0;
              wait = s.deliverAt - System.nanoTime()) {
            LockSupport.parkNanos(wait);
          }
          if (s.data == null) {
            to.shutdownOutput();
            remove(s);
            connection.ended();
            return;
          }
          out.write(s.data);
          remove(s);
        }
      } catch (IOException | InterruptedException e) {
        synchronized (this) {
          writerGone = true;
          notifyAll();
        }
        connection.close();
      }
    }
  }

  /** Bytes (null: the end of the stream) and when the link delivers them. */
  private record Segment(byte[] data, long deliverAt) {
    static final Segment FAILED = new Segment(null, 0);

    int length() {
      return data == null ? 0 : data.length;
    }
  }
}
