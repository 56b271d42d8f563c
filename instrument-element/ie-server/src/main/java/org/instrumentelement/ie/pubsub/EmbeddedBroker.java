package org.instrumentelement.ie.pubsub;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.activemq.broker.BrokerPlugin;
import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.broker.region.Destination;
import org.apache.activemq.broker.region.RegionBroker;
import org.apache.activemq.broker.region.Subscription;
import org.apache.activemq.broker.region.TopicSubscription;
import org.apache.activemq.broker.region.policy.ConstantPendingMessageLimitStrategy;
import org.apache.activemq.broker.region.policy.LastImageSubscriptionRecoveryPolicy;
import org.apache.activemq.broker.region.policy.OldestMessageEvictionStrategy;
import org.apache.activemq.broker.region.policy.PolicyEntry;
import org.apache.activemq.broker.region.policy.PolicyMap;
import org.apache.activemq.command.ActiveMQTopic;
import org.apache.activemq.security.MessageAuthorizationPolicy;
import org.instrumentelement.ie.config.BrokerConfig;
import org.instrumentelement.ie.config.BrokerLimits;
import org.instrumentelement.ie.pubsub.transport.ClientConnector;
import org.instrumentelement.ie.pubsub.transport.ClientProtocol;
import org.instrumentelement.ie.pubsub.transport.ConnectionQuota;
import org.instrumentelement.ie.pubsub.transport.Refusals;

/**
 * The ActiveMQ broker started with the Instrument Element when no external broker is configured.
 * Non-persistent, with OpenWire and (unless disabled) STOMP and MQTT, each behind a {@link
 * ClientConnector} that bounds what clients may cost. Every topic keeps its last message for new
 * subscribers, and a subscriber that falls behind has its oldest pending messages dropped (and
 * counted) instead of slowing anyone else.
 */
public final class EmbeddedBroker implements AutoCloseable {
  private final BrokerConfig config;
  private final String name;
  private final BrokerPlugin[] plugins;
  private final MessageAuthorizationPolicy messages;
  private final Refusals refusals;
  private final ConnectionQuota quota;
  private BrokerService broker;
  private int openWirePort;
  private int stompPort;
  private int mqttPort;

  /**
   * @param plugins security plugins (authentication, authorization), or none for an open broker
   * @param messages which messages each connection may receive, or null for all
   * @param refusals where refused clients are logged
   */
  public EmbeddedBroker(
      BrokerConfig config,
      String name,
      BrokerPlugin[] plugins,
      MessageAuthorizationPolicy messages,
      Refusals refusals) {
    this.config = config;
    this.name = name;
    this.plugins = plugins.clone();
    this.messages = messages;
    this.refusals = refusals;
    this.quota =
        new ConnectionQuota(
            config.limits().maxConnections(), config.limits().maxConnectionsPerAddress());
    this.openWirePort = config.port();
    this.stompPort = config.stompPort();
    this.mqttPort = config.mqttPort();
  }

  /** Starts the broker; on a restart it listens on the same ports as before. */
  public synchronized void start() throws Exception {
    BrokerService b = new BrokerService();
    b.setBrokerName(brokerName());
    b.setPersistent(false);
    b.setUseJmx(false);
    b.setUseShutdownHook(false);
    b.setAdvisorySupport(true);
    b.getSystemUsage().getMemoryUsage().setLimit(config.limits().memoryLimitBytes());
    // At a memory limit a sender is refused at once instead of holding a broker thread.
    b.getSystemUsage().setSendFailIfNoSpace(true);
    b.setDestinationPolicy(policy());
    if (plugins.length > 0) {
      b.setPlugins(plugins);
    }
    if (messages != null) {
      b.setMessageAuthorizationPolicy(messages);
    }
    String host = config.host();
    BrokerLimits limits = config.limits();
    ClientConnector openWire;
    ClientConnector stomp = null;
    ClientConnector mqtt = null;
    try {
      openWire =
          ClientConnector.open(
              b, ClientProtocol.OPENWIRE, host, openWirePort, limits, quota, refusals);
      if (stompPort >= 0) {
        stomp =
            ClientConnector.open(b, ClientProtocol.STOMP, host, stompPort, limits, quota, refusals);
      }
      if (mqttPort >= 0) {
        mqtt =
            ClientConnector.open(b, ClientProtocol.MQTT, host, mqttPort, limits, quota, refusals);
      }
      b.start();
      b.waitUntilStarted();
    } catch (Exception e) {
      // Closes the sockets of the connectors opened so far.
      b.stop();
      throw e;
    }
    openWirePort = openWire.getConnectUri().getPort();
    stompPort = stomp == null ? -1 : stomp.getConnectUri().getPort();
    mqttPort = mqtt == null ? -1 : mqtt.getConnectUri().getPort();
    broker = b;
  }

  private PolicyMap policy() {
    PolicyEntry topics = new PolicyEntry();
    topics.setTopic(">");
    // A new subscriber gets the current value at once.
    topics.setAlwaysRetroactive(true);
    topics.setSubscriptionRecoveryPolicy(new LastImageSubscriptionRecoveryPolicy());
    // A slow subscriber loses its oldest messages; nobody else waits for it.
    ConstantPendingMessageLimitStrategy limit = new ConstantPendingMessageLimitStrategy();
    limit.setLimit(config.maxPendingMessages());
    topics.setPendingMessageLimitStrategy(limit);
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

  /** OpenWire URL as seen on this machine. */
  public synchronized String openWireUrl() {
    return "tcp://" + urlHost() + ":" + openWirePort;
  }

  /**
   * The in-JVM URL for the Instrument Element's own publisher: no sockets, no marshalling on the
   * way in. {@code create=false}: after a restart it waits for this broker rather than making one.
   */
  public synchronized String inVmUrl() {
    return "vm://" + brokerName() + "?create=false";
  }

  private String brokerName() {
    return "ie-" + name;
  }

  /** STOMP URL, or null when disabled. */
  public synchronized String stompUrl() {
    return stompPort < 0 ? null : "stomp://" + urlHost() + ":" + stompPort;
  }

  /** MQTT URL, or null when disabled. */
  public synchronized String mqttUrl() {
    return mqttPort < 0 ? null : "mqtt://" + urlHost() + ":" + mqttPort;
  }

  private String urlHost() {
    String h = config.host();
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

  @Override
  public synchronized void close() {
    if (broker != null) {
      try {
        broker.stop();
        broker.waitUntilStopped();
      } catch (Exception e) {
        throw new IllegalStateException("broker did not stop cleanly", e);
      } finally {
        broker = null;
      }
    }
  }
}
