package org.instrumentelement.ie.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.instrumentelement.im.ImContext;
import org.instrumentelement.im.LinkMode;

/**
 * Resolves the configuration from four layers, highest first: command-line options ({@code
 * --key=value}), environment variables ({@code IE_HTTP_PORT} for {@code http.port}: {@code IE_},
 * then the key upper-cased with every non-alphanumeric character as {@code _}), the configuration
 * file, and the defaults in code. Without a file, the built-in mock laboratory ({@code
 * mock-lab.properties}) is the file.
 *
 * <p>The file is the one named by {@code --config}, else by {@code IE_CONFIG}, else none.
 */
public final class ConfigLoader {
  /** Option naming the configuration file. */
  public static final String CONFIG_OPTION = "config";

  /** Environment variable naming the configuration file. */
  public static final String CONFIG_ENV = "IE_CONFIG";

  private static final Pattern IM_KEY = Pattern.compile("im\\.([A-Za-z0-9_-]+)\\.(.+)");

  /** The VCR portal's keys, checked by the portal itself when this IE hosts it. */
  private static final Pattern PORTAL_KEY = Pattern.compile("portal\\.[A-Za-z0-9_.-]+");

  /** Where the run-time state is kept; {@code off}: nowhere. */
  public static final String DATA_DIR = "data.dir";

  /** Where the embedded Tomcat serves the portal; {@code off}: not served. */
  public static final String PORTAL_CONTEXT_PATH = "portal.contextPath";

