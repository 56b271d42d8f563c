package org.instrumentelement.ie.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
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
 * @param alarmSampleFailures reads of a subscribable attribute failing in a row that raise an alarm
 * @param security access control, audit and TLS
 * @param httpLimits connection limits of the HTTP connector
 * @param ims the Instrument Managers, parents before children
 * @param webApplicationKeys the keys of the web applications hosted beside the service ({@code
 *     portal.*}, {@link ConfigKeys#WEB_APPLICATIONS}), passed on unread: each application owns and
 *     checks its own
 * @param dataDir where the run-time state is kept across restarts ({@code data.dir}); {@code null}:
 *     nowhere, every start begins from the configuration
 * @param login how password guessing is slowed ({@code login.*})
 * @param recording what recordings may take ({@code recording.*})
 * @param recordingSeries the always-on recordings ({@code recording.<name>.*})
 * @param commands how long-running commands are kept and limited ({@code commands.*})
 * @param history what the history archive keeps and how ({@code history.*})
 * @param keys every key's text as resolved from the layers, which {@link #with} resolves again
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
    int alarmSampleFailures,
    SecurityConfig security,
    HttpLimits httpLimits,
    List<ImConfig> ims,
    Map<String, String> webApplicationKeys,
    Path dataDir,
    LoginLimits login,
    RecordingLimits recording,
    List<RecordingSeriesConfig> recordingSeries,
    CommandLimits commands,
    HistoryLimits history,
    Map<String, String> keys) {

  public IeConfig {
    mockPath = List.copyOf(mockPath);
    ims = List.copyOf(ims);
    recordingSeries = List.copyOf(recordingSeries);
    webApplicationKeys = Map.copyOf(webApplicationKeys);
    keys = Map.copyOf(keys);
  }

  /**
   * The configuration for a log line: the resolved key texts with every password and secret
   * replaced by {@code ***}.
   */
  @Override
  public String toString() {
    Map<String, String> shown = new java.util.TreeMap<>();
    keys.forEach((k, v) -> shown.put(k, secret(k) && !v.isEmpty() ? "***" : v));
    webApplicationKeys.forEach((k, v) -> shown.put(k, secret(k) && !v.isEmpty() ? "***" : v));
    return "IeConfig" + shown + " with " + ims.size() + " IMs";
  }

  /**
   * Whether plain getAttribute and getAttributes requests take the polling lane ({@code
   * soap.pollingLane}); read from the resolved keys, which the loader has checked.
   */
  public boolean pollingLane() {
    String text = keys.get(ConfigKeys.SOAP_POLLING_LANE.name());
    try {
      return ConfigKeys.SOAP_POLLING_LANE.read(
          text == null ? ConfigKeys.SOAP_POLLING_LANE.defaultText() : text);
    } catch (ConfigException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  /**
   * Whether and where the IE announces itself over mDNS ({@code mdns.advertise}); read from the
   * resolved keys, which the loader has checked.
   */
  public MdnsAdvertising mdnsAdvertising() {
    String text = keys.get(ConfigKeys.MDNS_ADVERTISE.name());
    try {
      return ConfigKeys.MDNS_ADVERTISE.read(
          text == null ? ConfigKeys.MDNS_ADVERTISE.defaultText() : text);
    } catch (ConfigException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  private static boolean secret(String key) {
    String k = key.toLowerCase(java.util.Locale.ROOT);
    return k.contains("password") || k.contains("secret");
  }

  /**
   * The configuration these resolved keys make.
   *
   * @param keys the global keys
   * @param ims the Instrument Managers, parents before children
   * @param recordingSeries the always-on recordings
   * @param webApplicationKeys the hosted web applications' keys
   * @param texts every key's text, for {@link #with}
   */
  static IeConfig read(
      KeyValues keys,
      List<ImConfig> ims,
      List<RecordingSeriesConfig> recordingSeries,
      Map<String, String> webApplicationKeys,
      Map<String, String> texts)
      throws ConfigException {
    BrokerConfig broker = BrokerConfig.read(keys);
    SecurityConfig security = SecurityConfig.read(keys);
    if (broker.embedded()
        && !security.tls()
        && broker.tls().plain() == BrokerTls.PlainConnectors.OFF) {
      throw new ConfigException(
          "broker.plain = off needs http.tls.keystore: without TLS connectors the embedded broker"
              + " would have no connector at all");
    }
    keys.get(ConfigKeys.SOAP_POLLING_LANE); // checked here, read by pollingLane()
    keys.get(ConfigKeys.MDNS_ADVERTISE); // checked here, read by mdnsAdvertising()
    return new IeConfig(
        keys.get(ConfigKeys.IE_NAME),
        keys.get(ConfigKeys.HTTP_HOST),
        keys.get(ConfigKeys.HTTP_PORT),
        keys.get(ConfigKeys.HTTP_CONTEXT_PATH),
        keys.get(ConfigKeys.SOAP_MAX_REQUEST_BYTES),
        keys.get(ConfigKeys.MOCK_PATH),
        broker,
        keys.get(ConfigKeys.SAMPLING_PERIOD),
        keys.get(ConfigKeys.SAMPLING_HEARTBEAT),
        keys.get(ConfigKeys.ALARM_SAMPLE_FAILURES),
        security,
        HttpLimits.read(keys),
        ims,
        webApplicationKeys,
        keys.get(ConfigKeys.DATA_DIR),
        LoginLimits.read(keys),
        RecordingLimits.read(keys),
        recordingSeries,
        CommandLimits.read(keys),
        HistoryLimits.read(keys),
        texts);
  }

  /**
   * The same configuration with these keys set as if given on the command line, resolved and
   * checked again (tests use it for free ports and their own directories).
   */
  public IeConfig with(Map<String, String> changes) throws ConfigException {
    return ConfigLoader.resolve(changes, Map.of(), keys);
  }

  /** The same configuration with one key set, as {@link #with(Map)}. */
  public IeConfig with(String key, String value) throws ConfigException {
    Map<String, String> one = new LinkedHashMap<>();
    one.put(key, value);
    return with(one);
  }
}
