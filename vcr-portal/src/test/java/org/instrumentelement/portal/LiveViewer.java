package org.instrumentelement.portal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * A viewer of the portal's live traces on the JDK's WebSocket client: signs in, watches one trace
 * in the format asked, acknowledges every message like the page (when it asks for a window), and
 * keeps every trace frame it receives with, at its arrival, how far behind the newest published
 * value it was.
 */
final class LiveViewer implements WebSocket.Listener, AutoCloseable {
  static final String ACK = "{\"op\":\"ack\"}";
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * One frame received.
   *
   * @param lag the newest sequence number published when it arrived, less its own
   * @param json the frame, for a JSON one (else null)
   * @param bytes the frame, for a binary one (else null)
   */
  record Received(long seq, long lag, JsonNode json, ByteBuffer bytes) {}

  private final boolean acknowledge;
  private final LongSupplier newestPublished;
  private final List<Received> frames = new ArrayList<>();
  private final List<String> messages = new ArrayList<>();
  private ByteBuffer binaryParts;
  private StringBuilder textParts;

  /**
   * The last of this viewer's sends: each waits for the one before, as the JDK's WebSocket refuses
   * a send while another is pending (an acknowledgement of the portal's first answer may come
   * before the watch message's send has completed).
   */
  private CompletableFuture<?> sends = CompletableFuture.completedFuture(null);

  private volatile boolean reading = true;
  private WebSocket socket;

  private LiveViewer(boolean acknowledge, LongSupplier newestPublished) {
    this.acknowledge = acknowledge;
    this.newestPublished = newestPublished;
  }

  /** Signs in to the portal at {@code portalUrl} as one of the development users. */
  static String signIn(String portalUrl, String user) throws Exception {
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(portalUrl + "api/signin"))
                    .header("Content-Type", "application/json")
                    .POST(
                        HttpRequest.BodyPublishers.ofString(
                            "{\"user\":\"" + user + "\",\"password\":\"" + user + "\"}"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new AssertionError("sign-in refused: " + r.statusCode() + " " + r.body());
    }
    return r.headers().allValues("Set-Cookie").stream()
        .filter(c -> c.startsWith("JSESSIONID="))
        .map(c -> c.split(";", 2)[0])
        .findFirst()
        .orElseThrow();
  }

  /**
   * A signed-in viewer of {@code lab/scope}'s waveform on IE {@code ie}.
   *
   * @param window frames it may leave unacknowledged (0: it acknowledges nothing)
   * @param acknowledge whether it acknowledges what it receives (false with a window: a page that
   *     has stopped drawing)
   */
  static LiveViewer watch(
      String portalUrl,
      String ie,
      String format,
      int width,
      int window,
      boolean acknowledge,
      LongSupplier newestPublished)
      throws Exception {
    return watch(portalUrl, "observer", ie, format, width, window, acknowledge, newestPublished);
  }

  /**
   * A viewer of {@code lab/scope}'s waveform on IE {@code ie} signed in as {@code user} (an IE
   * account whose password is its name), JSON frames, acknowledging nothing.
   */
  static LiveViewer watchAs(String portalUrl, String user, String ie) throws Exception {
    LiveViewer v = open(portalUrl, signIn(portalUrl, user), false, () -> 0);
    v.watch(ie, "json", 1000, 0);
    return v;
  }

  /** A signed-in viewer of {@code lab/scope}'s waveform (see above) as {@code user}. */
  static LiveViewer watch(
      String portalUrl,
      String user,
      String ie,
      String format,
      int width,
      int window,
      boolean acknowledge,
      LongSupplier newestPublished)
      throws Exception {
    LiveViewer v =
        open(portalUrl, signIn(portalUrl, user), acknowledge && window > 0, newestPublished);
    v.watch(ie, format, width, window);
    return v;
  }

