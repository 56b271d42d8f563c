package org.instrumentelement.ie.pubsub.transport;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import javax.net.ServerSocketFactory;
import org.apache.activemq.broker.Broker;
import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.broker.BrokerServiceAware;
import org.apache.activemq.broker.Connection;
import org.apache.activemq.broker.TransportConnection;
import org.apache.activemq.broker.TransportConnector;
import org.apache.activemq.thread.TaskRunnerFactory;
import org.apache.activemq.transport.Transport;
import org.apache.activemq.transport.TransportServer;
import org.apache.activemq.transport.mqtt.MQTTTransportFactory;
import org.apache.activemq.transport.stomp.LegacyFrameTranslator;
import org.apache.activemq.transport.stomp.ProtocolConverter;
import org.apache.activemq.transport.stomp.StompTransportFactory;
import org.apache.activemq.transport.tcp.TcpTransportFactory;
import org.apache.activemq.transport.tcp.TcpTransportServer;
import org.instrumentelement.ie.config.BrokerLimits;

/**
 * Where clients of one protocol connect to the embedded broker, in plain TCP or over TLS. Either
 * way sockets pass the {@link ConnectionQuota} and read frames within the frame limit, and a
 * connection that has not logged in (or finished its TLS handshake) within the login timeout is
 * closed.
 */
public final class ClientConnector extends TransportConnector {
  /** Buffer of each client connection's socket streams, in and out. */
  static final int IO_BUFFER_BYTES = 64 * 1024;

  /**
   * How long a dispatch thread may be busy writing to one connection (a client that reads nothing
   * blocks its write once the socket's buffers are full) before another thread takes its place.
   */
  static final long DISPATCH_STALL_MILLIS = 50;

  /** How long a dispatch thread started in the place of a stuck one waits for work, then stops. */
  static final long DISPATCH_IDLE_MILLIS = 10_000;

  private final ClientProtocol protocol;
  private final boolean tls;
  private final Duration loginTimeout;
  private final Refusals refusals;
  private final TaskRunnerFactory dispatch;
  private final Map<TransportConnection, ScheduledFuture<?>> deadlines = new ConcurrentHashMap<>();
  private ScheduledExecutorService timer;
  private Broker broker;

  private ClientConnector(
      TransportServer server,
      ClientProtocol protocol,
      boolean tls,
      Duration loginTimeout,
      Refusals refusals,
      TaskRunnerFactory dispatch) {
    super(server);
    this.dispatch = dispatch;
    this.protocol = protocol;
    this.tls = tls;
    this.loginTimeout = loginTimeout;
    this.refusals = refusals;
  }

  /**
   * Opens the listening socket of a connector and adds the connector to {@code broker} (which
   * starts it).
   *
   * @param port 0 for a free one
   * @param tlsSockets TLS server sockets for a connector over TLS; null for plain TCP
   * @param dispatch the threads that write to the clients ({@link #dispatchThreads}), which the
   *     caller shuts down after the broker
   */
  public static ClientConnector open(
      BrokerService broker,
      ClientProtocol protocol,
      String host,
      int port,
      ServerSocketFactory tlsSockets,
      BrokerLimits limits,
      ConnectionQuota quota,
      Refusals refusals,
      TaskRunnerFactory dispatch)
      throws Exception {
    if (protocol == ClientProtocol.STOMP) {
      plainStompFramesOnly();
    }
    boolean tls = tlsSockets != null;
    TcpTransportFactory factory = factory(protocol, tlsSockets, limits, quota, refusals);
    if (factory instanceof BrokerServiceAware aware) {
      aware.setBrokerService(broker);
    }
    TransportServer server =
        factory.doBind(URI.create(uri(protocol, tls, host, port, limits.maxFrameBytes())));
    ClientConnector connector =
        new ClientConnector(server, protocol, tls, limits.loginTimeout(), refusals, dispatch);
    broker.addConnector(connector);
    return connector;
  }

