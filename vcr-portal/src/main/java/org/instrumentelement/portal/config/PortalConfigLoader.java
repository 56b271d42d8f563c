package org.instrumentelement.portal.config;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import org.instrumentelement.ie.client.tls.ClientTls;
import org.instrumentelement.ie.contract.ConfigLayering;

/**
 * Resolves the portal's configuration with the Instrument Element's precedence: context parameters
 * (the web application's "command line": set by the hosting IE from its own command line,
 * environment and file, or by the container's context descriptor) &gt; environment variables
 * ({@code IE_} + the key in upper case, other characters as {@code _}, as the IE names them) &gt;
 * the file named by {@code portal.config} &gt; defaults in code ({@link PortalKeys}, the one table
 * of the portal's keys).
 *
 * <p>When the IE hosts the portal it passes its own name and SOAP URL ({@value #HOST_NAME}, {@value
 * #HOST_URL}), whether it runs with its development users and, over HTTPS, its own keystore ({@link
 * Host}); that local IE is listed first unless {@code portal.localIe = false}.
 */
public final class PortalConfigLoader {
  /** Context parameter with the hosting IE's name. */
  public static final String HOST_NAME = "ie.name";

  /** Context parameter with the hosting IE's SOAP endpoint. */
  public static final String HOST_URL = "ie.serviceUrl";

  /** Key naming a properties file with more {@code portal.*} keys (a WAR's own file). */
  public static final String CONFIG_FILE = PortalKeys.CONFIG_FILE.name();

  /** Context parameter set by a hosting IE that runs with its development users. */
  public static final String HOST_DEVELOPMENT_USERS = "ie.developmentUsers";

  /** Context parameter naming the hosting IE's own keystore, when it serves HTTPS. */
  public static final String HOST_TRUST_STORE = "ie.trustStore";

  /** Context parameter with the password of {@link #HOST_TRUST_STORE}. */
  public static final String HOST_TRUST_STORE_PASSWORD = "ie.trustStorePassword";

  /**
   * What a hosting IE tells the portal about itself.
   *
   * @param name its {@code ie.name}, under which the portal shows it
   * @param serviceUrl its SOAP endpoint, or null when no IE hosts the portal (a WAR)
   * @param developmentUsers whether it runs with its development users (then the portal polls and
   *     subscribes as their observer unless {@code portal.serviceUser} says otherwise)
   * @param trustStore its own keystore when it serves HTTPS (the portal then trusts it unless
   *     {@code portal.trustStore} says otherwise), or null
   * @param trustStorePassword its password
   */
  public record Host(
      String name,
      String serviceUrl,
      boolean developmentUsers,
      String trustStore,
      String trustStorePassword) {

    /** What the context parameters a hosting IE sets say (a WAR has none of them). */
    static Host of(Map<String, String> params) {
      return new Host(
          params.get(HOST_NAME),
          params.get(HOST_URL),
          Boolean.parseBoolean(params.get(HOST_DEVELOPMENT_USERS)),
          params.get(HOST_TRUST_STORE),
          params.get(HOST_TRUST_STORE_PASSWORD));
    }
  }

