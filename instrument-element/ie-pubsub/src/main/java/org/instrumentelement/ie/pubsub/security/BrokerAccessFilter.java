package org.instrumentelement.ie.pubsub.security;

import java.io.IOException;
import java.security.cert.X509Certificate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.activemq.advisory.AdvisorySupport;
import org.apache.activemq.broker.Broker;
import org.apache.activemq.broker.BrokerFilter;
import org.apache.activemq.broker.Connection;
import org.apache.activemq.broker.ConnectionContext;
import org.apache.activemq.broker.ProducerBrokerExchange;
import org.apache.activemq.broker.TransportConnection;
import org.apache.activemq.broker.region.Subscription;
import org.apache.activemq.command.ActiveMQDestination;
import org.apache.activemq.command.Command;
import org.apache.activemq.command.ConnectionError;
import org.apache.activemq.command.ConnectionId;
import org.apache.activemq.command.ConnectionInfo;
import org.apache.activemq.command.ConsumerInfo;
import org.apache.activemq.command.DestinationInfo;
import org.apache.activemq.command.ExceptionResponse;
import org.apache.activemq.command.Message;
import org.apache.activemq.command.ProducerInfo;
import org.apache.activemq.command.SessionInfo;
import org.apache.activemq.command.TransactionId;
import org.instrumentelement.ie.config.BrokerLimits;
import org.instrumentelement.ie.pubsub.transport.ClientConnector;
import org.instrumentelement.ie.pubsub.transport.ClientProtocol;
import org.instrumentelement.ie.pubsub.transport.Refusals;
import org.instrumentelement.ie.security.CertificateName;

/**
 * In front of ActiveMQ's authorization: logs every client in ({@link BrokerLogin}), keeps users and
 * connections within their limits, and turns every refusal into one log line and a short error in
 * the Instrument Element's words (no stack trace). A refusal that cannot be answered in-band (an
 * asynchronous command, a publish, a limit reached) ends the connection after a last error; MQTT
 * has no negative acknowledgement of a publish, so a refused MQTT publish just ends it.
 */
final class BrokerAccessFilter extends BrokerFilter {
  private final BrokerLogin login;
  private final BrokerLimits limits;
  private final Refusals refusals;
  private final Map<ConnectionId, BrokerClient> clients = new ConcurrentHashMap<>();
  private final Map<String, ConnectionId> clientIds = new ConcurrentHashMap<>();
  private final Map<String, Integer> connectionsPerUser = new HashMap<>();

  BrokerAccessFilter(Broker next, BrokerLogin login, BrokerLimits limits, Refusals refusals) {
    super(next);
    this.login = login;
    this.limits = limits;
    this.refusals = refusals;
  }

  @Override
  public void addConnection(ConnectionContext context, ConnectionInfo info) throws Exception {
    if (context.getSecurityContext() != null) {
      super.addConnection(context, info);
      return;
    }
    ClientConnector connector = context.getConnector() instanceof ClientConnector c ? c : null;
    ClientProtocol protocol = connector == null ? null : connector.protocol();
    String address = address(context);
    String protocolName = connector == null ? "in-JVM" : protocol.title(connector.tls());
    BrokerLogin.Attempt attempt =
        new BrokerLogin.Attempt(
            info.getUserName(),
            info.getPassword(),
            protocol,
            address,
            info.getTransportContext() instanceof X509Certificate[] chain
                ? List.of(chain)
                : List.of());
    Optional<BrokerLogin.Identity> checked = login.check(attempt);
    if (checked.isEmpty()) {
      if (attempt.byCertificate()) {
        refusals.refuse(
            protocolName,
            address,
            info.getUserName(),
            "login",
            null,
            "the client certificate (SHA-256 "
                + CertificateName.readableFingerprint(attempt.certificates().get(0))
                + ") names no user"
                + (info.getUserName() == null || info.getUserName().isEmpty()
                    ? ""
                    : " of that name"));
        throw clean("The client certificate does not name a user of this Instrument Element.");
      }
      refusals.refuse(
          protocolName, address, info.getUserName(), "login", null, "wrong user name or password");
      throw clean("User name or password is invalid.");
    }
    BrokerLogin.Identity who = checked.get();
    String clientId = info.getClientId();
    if (!who.publisher()) {
      ConnectionId holder = clientId == null ? null : clientIds.get(clientId);
      BrokerClient other = holder == null ? null : clients.get(holder);
      if (other != null && !other.getUserName().equals(who.user())) {
        refusals.refuse(
            protocolName, address, who.user(), "login", null, "client id in use by another user");
        throw clean("That client id is in use.");
      }
      if (!countIn(who.user())) {
        refusals.refuse(
            protocolName,
            address,
            who.user(),
            "login",
            null,
            "the user has " + limits.maxConnectionsPerUser() + " connections already");
        throw clean("Too many connections for this user.");
      }
    }
    BrokerClient client =
        new BrokerClient(who, protocol, protocolName, address, limits.maxConsumersPerConnection());
    context.setSecurityContext(client);
    try {
      super.addConnection(context, info);
    } catch (Exception e) {
      context.setSecurityContext(null);
      if (!who.publisher()) {
        countOut(who.user());
      }
      throw e;
    }
    clients.put(info.getConnectionId(), client);
    if (clientId != null && !who.publisher()) {
      clientIds.put(clientId, info.getConnectionId());
    }
  }

