package org.instrumentelement.ie.pubsub;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.apache.activemq.broker.BrokerPlugin;
import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.broker.TransportConnector;
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
import org.instrumentelement.ie.config.BrokerConfig;

/**
 * The ActiveMQ broker started with the Instrument Element when no external broker is configured.
 * Non-persistent, with OpenWire and (unless disabled) STOMP and MQTT. Every topic keeps its last
 * message for new subscribers, and a subscriber that falls behind has its oldest pending messages
 * dropped (and counted) instead of slowing anyone else.
 */
public final class EmbeddedBroker implements AutoCloseable {
  /** Buffer of each client connection's socket streams, in and out. */
  static final int IO_BUFFER_BYTES = 64 * 1024;

  private final BrokerConfig config;
  private final String name;
  private final BrokerPlugin[] plugins;
  private BrokerService broker;
  private int openWirePort;
  private int stompPort;
  private int mqttPort;

  /**
   * @param plugins security plugins (authentication, authorization), or none for an open broker
   */
  public EmbeddedBroker(BrokerConfig config, String name, BrokerPlugin... plugins) {
    this.config = config;
    this.name = name;
    this.plugins = plugins.clone();
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
    b.getSystemUsage().getMemoryUsage().setLimit(512L * 1024 * 1024);
    b.setDestinationPolicy(policy());
    if (plugins.length > 0) {
      b.setPlugins(plugins);
    }
    String host = config.host();
    // A whole message of up to 64 kB (a 2,500-double vector is 20 kB) leaves in one write: with
    // ActiveMQ's default 8 kB buffer it took three, each a send and a wake-up of the subscriber.
    TransportConnector openWire =
        b.addConnector(
            "tcp://"
                + host
                + ":"
                + openWirePort
                + "?transport.tcpNoDelay=true&transport.ioBufferSize="
                + IO_BUFFER_BYTES);
    TransportConnector stomp =
        stompPort < 0
            ? null
            : b.addConnector(
                "stomp://"
                    + host
                    + ":"
                    + stompPort
                    + "?transport.tcpNoDelay=true&transport.ioBufferSize="
                    + IO_BUFFER_BYTES);
    TransportConnector mqtt =
        mqttPort < 0
            ? null
            : b.addConnector(
                "mqtt://" + host + ":" + mqttPort + "?transport.ioBufferSize=" + IO_BUFFER_BYTES);
    b.start();
    b.waitUntilStarted();
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
    map.setPolicyEntries(List.of(topics, advisories));
    return map;
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
