package org.instrumentelement.ie.opcuapeer;

import java.util.ArrayList;
import java.util.List;
import org.eclipse.milo.opcua.sdk.client.OpcUaClient;
import org.eclipse.milo.opcua.stack.core.UaException;
import org.eclipse.milo.opcua.stack.core.security.SecurityPolicy;
import org.eclipse.milo.opcua.stack.core.types.builtin.NodeId;
import org.eclipse.milo.opcua.stack.core.types.builtin.unsigned.UShort;
import org.eclipse.milo.opcua.stack.core.types.enumerated.MessageSecurityMode;
import org.eclipse.milo.opcua.stack.core.types.enumerated.UserTokenType;
import org.eclipse.milo.opcua.stack.core.types.structured.EndpointDescription;
import org.eclipse.milo.opcua.stack.core.types.structured.UserTokenPolicy;
import org.eclipse.milo.opcua.stack.core.util.EndpointUtil;

/**
 * Client sessions to the peer, each an {@link OpcUaClient} of its own: its own TCP connection,
 * secure channel and session, nothing shared, as each IE polling client has its own connection.
 */
final class PeerSessions implements AutoCloseable {
  private final List<OpcUaClient> clients = new ArrayList<>();
  private final NodeId vector;

  /**
   * Opens the sessions.
   *
   * @param endpointUrl where to connect: the server's endpoint, or a relay's in front of it (the
   *     endpoint the server describes is then reached at this URL's host and port instead)
   * @param count how many sessions
   * @param length the length of the vector they use
   */
  PeerSessions(String endpointUrl, int count, int length) throws UaException {
    try {
      for (int i = 0; i < count; i++) {
        OpcUaClient c = open(endpointUrl);
        c.connect();
        clients.add(c);
      }
      UShort ns = clients.get(0).readNamespaceTable().getIndex(VectorNamespace.URI);
      if (ns == null) {
        throw new IllegalStateException("the server has no namespace " + VectorNamespace.URI);
      }
      vector = new NodeId(ns, VectorNamespace.nodeName(length));
    } catch (UaException | RuntimeException e) {
      close();
      throw e;
    }
  }

  private static OpcUaClient open(String endpointUrl) throws UaException {
    String host = EndpointUtil.getHost(endpointUrl);
    int port = EndpointUtil.getPort(endpointUrl);
    return OpcUaClient.create(
        endpointUrl,
        endpoints ->
            endpoints.stream()
                .filter(PeerSessions::plainAndAnonymous)
                .findFirst()
                .map(e -> EndpointUtil.updateUrl(e, host, port)),
        transport -> {},
        client -> {});
  }

  private static boolean plainAndAnonymous(EndpointDescription e) {
    if (!SecurityPolicy.None.getUri().equals(e.getSecurityPolicyUri())
        || e.getSecurityMode() != MessageSecurityMode.None
        || e.getUserIdentityTokens() == null) {
      return false;
    }
    for (UserTokenPolicy p : e.getUserIdentityTokens()) {
      if (p.getTokenType() == UserTokenType.Anonymous) {
        return true;
      }
    }
    return false;
  }

  /** The sessions, one client each. */
  List<OpcUaClient> clients() {
    return clients;
  }

  /** The vector the sessions use. */
  NodeId vector() {
    return vector;
  }

  /** Closes every session and its connection. */
  @Override
  public void close() {
    for (OpcUaClient c : clients) {
      try {
        c.disconnect();
      } catch (UaException e) {
        // closing anyway
      }
    }
    clients.clear();
  }
}
