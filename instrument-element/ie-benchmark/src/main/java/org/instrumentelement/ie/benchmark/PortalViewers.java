package org.instrumentelement.ie.benchmark;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Browsers watching one live trace of the VCR portal, as a control room would: each viewer signs in
 * with its own session, opens the portal's WebSocket, watches the trace at a chart width and, like
 * the page, acknowledges every message when it asks for a window. For every frame it records the
 * time from the value's acquisition by the IE (in the frame) to its arrival, on the same clock.
 *
 * <p>A minimal WebSocket client on non-blocking sockets, a few selector threads for all viewers,
 * because the load generator shares the cores with the portal it measures (as {@link HttpLoad} is a
 * minimal HTTP client): it reads each frame's header and the first bytes of its payload (the binary
 * frame's acquisition time at offset 40, or the JSON frame's {@code acquiredMillis}) and skips the
 * rest. The JDK's WebSocket client cost about three times as much CPU per frame.
 */
final class PortalViewers implements AutoCloseable {
  /** The page's acknowledgement (LiveSocket.ACK in the portal). */
  static final String ACK = "{\"op\":\"ack\"}";

  /** Bytes of a message's start kept for reading its time. */
  private static final int PREFIX = 512;

  private static final int PARALLEL_SIGN_INS = 8;

  /** The acknowledgement as a client sends it: a masked text frame, built once. */
  private static final ByteBuffer ACK_FRAME = maskedText(ACK).asReadOnlyBuffer();

  private final URI portal;
  private final String watch;
  private final int window;
  private final String user;
  private final String password;
  private final HttpClient signIn = HttpClient.newHttpClient();
  private final List<Loop> loops = new ArrayList<>();
  private final List<Viewer> viewers = new ArrayList<>();
  private final AtomicLong frames = new AtomicLong();
  private final AtomicLong bytes = new AtomicLong();
  private final AtomicLong errors = new AtomicLong();
  private volatile LatencyHistogram latencies = new LatencyHistogram(Long.MAX_VALUE);
  private volatile boolean closing;
  private volatile String lastError;

  /**
   * @param portal the portal's address, ending with '/'
   * @param im the IM path and {@code attribute} the vector attribute watched on IE {@code ie}
   * @param format "binary" or "json"
   * @param window frames a viewer may leave unacknowledged (0: it does not acknowledge)
   * @param threads selector threads reading the viewers' sockets
   */
  PortalViewers(
      URI portal,
      String ie,
      String im,
      String attribute,
      int width,
      String format,
      int window,
      String user,
      String password,
      int threads)
      throws IOException {
    this.portal = portal;
    this.window = window;
    this.user = user;
    this.password = password;
    this.watch =
        String.format(
            "{\"op\":\"watch\",\"ie\":\"%s\",\"im\":\"%s\",\"attribute\":\"%s\",\"width\":%d,"
                + "\"format\":\"%s\",\"window\":%d}",
            ie, im, attribute, width, format, window);
    for (int i = 0; i < threads; i++) {
      Loop loop = new Loop();
      Thread t = new Thread(loop, "viewer-reader-" + i);
      t.setDaemon(true);
      t.start();
      loops.add(loop);
    }
  }

  /** Opens viewers until there are {@code count}, signing each in; returns how many failed. */
  int growTo(int count) throws InterruptedException {
    ExecutorService opening = Executors.newFixedThreadPool(PARALLEL_SIGN_INS);
    List<CompletableFuture<Viewer>> opened = new ArrayList<>();
    for (int i = viewers.size(); i < count; i++) {
      Loop loop = loops.get(i % loops.size());
      opened.add(CompletableFuture.supplyAsync(() -> open(loop), opening));
    }
    int failed = 0;
    for (CompletableFuture<Viewer> f : opened) {
      Viewer v = f.join();
      if (v == null) {
        failed++;
      } else {
        viewers.add(v);
      }
    }
    opening.shutdown();
    return failed;
  }

