package org.instrumentelement.ie.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Resolves the configuration: the layers merged ({@link ConfigLayers}), the global keys read into
 * typed sections here, the IMs built by {@link ImTree}. The file is the one named by {@code
 * --config}, else by {@code IE_CONFIG}, else none (the built-in mock laboratory).
 */
public final class ConfigLoader {
  /** Option naming the configuration file. */
  public static final String CONFIG_OPTION = "config";

  /** Environment variable naming the configuration file. */
  public static final String CONFIG_ENV = "IE_CONFIG";

  /** The VCR portal's keys, checked by the portal itself when this IE hosts it. */
  private static final Pattern PORTAL_KEY = Pattern.compile("portal\\.[A-Za-z0-9_.-]+");

  /** Where the run-time state is kept; {@code off}: nowhere. */
  public static final String DATA_DIR = "data.dir";

  /** Where the embedded Tomcat serves the portal; {@code off}: not served. */
  public static final String PORTAL_CONTEXT_PATH = "portal.contextPath";

  /** Every global key with its default. docs/configuration.md lists the same. */
  static final Map<String, String> DEFAULTS = defaults();

  private static Map<String, String> defaults() {
    Map<String, String> d = new LinkedHashMap<>();
    d.put("ie.name", "ie");
    d.put("http.host", "localhost");
    d.put("http.port", "8080");
    d.put("http.contextPath", "/ie");
    d.put("soap.maxRequestBytes", "16777216");
    d.put("instrument.timeout", "2s");
    d.put("mock.path", "");
    d.put("broker.url", "");
    d.put("broker.host", "localhost");
    d.put("broker.port", "61616");
    d.put("broker.stompPort", "61613");
    d.put("broker.mqttPort", "1883");
    d.put("broker.clientUrl", "");
    d.put("broker.username", "");
    d.put("broker.password", "");
    d.put("broker.maxPendingMessages", "100");
    d.put("broker.topicPrefix", "ie");
    d.put("broker.maxFrameBytes", "262144");
    d.put("broker.maxConnections", "500");
    d.put("broker.maxConnectionsPerAddress", "100");
    d.put("broker.maxConnectionsPerUser", "100");
    d.put("broker.maxConsumersPerConnection", "200");
    d.put("broker.loginTimeout", "10s");
    d.put("broker.memoryLimit", "40%");
    d.put("broker.tls.port", "61617");
    d.put("broker.tls.stompPort", "61612");
    d.put("broker.tls.mqttPort", "8883");
    d.put("broker.plain", "loopback");
    d.put("broker.tls.trustStore", "");
    d.put("broker.tls.trustStorePassword", "");
    d.put("http.maxConnections", "1000");
    d.put("http.maxThreads", "200");
    d.put("http.connectionTimeout", "20s");
    d.put("http.requestHeaderTimeout", "10s");
    d.put("http.requestBodyTimeout", "30s");
    d.put("http.maxConnectionsPerAddress", "100");
    d.put("http.maxRequestsPerAddress", "50");
    d.put("http.trustedProxies", "127.0.0.1, ::1");
    // With broker.memoryLimit (40%) this leaves 30% of the heap for the idle IE, the buffers of
    // its connections and the collector's headroom.
    d.put("soap.requestMemory", "30%");
    d.put("http.tls.keystore", "");
    d.put("http.tls.keystorePassword", "");
    d.put("tls.clientTrustStore", "");
    d.put("tls.clientTrustStorePassword", "");
    d.put("security.enabled", "true");
    d.put("security.users", "");
    d.put("login.throttle", "true");
    d.put("login.freeFailures", "5");
    d.put("login.lockFailures", "20");
    d.put("login.delay", "1s");
    d.put("login.maxDelay", "30s");
    d.put("login.lockTime", "15m");
    d.put("login.user.freeFailures", "10");
    d.put("login.user.maxDelay", "5s");
    d.put("login.user.lockout", "false");
    d.put("login.user.lockFailures", "100");
    d.put("login.forgetAfter", "15m");
    d.put("login.trustFor", "24h");
    d.put("login.maxEntries", "10000");
    d.put("login.maxConcurrentChecks", "1");
    d.put("audit.file", "instrument-element-audit.log");
    d.put("sampling.period", "1s");
    d.put("sampling.heartbeat", "off");
    d.put(PORTAL_CONTEXT_PATH, "/vcr");
    d.put(DATA_DIR, ".");
    return java.util.Collections.unmodifiableMap(d);
  }

