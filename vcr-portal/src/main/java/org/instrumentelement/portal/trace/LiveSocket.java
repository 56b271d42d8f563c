package org.instrumentelement.portal.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpSession;
import jakarta.websocket.CloseReason;
import jakarta.websocket.Endpoint;
import jakarta.websocket.EndpointConfig;
import jakarta.websocket.HandshakeResponse;
import jakarta.websocket.Session;
import jakarta.websocket.server.HandshakeRequest;
import jakarta.websocket.server.ServerEndpointConfig;
import java.io.IOException;
import org.instrumentelement.portal.auth.Credentials;
import org.instrumentelement.portal.auth.SignInFilter;

/**
 * The browser's WebSocket ({@value #PATH}): it sends {@code {"op":"watch"|"unwatch", "ie", "im",
 * "attribute", "width"}} and receives trace frames (see docs/portal.md). Only signed-in sessions
 * reach it: the sign-in filter guards the handshake like any other request.
 */
public final class LiveSocket extends Endpoint {
  /** Where the endpoint is, in the portal's context. */
  public static final String PATH = "/live";

  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String CREDENTIALS = Credentials.class.getName();

  private final TraceHub hub;
  private Viewer viewer;
  private Credentials who;

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
              public void modifyHandshake(
                  ServerEndpointConfig sec, HandshakeRequest request, HandshakeResponse response) {
                // The signed-in user of the HTTP session the handshake came with (the sign-in
                // filter has refused handshakes without one).
                Object session = request.getHttpSession();
                if (session instanceof HttpSession http) {
                  Credentials c = SignInFilter.credentials(http);
                  if (c != null) {
                    sec.getUserProperties().put(CREDENTIALS, c);
                  }
                }
              }
            })
        .build();
  }

  @Override
  public void onOpen(Session session, EndpointConfig config) {
    session.setMaxTextMessageBufferSize(4096);
    viewer = new Viewer(session);
    who = (Credentials) config.getUserProperties().get(CREDENTIALS);
    session.addMessageHandler(String.class, this::onMessage);
  }

  private void onMessage(String message) {
    JsonNode m;
    try {
      m = JSON.readTree(message);
    } catch (IOException e) {
      return; // not ours
    }
    if (m.hasNonNull("width")) {
      viewer.width(m.get("width").asInt(1000));
    }
    String op = m.path("op").asText();
    TraceFeed.Key key =
        new TraceFeed.Key(
            m.path("ie").asText(), m.path("im").asText(), m.path("attribute").asText());
    if (key.element().isEmpty() || key.im().isEmpty() || key.attribute().isEmpty()) {
      return;
    }
    switch (op) {
      case "watch" -> hub.watchAs(viewer, key, who);
      case "unwatch" -> hub.unwatch(viewer, key);
      default -> {
        // unknown operations are ignored, so newer pages work with older portals
      }
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
}
