package org.instrumentelement.ie.pubsub;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import javax.net.ServerSocketFactory;
import org.apache.activemq.broker.BrokerPlugin;
import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.broker.region.Destination;
import org.apache.activemq.broker.region.RegionBroker;
import org.apache.activemq.broker.region.Subscription;
import org.apache.activemq.broker.region.TopicSubscription;
import org.apache.activemq.broker.region.policy.LastImageSubscriptionRecoveryPolicy;
import org.apache.activemq.broker.region.policy.OldestMessageEvictionStrategy;
import org.apache.activemq.broker.region.policy.PolicyEntry;
import org.apache.activemq.broker.region.policy.PolicyMap;
import org.apache.activemq.command.ActiveMQTopic;
import org.apache.activemq.security.MessageAuthorizationPolicy;
import org.apache.activemq.thread.TaskRunnerFactory;
import org.instrumentelement.ie.config.BrokerConfig;
import org.instrumentelement.ie.config.BrokerLimits;
import org.instrumentelement.ie.pubsub.transport.ClientConnector;
import org.instrumentelement.ie.pubsub.transport.ClientProtocol;
import org.instrumentelement.ie.pubsub.transport.ConnectionQuota;
import org.instrumentelement.ie.pubsub.transport.Refusals;

/**
 * The ActiveMQ broker started with the Instrument Element when no external broker is configured.
 * Non-persistent, with OpenWire and (unless disabled) STOMP and MQTT, each behind a {@link
 * ClientConnector} that bounds what clients may cost. With the Instrument Element's key it serves
 * each protocol over TLS, and plain only on the loopback interface unless told otherwise. Every
 * topic keeps its last message for new subscribers, and a subscriber that falls behind has its
 * oldest pending messages dropped (and counted) instead of slowing anyone else.
 */
public final class EmbeddedBroker implements AutoCloseable {
  /**
   * The names of this JVM's embedded brokers while they run. ActiveMQ finds an in-JVM broker by its
   * name alone, and with two of one name (two Instrument Elements called alike in one JVM, as tests
   * and embedding programs run them) the second's publisher logs in to the first's broker, and
   * stopping either broker breaks the other's in-JVM connections: a publisher sending at that
   * moment deadlocked with the broker that stopped its connection.
   */
  private static final Set<String> NAMES = ConcurrentHashMap.newKeySet();

  private final BrokerConfig config;
  private final String name;
  private final BrokerPlugin[] plugins;
  private final MessageAuthorizationPolicy messages;
  private final Refusals refusals;
  private final ConnectionQuota quota;
  private final ServerSocketFactory tlsSockets;
  private final PendingLimits pending;
  private final Map<ClientProtocol, Integer> plainPorts = new EnumMap<>(ClientProtocol.class);
  private final Map<ClientProtocol, Integer> tlsPorts = new EnumMap<>(ClientProtocol.class);
  private BrokerService broker;
  private TaskRunnerFactory dispatch; // the connectors' writing threads while the broker runs
  private String brokerName; // chosen at the first start, kept over restarts
  private boolean named; // whether brokerName is taken in NAMES now

  /**
   * @param plugins security plugins (authentication, authorization), or none for an open broker
   * @param messages which messages each connection may receive, or null for all
   * @param refusals where refused clients are logged
   * @param tlsSockets TLS server sockets with the Instrument Element's key: the TLS connectors are
   *     opened, and the plain ones only where {@code broker.plain} says; null for plain connectors
   *     only
   */
  public EmbeddedBroker(
      BrokerConfig config,
      String name,
      BrokerPlugin[] plugins,
      MessageAuthorizationPolicy messages,
      Refusals refusals,
      ServerSocketFactory tlsSockets) {
    this.config = config;
    this.name = name;
    this.plugins = plugins.clone();
    this.messages = messages;
    this.refusals = refusals;
    this.tlsSockets = tlsSockets;
    this.pending =
        new PendingLimits(
            config.maxPendingMessages(), config.pendingTime(), config.pendingMemory());
    this.quota =
        new ConnectionQuota(
            config.limits().maxConnections(), config.limits().maxConnectionsPerAddress());
    boolean plain = plainHost() != null;
    plainPorts.put(ClientProtocol.OPENWIRE, plain ? config.port() : -1);
    plainPorts.put(ClientProtocol.STOMP, plain ? config.stompPort() : -1);
    plainPorts.put(ClientProtocol.MQTT, plain ? config.mqttPort() : -1);
    boolean tls = tlsSockets != null;
    tlsPorts.put(ClientProtocol.OPENWIRE, tls ? config.tls().port() : -1);
    tlsPorts.put(ClientProtocol.STOMP, tls ? config.tls().stompPort() : -1);
    tlsPorts.put(ClientProtocol.MQTT, tls ? config.tls().mqttPort() : -1);
  }

