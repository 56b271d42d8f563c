package org.instrumentelement.portal.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpSession;
import jakarta.websocket.CloseReason;
import jakarta.websocket.Endpoint;
import jakarta.websocket.EndpointConfig;
import jakarta.websocket.Extension;
import jakarta.websocket.HandshakeResponse;
import jakarta.websocket.RemoteEndpoint;
import jakarta.websocket.Session;
import jakarta.websocket.server.HandshakeRequest;
import jakarta.websocket.server.ServerEndpointConfig;
import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;
import org.instrumentelement.portal.auth.Credentials;
import org.instrumentelement.portal.auth.SignInFilter;

/**
 * The browser's WebSocket ({@value #PATH}). The page sends {@code {"op":"watch"|"unwatch", "ie",
 * "im", "attribute", "width", "format", "window"}} and, when it gave a window, {@value #ACK} for
 * every message it has handled; it receives trace frames, JSON text or binary as it asked (see
 * docs/portal.md). Only signed-in sessions reach it: the sign-in filter guards the handshake like
 * any other request.
 *
 * <p>No compression extension is negotiated: {@code permessage-deflate} compresses every message
 * for each connection apart, which would cost a millisecond of CPU per frame and viewer and undo
 * building a frame once for all viewers; the binary frame is compact already.
 */
public final class LiveSocket extends Endpoint {
  /** Where the endpoint is, in the portal's context. */
  public static final String PATH = "/live";

  /** The page's acknowledgement of one message, exactly this text. */
  static final String ACK = "{\"op\":\"ack\"}";

  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String SESSION = HttpSession.class.getName();

  private final TraceHub hub;
  private Viewer viewer;

  LiveSocket(TraceHub hub) {
    this.hub = hub;
  }

  /**
   * The endpoint's configuration: every connection gets its own instance talking to {@code hub}.
   */
  public static ServerEndpointConfig config(TraceHub hub) {
    return ServerEndpointConfig.Builder.create(LiveSocket.class, PATH)
        .configurator(
            new ServerEndpointConfig.Configurator() {
              @Override
              public <T> T getEndpointInstance(Class<T> endpointClass) {
                return endpointClass.cast(new LiveSocket(hub));
              }

              @Override
              public List<Extension> getNegotiatedExtensions(
                  List<Extension> installed, List<Extension> requested) {
                return List.of(); // see the class comment: no per-connection compression
              }

              @Override
              public void modifyHandshake(
                  ServerEndpointConfig sec, HandshakeRequest request, HandshakeResponse response) {
                // The HTTP session the handshake came with (the sign-in filter has refused
                // handshakes without a signed-in one): its user is read from it at every check of
                // a right, so that signing out ends what the socket may receive.
                Object session = request.getHttpSession();
                if (session instanceof HttpSession http) {
                  sec.getUserProperties().put(SESSION, http);
                }
              }
            })
        .build();
  }

  @Override
  public void onOpen(Session session, EndpointConfig config) {
    session.setMaxTextMessageBufferSize(4096);
    session.setMaxBinaryMessageBufferSize(1024);
    Object http = config.getUserProperties().get(SESSION);
    viewer =
        hub.connect(
            new SessionSocket(session), () -> http instanceof HttpSession s ? signedIn(s) : null);
    session.addMessageHandler(String.class, this::onMessage);
  }

  private void onMessage(String message) {
    if (ACK.equals(message)) {
      viewer.acknowledged();
      return;
    }
    JsonNode m;
    try {
      m = JSON.readTree(message);
    } catch (IOException e) {
      return; // not ours
    }
    if (m == null) {
      return;
    }
    String op = m.path("op").asText();
    if (op.equals("ack")) {
      viewer.acknowledged();
      return;
    }
    if (m.hasNonNull("width")) {
      viewer.width(m.get("width").asInt(1000));
    }
    if (m.hasNonNull("format")) {
      viewer.format(FrameFormat.named(m.get("format").asText()));
    }
    if (m.hasNonNull("window")) {
      viewer.window(m.get("window").asInt(0));
    }
    TraceFeed.Key key =
        new TraceFeed.Key(
            m.path("ie").asText(), m.path("im").asText(), m.path("attribute").asText());
    if (key.element().isEmpty() || key.im().isEmpty() || key.attribute().isEmpty()) {
      return;
    }
    switch (op) {
      case "watch" -> hub.watchAs(viewer, key);
      case "unwatch" -> hub.unwatch(viewer, key);
      default -> {
        // unknown operations are ignored, so newer pages work with older portals
      }
    }
  }

  /** The user signed in on {@code session}, or null once it has been signed out or has expired. */
  private static Credentials signedIn(HttpSession session) {
    try {
      return SignInFilter.credentials(session);
    } catch (IllegalStateException invalidated) {
      return null;
    }
  }

  @Override
  public void onClose(Session session, CloseReason reason) {
    if (viewer != null) {
      hub.forget(viewer);
    }
  }

  @Override
  public void onError(Session session, Throwable error) {
    if (viewer != null) {
      hub.forget(viewer);
    }
  }

  /** A viewer's frames go out through the container's asynchronous send. */
  private record SessionSocket(Session session) implements FrameSocket {
    @Override
    public String id() {
      return session.getId();
    }

    @Override
    public boolean isOpen() {
      return session.isOpen();
    }

    @Override
    public void send(Frame frame, Consumer<Boolean> done) {
      RemoteEndpoint.Async remote = session.getAsyncRemote();
      try {
        if (frame.isText()) {
          remote.sendText(frame.text(), r -> done.accept(r.isOK()));
        } else {
          remote.sendBinary(frame.bytes(), r -> done.accept(r.isOK()));
        }
      } catch (RuntimeException e) {
        done.accept(false); // the socket closed under us; the hub forgets it on close
      }
    }

    @Override
    public void close() {
      try {
        session.close(
            new CloseReason(CloseReason.CloseCodes.GOING_AWAY, "nothing read for too long"));
      } catch (IOException | RuntimeException e) {
        // closed already
      }
    }
  }
}
