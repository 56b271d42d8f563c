package org.instrumentelement.ie.config;

import java.nio.file.Path;

/**
 * The broker's TLS: the embedded broker's TLS connectors (open when the Instrument Element has a
 * keystore), where its plain connectors may listen then, and what the publisher trusts when it
 * connects to an external broker over TLS.
 *
 * @param port OpenWire over TLS ({@code ssl://}); 0 picks a free one
 * @param stompPort STOMP over TLS ({@code stomp+ssl://}); 0 picks a free one, -1 disables
 * @param mqttPort MQTT over TLS ({@code mqtt+ssl://}); 0 picks a free one, -1 disables
 * @param plain where the plain connectors listen when the TLS connectors are open
 * @param trustStore a PKCS#12 trust store for the publisher's connection to an external broker
 *     ({@code broker.url} with {@code ssl://}); null for the JVM's default trust
 * @param trustStorePassword its password
 */
public record BrokerTls(
    int port,
    int stompPort,
    int mqttPort,
    PlainConnectors plain,
    Path trustStore,
    String trustStorePassword) {

  /** Where the embedded broker's plain (unencrypted) connectors listen when TLS is on. */
  public enum PlainConnectors {
    /** On the loopback interface only: for clients on the same machine. The default. */
    LOOPBACK,
    /** Not at all. */
    OFF,
    /** On {@code broker.host} beside the TLS connectors (warned at start-up). */
    ON;

    /** The value as written in the configuration. */
    public String configName() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** Without the password: a configuration may be logged. */
  @Override
  public String toString() {
    return "BrokerTls[ports="
        + port
        + "/"
        + stompPort
        + "/"
        + mqttPort
        + ", plain="
        + plain
        + ", trustStore="
        + trustStore
        + "]";
  }

  /** The {@code broker.tls.*} keys and {@code broker.plain}. */
  static BrokerTls read(KeyValues keys) throws ConfigException {
    return new BrokerTls(
        keys.get(ConfigKeys.BROKER_TLS_PORT),
        keys.get(ConfigKeys.BROKER_TLS_STOMP_PORT),
        keys.get(ConfigKeys.BROKER_TLS_MQTT_PORT),
        keys.get(ConfigKeys.BROKER_PLAIN),
        keys.get(ConfigKeys.BROKER_TLS_TRUST_STORE),
        keys.get(ConfigKeys.BROKER_TLS_TRUST_STORE_PASSWORD));
  }
}
