package org.instrumentelement.portal.config;

import java.io.IOException;
import java.io.Reader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
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
import org.instrumentelement.ie.client.tls.ClientTls;

/**
 * Resolves the portal's configuration with the Instrument Element's precedence: context parameters
 * (the web application's "command line": set by the hosting IE from its own command line,
 * environment and file, or by the container's context descriptor) &gt; environment variables
 * ({@code IE_} + the key in upper case, other characters as {@code _}, as the IE names them) &gt;
 * the file named by {@code portal.config} &gt; defaults in code.
 *
 * <p>When the IE hosts the portal it passes its own name and SOAP URL ({@value #HOST_NAME}, {@value
 * #HOST_URL}); that local IE is listed first unless {@code portal.localIe = false}.
 */
public final class PortalConfigLoader {
  /** Context parameter with the hosting IE's name. */
  public static final String HOST_NAME = "ie.name";

  /** Context parameter with the hosting IE's SOAP endpoint. */
  public static final String HOST_URL = "ie.serviceUrl";

  /** Key naming a properties file with more {@code portal.*} keys (a WAR's own file). */
  public static final String CONFIG_FILE = "portal.config";

  private static final Pattern ELEMENT_KEY =
      Pattern.compile("portal\\.ie\\.([A-Za-z0-9_-]+)\\.(url|serviceUser|servicePassword)");

  /** Every key with its default; docs/configuration.md lists the same. */
  static final Map<String, String> DEFAULTS = defaults();

  private static Map<String, String> defaults() {
    Map<String, String> d = new LinkedHashMap<>();
    d.put("portal.contextPath", "/vcr"); // read by the hosting IE, accepted here
    d.put(CONFIG_FILE, "");
    d.put("portal.serviceUser", "");
    d.put("portal.servicePassword", "");
    d.put("portal.localIe", "true");
    d.put("portal.pollPeriod", "2s");
    d.put("portal.trace.maxPoints", "2000");
    d.put("portal.trace.maxRate", "20");
    d.put("portal.trustStore", "");
    d.put("portal.trustStorePassword", "");
    return java.util.Collections.unmodifiableMap(d);
  }

  private PortalConfigLoader() {}

  /**
   * Resolves the configuration.
   *
   * @param params the servlet context's init parameters
   * @param env the environment (normally {@code System.getenv()})
   */
  public static PortalConfig load(Map<String, String> params, Map<String, String> env)
      throws PortalConfigException {
    Map<String, String> portalParams = new LinkedHashMap<>();
    params.forEach(
        (k, v) -> {
          if (k.startsWith("portal.")) {
            portalParams.put(k, v);
          }
        });
    String file = portalParams.get(CONFIG_FILE);
    if (file == null) {
      file = env.get(envName(CONFIG_FILE));
    }
    Map<String, String> fileValues =
        file == null || file.isBlank() ? Map.of() : readFile(Path.of(file.trim()));
    return resolve(portalParams, env, fileValues, params.get(HOST_NAME), params.get(HOST_URL));
  }

