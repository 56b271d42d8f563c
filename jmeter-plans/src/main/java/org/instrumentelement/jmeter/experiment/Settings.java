package org.instrumentelement.jmeter.experiment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.instrumentelement.ie.measure.link.LinkShape;
import org.instrumentelement.ie.measure.link.ShapedLink;

/**
 * The runner's options, given as {@code --key=value}; every key has a default (see {@link
 * #DEFAULTS}, printed by {@code --help}).
 */
final class Settings {
  static final Map<String, String> DEFAULTS = new LinkedHashMap<>();

  /** What each option means, printed by {@code --help}; docs/jmeter.md has the same table. */
  private static final Map<String, String> MEANINGS = new LinkedHashMap<>();

  /** {@code --codes.topic}: find the codes topic of each IM's attribute. */
  static final String AUTO = "auto";

  /** {@code --codes.topic}: no JMS codes points. */
  static final String NONE = "none";

  /** Set by run-experiment.sh (the command line quoted in the report); not listed by --help. */
  private static final String COMMAND = "command";

  static {
    option("ie.url", "", "SOAP endpoint of the IE to measure; empty: start one from ie.jar");
    option(
        "broker.url",
        "",
        "OpenWire URL for the subscribers, plain tcp://; empty: ask the IE (getSubscriptionInfo)");
    // The IE's development admin: configureSampling needs the admin role. Give your own for a lab.
    option("ie.user", "admin", "IE account for SOAP and the broker; needs the admin role");
    option("ie.password", "admin", "its password");
    option("ie.pid", "", "pid of a given IE on this machine, so that its CPU time can be read");
    option(
        "ie.jar",
        "instrument-element/ie-server/target/instrument-element.jar",
        "the IE's runnable jar, started when ie.url is empty");
    option("ie.java.opts", "", "JVM options of the IE the runner starts");
    option("jmeter.home", "jmeter-plans/target/jmeter", "the JMeter installation to run");
    option("jmeter.java.opts", "-Xms512m -Xmx1g", "JVM options of JMeter");
    option("plans", "jmeter-plans/plans", "directory of the .jmx plans");
    option(
        "out",
        "jmeter-plans/target/report",
        "the report: report.md, results.csv, SVG charts, JMeter's dashboard");
    option("work", "jmeter-plans/target/experiment", "JMeter's raw results (.jtl) and logs");
    option("lengths", "1250,2500", "vector lengths, in doubles");
    option("clients", "5,10,20,40", "client counts");
    option("im", "lab/array{length}", "the IM serving each length");
    option("attribute", "vector", "its subscribable vector attribute");
    option("encodings", "XML,BINARY", "polling encodings; XML first (Tr is taken from it)");
    option("mtom", "true", "also a short MTOM polling probe per length");
    option("warmup", "10", "seconds of warm-up per point, not counted");
    option("duration", "30", "seconds measured per point (with --soak=true: the whole soak)");
    option(
        "dashboard",
        "max",
        "JMeter HTML dashboard for <length>x<clients>; max: the largest of both; none");
    option(
        "link",
        "",
        "shaped links to run the experiment over, one after the other, e.g."
            + " 10mbit:50ms,100mbit:20ms (rate per direction:round trip); empty: none");
    option("link.via", "auto", "how links are shaped: auto (tc netem if the kernel has it), relay");
    option(
        "jms.period",
        "",
        "sampling period (ms) of the subscription points; empty: round(Tr), as the paper did");
    option(
        "jms.prefetch",
        "",
        "topic prefetch the subscribers ask for (messages pushed ahead); empty: the client's"
            + " default, for which the IE's embedded broker gives broker.maxPendingMessages (100)");
    option(
        "jms.acknowledge",
        "batches",
        "how the subscribers acknowledge: batches (at 65 % of the prefetch or at the latest every"
            + " second, 100 ms with the client's default prefetch, as the IE's clients) or each"
            + " (one acknowledgement per message)");
    option(
        "array.format",
        "WORD",
        "format of the array IMs in the IE the runner starts: WORD (16-bit codes, published on"
            + " <topic>.codes as well) or REAL (doubles only)");
    option(
        "codes.topic",
        "auto",
        "topic of the attribute's codes for a JMS codes point after each JMS point; auto: its"
            + " codes topic ({topic}.codes) where a CODES poll answers codes; none (or empty): no"
            + " such points; else a topic, {topic} standing for the doubles topic");
    option("soak", "false", "run the soak plan instead of the experiment");
    option("soak.pollers", "2", "soak: pollers per encoding");
    option("soak.subscribers", "4", "soak: subscribers");
    option("poll.interval", "100", "soak: milliseconds between two polls of one poller");
    option("soak.period", "100", "soak: the IM's sampling period in milliseconds");
    DEFAULTS.put(COMMAND, "");
  }

