package org.instrumentelement.ie.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The whole configuration of one Instrument Element, resolved from all sources.
 *
 * @param name the Instrument Element's name (used in topic names)
 * @param httpHost interface to listen on
 * @param httpPort port to listen on; 0 picks a free one
 * @param contextPath web application path, e.g. {@code /ie}
 * @param maxRequestBytes largest SOAP request accepted
 * @param mockPath directories searched for mock device models before the built-in ones
 * @param broker where samples of subscribable attributes are published
 * @param samplingPeriod default sampling period of subscribable attributes (zero: off)
 * @param samplingHeartbeat default heartbeat (zero: off)
 * @param security access control, audit and TLS
 * @param httpLimits connection limits of the HTTP connector
 * @param ims the Instrument Managers, parents before children
 * @param portal the {@code portal.*} keys, passed on unchecked to a web application hosted beside
 *     the service (the portal checks them itself)
 * @param dataDir where the run-time state is kept across restarts ({@code data.dir}); {@code null}:
 *     nowhere, every start begins from the configuration
 * @param login how password guessing is slowed ({@code login.*})
 */
public record IeConfig(
    String name,
    String httpHost,
    int httpPort,
    String contextPath,
    long maxRequestBytes,
    List<Path> mockPath,
    BrokerConfig broker,
    Duration samplingPeriod,
    Duration samplingHeartbeat,
    SecurityConfig security,
    HttpLimits httpLimits,
    List<ImConfig> ims,
    Map<String, String> portal,
    Path dataDir,
    LoginLimits login) {

  public IeConfig {
    mockPath = List.copyOf(mockPath);
    ims = List.copyOf(ims);
    portal = Map.copyOf(portal);
  }

  /** The same configuration listening on another port (tests use 0). */
  public IeConfig withHttpPort(int port) {
    return new IeConfig(
        name,
        httpHost,
        port,
        contextPath,
        maxRequestBytes,
        mockPath,
        broker,
        samplingPeriod,
        samplingHeartbeat,
        security,
        httpLimits,
        ims,
        portal,
        dataDir,
        login);
  }

  /** The same configuration with other broker settings. */
  public IeConfig withBroker(BrokerConfig b) {
    return new IeConfig(
        name,
        httpHost,
        httpPort,
        contextPath,
        maxRequestBytes,
        mockPath,
        b,
        samplingPeriod,
        samplingHeartbeat,
        security,
        httpLimits,
        ims,
        portal,
        dataDir,
        login);
  }

  /** The same configuration with other security settings. */
  public IeConfig withSecurity(SecurityConfig s) {
    return new IeConfig(
        name,
        httpHost,
        httpPort,
        contextPath,
        maxRequestBytes,
        mockPath,
        broker,
        samplingPeriod,
        samplingHeartbeat,
        s,
        httpLimits,
        ims,
        portal,
        dataDir,
        login);
  }

  /** The same configuration with other portal settings (tests). */
  public IeConfig withPortal(Map<String, String> settings) {
    return new IeConfig(
        name,
        httpHost,
        httpPort,
        contextPath,
        maxRequestBytes,
        mockPath,
        broker,
        samplingPeriod,
        samplingHeartbeat,
        security,
        httpLimits,
        ims,
        settings,
        dataDir,
        login);
  }

  /** The same configuration keeping its run-time state in another directory (null: nowhere). */
  public IeConfig withDataDir(Path dir) {
    return new IeConfig(
        name,
        httpHost,
        httpPort,
        contextPath,
        maxRequestBytes,
        mockPath,
        broker,
        samplingPeriod,
        samplingHeartbeat,
        security,
        httpLimits,
        ims,
        portal,
        dir,
        login);
  }

  /** The same configuration with other login limits (tests use short ones). */
  public IeConfig withLogin(LoginLimits limits) {
    return new IeConfig(
        name,
        httpHost,
        httpPort,
        contextPath,
        maxRequestBytes,
        mockPath,
        broker,
        samplingPeriod,
        samplingHeartbeat,
        security,
        httpLimits,
        ims,
        portal,
        dataDir,
        limits);
  }
}
