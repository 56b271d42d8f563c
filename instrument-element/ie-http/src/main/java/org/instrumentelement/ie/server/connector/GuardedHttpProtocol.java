package org.instrumentelement.ie.server.connector;

import java.time.Duration;
import org.apache.coyote.http11.Http11NioProtocol;

/**
 * Tomcat's HTTP/1.1 NIO protocol on a {@link GuardedNioEndpoint}: a connector built with it (see
 * {@code new Connector(ProtocolHandler)}) refuses connections over the per-address cap and closes
 * connections whose request line and headers take longer than the deadline.
 */
public final class GuardedHttpProtocol extends Http11NioProtocol {

  /**
   * @param maxConnectionsPerAddress connections one client address may hold open at once
   * @param requestHeaderTimeout how long a request's line and headers may take to arrive in total
   */
  public GuardedHttpProtocol(int maxConnectionsPerAddress, Duration requestHeaderTimeout) {
    super(new GuardedNioEndpoint(maxConnectionsPerAddress, requestHeaderTimeout));
    ((GuardedNioEndpoint) getEndpoint()).watchReleases();
  }

  /** The endpoint, for its counts. */
  public GuardedNioEndpoint guardedEndpoint() {
    return (GuardedNioEndpoint) getEndpoint();
  }
}