  /** Signs in, opens the WebSocket and watches; null (and an error counted) when that fails. */
  private Viewer open(Loop loop) {
    try {
      String cookie = signIn();
      SocketChannel ch = SocketChannel.open();
      ch.socket().setTcpNoDelay(true);
      ch.connect(new InetSocketAddress(portal.getHost(), portal.getPort()));
      byte[] nonce = new byte[16];
      new SecureRandom().nextBytes(nonce);
      String request =
          "GET "
              + portal.resolve("live").getRawPath()
              + " HTTP/1.1\r\nHost: "
              + portal.getHost()
              + ":"
              + portal.getPort()
              + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
              + "Sec-WebSocket-Key: "
              + Base64.getEncoder().encodeToString(nonce)
              + "\r\nCookie: "
              + cookie
              + "\r\n\r\n";
      writeFully(ch, ByteBuffer.wrap(request.getBytes(StandardCharsets.US_ASCII)));
      ByteBuffer in = ByteBuffer.allocate(8192);
      int end;
      while ((end = headEnd(in)) < 0) {
        if (ch.read(in) < 0 || !in.hasRemaining()) {
          throw new IOException("no handshake answer");
        }
      }
      String head = new String(in.array(), 0, end, StandardCharsets.US_ASCII);
      if (!head.startsWith("HTTP/1.1 101")) {
        throw new IOException("refused: " + head.lines().findFirst().orElse(""));
      }
      writeFully(ch, maskedText(watch));
      ByteBuffer rest = ByteBuffer.wrap(in.array(), end, in.position() - end);
      Viewer v = new Viewer(ch);
      ch.configureBlocking(false);
      loop.add(v, rest);
      return v;
    } catch (Exception e) {
      error("opening a viewer: " + e);
      return null;
    }
  }

  private static int headEnd(ByteBuffer in) {
    byte[] a = in.array();
    for (int i = 3; i < in.position(); i++) {
      if (a[i - 3] == '\r' && a[i - 2] == '\n' && a[i - 1] == '\r' && a[i] == '\n') {
        return i + 1;
      }
    }
    return -1;
  }

  private static void writeFully(SocketChannel ch, ByteBuffer b) throws IOException {
    while (b.hasRemaining()) {
      ch.write(b);
    }
  }

  /** A client's text frame: masked, as a client must send it. */
  static ByteBuffer maskedText(String text) {
    byte[] p = text.getBytes(StandardCharsets.UTF_8);
    if (p.length > 125) {
      throw new IllegalArgumentException("short messages only: " + text);
    }
    byte[] mask = new byte[4];
    new SecureRandom().nextBytes(mask);
    ByteBuffer b = ByteBuffer.allocateDirect(6 + p.length);
    b.put((byte) 0x81).put((byte) (0x80 | p.length)).put(mask);
    for (int i = 0; i < p.length; i++) {
      b.put((byte) (p[i] ^ mask[i % 4]));
    }
    return b.flip();
  }

  /** A session of its own: the cookie that names it. */
  String signIn() throws Exception {
    HttpResponse<String> r =
        signIn.send(
            HttpRequest.newBuilder(portal.resolve("api/signin"))
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"user\":\"" + user + "\",\"password\":\"" + password + "\"}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new IllegalStateException("sign-in refused: " + r.statusCode() + " " + r.body());
    }
    return r.headers().allValues("Set-Cookie").stream()
        .filter(c -> c.startsWith("JSESSIONID="))
        .map(c -> c.split(";", 2)[0])
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no session cookie"));
  }

  /** Starts recording latencies afresh, counting those above {@code overMicros} apart. */
  LatencyHistogram record(long overMicros) {
    LatencyHistogram h = new LatencyHistogram(overMicros);
    latencies = h;
    return h;
  }

  int count() {
    return viewers.size();
  }

  /** Frames received by all viewers so far. */
  long frames() {
    return frames.get();
  }

  /** Bytes of the frames received (payloads). */
  long bytes() {
    return bytes.get();
  }

  /** Viewers that failed to open, were closed or refused, or received what is not a frame. */
  long errors() {
    return errors.get();
  }