  private static void option(String key, String defaultValue, String meaning) {
    DEFAULTS.put(key, defaultValue);
    MEANINGS.put(key, meaning);
  }

  /** Whether the command line asks for the usage text (anywhere among the options). */
  static boolean asksForHelp(String... args) {
    return Arrays.stream(args).anyMatch(a -> a.equals("--help") || a.equals("-h"));
  }

  /** The usage text: every option with its default and meaning. */
  static String usage() {
    StringBuilder b =
        new StringBuilder(
            "usage: jmeter-plans/run-experiment.sh [--key=value ...]\n"
                + "Without --ie.url it starts an IE with the mock laboratory on free ports.\n"
                + "Options (default in brackets):\n");
    MEANINGS.forEach(
        (k, meaning) -> {
          String d = DEFAULTS.get(k);
          b.append(
              String.format(
                  Locale.ROOT, "  --%-18s %s [%s]%n", k, meaning, d.isEmpty() ? "empty" : d));
        });
    return b.toString();
  }

  private final Map<String, String> values = new LinkedHashMap<>(DEFAULTS);

  Settings(String... args) {
    for (String a : args) {
      if (!a.startsWith("--") || !a.contains("=")) {
        throw new IllegalArgumentException("options are --key=value, not " + a);
      }
      String key = a.substring(2, a.indexOf('='));
      if (!DEFAULTS.containsKey(key)) {
        throw new IllegalArgumentException("unknown option --" + key + " (see --help)");
      }
      values.put(key, a.substring(a.indexOf('=') + 1));
    }
    // Read now, so that a mistyped link fails before any IE starts.
    words("link").forEach(LinkShape::parse);
    ShapedLink.Via.of(get("link.via"));
    if (!get("jms.prefetch").isBlank()) {
      positive("jms.prefetch");
    }
    if (!List.of("batches", "each").contains(get("jms.acknowledge").trim())) {
      throw new IllegalArgumentException(
          "--jms.acknowledge is batches or each, not " + get("jms.acknowledge"));
    }
    if (!List.of("REAL", "WORD").contains(get("array.format").trim())) {
      throw new IllegalArgumentException(
          "--array.format is REAL or WORD, not " + get("array.format"));
    }
  }

  private void positive(String key) {
    try {
      if (integer(key) >= 1) {
        return;
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new IllegalArgumentException(
        "--" + key + " is a whole number, 1 or more (or empty), not " + get(key));
  }

  String get(String key) {
    return values.get(key);
  }

  int integer(String key) {
    return Integer.parseInt(get(key).trim());
  }

  boolean flag(String key) {
    return Boolean.parseBoolean(get(key).trim());
  }

  Path path(String key) {
    return Path.of(get(key)).toAbsolutePath().normalize();
  }

  List<Integer> integers(String key) {
    List<Integer> l = new ArrayList<>();
    for (String s : get(key).split(",")) {
      l.add(Integer.parseInt(s.trim()));
    }
    return l;
  }

  List<String> words(String key) {
    String v = get(key).trim();
    return v.isEmpty() ? List.of() : Arrays.asList(v.split("[,\\s]+"));
  }

  /** The IM serving vectors of this length. */
  String im(int length) {
    return get("im").replace("{length}", Integer.toString(length));
  }

  /** True when this runner starts the Instrument Element itself. */
  boolean ownIe() {
    return get("ie.url").isBlank();
  }

  Map<String, String> all() {
    return values;
  }

  /** These settings with one value changed (e.g. {@code out} for one link's report). */
  Settings with(String key, String value) {
    Settings copy = new Settings();
    copy.values.putAll(values);
    copy.values.put(key, value);
    return copy;
  }
}
