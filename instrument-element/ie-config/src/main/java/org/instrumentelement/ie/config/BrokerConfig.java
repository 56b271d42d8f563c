package org.instrumentelement.ie.config;

import java.time.Duration;

/**
 * Where samples are published.
 *
 * @param url an external broker or broker network (e.g. {@code
 *     failover:(tcp://a:61616,tcp://b:61616)}); empty to run the embedded broker
 * @param host interface the embedded broker listens on
 * @param port OpenWire port of the embedded broker; 0 picks a free one
 * @param stompPort STOMP port of the embedded broker; 0 picks a free one, -1 disables
 * @param mqttPort MQTT port of the embedded broker; 0 picks a free one, -1 disables
 * @param clientUrl the broker URL given to clients; empty: derived from the above
 * @param maxPendingMessages fewest messages held for one slow subscriber before the oldest are
 *     dropped, whatever the topic's rate
 * @param pendingTime how far behind a topic a subscriber may fall without losing messages: the
 *     messages the topic got in this long are held for it (zero: {@code maxPendingMessages} only)
 * @param pendingMemory bytes the messages held for the subscribers behind one topic may take
 * @param publishQueue unsent samples the publisher keeps per topic before dropping the oldest
 * @param publishQueueMemory bytes the unsent samples of all topics may take together
 * @param topicPrefix first segment of every topic name
 * @param username account the publisher uses on an external broker (empty: none)
 * @param password its password
 * @param limits what one client of the embedded broker may cost
 * @param tls the TLS connectors and the trust for an external broker
 */
public record BrokerConfig(
    String url,
    String host,
    int port,
    int stompPort,
    int mqttPort,
    String clientUrl,
    int maxPendingMessages,
    Duration pendingTime,
    long pendingMemory,
    int publishQueue,
    long publishQueueMemory,
    String topicPrefix,
    String username,
    String password,
    BrokerLimits limits,
    BrokerTls tls) {

  /** Whether the Instrument Element runs its own broker. */
  public boolean embedded() {
    return url.isBlank();
  }

  /** Without the password: a configuration may be logged. */
  @Override
  public String toString() {
    return "BrokerConfig[url="
        + url
        + ", host="
        + host
        + ", ports="
        + port
        + "/"
        + stompPort
        + "/"
        + mqttPort
        + ", clientUrl="
        + clientUrl
        + ", maxPendingMessages="
        + maxPendingMessages
        + ", pendingTime="
        + pendingTime
        + ", pendingMemory="
        + pendingMemory
        + ", topicPrefix="
        + topicPrefix
        + ", username="
        + username
        + ", limits="
        + limits
        + ", tls="
        + tls
        + "]";
  }

  /** The {@code broker.*} keys. */
  static BrokerConfig read(KeyValues keys) throws ConfigException {
    return new BrokerConfig(
        keys.get(ConfigKeys.BROKER_URL),
        keys.get(ConfigKeys.BROKER_HOST),
        keys.get(ConfigKeys.BROKER_PORT),
        keys.get(ConfigKeys.BROKER_STOMP_PORT),
        keys.get(ConfigKeys.BROKER_MQTT_PORT),
        keys.get(ConfigKeys.BROKER_CLIENT_URL),
        keys.get(ConfigKeys.BROKER_MAX_PENDING_MESSAGES),
        keys.get(ConfigKeys.BROKER_PENDING_TIME),
        keys.get(ConfigKeys.BROKER_PENDING_MEMORY),
        keys.get(ConfigKeys.BROKER_PUBLISH_QUEUE),
        keys.get(ConfigKeys.BROKER_PUBLISH_QUEUE_MEMORY),
        keys.get(ConfigKeys.BROKER_TOPIC_PREFIX),
        keys.get(ConfigKeys.BROKER_USERNAME),
        keys.get(ConfigKeys.BROKER_PASSWORD),
        BrokerLimits.read(keys),
        BrokerTls.read(keys));
  }
}