  /** Resolves from explicit layers (tests). */
  public static PortalConfig resolve(
      Map<String, String> params,
      Map<String, String> env,
      Map<String, String> file,
      String hostName,
      String hostUrl)
      throws PortalConfigException {
    Set<String> keys = new LinkedHashSet<>(DEFAULTS.keySet());
    keys.addAll(file.keySet());
    keys.addAll(params.keySet());
    Map<String, String> c = new TreeMap<>();
    for (String key : keys) {
      String v = params.get(key);
      if (v == null) {
        v = env.get(envName(key));
      }
      if (v == null) {
        v = file.get(key);
      }
      if (v == null) {
        v = DEFAULTS.get(key);
      }
      c.put(key, v.trim());
    }
    String serviceUser = c.get("portal.serviceUser");
    String servicePassword = c.get("portal.servicePassword");
    List<PortalConfig.ElementEndpoint> elements = new ArrayList<>();
    boolean local = bool(c, "portal.localIe");
    if (local && hostUrl != null && !hostUrl.isBlank()) {
      elements.add(
          endpoint(hostName == null ? "ie" : hostName, hostUrl, serviceUser, servicePassword));
    }
    Map<String, Map<String, String>> remote = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : c.entrySet()) {
      Matcher m = ELEMENT_KEY.matcher(e.getKey());
      if (m.matches()) {
        remote
            .computeIfAbsent(m.group(1), k -> new LinkedHashMap<>())
            .put(m.group(2), e.getValue());
      } else if (!DEFAULTS.containsKey(e.getKey())) {
        throw new PortalConfigException(
            "unknown configuration key '"
                + e.getKey()
                + "' (known: "
                + DEFAULTS.keySet()
                + ", portal.ie.<name>.url, .serviceUser, .servicePassword)");
      }
    }
    for (Map.Entry<String, Map<String, String>> e : remote.entrySet()) {
      String name = e.getKey();
      Map<String, String> kv = e.getValue();
      if (!kv.containsKey("url")) {
        throw new PortalConfigException("portal.ie." + name + ".url is missing");
      }
      if (elements.stream().anyMatch(x -> x.name().equals(name))) {
        throw new PortalConfigException(
            "portal.ie." + name + ".url: '" + name + "' is the hosting IE's name already");
      }
      elements.add(
          endpoint(
              name,
              url("portal.ie." + name + ".url", kv.get("url")),
              kv.getOrDefault("serviceUser", serviceUser),
              kv.getOrDefault("servicePassword", servicePassword)));
    }
    return new PortalConfig(
        elements,
        duration(c, "portal.pollPeriod"),
        integer(c, "portal.trace.maxPoints", 100, 100_000),
        integer(c, "portal.trace.maxRate", 1, 100),
        tls(c.get("portal.trustStore"), c.get("portal.trustStorePassword")));
  }

  /** The trust store, read once here so that a wrong file or password stops the start. */
  private static ClientTls tls(String trustStore, String password) throws PortalConfigException {
    if (trustStore.isBlank()) {
      return ClientTls.DEFAULTS;
    }
    ClientTls tls = ClientTls.DEFAULTS.withTrustStore(Path.of(trustStore), password);
    try {
      tls.trustManagers();
    } catch (IllegalArgumentException e) {
      throw new PortalConfigException("portal.trustStore: " + e.getMessage());
    }
    return tls;
  }

  private static PortalConfig.ElementEndpoint endpoint(
      String name, String url, String user, String password) {
    boolean none = user == null || user.isBlank();
    return new PortalConfig.ElementEndpoint(name, url, none ? null : user, none ? null : password);
  }

  /** The environment variable that overrides {@code key}: the IE's naming. */
  public static String envName(String key) {
    return "IE_" + key.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
  }

  private static Map<String, String> readFile(Path path) throws PortalConfigException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
      p.load(r);
    } catch (IOException e) {
      throw new PortalConfigException(
          "cannot read configuration file " + path + ": " + e.getMessage());
    }
    Map<String, String> m = new LinkedHashMap<>();
    for (String k : p.stringPropertyNames()) {
      m.put(k, p.getProperty(k));
    }
    return m;
  }

  private static String url(String key, String v) throws PortalConfigException {
    try {
      URI u = URI.create(v);
      if (!("http".equals(u.getScheme()) || "https".equals(u.getScheme())) || u.getHost() == null) {
        throw new IllegalArgumentException();
      }
      return v;
    } catch (IllegalArgumentException e) {
      throw new PortalConfigException(
          key
              + " must be an http(s) URL of a SOAP endpoint, e.g."
              + " http://host:8080/ie/services/InstrumentElement: '"
              + v
              + "'");
    }
  }

  private static boolean bool(Map<String, String> c, String key) throws PortalConfigException {
    return switch (c.get(key).toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new PortalConfigException(key + " must be true or false: " + c.get(key));
    };
  }

  private static int integer(Map<String, String> c, String key, int min, int max)
      throws PortalConfigException {
    try {
      int v = Integer.parseInt(c.get(key));
      if (v < min || v > max) {
        throw new PortalConfigException(key + " must be in [" + min + ", " + max + "]: " + v);
      }
      return v;
    } catch (NumberFormatException e) {
      throw new PortalConfigException(key + " must be an integer: '" + c.get(key) + "'");
    }
  }

  /** {@code 500ms}, {@code 2s}, {@code 1m}. */
  static Duration duration(Map<String, String> c, String key) throws PortalConfigException {
    String t = c.get(key).toLowerCase(Locale.ROOT);
    try {
      Duration d;
      if (t.endsWith("ms")) {
        d = Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2).trim()));
      } else if (t.endsWith("s")) {
        d = Duration.ofMillis(Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 1e3));
      } else if (t.endsWith("m")) {
        d = Duration.ofMinutes(Long.parseLong(t.substring(0, t.length() - 1).trim()));
      } else {
        throw new NumberFormatException();
      }
      if (d.toMillis() < 100) {
        throw new PortalConfigException(key + " must be at least 100ms: " + t);
      }
      return d;
    } catch (NumberFormatException e) {
      throw new PortalConfigException(key + ": '" + t + "' is not a duration such as 500ms or 2s");
    }
  }
}
