package org.instrumentelement.portal.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The portal's configuration keys, {@code portal.*}, each declared once with its default and
 * meaning. The portal owns them: an IE that hosts the portal passes them on unread, {@link
 * PortalConfigLoader} reads and checks them here, and a test holds docs/configuration.md to this
 * table.
 */
public final class PortalKeys {
  private static final List<Key> ALL = new ArrayList<>();

  /**
   * One key.
   *
   * @param name the key, as in files and context parameters ({@code IE_} + upper case in the
   *     environment)
   * @param defaultText its default as written; empty for none
   * @param meaning what it does, in a line
   */
  public record Key(String name, String defaultText, String meaning) {}

  private PortalKeys() {}

  private static Key key(String name, String defaultText, String meaning) {
    Key k = new Key(name, defaultText, meaning);
    ALL.add(k);
    return k;
  }

  /**
   * Where a hosting IE serves the portal. The IE reads it, and its default from this module's
   * {@code META-INF/instrument-element/web-application.properties} (the IE knows the portal by that
   * file, not its classes); a test holds the two defaults together.
   */
  public static final Key CONTEXT_PATH =
      key("portal.contextPath", "/vcr", "where a hosting IE serves the portal; off: not served");

  public static final Key CONFIG_FILE =
      key("portal.config", "", "WAR only: a properties file with more portal.* keys");
  public static final Key SERVICE_USER =
      key(
          "portal.serviceUser",
          "",
          "the portal's account on the IEs; empty: observer with the hosting IE's development users");
  public static final Key SERVICE_PASSWORD = key("portal.servicePassword", "", "its password");
  public static final Key LOCAL_IE =
      key("portal.localIe", "true", "show the hosting IE, under its ie.name, first");
  public static final Key POLL_PERIOD =
      key("portal.pollPeriod", "2s", "how often each IE's reachability and IM states are read");
  public static final Key IE_TIMEOUT =
      key(
          "portal.ieTimeout",
          "15s",
          "how long the portal waits for an IE's answer; then the IE counts as unreachable");
  public static final Key DOWNLOAD_TIMEOUT =
      key(
          "portal.downloadTimeout",
          "10m",
          "how long a recording's download waits for the IE's first byte");
  public static final Key TRACE_RECHECK_PERIOD =
      key(
          "portal.trace.recheckPeriod",
          "10s",
          "how often each live trace viewer's right to observe is confirmed again with the IE");
  public static final Key TRACE_RESYNC_TIMEOUT =
      key(
          "portal.trace.resyncTimeout",
          "30s",
          "how long the current value of a live trace is read again after a broker reconnect while"
              + " the IE is busy or away; then the trace is marked as possibly out of date");
  public static final Key TRACE_MAX_POINTS =
      key("portal.trace.maxPoints", "2000", "most points of a trace frame");
  public static final Key TRACE_MAX_RATE =
      key("portal.trace.maxRate", "20", "most trace frames per second to one browser");
  public static final Key TRUST_STORE =
      key(
          "portal.trustStore",
          "",
          "PKCS#12 trust store for IEs over HTTPS; empty: the hosting IE's own keystore when it"
              + " serves HTTPS, else the JVM's trust");
  public static final Key TRUST_STORE_PASSWORD =
      key("portal.trustStorePassword", "", "its password");

  public static final Key MDNS_BROWSE =
      key(
          "portal.mdns.browse",
          "off",
          "on: list the IEs announced over mDNS (_instrument-element._tcp) on this host's networks");

  /** The settings of one more IE to show: {@code portal.ie.<name>.<setting>}. */
  public static final List<String> PER_IE = List.of("url", "serviceUser", "servicePassword");

  /** A key of one more IE, with its name and setting as groups 1 and 2. */
  static final Pattern PER_IE_KEY =
      Pattern.compile("portal\\.ie\\.([A-Za-z0-9_-]+)\\.(" + String.join("|", PER_IE) + ")");

  /** Every key but the per-IE ones, in the order of this table. */
  public static List<Key> all() {
    return Collections.unmodifiableList(ALL);
  }

  /** Whether {@code name} is a key of this table. */
  static boolean known(String name) {
    return ALL.stream().anyMatch(k -> k.name().equals(name));
  }
}