  /**
   * Starts the broker; on a restart it listens on the same ports as before, under the same name.
   */
  public synchronized void start() throws Exception {
    claimName();
    BrokerService b = new BrokerService();
    b.setBrokerName(brokerName);
    b.setPersistent(false);
    b.setUseJmx(false);
    b.setUseShutdownHook(false);
    b.setAdvisorySupport(true);
    b.getSystemUsage().getMemoryUsage().setLimit(config.limits().memoryLimitBytes());
    // At a memory limit a sender is refused at once instead of holding a broker thread.
    b.getSystemUsage().setSendFailIfNoSpace(true);
    b.setDestinationPolicy(policy());
    // The pending limits' plugin first: the innermost, it sees only the messages let through.
    BrokerPlugin[] all = new BrokerPlugin[plugins.length + 1];
    all[0] = pending;
    System.arraycopy(plugins, 0, all, 1, plugins.length);
    b.setPlugins(all);
    if (messages != null) {
      b.setMessageAuthorizationPolicy(messages);
    }
    BrokerLimits limits = config.limits();
    TaskRunnerFactory threads = ClientConnector.dispatchThreads(brokerName);
    List<ClientConnector> opened = new ArrayList<>();
    try {
      for (ClientProtocol p : ClientProtocol.values()) {
        if (tlsPorts.get(p) >= 0) {
          opened.add(
              ClientConnector.open(
                  b,
                  p,
                  config.host(),
                  tlsPorts.get(p),
                  tlsSockets,
                  limits,
                  quota,
                  refusals,
                  threads));
        }
        if (plainPorts.get(p) >= 0) {
          opened.add(
              ClientConnector.open(
                  b, p, plainHost(), plainPorts.get(p), null, limits, quota, refusals, threads));
        }
      }
      // The broker chain is built here, before start() binds the broker's name: an in-VM client
      // (the IE's own publisher, reconnecting) that finds the name bound starts a connector, which
      // would build a second chain at the same time (BrokerService.getBroker is not synchronized),
      // and the start fail with "AdminConnectionContext was not initialized".
      b.getBroker();
      b.start();
      b.waitUntilStarted();
    } catch (Exception e) {
      // Closes the sockets of the connectors opened so far.
      b.stop();
      threads.shutdownNow();
      releaseName();
      throw e;
    }
    for (ClientConnector c : opened) {
      (c.tls() ? tlsPorts : plainPorts).put(c.protocol(), c.getConnectUri().getPort());
    }
    broker = b;
    dispatch = threads;
  }

  /**
   * Where the plain connectors listen: {@code broker.host} without TLS; with TLS, as {@code
   * broker.plain} says (the loopback interface by default); null when there are none.
   */
  public String plainHost() {
    if (tlsSockets == null) {
      return config.host();
    }
    return switch (config.tls().plain()) {
      case OFF -> null;
      case ON -> config.host();
      case LOOPBACK -> loopback(config.host()) ? config.host() : "localhost";
    };
  }

  /** Whether the broker has TLS connectors. */
  public boolean tls() {
    return tlsSockets != null;
  }

  /** Whether {@code host} names only this machine. */
  public static boolean loopback(String host) {
    try {
      for (InetAddress a : InetAddress.getAllByName(host)) {
        if (!a.isLoopbackAddress()) {
          return false;
        }
      }
      return true;
    } catch (UnknownHostException e) {
      return false;
    }
  }

  private PolicyMap policy() {
    PolicyEntry topics = new ClientTopicPolicy(config.limits().maxPrefetch());
    topics.setTopic(">");
    // A new subscriber gets the current value at once.
    topics.setAlwaysRetroactive(true);
    topics.setSubscriptionRecoveryPolicy(new LastImageSubscriptionRecoveryPolicy());
    // A slow subscriber loses its oldest messages beyond the topic's last broker.pendingTime;
    // nobody else waits for it.
    topics.setPendingMessageLimitStrategy(pending);
    topics.setMessageEvictionStrategy(new OldestMessageEvictionStrategy());
    topics.setProducerFlowControl(false);
    topics.setTopicPrefetch(Math.max(1, config.maxPendingMessages()));
    // Advisory topics share the policy and must not be retroactive.
    PolicyEntry advisories = new PolicyEntry();
    advisories.setTopic("ActiveMQ.Advisory.>");
    advisories.setProducerFlowControl(false);
    PolicyMap map = new PolicyMap();
    map.setPolicyEntries(
        List.of(
            topics,
            advisories,
            scratch(e -> e.setQueue(">")),
            scratch(e -> e.setTempQueue(true)),
            scratch(e -> e.setTempTopic(true))));
    return map;
  }

  /**
   * The policy of queues and temporary destinations, which only administrators may use: each may
   * hold a tenth of the broker's memory, then its senders are refused, so that they never crowd out
   * the samples.
   */
  private PolicyEntry scratch(Consumer<PolicyEntry> destinations) {
    PolicyEntry e = new PolicyEntry();
    destinations.accept(e);
    e.setMemoryLimit(config.limits().memoryLimitBytes() / 10);
    e.setProducerFlowControl(true);
    return e;
  }