  private static final Pattern ATTRIBUTE_KEY =
      Pattern.compile("attribute\\.([A-Za-z0-9_]+)\\.(.+)");
  private static final Set<String> ATTRIBUTE_SETTINGS =
      Set.of("subscribable", "period", "deadband", "relativeDeadband", "heartbeat");
  private static final Set<String> IM_SETTINGS =
      Set.of(
          "type",
          "address",
          "parent",
          "description",
          "autoLink",
          "autoStart",
          "timeout",
          ImContext.DESCRIPTOR,
          ImContext.RECONNECT,
          ImContext.RECONNECT_MAX_DELAY,
          ImContext.ON_LINK);

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
    return IM_SETTINGS;
  }

  /**
   * The settings of a subscribable attribute: {@code im.<name>.attribute.<attribute>.<setting>}.
   */
  public static Set<String> attributeSettings() {
    return ATTRIBUTE_SETTINGS;
  }

  /**
   * Resolves the configuration.
   *
   * @param args command-line arguments: {@code --config FILE}, {@code --config=FILE}, {@code
   *     --key=value}
   * @param env the environment (normally {@code System.getenv()})
   */
  public static IeConfig load(List<String> args, Map<String, String> env) throws ConfigException {
    Map<String, String> cli = parseArguments(args);
    String file = cli.remove(CONFIG_OPTION);
    if (file == null) {
      file = env.get(CONFIG_ENV);
    }
    Map<String, String> fileValues = file == null ? builtInLab() : readFile(Path.of(file));
    return resolve(cli, env, fileValues);
  }

  /** Resolves from explicit layers (tests). */
  public static IeConfig resolve(
      Map<String, String> cli, Map<String, String> env, Map<String, String> file)
      throws ConfigException {
    Set<String> keys = new LinkedHashSet<>(DEFAULTS.keySet());
    keys.addAll(file.keySet());
    keys.addAll(cli.keySet());
    Map<String, String> envByKey = new HashMap<>();
    for (String key : keys) {
      String v = env.get(envName(key));
      if (v != null) {
        envByKey.put(key, v);
      }
    }
    Map<String, String> merged = new TreeMap<>();
    for (String key : keys) {
      String v = cli.get(key);
      if (v == null) {
        v = envByKey.get(key);
      }
      if (v == null) {
        v = file.get(key);
      }
      if (v == null) {
        v = DEFAULTS.get(key);
      }
      merged.put(key, v.trim());
    }
    return build(merged);
  }

  /** The environment variable that overrides {@code key}. */
  public static String envName(String key) {
    return "IE_" + key.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
  }

  static Map<String, String> parseArguments(List<String> args) throws ConfigException {
    Map<String, String> out = new LinkedHashMap<>();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (!a.startsWith("--")) {
        throw new ConfigException("unexpected argument '" + a + "': options look like --key=value");
      }
      String body = a.substring(2);
      int eq = body.indexOf('=');
      if (eq > 0) {
        out.put(body.substring(0, eq), body.substring(eq + 1));
      } else if (body.equals(CONFIG_OPTION) && i + 1 < args.size()) {
        out.put(CONFIG_OPTION, args.get(++i));
      } else {
        throw new ConfigException("option '" + a + "' needs a value: --" + body + "=...");
      }
    }
    return out;
  }

  private static Map<String, String> readFile(Path path) throws ConfigException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
      p.load(r);
    } catch (IOException e) {
      throw new ConfigException(
          "cannot read configuration file " + path + ": " + e.getMessage(), e);
    }
    return toMap(p);
  }

  private static Map<String, String> builtInLab() throws ConfigException {
    Properties p = new Properties();
    try (InputStream in = ConfigLoader.class.getResourceAsStream("mock-lab.properties")) {
      p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
    } catch (IOException | NullPointerException e) {
      throw new ConfigException("built-in configuration missing", e);
    }
    return toMap(p);
  }

  private static Map<String, String> toMap(Properties p) {
    Map<String, String> m = new LinkedHashMap<>();
    for (String k : p.stringPropertyNames()) {
      m.put(k, p.getProperty(k));
    }
    return m;
  }

  private static IeConfig build(Map<String, String> c) throws ConfigException {
    Map<String, Map<String, String>> imKeys = new LinkedHashMap<>();
    Map<String, String> portal = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : c.entrySet()) {
      String key = e.getKey();
      Matcher m = IM_KEY.matcher(key);
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
    Duration defaultTimeout = duration(c, "instrument.timeout");
    List<ImConfig> ims = new ArrayList<>();
    for (Map.Entry<String, Map<String, String>> e : imKeys.entrySet()) {
      ims.add(im(e.getKey(), e.getValue(), defaultTimeout));
    }
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
            integer(c, "broker.port", 0, 65535),
            integer(c, "broker.stompPort", -1, 65535),
            integer(c, "broker.mqttPort", -1, 65535),
            c.get("broker.clientUrl"),
            integer(c, "broker.maxPendingMessages", 1, 1_000_000),
            topicPrefix,
            c.get("broker.username"),
            c.get("broker.password"),
            brokerLimits(c),
            brokerTls(c));
    SecurityConfig security =
        new SecurityConfig(
            bool(c, "security.enabled", ""),
            path(c.get("security.users")),
            c.get("audit.file").equalsIgnoreCase("off") ? null : path(c.get("audit.file")),
            path(c.get("http.tls.keystore")),
            c.get("http.tls.keystorePassword"),
            path(c.get("tls.clientTrustStore")),
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
            integer(c, "http.maxConnections", 1, 1_000_000),
            integer(c, "http.maxThreads", 1, 10_000),
            parseDuration(c.get("http.connectionTimeout"), "http.connectionTimeout"),
            duration(c, "http.requestHeaderTimeout"),
            duration(c, "http.requestBodyTimeout"),
            integer(c, "http.maxConnectionsPerAddress", 1, 1_000_000),
            integer(c, "http.maxRequestsPerAddress", 1, 1_000_000),
            heapShare(c.get("soap.requestMemory"), "soap.requestMemory"),
            addresses(c.get("http.trustedProxies"), "http.trustedProxies"));
    return new IeConfig(
        name(c.get("ie.name"), "ie.name"),
        c.get("http.host"),
        integer(c, "http.port", 0, 65535),
        contextPath,
        integer(c, "soap.maxRequestBytes", 1024, Integer.MAX_VALUE),
        mockPath,
        broker,
        optionalDuration(c.get("sampling.period"), "sampling.period"),
        optionalDuration(c.get("sampling.heartbeat"), "sampling.heartbeat"),
        security,
        limits,
        orderParentsFirst(ims),
        portal,
        c.get(DATA_DIR).equalsIgnoreCase("off") || c.get(DATA_DIR).isEmpty()
            ? null
            : path(c.get(DATA_DIR)),
        loginLimits(c));
  }

  /** A comma-separated list of IP addresses (literals only: no name is looked up). */
  private static java.util.Set<java.net.InetAddress> addresses(String text, String key)
      throws ConfigException {
    java.util.Set<java.net.InetAddress> out = new java.util.LinkedHashSet<>();
    for (String a : text.split(",")) {
      String t = a.trim();
      if (t.isEmpty() || t.equalsIgnoreCase("none")) {
        continue;
      }
      if (!t.matches("[0-9A-Fa-f:.]+") || !(t.contains(".") || t.contains(":"))) {
        throw new ConfigException(key + ": '" + t + "' is not an IP address");
      }
      try {
        out.add(java.net.InetAddress.getByName(t));
      } catch (java.net.UnknownHostException e) {
        throw new ConfigException(key + ": '" + t + "' is not an IP address");
      }
    }
    return out;
  }

  private static LoginLimits loginLimits(Map<String, String> c) throws ConfigException {
    try {
      return new LoginLimits(
          bool(c, "login.throttle", ""),
          integer(c, "login.freeFailures", 1, 1_000_000),
          integer(c, "login.lockFailures", 1, 1_000_000),
          positive(c, "login.delay"),
          positive(c, "login.maxDelay"),
          positive(c, "login.lockTime"),
          integer(c, "login.user.freeFailures", 1, 1_000_000),
          positive(c, "login.user.maxDelay"),
          bool(c, "login.user.lockout", ""),
          integer(c, "login.user.lockFailures", 1, 1_000_000),
          positive(c, "login.forgetAfter"),
          positive(c, "login.trustFor"),
          integer(c, "login.maxEntries", 1, 10_000_000),
          integer(c, "login.maxConcurrentChecks", 1, 1024));
    } catch (IllegalArgumentException e) {
      throw new ConfigException(e.getMessage());
    }
  }

  private static Duration positive(Map<String, String> c, String key) throws ConfigException {
    Duration d = parseDuration(c.get(key), key);
    if (d.isZero() || d.isNegative()) {
      throw new ConfigException(key + " must be longer than zero: '" + c.get(key) + "'");
    }
    return d;
  }

  private static BrokerLimits brokerLimits(Map<String, String> c) throws ConfigException {
    String memory = c.get("broker.memoryLimit");
    if (!memory.matches("[0-9]{1,2}%")
        || Integer.parseInt(memory.substring(0, memory.length() - 1)) < 1) {
      throw new ConfigException(
          "broker.memoryLimit must be a share of the heap from 1% to 99%: '" + memory + "'");
    }
    return new BrokerLimits(
        integer(c, "broker.maxFrameBytes", 1024, 64 * 1024 * 1024),
        integer(c, "broker.maxConnections", 1, 100_000),
        integer(c, "broker.maxConnectionsPerAddress", 1, 100_000),
        integer(c, "broker.maxConnectionsPerUser", 1, 100_000),
        integer(c, "broker.maxConsumersPerConnection", 1, 100_000),
        parseDuration(c.get("broker.loginTimeout"), "broker.loginTimeout"),
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
        integer(c, "broker.tls.port", 0, 65535),
        integer(c, "broker.tls.stompPort", -1, 65535),
        integer(c, "broker.tls.mqttPort", -1, 65535),
        mode,
        path(c.get("broker.tls.trustStore")),
        c.get("broker.tls.trustStorePassword"));
  }

  private static ImConfig im(String name, Map<String, String> kv, Duration defaultTimeout)
      throws ConfigException {
    String prefix = "im." + name + ".";
    Map<String, String> params = new LinkedHashMap<>();
    Map<String, Map<String, String>> attributeKeys = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : kv.entrySet()) {
      String k = e.getKey();
      Matcher a = ATTRIBUTE_KEY.matcher(k);
      if (k.startsWith("param.")) {
        params.put(k.substring("param.".length()), e.getValue());
      } else if (a.matches() && ATTRIBUTE_SETTINGS.contains(a.group(2))) {
        attributeKeys
            .computeIfAbsent(a.group(1), x -> new LinkedHashMap<>())
            .put(a.group(2), e.getValue());
      } else if (!IM_SETTINGS.contains(k)) {
        throw new ConfigException(
            "unknown setting '"
                + prefix
                + k
                + "' (known: "
                + IM_SETTINGS
                + ", param.<name>, attribute.<name>."
                + ATTRIBUTE_SETTINGS
                + ")");
      }
    }
    Map<String, AttributeConfig> attributes = new LinkedHashMap<>();
    for (Map.Entry<String, Map<String, String>> e : attributeKeys.entrySet()) {
      attributes.put(e.getKey(), attribute(prefix + "attribute." + e.getKey() + ".", e.getValue()));
    }
    String type = kv.get("type");
    if (type == null || type.isBlank()) {
      throw new ConfigException(prefix + "type is missing");
    }
    return new ImConfig(
        name,
        kv.getOrDefault("parent", ""),
        type,
        kv.getOrDefault("address", ""),
        kv.getOrDefault("description", ""),
        kv.containsKey("autoLink") ? bool(kv, "autoLink", prefix) : true,
        kv.containsKey("autoStart") ? bool(kv, "autoStart", prefix) : false,
        kv.containsKey("timeout")
            ? parseDuration(kv.get("timeout"), prefix + "timeout")
            : defaultTimeout,
        params,
        attributes,
        imOptions(name, kv));
  }

  private static AttributeConfig attribute(String prefix, Map<String, String> a)
      throws ConfigException {
    return new AttributeConfig(
        a.containsKey("subscribable") ? bool(a, "subscribable", prefix) : null,
        a.containsKey("period") ? optionalDuration(a.get("period"), prefix + "period") : null,
        a.containsKey("deadband") ? nonNegative(a.get("deadband"), prefix + "deadband") : null,
        a.containsKey("relativeDeadband")
            ? nonNegative(a.get("relativeDeadband"), prefix + "relativeDeadband")
            : null,
        a.containsKey("heartbeat")
            ? optionalDuration(a.get("heartbeat"), prefix + "heartbeat")
            : null);
  }

  /** The settings passed on to the IM as options, checked here so that typos stop start-up. */
  private static Map<String, String> imOptions(String name, Map<String, String> kv)
      throws ConfigException {
    Map<String, String> options = new LinkedHashMap<>();
    String prefix = "im." + name + ".";
    if (kv.containsKey(ImContext.DESCRIPTOR)) {
      options.put(ImContext.DESCRIPTOR, kv.get(ImContext.DESCRIPTOR));
    }
    if (kv.containsKey(ImContext.RECONNECT)) {
      options.put(ImContext.RECONNECT, Boolean.toString(bool(kv, ImContext.RECONNECT, prefix)));
    }
    if (kv.containsKey(ImContext.ON_LINK)) {
      try {
        options.put(ImContext.ON_LINK, LinkMode.of(kv.get(ImContext.ON_LINK)).configName());
      } catch (IllegalArgumentException e) {
        throw new ConfigException(prefix + ImContext.ON_LINK + ": " + e.getMessage());
      }
    }
    if (kv.containsKey(ImContext.RECONNECT_MAX_DELAY)) {
      options.put(
          ImContext.RECONNECT_MAX_DELAY,
          parseDuration(
                  kv.get(ImContext.RECONNECT_MAX_DELAY), prefix + ImContext.RECONNECT_MAX_DELAY)
              .toString());
    }
    return options;
  }

  private static List<ImConfig> orderParentsFirst(List<ImConfig> ims) throws ConfigException {
    Map<String, ImConfig> byName = new LinkedHashMap<>();
    ims.forEach(i -> byName.put(i.name(), i));
    List<ImConfig> ordered = new ArrayList<>();
    Set<String> placed = new LinkedHashSet<>();
    for (ImConfig im : ims) {
      place(im, byName, placed, ordered, new LinkedHashSet<>());
    }
    return ordered;
  }

  private static void place(
      ImConfig im,
      Map<String, ImConfig> byName,
      Set<String> placed,
      List<ImConfig> ordered,
      Set<String> visiting)
      throws ConfigException {
    if (placed.contains(im.name())) {
      return;
    }
    if (!visiting.add(im.name())) {
      throw new ConfigException("im." + im.name() + ".parent forms a cycle: " + visiting);
    }
    if (!im.parent().isEmpty()) {
      ImConfig parent = byName.get(im.parent());
      if (parent == null) {
        throw new ConfigException(
            "im." + im.name() + ".parent names '" + im.parent() + "', which is not configured");
      }
      place(parent, byName, placed, ordered, visiting);
    }
    placed.add(im.name());
    ordered.add(im);
  }

  private static String name(String v, String key) throws ConfigException {
    if (!v.matches("[A-Za-z0-9_-]+")) {
      throw new ConfigException(key + " must be letters, digits, '-' or '_': '" + v + "'");
    }
    return v;
  }

  private static int integer(Map<String, String> c, String key, int min, int max)
      throws ConfigException {
    try {
      long v = Long.parseLong(c.get(key));
      if (v < min || v > max) {
        throw new ConfigException(key + " must be in [" + min + ", " + max + "]: " + v);
      }
      return (int) v;
    } catch (NumberFormatException e) {
      throw new ConfigException(key + " must be an integer: '" + c.get(key) + "'");
    }
  }

  private static boolean bool(Map<String, String> kv, String key, String prefix)
      throws ConfigException {
    String v = kv.get(key);
    return switch (v.trim().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new ConfigException(prefix + key + " must be true or false: '" + v + "'");
    };
  }

  /**
   * A part of the heap: a percentage of the largest heap the JVM may use ({@code 50%}) or a size in
   * bytes with an optional unit ({@code 300MB}, {@code 1GB}, {@code 65536}).
   */
  static long heapShare(String text, String key) throws ConfigException {
    String t = text.trim().toUpperCase(Locale.ROOT).replace(" ", "");
    try {
      if (t.endsWith("%")) {
        double percent = Double.parseDouble(t.substring(0, t.length() - 1));
        if (!(percent > 0 && percent <= 100)) {
          throw new ConfigException(key + " must be a percentage in (0, 100]: '" + text + "'");
        }
        return (long) (Runtime.getRuntime().maxMemory() * percent / 100);
      }
      long unit = 1;
      for (String[] u : new String[][] {{"GB", "1073741824"}, {"MB", "1048576"}, {"KB", "1024"}}) {
        if (t.endsWith(u[0])) {
          unit = Long.parseLong(u[1]);
          t = t.substring(0, t.length() - u[0].length());
          break;
        }
      }
      long bytes = Long.parseLong(t) * unit;
      if (bytes <= 0) {
        throw new ConfigException(key + " must be positive: '" + text + "'");
      }
      return bytes;
    } catch (NumberFormatException e) {
      throw new ConfigException(key + ": '" + text + "' is not a size such as 50%, 300MB or 1GB");
    }
  }

  private static Path path(String v) {
    return v == null || v.isBlank() ? null : Path.of(v.trim());
  }

  private static double nonNegative(String v, String key) throws ConfigException {
    try {
      double d = Double.parseDouble(v.trim());
      if (!(d >= 0) || Double.isInfinite(d)) {
        throw new ConfigException(key + " must be a number >= 0: '" + v + "'");
      }
      return d;
    } catch (NumberFormatException e) {
      throw new ConfigException(key + " must be a number >= 0: '" + v + "'");
    }
  }

  /** A duration where {@code off} or {@code 0} means "disabled" (zero). */
  public static Duration optionalDuration(String text, String key) throws ConfigException {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.equals("off") || t.equals("0")) {
      return Duration.ZERO;
    }
    return parseDuration(text, key);
  }

  private static Duration duration(Map<String, String> c, String key) throws ConfigException {
    return parseDuration(c.get(key), key);
  }

  /** Parses {@code 500ms}, {@code 2s}, {@code 1m}, {@code 1h} or an ISO-8601 duration. */
  public static Duration parseDuration(String text, String key) throws ConfigException {
    String t = text.trim().toLowerCase(Locale.ROOT);
    try {
      Duration d;
      if (t.startsWith("p")) {
        d = Duration.parse(t.toUpperCase(Locale.ROOT));
      } else if (t.endsWith("ms")) {
        d = Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2).trim()));
      } else if (t.endsWith("s")) {
        d =
            Duration.ofMillis(
                Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 1000));
      } else if (t.endsWith("m")) {
        d = Duration.ofMinutes(Long.parseLong(t.substring(0, t.length() - 1).trim()));
      } else if (t.endsWith("h")) {
        d = Duration.ofHours(Long.parseLong(t.substring(0, t.length() - 1).trim()));
      } else {
        throw new ConfigException(key + ": '" + text + "' needs a unit (ms, s, m, h)");
      }
      if (d.isNegative() || d.isZero()) {
        throw new ConfigException(key + " must be positive: '" + text + "'");
      }
      return d;
    } catch (NumberFormatException | DateTimeParseException e) {
      throw new ConfigException(key + ": '" + text + "' is not a duration such as 500ms or 2s");
    }
  }
}
