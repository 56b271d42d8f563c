package org.instrumentelement.ie.benchmark;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The benchmark's command line: {@code --name=value} options checked against the known ones, so
 * that a typo (or {@code --help}) never starts a run of a quarter of an hour, and the usage text
 * that {@code --help} prints. docs/benchmark.md lists the same options.
 */
final class CommandLine {
  /** Where the figures go unless {@code --output} names a file: build output, never tracked. */
  static final String DEFAULT_OUTPUT = "instrument-element/ie-benchmark/target/benchmark.json";

  /** The parts {@code --only} may name. */
  static final List<String> PARTS =
      List.of(
          "polling",
          "floor",
          "maxage",
          "subscription",
          "latency",
          "tls",
          "viewers",
          "sensors",
          "ladder",
          "loss",
          "recording",
          "history",
          "codes");

  private static final Map<String, String> OPTIONS = new LinkedHashMap<>();

  static {
    OPTIONS.put("quick", "a short run to see that it works (cold JIT: not figures)");
    OPTIONS.put(
        "only",
        "parts to run, of "
            + String.join(",", PARTS)
            + " [all but ladder, loss, history and codes]");
    OPTIONS.put("warmup", "seconds of warm-up per point, not counted [30; quick 2]");
    OPTIONS.put("measure", "seconds per measurement [5; quick 2]");
    OPTIONS.put("reps", "measurements per point, the median is reported [3; quick 1]");
    OPTIONS.put("clients", "polling client counts [5,10,20,40; quick 5]");
    OPTIONS.put("lengths", "vector lengths in doubles [1250,2500; quick 2500]");
    OPTIONS.put("encodings", "polling encodings [BINARY,MTOM,XML]");
    OPTIONS.put("soak-minutes", "also the heap soak for this many minutes [0: none]");
    OPTIONS.put(
        "viewers", "portal viewer counts of the live-trace load [10,100,500,2000; quick 10,100]");
    OPTIONS.put("viewer-format", "frames the viewers ask for, binary or json [binary]");
    OPTIONS.put(
        "viewer-window", "frames a viewer leaves unacknowledged, 0: no acknowledgements [2]");
    OPTIONS.put("viewer-width", "the viewers' chart width in pixels [1200: 2,000 points]");
    OPTIONS.put("viewer-sampling-ms", "how often the IE samples the watched waveform [50]");
    OPTIONS.put(
        "viewer-ie-options",
        "more IE options for the viewer stage, e.g. --http.maxThreads=32 [none]");
    OPTIONS.put("sensor-nodes", "sensor nodes of the sensor-network load [1000; quick 100]");
    OPTIONS.put("sensor-rate", "messages per second of each sensor node [10]");
    OPTIONS.put("loss-minutes", "length of the loss run (--only=loss) in minutes [3]");
    OPTIONS.put("loss-subscribers", "subscribers of the loss run [40]");
    OPTIONS.put("loss-period-ms", "the loss run's sampling period, 1: 1,000 samples/s [1]");
    OPTIONS.put(
        "ladder-clients",
        "client counts of the streaming ladder, 0: sampling alone (subscription only)"
            + " [1,10,30,70,100; quick 1,10]");
    OPTIONS.put(
        "ladder-bytes",
        "message sizes of the ladder, bytes of doubles [10000,20000,40000,80000; quick 10000]");
    OPTIONS.put(
        "ladder-modes",
        "polling, subscription (at --ladder-period-ms), bare (a bare publisher at that rate),"
            + " copy (a plain TCP fan-out of the same bytes at that rate, no broker: the floor)"
            + " and/or capacity (subscription at the highest rate without loss)"
            + " [polling,subscription]");
    OPTIONS.put(
        "ladder-warmup",
        "seconds of warm-up per polling cell and capacity step, not counted [5; quick 2]");
    OPTIONS.put(
        "ladder-push-warmup",
        "seconds of warm-up per subscription, bare and copy cell, not counted [30; quick 2]");
    OPTIONS.put("ladder-seconds", "measured seconds per ladder cell [10; quick 2]");
    OPTIONS.put("ladder-period-ms", "the ladder's sampling period for subscribers, 10: 100/s [10]");
    OPTIONS.put(
        "ladder-warmup-period-us",
        "the sampling period of the warm-up before a mode's first subscription or bare cell, µs"
            + " [1000]");
    OPTIONS.put(
        "full-rate-period-us",
        "the sampling period of the subscription run's full rate, in µs, at least 100 [500]");
    OPTIONS.put(
        "portal-jar",
        "the VCR portal's jar, its lib/ beside it [vcr-portal/target/vcr-portal.jar]");
    OPTIONS.put(
        "peer",
        "also measure an OPC UA peer (Eclipse Milo) before and after the IE's polling and"
            + " subscription runs: opcua or none [none]");
    OPTIONS.put(
        "peer-jar",
        "the OPC UA peer's jar [instrument-element/ie-opcua-peer/target/ie-opcua-peer.jar]");
    OPTIONS.put(
        "link",
        "a shaped wide-area link, <rate>:<round trip> such as 10mbit:50ms, between the clients"
            + " and the IE in the stages polling, subscription, ladder, loss, sensors, recording and"
            + " the soak [none]");
    OPTIONS.put(
        "link-via", "how the link is made: auto (tc netem if the kernel has it) or relay [auto]");
    OPTIONS.put("output", "the JSON file of every figure [" + DEFAULT_OUTPUT + "]");
    OPTIONS.put(
        "ie-jar",
        "the IE's runnable jar [instrument-element/ie-server/target/instrument-element.jar]");
    OPTIONS.put(
        "server-java-options",
        "JVM options of the IE process and of the OPC UA peer's server [-Xms512m -Xmx1g]");
  }