  /** The user and password the portal uses with a hosting IE's development users. */
  static final String DEVELOPMENT_OBSERVER = "observer";

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
    return resolve(portalParams, env, fileValues, Host.of(params));
  }

  /** Resolves from explicit layers, for a host that tells only its name and URL (tests). */
  public static PortalConfig resolve(
      Map<String, String> params,
      Map<String, String> env,
      Map<String, String> file,
      String hostName,
      String hostUrl)
      throws PortalConfigException {
    return resolve(params, env, file, new Host(hostName, hostUrl, false, null, null));
  }

  /** Resolves from explicit layers. */
  public static PortalConfig resolve(
      Map<String, String> params, Map<String, String> env, Map<String, String> file, Host host)
      throws PortalConfigException {
    Map<String, String> defaults = new LinkedHashMap<>();
    PortalKeys.all().forEach(k -> defaults.put(k.name(), k.defaultText()));
    Map<String, String> c = ConfigLayering.merge(params, env, file, defaults);
    String serviceUser = c.get(PortalKeys.SERVICE_USER.name());
    String servicePassword = c.get(PortalKeys.SERVICE_PASSWORD.name());
    if (serviceUser.isBlank() && host.developmentUsers()) {
      // With the development users, the hosted portal polls and subscribes as their observer.
      serviceUser = DEVELOPMENT_OBSERVER;
      servicePassword = DEVELOPMENT_OBSERVER;
    }
    List<PortalConfig.ElementEndpoint> elements = new ArrayList<>();
    boolean local = bool(c, PortalKeys.LOCAL_IE.name());
    String hostUrl = host.serviceUrl();
    if (local && hostUrl != null && !hostUrl.isBlank()) {
      elements.add(
          endpoint(
              host.name() == null ? "ie" : host.name(), hostUrl, serviceUser, servicePassword));
    }
    Map<String, Map<String, String>> remote = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : c.entrySet()) {
      Matcher m = PortalKeys.PER_IE_KEY.matcher(e.getKey());
      if (m.matches()) {
        remote
            .computeIfAbsent(m.group(1), k -> new LinkedHashMap<>())
            .put(m.group(2), e.getValue());
      } else if (!PortalKeys.known(e.getKey())) {
        throw new PortalConfigException(
            "unknown configuration key '"
                + e.getKey()
                + "' (known: "
                + defaults.keySet()
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
    contextPath(c.get(PortalKeys.CONTEXT_PATH.name()));
    String trustStore = c.get(PortalKeys.TRUST_STORE.name());
    String trustStorePassword = c.get(PortalKeys.TRUST_STORE_PASSWORD.name());
    if (trustStore.isBlank() && host.trustStore() != null && !host.trustStore().isBlank()) {
      // The hosted portal calls its IE over HTTPS and subscribes over TLS: it trusts the IE's own
      // certificate (a keystore's key entry is a trust anchor too).
      trustStore = host.trustStore();
      trustStorePassword = host.trustStorePassword() == null ? "" : host.trustStorePassword();
    }
    return new PortalConfig(
        elements,
        duration(c, PortalKeys.POLL_PERIOD.name()),
        duration(c, PortalKeys.IE_TIMEOUT.name()),
        duration(c, PortalKeys.DOWNLOAD_TIMEOUT.name()),
        duration(c, PortalKeys.TRACE_RECHECK_PERIOD.name()),
        duration(c, PortalKeys.TRACE_RESYNC_TIMEOUT.name()),
        integer(c, PortalKeys.TRACE_MAX_POINTS.name(), 100, 100_000),
        integer(c, PortalKeys.TRACE_MAX_RATE.name(), 1, 100),
        tls(trustStore, trustStorePassword),
        onOff(c, PortalKeys.MDNS_BROWSE.name()));
  }

  /** A key that is {@code on} or {@code off}. */
  private static boolean onOff(Map<String, String> c, String key) throws PortalConfigException {
    String v = c.get(key).trim().toLowerCase(Locale.ROOT);
    return switch (v) {
      case "on" -> true;
      case "off" -> false;
      default -> throw new PortalConfigException(key + " must be on or off, not '" + v + "'");
    };
  }

  /** Where a hosting IE serves the portal: {@code off} or a path such as {@code /vcr}. */
  private static void contextPath(String path) throws PortalConfigException {
    if (!path.equals("off") && (!path.startsWith("/") || path.endsWith("/"))) {
      throw new PortalConfigException(
          PortalKeys.CONTEXT_PATH.name()
              + " must be 'off' or start with '/' and not end with one: "
              + path);
    }
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
    return ConfigLayering.envName(key);
  }

  private static Map<String, String> readFile(Path path) throws PortalConfigException {
    try {
      return ConfigLayering.readFile(path);
    } catch (IOException e) {
      throw new PortalConfigException(
          "cannot read configuration file " + path + ": " + e.getMessage());
    }
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