  String lastError() {
    return lastError;
  }

  /** The fewest frames any one viewer has received so far. */
  long fewestFrames() {
    return viewers.stream().mapToLong(v -> v.frames).min().orElse(0);
  }

  private void error(String what) {
    if (!closing) {
      errors.incrementAndGet();
      lastError = what;
    }
  }

  @Override
  public void close() {
    closing = true;
    loops.forEach(Loop::stop);
    for (Viewer v : viewers) {
      try {
        v.channel.close();
      } catch (IOException e) {
        // closing anyway
      }
    }
  }

  /** A selector thread reading its viewers' sockets. */
  private final class Loop implements Runnable {
    private final Selector selector;
    private final Queue<Object[]> added = new ConcurrentLinkedQueue<>();
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 16);
    private volatile boolean running = true;

    Loop() throws IOException {
      selector = Selector.open();
    }

    void add(Viewer v, ByteBuffer alreadyRead) {
      added.add(new Object[] {v, alreadyRead});
      selector.wakeup();
    }

    void stop() {
      running = false;
      selector.wakeup();
    }

    @Override
    public void run() {
      try {
        while (running) {
          selector.select();
          for (Object[] a; (a = added.poll()) != null; ) {
            Viewer v = (Viewer) a[0];
            v.key = v.channel.register(selector, SelectionKey.OP_READ, v);
            v.consume((ByteBuffer) a[1]);
          }
          for (SelectionKey k : selector.selectedKeys()) {
            Viewer v = (Viewer) k.attachment();
            if (k.isValid() && k.isWritable()) {
              v.flush();
            }
            if (k.isValid() && k.isReadable()) {
              v.read(buffer);
            }
          }
          selector.selectedKeys().clear();
        }
        selector.close();
      } catch (IOException e) {
        error("a reader failed: " + e);
      }
    }
  }

  /** One viewer's socket, read by its loop's thread only: WebSocket frames parsed as they come. */
  private final class Viewer {
    final SocketChannel channel;
    SelectionKey key;
    volatile long frames;
    private final byte[] header = new byte[14];
    private int headerLength;
    private long payloadLeft = -1; // -1: reading a header
    private int opcode;
    private boolean fin;
    private int messageOpcode;
    private final byte[] prefix = new byte[PREFIX];
    private int prefixLength;
    private long messageBytes;
    private ByteBuffer unsent;

    Viewer(SocketChannel channel) {
      this.channel = channel;
    }

    void read(ByteBuffer buffer) {
      try {
        buffer.clear();
        int n = channel.read(buffer);
        if (n < 0) {
          error("the portal closed a viewer's socket");
          key.cancel();
          channel.close();
          return;
        }
        consume(buffer.flip());
      } catch (IOException e) {
        error("reading a viewer's socket: " + e);
        key.cancel();
      }
    }

    /** Parses what was read: headers byte by byte, payloads skipped but for their start. */
    void consume(ByteBuffer b) throws IOException {
      while (b.hasRemaining()) {
        if (payloadLeft < 0) {
          header[headerLength++] = b.get();
          int need = headerNeeded();
          if (headerLength == need) {
            startPayload();
          }
          continue;
        }
        int n = (int) Math.min(payloadLeft, b.remaining());
        if (opcode <= 2 && prefixLength < PREFIX) {
          int keep = Math.min(n, PREFIX - prefixLength);
          b.get(b.position(), prefix, prefixLength, keep);
          prefixLength += keep;
        }
        b.position(b.position() + n);
        payloadLeft -= n;
        if (opcode <= 2) {
          messageBytes += n;
        }
        if (payloadLeft == 0) {
          endFrame();
        }
      }
    }

    /** Header bytes this frame has, as far as known from the bytes read. */
    private int headerNeeded() {
      if (headerLength < 2) {
        return 2;
      }
      int len = header[1] & 0x7F;
      int mask = (header[1] & 0x80) != 0 ? 4 : 0;
      return 2 + (len == 126 ? 2 : len == 127 ? 8 : 0) + mask;
    }

    private void startPayload() throws IOException {
      fin = (header[0] & 0x80) != 0;
      opcode = header[0] & 0x0F;
      int len = header[1] & 0x7F;
      ByteBuffer h = ByteBuffer.wrap(header);
      payloadLeft = len == 126 ? h.getShort(2) & 0xFFFF : len == 127 ? h.getLong(2) : len;
      headerLength = 0;
      if (opcode == 1 || opcode == 2) {
        messageOpcode = opcode;
        prefixLength = 0;
        messageBytes = 0;
      }
      if (payloadLeft == 0) {
        endFrame();
      }
    }

    private void endFrame() throws IOException {
      payloadLeft = -1;
      if (opcode == 8) {
        error("the portal closed a viewer");
        key.cancel();
        channel.close();
      } else if (opcode <= 2 && fin) {
        message();
      }
    }

    /** A whole message: a frame's time recorded, then acknowledged. */
    private void message() throws IOException {
      double acquired;
      if (messageOpcode == 2) {
        acquired =
            prefixLength >= 48
                ? ByteBuffer.wrap(prefix).order(ByteOrder.LITTLE_ENDIAN).getDouble(40)
                : Double.NaN;
      } else {
        acquired = acquiredMillis(new String(prefix, 0, prefixLength, StandardCharsets.ISO_8859_1));
      }
      if (acquired > 0) {
        Instant now = Instant.now();
        long nowMicros = now.getEpochSecond() * 1_000_000L + now.getNano() / 1000;
        latencies.record(nowMicros - Math.round(acquired * 1000));
        PortalViewers.this.frames.incrementAndGet();
        bytes.addAndGet(messageBytes);
        frames++;
      } else if (messageOpcode == 1
          && !new String(prefix, 0, prefixLength, StandardCharsets.ISO_8859_1)
              .contains("\"type\":\"trace\"")) {
        error("a message that is no trace frame: " + new String(prefix, 0, prefixLength));
      }
      if (window > 0) {
        acknowledge();
      }
    }

    private void acknowledge() throws IOException {
      ByteBuffer ack = ACK_FRAME.duplicate();
      if (unsent == null) {
        channel.write(ack);
        if (!ack.hasRemaining()) {
          return;
        }
        unsent = ByteBuffer.allocate(1024);
        key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
      }
      unsent.put(ack); // behind what waits (the portal reads acknowledgements as they come)
    }

    void flush() {
      try {
        unsent.flip();
        channel.write(unsent);
        unsent.compact();
        if (unsent.position() == 0) {
          unsent = null;
          key.interestOps(SelectionKey.OP_READ);
        }
      } catch (IOException e) {
        error("writing to a viewer's socket: " + e);
        key.cancel();
      }
    }
  }

  /**
   * The acquisition time of a JSON frame in milliseconds: its {@code acquiredMillis}, or (from a
   * portal before it had that) its {@code acquired} instant; NaN when it has neither.
   */
  static double acquiredMillis(String json) {
    double ms = number(json, "\"acquiredMillis\":");
    if (!Double.isNaN(ms)) {
      return ms;
    }
    int at = json.indexOf("\"acquired\":\"");
    if (at < 0) {
      return Double.NaN;
    }
    int from = at + "\"acquired\":\"".length();
    int to = json.indexOf('"', from);
    try {
      Instant t = Instant.parse(json.substring(from, to));
      return t.getEpochSecond() * 1000.0 + t.getNano() / 1e6;
    } catch (RuntimeException e) {
      return Double.NaN;
    }
  }

  /** The number after {@code key} in a JSON text, NaN when absent. */
  static double number(String json, String key) {
    int at = json.indexOf(key);
    if (at < 0) {
      return Double.NaN;
    }
    int from = at + key.length();
    int to = from;
    while (to < json.length() && "+-.0123456789eE".indexOf(json.charAt(to)) >= 0) {
      to++;
    }
    try {
      return Double.parseDouble(json.substring(from, to));
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }
}