  private CommandLine() {}

  /** The option names, without their leading {@code --}. */
  static Set<String> optionNames() {
    return OPTIONS.keySet();
  }

  /** Whether the command line asks for the usage text. */
  static boolean asksForHelp(String... args) {
    return Arrays.stream(args).anyMatch(a -> a.equals("--help") || a.equals("-h"));
  }

  /**
   * The options given, by name ({@code --quick} maps to an empty value).
   *
   * @throws IllegalArgumentException for an argument that is not an option, or an unknown option
   */
  static Map<String, String> parse(String... args) {
    Map<String, String> opts = new LinkedHashMap<>();
    for (String a : args) {
      if (!a.startsWith("--")) {
        throw new IllegalArgumentException("options look like --name=value, not '" + a + "'");
      }
      int eq = a.indexOf('=');
      String name = eq < 0 ? a.substring(2) : a.substring(2, eq);
      if (!OPTIONS.containsKey(name)) {
        throw new IllegalArgumentException("unknown option --" + name + " (see --help)");
      }
      opts.put(name, eq < 0 ? "" : a.substring(eq + 1));
    }
    String only = opts.get("only");
    if (only != null) {
      for (String part : only.split(",")) {
        if (!PARTS.contains(part.trim())) {
          throw new IllegalArgumentException(
              "--only takes " + String.join(",", PARTS) + ", not '" + part + "'");
        }
      }
    }
    return opts;
  }

  /** The usage text: every option with its meaning and default. */
  static String usage() {
    StringBuilder b =
        new StringBuilder(
            "usage: deploy/bin/ie-benchmark [--name=value ...]\n"
                + "Starts an IE with the mock laboratory on free ports and measures it through its\n"
                + "SOAP endpoint, broker and VCR portal (about 20 minutes without the soak).\n"
                + "Options:\n");
    OPTIONS.forEach(
        (name, meaning) -> b.append(String.format(Locale.ROOT, "  --%-20s %s%n", name, meaning)));
    return b.toString();
  }
}