  /**
   * The threads that write messages to the clients of a broker's connectors, one per core for all
   * connections ({@link DispatchPool}) instead of ActiveMQ's thread per wake-up of a connection.
   */
  public static TaskRunnerFactory dispatchThreads(String brokerName) {
    int cores = Runtime.getRuntime().availableProcessors();
    return new TaskRunnerFactory("ie-broker-dispatch") {
      @Override
      protected ExecutorService createDefaultExecutor() {
        return new DispatchPool(
            "ie-broker-dispatch-" + brokerName, cores, DISPATCH_STALL_MILLIS, DISPATCH_IDLE_MILLIS);
      }
    };
  }

  /**
   * Lets STOMP clients have frames as they are, not transformed to or from JSON or XML: ActiveMQ's
   * transformations need XStream, which the Instrument Element does not ship, and a {@code
   * transformation} header asking for one would throw {@code NoClassDefFoundError} in the broker's
   * thread. With only the plain translator allowed, such a header is ignored. (ActiveMQ reads this
   * choice from a system property only; one set by the operator is kept.)
   */
  static void plainStompFramesOnly() {
    System.getProperties()
        .putIfAbsent(
            ProtocolConverter.FRAME_TRANSLATOR_CLASSES_PROP, LegacyFrameTranslator.class.getName());
  }

  /**
   * The connector's URI with its transport and wire format options. OpenWire's cache of marshalled
   * objects is off: each of its entries may be as large as a frame.
   */
  static String uri(
      ClientProtocol protocol, boolean tls, String host, int port, int maxFrameBytes) {
    // A whole message of up to 64 kB (a 2,500-double vector is 20 kB) leaves in one write: with
    // ActiveMQ's default 8 kB buffer it took three, each a send and a wake-up of the subscriber.
    String base =
        protocol.scheme(tls)
            + "://"
            + host
            + ":"
            + port
            + "?transport.ioBufferSize="
            + IO_BUFFER_BYTES;
    return switch (protocol) {
      case OPENWIRE -> base + "&transport.tcpNoDelay=true&wireFormat.cacheEnabled=false";
      case STOMP ->
          base
              + "&transport.tcpNoDelay=true&wireFormat.maxFrameSize="
              + maxFrameBytes
              + "&wireFormat.maxDataLength="
              + maxFrameBytes;
      case MQTT -> base + "&wireFormat.maxFrameSize=" + maxFrameBytes;
    };
  }

  /**
   * ActiveMQ's factory of the protocol, making {@link GuardedTransportServer}s on plain or TLS
   * server sockets. (ActiveMQ's own TLS factories differ from the plain ones only in their server
   * sockets and in passing the client's certificates on, which {@link FrameLimitedTransport} does
   * as well.)
   */
  private static TcpTransportFactory factory(
      ClientProtocol protocol,
      ServerSocketFactory tlsSockets,
      BrokerLimits limits,
      ConnectionQuota quota,
      Refusals refusals) {
    int maxFrameBytes = limits.maxFrameBytes();
    Duration handshake = limits.loginTimeout();
    return switch (protocol) {
      case OPENWIRE ->
          new TcpTransportFactory() {
            @Override
            protected ServerSocketFactory createServerSocketFactory() throws IOException {
              return tlsSockets == null ? super.createServerSocketFactory() : tlsSockets;
            }

            @Override
            protected TcpTransportServer createTcpTransportServer(
                URI location, ServerSocketFactory sockets) throws IOException, URISyntaxException {
              return new GuardedTransportServer(
                  this, location, sockets, protocol, quota, maxFrameBytes, handshake, refusals);
            }
          };
      case STOMP ->
          new StompTransportFactory() {
            @Override
            protected ServerSocketFactory createServerSocketFactory() throws IOException {
              return tlsSockets == null ? super.createServerSocketFactory() : tlsSockets;
            }

            @Override
            protected TcpTransportServer createTcpTransportServer(
                URI location, ServerSocketFactory sockets) throws IOException, URISyntaxException {
              return new GuardedTransportServer(
                  this, location, sockets, protocol, quota, maxFrameBytes, handshake, refusals);
            }
          };
      case MQTT ->
          new MQTTTransportFactory() {
            @Override
            protected ServerSocketFactory createServerSocketFactory() throws IOException {
              return tlsSockets == null ? super.createServerSocketFactory() : tlsSockets;
            }

            @Override
            protected TcpTransportServer createTcpTransportServer(
                URI location, ServerSocketFactory sockets) throws IOException, URISyntaxException {
              TcpTransportServer server =
                  new GuardedTransportServer(
                      this, location, sockets, protocol, quota, maxFrameBytes, handshake, refusals);
              // MQTT 3.1.1: a new connection with a client's id replaces the old one (the
              // broker's security refuses it when the id is another user's).
              server.setAllowLinkStealing(true);
              return server;
            }
          };
    };
  }