  @Override
  public void removeConnection(ConnectionContext context, ConnectionInfo info, Throwable error)
      throws Exception {
    try {
      super.removeConnection(context, info, error);
    } finally {
      BrokerClient c = clients.remove(info.getConnectionId());
      if (c != null && !c.publisher()) {
        countOut(c.getUserName());
        if (info.getClientId() != null) {
          clientIds.remove(info.getClientId(), info.getConnectionId());
        }
      }
      context.setSecurityContext(null);
    }
  }

  private synchronized boolean countIn(String user) {
    int n = connectionsPerUser.getOrDefault(user, 0);
    if (n >= limits.maxConnectionsPerUser()) {
      return false;
    }
    connectionsPerUser.put(user, n + 1);
    return true;
  }

  private synchronized void countOut(String user) {
    connectionsPerUser.computeIfPresent(user, (u, n) -> n > 1 ? n - 1 : null);
  }

  @Override
  public void addSession(ConnectionContext context, SessionInfo info) throws Exception {
    BrokerClient c = client(context);
    if (c != null && !c.publisher()) {
      if (!c.sessions.take()) {
        throw refuse(context, info, c, "open a session", null, tooMany("sessions"), true);
      }
      c.sessions.hold(info.getSessionId());
    }
    super.addSession(context, info);
  }

  @Override
  public void removeSession(ConnectionContext context, SessionInfo info) throws Exception {
    try {
      super.removeSession(context, info);
    } finally {
      BrokerClient c = client(context);
      if (c != null) {
        c.sessions.free(info.getSessionId());
      }
    }
  }

  @Override
  public Subscription addConsumer(ConnectionContext context, ConsumerInfo info) throws Exception {
    BrokerClient c = client(context);
    if (c == null || c.publisher()) {
      return super.addConsumer(context, info);
    }
    ActiveMQDestination d = info.getDestination();
    if (!c.consumers.take()) {
      throw refuse(context, info, c, "subscribe to", d, tooMany("subscriptions"), true);
    }
    if (!c.privileged() && (info.isDurable() || info.getSubscriptionName() != null)) {
      throw refuse(
          context, info, c, "subscribe to", d, "durable subscriptions are not offered", false);
    }
    if ((c.protocol() == ClientProtocol.STOMP || c.protocol() == ClientProtocol.MQTT)
        && AdvisorySupport.isAdvisoryTopic(d)) {
      String reason =
          c.privileged() ? "advisories are offered over OpenWire only" : "not authorized";
      throw refuse(context, info, c, "subscribe to", d, reason, false);
    }
    try {
      Subscription s = super.addConsumer(context, info);
      c.consumers.hold(info.getConsumerId());
      return s;
    } catch (SecurityException e) {
      throw refuse(context, info, c, "subscribe to", d, "not authorized", false);
    }
  }

  @Override
  public void removeConsumer(ConnectionContext context, ConsumerInfo info) throws Exception {
    try {
      super.removeConsumer(context, info);
    } finally {
      BrokerClient c = client(context);
      if (c != null) {
        c.consumers.free(info.getConsumerId());
      }
    }
  }

  @Override
  public void addProducer(ConnectionContext context, ProducerInfo info) throws Exception {
    BrokerClient c = client(context);
    // A producer bound to a destination: the same rule as for each of its messages. (An anonymous
    // producer names a destination in every message instead.)
    if (c != null && info.getDestination() != null) {
      refuseUnlessExact(context, info, c, info.getDestination());
    }
    if (c == null || c.publisher()) {
      super.addProducer(context, info);
      return;
    }
    if (!c.producers.take()) {
      throw refuse(
          context, info, c, "publish to", info.getDestination(), tooMany("producers"), true);
    }
    try {
      super.addProducer(context, info);
      c.producers.hold(info.getProducerId());
    } catch (SecurityException e) {
      throw refuse(context, info, c, "publish to", info.getDestination(), "not authorized", false);
    }
  }

  @Override
  public void removeProducer(ConnectionContext context, ProducerInfo info) throws Exception {
    try {
      super.removeProducer(context, info);
    } finally {
      BrokerClient c = client(context);
      if (c != null) {
        c.producers.free(info.getProducerId());
      }
    }
  }

  @Override
  public void send(ProducerBrokerExchange exchange, Message message) throws Exception {
    ConnectionContext context = exchange.getConnectionContext();
    BrokerClient c = client(context);
    if (c != null) {
      refuseUnlessExact(context, message, c, message.getDestination());
    }
    try {
      super.send(exchange, message);
    } catch (SecurityException e) {
      if (c == null) {
        throw e;
      }
      throw refuse(
          context, message, c, "publish to", message.getDestination(), "not authorized", true);
    }
  }