  private ConfigLoader() {}

  /**
   * Every global key with its default, as docs/configuration.md lists them (a test holds the two
   * together); {@code --help} prints them.
   */
  public static Map<String, String> globalDefaults() {
    return DEFAULTS;
  }

  /** The settings of an IM besides {@code param.<parameter>} and {@code attribute.<name>.*}. */
  public static Set<String> imSettings() {
    return ImTree.IM_SETTINGS;
  }

  /**
   * The settings of a subscribable attribute: {@code im.<name>.attribute.<attribute>.<setting>}.
   */
  public static Set<String> attributeSettings() {
    return ImTree.ATTRIBUTE_SETTINGS;
  }

  /**
   * Resolves the configuration.
   *
   * @param args command-line arguments: {@code --config FILE}, {@code --config=FILE}, {@code
   *     --key=value}
   * @param env the environment (normally {@code System.getenv()})
   */
  public static IeConfig load(List<String> args, Map<String, String> env) throws ConfigException {
    Map<String, String> cli = ConfigLayers.parseArguments(args);
    String file = cli.remove(CONFIG_OPTION);
    if (file == null) {
      file = env.get(CONFIG_ENV);
    }
    Map<String, String> fileValues =
        file == null ? ConfigLayers.builtInLab() : ConfigLayers.readFile(Path.of(file));
    return resolve(cli, env, fileValues);
  }

  /** Resolves from explicit layers (tests). */
  public static IeConfig resolve(
      Map<String, String> cli, Map<String, String> env, Map<String, String> file)
      throws ConfigException {
    Map<String, String> merged = ConfigLayers.merge(cli, env, file, DEFAULTS);
    return build(merged);
  }

  /** The environment variable that overrides {@code key}. */
  public static String envName(String key) {
    return ConfigLayers.envName(key);
  }