  /**
   * The URL clients are told for a protocol, as seen on this machine: over TLS when the broker has
   * TLS connectors, else plain; null when the protocol is not offered.
   */
  public synchronized String url(ClientProtocol protocol) {
    String tls = tlsUrl(protocol);
    return tls != null ? tls : plainUrl(protocol);
  }

  /** The URL of a protocol's TLS connector, or null if it has none. */
  public synchronized String tlsUrl(ClientProtocol protocol) {
    int port = tlsPorts.get(protocol);
    return port < 0 ? null : protocol.scheme(true) + "://" + urlHost(config.host()) + ":" + port;
  }

  /** The URL of a protocol's plain connector, or null if it has none. */
  public synchronized String plainUrl(ClientProtocol protocol) {
    int port = plainPorts.get(protocol);
    return port < 0 ? null : protocol.scheme(false) + "://" + urlHost(plainHost()) + ":" + port;
  }

  /** OpenWire URL clients are told ({@link #url}). */
  public String openWireUrl() {
    return url(ClientProtocol.OPENWIRE);
  }

  /**
   * The in-JVM URL for the Instrument Element's own publisher: no sockets, no marshalling on the
   * way in. {@code create=false}: after a restart it waits for this broker rather than making one.
   * {@code async=false}: the publisher's thread hands each message to the broker itself instead of
   * waking a transport thread for it (the publisher has a queue of its own in front, and no
   * consumers on this connection).
   */
  public synchronized String inVmUrl() {
    if (brokerName == null) {
      throw new IllegalStateException("the broker has no name before it first starts");
    }
    return "vm://" + brokerName + "?create=false&async=false";
  }

  /**
   * The broker's name in this JVM: {@code ie-} and the Instrument Element's name, followed by
   * {@code -2}, {@code -3}, ... when another embedded broker of this JVM runs under it; null before
   * the first start.
   */
  public synchronized String brokerName() {
    return brokerName;
  }

  /** Takes a name no other running embedded broker of this JVM has, or this broker's own again. */
  private void claimName() {
    if (named) {
      return;
    }
    if (brokerName == null) {
      String base = "ie-" + name;
      String candidate = base;
      for (int n = 2; !NAMES.add(candidate); n++) {
        candidate = base + "-" + n;
      }
      brokerName = candidate;
    } else if (!NAMES.add(brokerName)) {
      // Its publisher reconnects to this name: another broker under it would take its messages.
      throw new IllegalStateException(
          "another broker in this JVM took the name " + brokerName + " while this one was stopped");
    }
    named = true;
  }

  private void releaseName() {
    if (named) {
      NAMES.remove(brokerName);
      named = false;
    }
  }

  /** STOMP URL clients are told, or null when disabled. */
  public String stompUrl() {
    return url(ClientProtocol.STOMP);
  }

  /** MQTT URL clients are told, or null when disabled. */
  public String mqttUrl() {
    return url(ClientProtocol.MQTT);
  }

  private static String urlHost(String h) {
    return h.equals("0.0.0.0") || h.equals("::") ? "localhost" : h;
  }

  public synchronized boolean running() {
    return broker != null && broker.isStarted();
  }

  /** Client connections open now, logged in or not (the in-JVM publisher not counted). */
  public int clientConnections() {
    return quota.open();
  }

  /** Consumers of a topic (on this broker), or 0 if it has none yet. */
  public synchronized int subscribers(String topic) {
    Destination d = destination(topic);
    return d == null ? 0 : d.getConsumers().size();
  }

  /**
   * Messages of a topic held now for a subscriber behind before the oldest are dropped: those of
   * the topic's last {@code broker.pendingTime}, within {@code broker.pendingMemory}, and never
   * fewer than {@code broker.maxPendingMessages} ({@link PendingLimits}).
   */
  public int pendingLimit(String topic) {
    return pending.limit(new ActiveMQTopic(topic));
  }

  /** Messages dropped so far for slow subscribers of a topic (current subscribers only). */
  public synchronized long discarded(String topic) {
    Destination d = destination(topic);
    if (d == null) {
      return 0;
    }
    long n = 0;
    for (Subscription s : new ArrayList<>(d.getConsumers())) {
      if (s instanceof TopicSubscription ts) {
        n += ts.discarded();
      }
    }
    return n;
  }

  private Destination destination(String topic) {
    if (broker == null) {
      return null;
    }
    try {
      RegionBroker region = (RegionBroker) broker.getRegionBroker();
      return region.getTopicRegion().getDestinationMap().get(new ActiveMQTopic(topic));
    } catch (Exception e) {
      return null;
    }
  }

  /** The URI a connector is reachable at (tests). */
  public synchronized URI openWireUri() {
    return URI.create(openWireUrl());
  }

  /** Stops the broker and gives its name back (a later {@link #start} takes the same one). */
  @Override
  public synchronized void close() {
    try {
      if (broker != null) {
        broker.stop();
        broker.waitUntilStopped();
      }
    } catch (Exception e) {
      throw new IllegalStateException("broker did not stop cleanly", e);
    } finally {
      if (dispatch != null) {
        dispatch.shutdownNow();
      }
      broker = null;
      dispatch = null;
      releaseName();
    }
  }
}
