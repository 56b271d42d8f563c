package org.instrumentelement.ie.benchmark;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Browsers watching one live trace of the VCR portal, as a control room would: each viewer signs in
 * with its own session, opens the portal's WebSocket, watches the trace at a chart width, and, like
 * the page, acknowledges every message when a window is asked for. It counts frames and records,
 * for each, the time from the value's acquisition by the IE (in the frame) to its arrival, on the
 * same clock. Lean on purpose (the JDK's WebSocket client, the binary frame's header read in place,
 * a JSON frame scanned for two numbers), because it shares the cores with the portal it measures.
 */
final class PortalViewers implements AutoCloseable {
  /** The page's acknowledgement (LiveSocket.ACK in the portal). */
  static final String ACK = "{\"op\":\"ack\"}";

  /** Viewers per HTTP client: each client has one selector thread for its sockets. */
  private static final int VIEWERS_PER_CLIENT = 250;

  private static final int PARALLEL_SIGN_INS = 8;

  private final URI portal;
  private final String watch;
  private final int window;
  private final String user;
  private final String password;
  private final ExecutorService delivery =
      Executors.newFixedThreadPool(
          Math.max(2, Runtime.getRuntime().availableProcessors()), daemon("viewer-delivery"));
  private final HttpClient signIn = HttpClient.newHttpClient();
  private final List<HttpClient> clients = new ArrayList<>();
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
      String password) {
    this.portal = portal;
    this.window = window;
    this.user = user;
    this.password = password;
    this.watch =
        String.format(
            "{\"op\":\"watch\",\"ie\":\"%s\",\"im\":\"%s\",\"attribute\":\"%s\",\"width\":%d,"
                + "\"format\":\"%s\",\"window\":%d}",
            ie, im, attribute, width, format, window);
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    AtomicLong n = new AtomicLong();
    return r -> {
      Thread t = new Thread(r, name + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  /** Opens viewers until there are {@code count}, signing each in; returns how many failed. */
  int growTo(int count) throws InterruptedException {
    ExecutorService opening =
        Executors.newFixedThreadPool(PARALLEL_SIGN_INS, daemon("viewer-open"));
    List<CompletableFuture<Viewer>> opened = new ArrayList<>();
    for (int i = viewers.size(); i < count; i++) {
      HttpClient client = clientFor(i);
      opened.add(CompletableFuture.supplyAsync(() -> open(client), opening));
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

  private HttpClient clientFor(int viewer) {
    int c = viewer / VIEWERS_PER_CLIENT;
    while (clients.size() <= c) {
      clients.add(HttpClient.newBuilder().executor(delivery).build());
    }
    return clients.get(c);
  }

  /** Signs in, opens the WebSocket and watches; null (and an error counted) when that fails. */
  private Viewer open(HttpClient client) {
    try {
      String cookie = signIn();
      Viewer v = new Viewer();
      URI live = URI.create(portal.resolve("live").toString().replaceFirst("^http", "ws"));
      v.socket =
          client
              .newWebSocketBuilder()
              .header("Cookie", cookie)
              .connectTimeout(Duration.ofSeconds(30))
              .buildAsync(live, v)
              .get(60, TimeUnit.SECONDS);
      v.socket.sendText(watch, true).get(30, TimeUnit.SECONDS);
      return v;
    } catch (Exception e) {
      error("opening a viewer: " + e);
      return null;
    }
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

  /** Viewers that failed to open, closed unexpectedly, failed or were refused. */
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
    for (Viewer v : viewers) {
      if (v.socket != null) {
        v.socket.abort();
      }
    }
    delivery.shutdownNow();
  }

  /** One viewer's socket: frames in, acknowledgements out. Called by one thread at a time. */
  private final class Viewer implements WebSocket.Listener {
    WebSocket socket;
    volatile long frames;
    private ByteBuffer parts;
    private StringBuilder text;
    private CompletableFuture<?> acks = CompletableFuture.completedFuture(null);

    @Override
    public CompletionStage<?> onBinary(WebSocket ws, ByteBuffer data, boolean last) {
      if (!last || parts != null) {
        parts = append(parts, data);
        if (!last) {
          ws.request(1);
          return null;
        }
        data = parts.flip();
        parts = null;
      }
      ByteBuffer b = data.order(ByteOrder.LITTLE_ENDIAN);
      int at = b.position();
      frame(ws, b.getDouble(at + 40), b.remaining());
      return null;
    }

    @Override
    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
      if (!last || text != null) {
        if (text == null) {
          text = new StringBuilder(65536);
        }
        text.append(data);
        if (!last) {
          ws.request(1);
          return null;
        }
        data = text;
        text = null;
      }
      String s = data.toString();
      double acquired = acquiredMillis(s);
      if (s.contains("\"y\":")) {
        frame(ws, acquired, s.length());
      } else {
        if (!s.contains("\"status\":\"live\"")
            && !s.contains("\"status\":\"waiting")
            && !s.contains("\"status\":\"subscribing\"")) {
          error("a message without a trace: " + s.substring(0, Math.min(200, s.length())));
        }
        acknowledge(ws);
        ws.request(1);
      }
      return null;
    }

    private void frame(WebSocket ws, double acquiredMillis, int size) {
      Instant now = Instant.now();
      long nowMicros = now.getEpochSecond() * 1_000_000L + now.getNano() / 1000;
      latencies.record(nowMicros - Math.round(acquiredMillis * 1000));
      PortalViewers.this.frames.incrementAndGet();
      bytes.addAndGet(size);
      frames++;
      acknowledge(ws);
      ws.request(1);
    }

    private void acknowledge(WebSocket ws) {
      if (window > 0) {
        acks = acks.thenCompose(x -> ws.sendText(ACK, true));
      }
    }

    @Override
    public CompletionStage<?> onClose(WebSocket ws, int status, String reason) {
      error("the portal closed a viewer: " + status + " " + reason);
      return null;
    }

    @Override
    public void onError(WebSocket ws, Throwable e) {
      error("viewer failed: " + e);
    }
  }

  private static ByteBuffer append(ByteBuffer to, ByteBuffer data) {
    if (to == null) {
      to = ByteBuffer.allocate(Math.max(65536, data.remaining()));
    }
    if (to.remaining() < data.remaining()) {
      ByteBuffer bigger = ByteBuffer.allocate(2 * (to.position() + data.remaining()));
      to.flip();
      bigger.put(to);
      to = bigger;
    }
    return to.put(data);
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
