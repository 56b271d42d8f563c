package org.instrumentelement.ie.nodesim;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What to simulate, from {@code --key=value} options; every option has a default.
 *
 * @param broker the broker's MQTT address, {@code tcp://host:port}
 * @param topicBase the topic level above the nodes, {@code <prefix>/<ie>/<IM path>/nodes}
 * @param nodes how many nodes
 * @param firstNode the number of the first node (names are {@code namePrefix + number})
 * @param namePrefix the start of every node's name
 * @param rate messages per second of each node
 * @param format {@code json}, {@code le-doubles} or {@code le-seq-time-doubles}
 * @param valuesPerReading numbers per message
 * @param noise the standard deviation of the noise added to each value
 * @param dropout the probability that a node skips a message (a gap in its sequence)
 * @param restartEvery a node restarts (disconnects, is silent {@code restartPause}, reconnects and
 *     numbers its messages from 0 again) on average this often; zero: never
 * @param clockValues send the time of publishing (ms since the Unix epoch) as the first value, for
 *     latency measurements, instead of a sine
 * @param user the account of each node, {@code {node}} replaced by its name; empty: none
 * @param password the password, {@code {node}} replaced by the node's name
 * @param duration how long to run; zero: until stopped
 * @param trustStore a PKCS#12 trust store of the IE's certificate for a broker over TLS ({@code
 *     ssl://}), or empty for the JVM's default trust
 * @param trustStorePassword its password
 */
public record SimulatorOptions(
    String broker,
    String topicBase,
    int nodes,
    int firstNode,
    String namePrefix,
    double rate,
    String format,
    int valuesPerReading,
    double noise,
    double dropout,
    Duration restartEvery,
    Duration restartPause,
    boolean clockValues,
    String user,
    String password,
    Duration duration,
    String trustStore,
    String trustStorePassword) {

  /** Each option: name, default, meaning; {@code --help} prints them. */
  static final String[][] OPTIONS = {
    {"broker", "tcp://localhost:1883", "the IE broker's MQTT address (ssl://host:8883 for TLS)"},
    {"prefix", "ie", "the IE's broker.topicPrefix"},
    {"ie", "ie", "the IE's ie.name"},
    {"im", "lab/sensors", "the sensor-network IM's path"},
    {"nodes", "10", "number of nodes"},
    {"first", "1", "number of the first node"},
    {"name", "n", "node names are this followed by the node's number"},
    {"rate", "1", "messages per second of each node"},
    {"format", "json", "json, le-doubles or le-seq-time-doubles (the IM's format parameter)"},
    {"values", "1", "numbers per reading"},
    {"noise", "0.01", "standard deviation of the noise on each value"},
    {"dropout", "0", "probability that a node skips a message (0 to 1)"},
    {"restart-every", "0s", "mean time between restarts of a node (0s: never)"},
    {"restart-pause", "1s", "how long a restarting node is silent"},
    {"clock-values", "false", "send the publishing time (ms since 1970) as the first value"},
    {"user", "", "each node's broker account, {node} standing for its name (empty: none)"},
    {"password", "", "each node's password, {node} standing for its name"},
    {"duration", "0s", "how long to run (0s: until stopped)"},
    {
      "trust-store",
      "",
      "PKCS#12 trust store of the IE's certificate, for ssl:// (empty: the JVM's)"
    },
    {"trust-store-password", "changeit", "its password"},
  };

  /**
   * Reads {@code --key=value} arguments.
   *
   * @throws IllegalArgumentException naming the option that is unknown or wrong
   */
  public static SimulatorOptions parse(String... args) {
    Map<String, String> v = new LinkedHashMap<>();
    for (String[] o : OPTIONS) {
      v.put(o[0], o[1]);
    }
    for (String a : args) {
      int eq = a.indexOf('=');
      if (!a.startsWith("--") || eq < 0 || !v.containsKey(a.substring(2, eq))) {
        throw new IllegalArgumentException("unknown option '" + a + "' (--help lists them)");
      }
      v.put(a.substring(2, eq), a.substring(eq + 1));
    }
    String format = v.get("format").toLowerCase(Locale.ROOT);
    if (!format.equals("json")
        && !format.equals("le-doubles")
        && !format.equals("le-seq-time-doubles")) {
      throw new IllegalArgumentException("--format is json, le-doubles or le-seq-time-doubles");
    }
    SimulatorOptions o =
        new SimulatorOptions(
            v.get("broker"),
            v.get("prefix") + "/" + v.get("ie") + "/" + v.get("im") + "/nodes",
            integer(v, "nodes", 1, 100_000),
            integer(v, "first", 0, Integer.MAX_VALUE / 2),
            v.get("name"),
            number(v, "rate", 0.001, 1000),
            format,
            integer(v, "values", 1, 4096),
            number(v, "noise", 0, Double.MAX_VALUE),
            number(v, "dropout", 0, 1),
            duration(v, "restart-every"),
            duration(v, "restart-pause"),
            Boolean.parseBoolean(v.get("clock-values")),
            v.get("user"),
            v.get("password"),
            duration(v, "duration"),
            v.get("trust-store"),
            v.get("trust-store-password"));
    if (!o.namePrefix().matches("[A-Za-z0-9_]{0,50}")) {
      throw new IllegalArgumentException("--name has letters, digits or _ only");
    }
    return o;
  }

  /** The name of node {@code i} (from 0) of this simulation. */
  public String nodeName(int i) {
    return namePrefix + (firstNode + i);
  }

  private static int integer(Map<String, String> v, String key, int min, int max) {
    return (int) number(v, key, min, max);
  }

  private static double number(Map<String, String> v, String key, double min, double max) {
    double d;
    try {
      d = Double.parseDouble(v.get(key));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--" + key + " is not a number: " + v.get(key));
    }
    if (!(d >= min && d <= max)) {
      throw new IllegalArgumentException("--" + key + " must be from " + min + " to " + max);
    }
    return d;
  }

  private static Duration duration(Map<String, String> v, String key) {
    String t = v.get(key).trim().toLowerCase(Locale.ROOT);
    try {
      if (t.endsWith("ms")) {
        return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
      }
      if (t.endsWith("s")) {
        return Duration.ofMillis(
            Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 1000));
      }
      if (t.endsWith("m")) {
        return Duration.ofMinutes(Long.parseLong(t.substring(0, t.length() - 1)));
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("--" + key + " is a duration like 500ms, 2s or 1m");
  }
}
