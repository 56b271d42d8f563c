package org.instrumentelement.ie.config;

import java.time.Duration;

/**
 * What one client of the embedded broker may cost, so that no client, logged in or not, can exhaust
 * the broker's share of the heap, its threads or the log. Clients only subscribe, so the bounds on
 * what they send are small; what the broker sends them (samples) is not bounded here.
 *
 * @param maxFrameBytes largest frame a client may send (OpenWire, STOMP, MQTT); a larger one closes
 *     the connection
 * @param maxConnections client connections at once, over all protocols, logged in or not
 * @param maxConnectionsPerAddress connections at once from one client address
 * @param maxConnectionsPerUser connections at once logged in as one user
 * @param maxConsumersPerConnection subscriptions on one connection (refused ones count too); also
 *     the bound on its sessions, producers and open transactions
 * @param loginTimeout how long a connection may stay open without logging in
 * @param memoryPercent the broker's share of the heap, in percent, for messages held for
 *     subscribers
 * @param maxPrefetch most messages pushed to one subscription and not acknowledged, whatever
 *     prefetch the client asks for
 */
public record BrokerLimits(
    int maxFrameBytes,
    int maxConnections,
    int maxConnectionsPerAddress,
    int maxConnectionsPerUser,
    int maxConsumersPerConnection,
    Duration loginTimeout,
    int memoryPercent,
    int maxPrefetch) {

  /** The broker's memory limit in bytes on this JVM's heap. */
  public long memoryLimitBytes() {
    return Runtime.getRuntime().maxMemory() / 100 * memoryPercent;
  }

  /** The {@code broker.*} limits. */
  static BrokerLimits read(KeyValues keys) throws ConfigException {
    return new BrokerLimits(
        keys.get(ConfigKeys.BROKER_MAX_FRAME_BYTES),
        keys.get(ConfigKeys.BROKER_MAX_CONNECTIONS),
        keys.get(ConfigKeys.BROKER_MAX_CONNECTIONS_PER_ADDRESS),
        keys.get(ConfigKeys.BROKER_MAX_CONNECTIONS_PER_USER),
        keys.get(ConfigKeys.BROKER_MAX_CONSUMERS_PER_CONNECTION),
        keys.get(ConfigKeys.BROKER_LOGIN_TIMEOUT),
        keys.get(ConfigKeys.BROKER_MEMORY_LIMIT),
        keys.get(ConfigKeys.BROKER_MAX_PREFETCH));
  }
}