  /** A viewer's socket, opened with the session {@code cookie}, watching nothing yet. */
  static LiveViewer open(
      String portalUrl, String cookie, boolean acknowledge, LongSupplier newestPublished)
      throws Exception {
    LiveViewer v = new LiveViewer(acknowledge, newestPublished);
    v.socket =
        HttpClient.newHttpClient()
            .newWebSocketBuilder()
            .header("Cookie", cookie)
            .buildAsync(URI.create(portalUrl.replace("http:", "ws:") + "live"), v)
            .get(30, TimeUnit.SECONDS);
    return v;
  }

  /** Asks for {@code lab/scope}'s waveform on IE {@code ie}. */
  void watch(String ie, String format, int width, int window) throws Exception {
    watch(ie, "lab/scope", format, width, window);
  }

  /** Asks for the waveform of IM {@code im} on IE {@code ie}. */
  void watch(String ie, String im, String format, int width, int window) throws Exception {
    send("{\"op\":\"watch\",\"ie\":\""
            + ie
            + "\",\"im\":\""
            + im
            + "\",\"attribute\":\"waveform\",\"width\":"
            + width
            + ",\"format\":\""
            + format
            + "\",\"window\":"
            + window
            + "}")
        .get(30, TimeUnit.SECONDS);
  }

  /** Sends {@code text} once this viewer's earlier sends have completed. */
  private synchronized CompletableFuture<?> send(String text) {
    sends = sends.thenCompose(x -> socket.sendText(text, true));
    return sends;
  }

  @Override
  public CompletionStage<?> onBinary(WebSocket ws, ByteBuffer data, boolean last) {
    if (binaryParts == null) {
      binaryParts = ByteBuffer.allocate(1 << 20);
    }
    binaryParts.put(data);
    if (last) {
      ByteBuffer b = binaryParts.flip();
      ByteBuffer copy = ByteBuffer.allocate(b.remaining()).put(b).flip();
      binaryParts = null;
      long seq = (long) copy.duplicate().order(ByteOrder.LITTLE_ENDIAN).getDouble(16);
      received(new Received(seq, newestPublished.getAsLong() - seq, null, copy));
    }
    ws.request(1);
    return null;
  }

  @Override
  public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
    if (textParts == null) {
      textParts = new StringBuilder();
    }
    textParts.append(data);
    if (last) {
      String text = textParts.toString();
      textParts = null;
      try {
        JsonNode n = JSON.readTree(text);
        if (n.has("y")) {
          long seq = n.get("seq").asLong();
          received(new Received(seq, newestPublished.getAsLong() - seq, n, null));
        } else {
          synchronized (this) {
            messages.add(text);
          }
          acknowledge();
        }
      } catch (java.io.IOException e) {
        throw new AssertionError("not JSON: " + text, e);
      }
    }
    ws.request(1);
    return null;
  }

  private void received(Received r) {
    synchronized (this) {
      frames.add(r);
    }
    acknowledge();
  }

  private void acknowledge() {
    if (acknowledge && reading) {
      send(ACK);
    }
  }

  /** From now on acknowledges nothing, as a page that has stopped drawing. */
  void stopAcknowledging() {
    reading = false;
  }

  synchronized List<Received> frames() {
    return new ArrayList<>(frames);
  }

  /** Messages other than trace frames (statuses, refusals). */
  synchronized List<String> messages() {
    return new ArrayList<>(messages);
  }

  synchronized long lastSeq() {
    return frames.isEmpty() ? -1 : frames.get(frames.size() - 1).seq();
  }

  /** What it has received and whether its sends still go, for a failure's message. */
  @Override
  public synchronized String toString() {
    String sending =
        !sends.isCompletedExceptionally()
            ? "sending"
            : "sends failed: " + sends.handle((x, e) -> String.valueOf(e)).join();
    return "viewer(last "
        + lastSeq()
        + ", "
        + frames.size()
        + " frames, messages "
        + messages
        + ", "
        + sending
        + ")";
  }

  @Override
  public void close() {
    if (socket != null) {
      socket.abort();
    }
  }
}
