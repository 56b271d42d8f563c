package org.instrumentelement.ie.pubsub.transport;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import org.apache.activemq.broker.Broker;
import org.apache.activemq.broker.TransportConnection;
import org.apache.activemq.command.ConnectionInfo;
import org.apache.activemq.command.Response;
import org.apache.activemq.state.ConnectionState;
import org.apache.activemq.thread.TaskRunnerFactory;
import org.apache.activemq.transport.Transport;

/**
 * One client's connection. Knows whether it has logged in (for the login deadline), and does not
 * let a client take over another's connection id unless it logs in with the same user name,
 * password and client certificate: ActiveMQ otherwise stops the earlier connection before checking
 * any credentials.
 */
final class ClientConnection extends TransportConnection {
  private final ClientConnector clientConnector;
  private volatile boolean loggedIn;

  ClientConnection(
      ClientConnector connector,
      Transport transport,
      Broker broker,
      TaskRunnerFactory dispatch,
      TaskRunnerFactory stopping) {
    super(connector, transport, broker, dispatch, stopping);
    this.clientConnector = connector;
  }

  @Override
  public Response processAddConnection(ConnectionInfo info) throws Exception {
    // Where ActiveMQ's TLS transports put the client's certificates too.
    info.setTransportContext(
        ClientConnector.clientCertificates(this).toArray(X509Certificate[]::new));
    ConnectionState earlier = brokerConnectionStates.get(info.getConnectionId());
    if (earlier != null && !sameCredentials(earlier.getInfo(), info)) {
      clientConnector
          .refusals()
          .refuse(
              clientConnector.protocol().title(clientConnector.tls()),
              Refusals.address(getRemoteAddress()),
              info.getUserName(),
              "login",
              null,
              "its connection id belongs to another client");
      throw new SecurityException("That connection id is in use.");
    }
    Response r = super.processAddConnection(info);
    loggedIn = true;
    clientConnector.loggedIn(this);
    return r;
  }

  /** Whether a login has succeeded on this connection. */
  boolean loggedIn() {
    return loggedIn;
  }

  private static boolean sameCredentials(ConnectionInfo a, ConnectionInfo b) {
    return a != null
        && equal(a.getUserName(), b.getUserName())
        && equal(a.getPassword(), b.getPassword())
        && Arrays.equals(certificates(a), certificates(b));
  }

  private static Object[] certificates(ConnectionInfo info) {
    return info.getTransportContext() instanceof X509Certificate[] chain ? chain : new Object[0];
  }

  private static boolean equal(String a, String b) {
    if (a == null || b == null) {
      return a == b;
    }
    return MessageDigest.isEqual(
        a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }
}