  /** The protocol clients speak on this connector. */
  public ClientProtocol protocol() {
    return protocol;
  }

  /** Whether clients connect over TLS. */
  public boolean tls() {
    return tls;
  }

  /**
   * The certificates a client of this broker presented in its TLS handshake, its own first; empty
   * without TLS or without a client certificate. (A login carries them on as the {@code
   * ConnectionInfo}'s transport context, as ActiveMQ's TLS transports do.)
   */
  static List<X509Certificate> clientCertificates(Connection connection) {
    if (connection instanceof TransportConnection c && c.getTransport() != null) {
      FrameLimitedTransport t = c.getTransport().narrow(FrameLimitedTransport.class);
      X509Certificate[] chain = t == null ? null : t.getPeerCertificates();
      if (chain != null) {
        return List.of(chain);
      }
    }
    return List.of();
  }

  Refusals refusals() {
    return refusals;
  }

  @Override
  public void start() throws Exception {
    ScheduledThreadPoolExecutor t =
        new ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread thread = new Thread(r, "broker-login-deadline-" + protocol.scheme(tls));
              thread.setDaemon(true);
              return thread;
            });
    t.setRemoveOnCancelPolicy(true);
    timer = t;
    broker = getBrokerService().getBroker();
    super.start();
  }

  @Override
  public void stop() throws Exception {
    try {
      super.stop();
    } finally {
      if (timer != null) {
        timer.shutdownNow();
      }
      deadlines.clear();
    }
  }

  @Override
  protected Connection createConnection(Transport transport) throws IOException {
    BrokerService service = getBrokerService();
    ClientConnection c =
        new ClientConnection(
            this,
            transport,
            broker,
            isDisableAsyncDispatch() ? null : dispatch,
            service.getTaskRunnerFactory());
    c.getStatistics().setEnabled(getStatistics().isEnabled());
    c.setMessageAuthorizationPolicy(getMessageAuthorizationPolicy());
    deadlines.put(
        c,
        timer.schedule(
            () -> closeIfNotLoggedIn(c), loginTimeout.toMillis(), TimeUnit.MILLISECONDS));
    return c;
  }

  private void closeIfNotLoggedIn(ClientConnection c) {
    deadlines.remove(c);
    if (!c.loggedIn()) {
      refusals.refuse(
          protocol.title(tls),
          Refusals.address(c.getRemoteAddress()),
          null,
          "connection",
          null,
          "no login within " + loginTimeout.toMillis() + " ms; connection closed");
      c.stopAsync();
    }
  }

  void loggedIn(ClientConnection c) {
    cancelDeadline(c);
  }

  @Override
  public void onStopped(TransportConnection connection) {
    cancelDeadline(connection);
    super.onStopped(connection);
  }

  private void cancelDeadline(TransportConnection c) {
    ScheduledFuture<?> f = deadlines.remove(c);
    if (f != null) {
      f.cancel(false);
    }
  }
}