  /**
   * Refuses, and ends the connection, unless {@code target} is one exact destination ({@link
   * PublishTarget}): checked before the authorization map, which would grant a wildcard or
   * composite send if any one topic it covers may be written. Every publisher is held to it, the
   * Instrument Element's own too (its topic names are made of checked names and never are one).
   */
  private void refuseUnlessExact(
      ConnectionContext context, Command command, BrokerClient c, ActiveMQDestination target) {
    Optional<String> why = PublishTarget.refusal(target);
    if (why.isPresent()) {
      throw refuse(context, command, c, "publish to", target, why.get(), true);
    }
  }

  @Override
  public void addDestinationInfo(ConnectionContext context, DestinationInfo info) throws Exception {
    try {
      super.addDestinationInfo(context, info);
    } catch (SecurityException e) {
      BrokerClient c = client(context);
      if (c == null) {
        throw e;
      }
      throw refuse(context, info, c, "create", info.getDestination(), "not authorized", false);
    }
  }

  @Override
  public void beginTransaction(ConnectionContext context, TransactionId xid) throws Exception {
    BrokerClient c = client(context);
    if (c != null && !c.publisher()) {
      if (!c.transactions.take()) {
        throw refuse(context, null, c, "begin a transaction", null, tooMany("transactions"), true);
      }
      c.transactions.hold(xid);
    }
    super.beginTransaction(context, xid);
  }

  @Override
  public void commitTransaction(ConnectionContext context, TransactionId xid, boolean onePhase)
      throws Exception {
    try {
      super.commitTransaction(context, xid, onePhase);
    } finally {
      endTransaction(context, xid);
    }
  }

  @Override
  public void rollbackTransaction(ConnectionContext context, TransactionId xid) throws Exception {
    try {
      super.rollbackTransaction(context, xid);
    } finally {
      endTransaction(context, xid);
    }
  }

  @Override
  public void forgetTransaction(ConnectionContext context, TransactionId xid) throws Exception {
    try {
      super.forgetTransaction(context, xid);
    } finally {
      endTransaction(context, xid);
    }
  }

  private static void endTransaction(ConnectionContext context, TransactionId xid) {
    BrokerClient c = client(context);
    if (c != null) {
      c.transactions.free(xid);
    }
  }

  private String tooMany(String what) {
    return "more than " + limits.maxConsumersPerConnection() + " " + what + " on one connection";
  }

  /**
   * Logs a refusal and makes the error the client gets. When the client cannot be answered in-band
   * (no response expected), or {@code end}, the connection is closed after the error is sent.
   *
   * @param command what the client sent, or null if not known
   */
  private SecurityException refuse(
      ConnectionContext context,
      Command command,
      BrokerClient c,
      String operation,
      ActiveMQDestination target,
      String reason,
      boolean end) {
    boolean answerable = command != null && command.isResponseRequired();
    boolean close = end || !answerable;
    String what = describe(target);
    refusals.refuse(
        c.protocolName(),
        c.address(),
        c.getUserName(),
        operation,
        what,
        reason + (close ? "; connection closed" : ""));
    SecurityException error =
        clean(
            "Refused to "
                + operation
                + (what == null ? "" : " " + what)
                + ": "
                + reason
                + (close ? "; the connection is closed." : "."));
    if (close) {
      Connection connection = context.getConnection();
      // MQTT 3.1.1 has no negative acknowledgement of a publish: closing is the answer.
      boolean mqttPublish = c.protocol() == ClientProtocol.MQTT && command instanceof Message;
      if (!mqttPublish) {
        if (answerable) {
          ExceptionResponse response = new ExceptionResponse(error);
          response.setCorrelationId(command.getCommandId());
          connection.dispatchSync(response);
        } else {
          ConnectionError notice = new ConnectionError();
          notice.setException(error);
          connection.dispatchSync(notice);
        }
      }
      context.setDontSendReponse(true);
      if (connection instanceof TransportConnection t) {
        t.stopAsync();
      } else {
        connection.serviceExceptionAsync(new IOException(error.getMessage()));
      }
    }
    return error;
  }

  /** A destination as the Instrument Element names it: "topic a.b", "temporary queue x". */
  private static String describe(ActiveMQDestination d) {
    if (d == null) {
      return null;
    }
    return (d.isTemporary() ? "temporary " : "")
        + (d.isQueue() ? "queue " : "topic ")
        + d.getPhysicalName();
  }

  /** An error for the client with the Instrument Element's words only: no stack trace. */
  private static SecurityException clean(String message) {
    SecurityException e = new SecurityException(message);
    e.setStackTrace(new StackTraceElement[0]);
    return e;
  }

  private static BrokerClient client(ConnectionContext context) {
    return context != null && context.getSecurityContext() instanceof BrokerClient c ? c : null;
  }

  private static String address(ConnectionContext context) {
    Connection c = context.getConnection();
    return c == null ? null : Refusals.address(c.getRemoteAddress());
  }
}