  private static IeConfig build(Map<String, String> c) throws ConfigException {
    Map<String, Map<String, String>> imKeys = new LinkedHashMap<>();
    Map<String, String> portal = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : c.entrySet()) {
      String key = e.getKey();
      Matcher m = ImTree.IM_KEY.matcher(key);
      if (m.matches()) {
        imKeys
            .computeIfAbsent(m.group(1), k -> new LinkedHashMap<>())
            .put(m.group(2), e.getValue());
      } else if (PORTAL_KEY.matcher(key).matches()) {
        portal.put(key, e.getValue());
      } else if (!DEFAULTS.containsKey(key)) {
        throw new ConfigException("unknown configuration key '" + key + "'");
      }
    }
    Duration defaultTimeout = ConfigValues.duration(c, "instrument.timeout");
    String contextPath = c.get("http.contextPath");
    if (!contextPath.startsWith("/") || contextPath.endsWith("/")) {
      throw new ConfigException(
          "http.contextPath must start with '/' and not end with one: " + contextPath);
    }
    List<Path> mockPath = new ArrayList<>();
    for (String dir : c.get("mock.path").split(",")) {
      if (!dir.isBlank()) {
        mockPath.add(Path.of(dir.trim()));
      }
    }
    String portalPath = c.get(PORTAL_CONTEXT_PATH);
    if (!portalPath.equals("off")
        && (!portalPath.startsWith("/")
            || portalPath.endsWith("/")
            || portalPath.equals(contextPath))) {
      throw new ConfigException(
          PORTAL_CONTEXT_PATH
              + " must be 'off' or start with '/', not end with one and differ from"
              + " http.contextPath: "
              + portalPath);
    }
    String topicPrefix = c.get("broker.topicPrefix");
    if (!topicPrefix.matches("[A-Za-z0-9_-]+")) {
      throw new ConfigException(
          "broker.topicPrefix must be letters, digits, '-' or '_': " + topicPrefix);
    }
    BrokerConfig broker =
        new BrokerConfig(
            c.get("broker.url"),
            c.get("broker.host"),
            ConfigValues.integer(c, "broker.port", 0, 65535),
            ConfigValues.integer(c, "broker.stompPort", -1, 65535),
            ConfigValues.integer(c, "broker.mqttPort", -1, 65535),
            c.get("broker.clientUrl"),
            ConfigValues.integer(c, "broker.maxPendingMessages", 1, 1_000_000),
            topicPrefix,
            c.get("broker.username"),
            c.get("broker.password"),
            brokerLimits(c),
            brokerTls(c));
    SecurityConfig security =
        new SecurityConfig(
            ConfigValues.bool(c, "security.enabled", ""),
            ConfigValues.path(c.get("security.users")),
            c.get("audit.file").equalsIgnoreCase("off")
                ? null
                : ConfigValues.path(c.get("audit.file")),
            ConfigValues.path(c.get("http.tls.keystore")),
            c.get("http.tls.keystorePassword"),
            ConfigValues.path(c.get("tls.clientTrustStore")),
            c.get("tls.clientTrustStorePassword"));
    if (security.clientTrustStore() != null && !security.tls()) {
      throw new ConfigException(
          "tls.clientTrustStore needs http.tls.keystore: client certificates are checked over TLS");
    }
    if (broker.embedded()
        && !security.tls()
        && broker.tls().plain() == BrokerTls.PlainConnectors.OFF) {
      throw new ConfigException(
          "broker.plain = off needs http.tls.keystore: without TLS connectors the embedded broker"
              + " would have no connector at all");
    }
    HttpLimits limits =
        new HttpLimits(
            ConfigValues.integer(c, "http.maxConnections", 1, 1_000_000),
            ConfigValues.integer(c, "http.maxThreads", 1, 10_000),
            ConfigValues.parseDuration(c.get("http.connectionTimeout"), "http.connectionTimeout"),
            ConfigValues.duration(c, "http.requestHeaderTimeout"),
            ConfigValues.duration(c, "http.requestBodyTimeout"),
            ConfigValues.integer(c, "http.maxConnectionsPerAddress", 1, 1_000_000),
            ConfigValues.integer(c, "http.maxRequestsPerAddress", 1, 1_000_000),
            ConfigValues.heapShare(c.get("soap.requestMemory"), "soap.requestMemory"),
            ConfigValues.addresses(c.get("http.trustedProxies"), "http.trustedProxies"));
    return new IeConfig(
        ConfigValues.name(c.get("ie.name"), "ie.name"),
        c.get("http.host"),
        ConfigValues.integer(c, "http.port", 0, 65535),
        contextPath,
        ConfigValues.integer(c, "soap.maxRequestBytes", 1024, Integer.MAX_VALUE),
        mockPath,
        broker,
        ConfigValues.optionalDuration(c.get("sampling.period"), "sampling.period"),
        ConfigValues.optionalDuration(c.get("sampling.heartbeat"), "sampling.heartbeat"),
        security,
        limits,
        ImTree.build(imKeys, defaultTimeout),
        portal,
        c.get(DATA_DIR).equalsIgnoreCase("off") || c.get(DATA_DIR).isEmpty()
            ? null
            : ConfigValues.path(c.get(DATA_DIR)),
        loginLimits(c));
  }

  private static LoginLimits loginLimits(Map<String, String> c) throws ConfigException {
    try {
      return new LoginLimits(
          ConfigValues.bool(c, "login.throttle", ""),
          ConfigValues.integer(c, "login.freeFailures", 1, 1_000_000),
          ConfigValues.integer(c, "login.lockFailures", 1, 1_000_000),
          ConfigValues.positive(c, "login.delay"),
          ConfigValues.positive(c, "login.maxDelay"),
          ConfigValues.positive(c, "login.lockTime"),
          ConfigValues.integer(c, "login.user.freeFailures", 1, 1_000_000),
          ConfigValues.positive(c, "login.user.maxDelay"),
          ConfigValues.bool(c, "login.user.lockout", ""),
          ConfigValues.integer(c, "login.user.lockFailures", 1, 1_000_000),
          ConfigValues.positive(c, "login.forgetAfter"),
          ConfigValues.positive(c, "login.trustFor"),
          ConfigValues.integer(c, "login.maxEntries", 1, 10_000_000),
          ConfigValues.integer(c, "login.maxConcurrentChecks", 1, 1024));
    } catch (IllegalArgumentException e) {
      throw new ConfigException(e.getMessage());
    }
  }

  private static BrokerLimits brokerLimits(Map<String, String> c) throws ConfigException {
    String memory = c.get("broker.memoryLimit");
    if (!memory.matches("[0-9]{1,2}%")
        || Integer.parseInt(memory.substring(0, memory.length() - 1)) < 1) {
      throw new ConfigException(
          "broker.memoryLimit must be a share of the heap from 1% to 99%: '" + memory + "'");
    }
    return new BrokerLimits(
        ConfigValues.integer(c, "broker.maxFrameBytes", 1024, 64 * 1024 * 1024),
        ConfigValues.integer(c, "broker.maxConnections", 1, 100_000),
        ConfigValues.integer(c, "broker.maxConnectionsPerAddress", 1, 100_000),
        ConfigValues.integer(c, "broker.maxConnectionsPerUser", 1, 100_000),
        ConfigValues.integer(c, "broker.maxConsumersPerConnection", 1, 100_000),
        ConfigValues.parseDuration(c.get("broker.loginTimeout"), "broker.loginTimeout"),
        Integer.parseInt(memory.substring(0, memory.length() - 1)));
  }

  private static BrokerTls brokerTls(Map<String, String> c) throws ConfigException {
    String plain = c.get("broker.plain").toLowerCase(Locale.ROOT);
    BrokerTls.PlainConnectors mode = null;
    for (BrokerTls.PlainConnectors m : BrokerTls.PlainConnectors.values()) {
      if (m.configName().equals(plain)) {
        mode = m;
      }
    }
    if (mode == null) {
      throw new ConfigException(
          "broker.plain must be loopback, off or on: '" + c.get("broker.plain") + "'");
    }
    return new BrokerTls(
        ConfigValues.integer(c, "broker.tls.port", 0, 65535),
        ConfigValues.integer(c, "broker.tls.stompPort", -1, 65535),
        ConfigValues.integer(c, "broker.tls.mqttPort", -1, 65535),
        mode,
        ConfigValues.path(c.get("broker.tls.trustStore")),
        c.get("broker.tls.trustStorePassword"));
  }

  /**
   * A part of the heap: a percentage of the largest heap the JVM may use ({@code 50%}) or a size in
   * bytes with an optional unit ({@code 300MB}, {@code 1GB}, {@code 65536}).
   */
  static long heapShare(String text, String key) throws ConfigException {
    return ConfigValues.heapShare(text, key);
  }

  /** A duration where {@code off} or {@code 0} means "disabled" (zero). */
  public static Duration optionalDuration(String text, String key) throws ConfigException {
    return ConfigValues.optionalDuration(text, key);
  }

  /** Parses {@code 500ms}, {@code 2s}, {@code 1m}, {@code 1h} or an ISO-8601 duration. */
  public static Duration parseDuration(String text, String key) throws ConfigException {
    return ConfigValues.parseDuration(text, key);
  }
}
