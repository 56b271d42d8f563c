package org.instrumentelement.ie.benchmark;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.instrumentelement.ie.benchmark.SoapRequests.Encoding;
import org.instrumentelement.ie.measure.link.LinkShape;
import org.instrumentelement.ie.measure.link.ShapedLink;

/**
 * The benchmark's options with their defaults applied ({@code --quick} changes some), typed: what
 * {@link CommandLine} checked, read once so that no measurement parses a string.
 *
 * @param ieJar the IE's runnable jar
 * @param serverJavaOptions JVM options of the IE process
 * @param warmup warm-up per point, not counted
 * @param measure one measurement
 * @param reps measurements per point (the median is reported)
 * @param clientCounts polling client counts
 * @param lengths vector lengths in doubles
 * @param encodings polling encodings
 * @param soak length of the heap soak (zero: none)
 * @param only the parts to run (empty: all)
 * @param output the JSON file of every figure
 * @param viewerCounts the portal viewer counts of the live-trace load
 * @param viewerFormat the frames the viewers ask for, "binary" or "json"
 * @param viewerWindow frames a viewer may leave unacknowledged (0: none acknowledged)
 * @param viewerWidth the viewers' chart width in pixels
 * @param viewerSamplingMillis how often the IE samples the watched waveform
 * @param portal the VCR portal's jar and its libraries, put beside the IE's jar
 * @param viewerIeOptions more IE options for the viewer stage (e.g. its HTTP thread pool)
 * @param sensorNodes the simulated nodes of the sensor-network load
 * @param sensorRate messages per second of each sensor node
 * @param lossMinutes length of the {@code loss} run
 * @param lossSubscribers subscribers of the {@code loss} run
 * @param lossPeriodMillis how often the IE samples in the {@code loss} run (1: 1,000 samples/s)
 * @param ladderClients client counts of the streaming ladder
 * @param ladderBytes message sizes of the streaming ladder, raw bytes (8 per double)
 * @param ladderModes {@code polling}, {@code subscription}, {@code bare}, {@code copy} and/or
 *     {@code capacity}
 * @param ladderWarmup warm-up of each polling cell and capacity step of the ladder, not counted
 * @param ladderPushWarmup warm-up of each subscription and bare cell of the ladder, not counted:
 *     longer, because the subscribers' arrival deoptimizes the broker's delivery code, and at 100
 *     samples/s the JIT takes longer than 5 s to compile it again
 * @param ladderMeasure measured time of each ladder cell
 * @param ladderPeriodMillis how often the IE samples for the ladder's subscribers (10: 100/s)
 * @param ladderWarmupPeriodMicros how often the IE samples (or the bare publisher sends) in the
 *     warm-up before a mode's first subscription or bare cell (1,000: 1,000/s)
 * @param fullRatePeriodMicros how often the IE samples in the {@code subscription} run's full rate
 * @param peer the peer measured before and after the IE's polling and subscription runs: {@code
 *     opcua}, or {@code none}
 * @param peerJar the OPC UA peer's jar, its {@code lib/} beside it
 * @param link the shaped link between the clients and the IE of the stages that take one, or null
 * @param linkVia how that link is made
 */
record BenchmarkOptions(
    Path ieJar,
    List<String> serverJavaOptions,
    Duration warmup,
    Duration measure,
    int reps,
    List<Integer> clientCounts,
    List<Integer> lengths,
    List<Encoding> encodings,
    Duration soak,
    List<String> only,
    Path output,
    List<Integer> viewerCounts,
    String viewerFormat,
    int viewerWindow,
    int viewerWidth,
    int viewerSamplingMillis,
    List<String> portal,
    List<String> viewerIeOptions,
    int sensorNodes,
    double sensorRate,
    int lossMinutes,
    int lossSubscribers,
    int lossPeriodMillis,
    List<Integer> ladderClients,
    List<Integer> ladderBytes,
    List<String> ladderModes,
    Duration ladderWarmup,
    Duration ladderPushWarmup,
    Duration ladderMeasure,
    int ladderPeriodMillis,
    int ladderWarmupPeriodMicros,
    int fullRatePeriodMicros,
    String peer,
    Path peerJar,
    LinkShape link,
    ShapedLink.Via linkVia) {

  /** The peers {@code --peer} takes: none, or the OPC UA peer (Eclipse Milo). */
  static final String NO_PEER = "none";

  static final String OPCUA = "opcua";

  /** The parts that run only when {@code --only} names them: they take many minutes. */
  static final List<String> NAMED_ONLY = List.of("ladder", "loss", "history", "codes");

  /** The ladder's modes, in the order they run. */
  static final List<String> LADDER_MODES =
      List.of("polling", "subscription", "bare", "copy", "capacity");

  /**
   * The options of a parsed command line ({@link CommandLine#parse}).
   *
   * @throws IllegalArgumentException naming the option whose value is not what it takes
   */
  static BenchmarkOptions from(Map<String, String> opts) {
    boolean quick = opts.containsKey("quick");
    Values v = new Values(opts);
    String only = opts.getOrDefault("only", "");
    return new BenchmarkOptions(
        Path.of(
            opts.getOrDefault(
                "ie-jar", "instrument-element/ie-server/target/instrument-element.jar")),
        words(opts.getOrDefault("server-java-options", "-Xms512m -Xmx1g")),
        v.seconds("warmup", quick ? "2" : "30"),
        v.seconds("measure", quick ? "2" : "5"),
        v.integer("reps", quick ? "1" : "3"),
        v.integers("clients", quick ? "5" : "5,10,20,40"),
        v.integers("lengths", quick ? "2500" : "1250,2500"),
        v.encodings("encodings", "BINARY,MTOM,XML"),
        Duration.ofMinutes(v.integer("soak-minutes", "0")),
        only.isBlank() ? List.of() : Arrays.stream(only.split(",")).map(String::trim).toList(),
        Path.of(opts.getOrDefault("output", CommandLine.DEFAULT_OUTPUT)),
        v.integers("viewers", quick ? "10,100" : "10,100,500,2000"),
        v.choice("viewer-format", "binary", "binary", "json"),
        v.integer("viewer-window", "2"),
        v.integer("viewer-width", "1200"),
        v.integer("viewer-sampling-ms", "50"),
        portal(opts.getOrDefault("portal-jar", "vcr-portal/target/vcr-portal.jar")),
        words(opts.getOrDefault("viewer-ie-options", "")),
        v.integer("sensor-nodes", quick ? "100" : "1000"),
        v.positive("sensor-rate", "10"),
        v.atLeast("loss-minutes", "3", 1),
        v.atLeast("loss-subscribers", "40", 1),
        v.atLeast("loss-period-ms", "1", 1),
        v.integers("ladder-clients", quick ? "1,10" : "1,10,30,70,100"),
        v.vectorBytes("ladder-bytes", quick ? "10000" : "10000,20000,40000,80000"),
        v.choices("ladder-modes", "polling,subscription", LADDER_MODES),
        v.seconds("ladder-warmup", quick ? "2" : "5"),
        v.seconds("ladder-push-warmup", quick ? "2" : "30"),
        v.seconds("ladder-seconds", quick ? "2" : "10"),
        v.atLeast("ladder-period-ms", "10", 1),
        v.atLeast("ladder-warmup-period-us", "1000", 100),
        v.atLeast("full-rate-period-us", "500", 100),
        v.choice("peer", NO_PEER, NO_PEER, OPCUA),
        Path.of(
            opts.getOrDefault(
                "peer-jar", "instrument-element/ie-opcua-peer/target/ie-opcua-peer.jar")),
        v.link("link"),
        v.via("link-via"));
  }

  /** Refuses a peer with nothing to compare it with. */
  BenchmarkOptions {
    if (peer.equals(OPCUA)
        && !runs(only, "polling")
        && !runs(only, "subscription")
        && !runs(only, "latency")) {
      throw new IllegalArgumentException(
          "--peer compares the polling and subscription runs with the peer's: --only names"
              + " neither polling, subscription nor latency");
    }
  }

  /** Whether the OPC UA peer is measured beside the IE ({@code --peer=opcua}). */
  boolean comparesWithPeer() {
    return peer.equals(OPCUA);
  }

  /** Whether the subscription stage runs (the full rate, or only the 100/s run). */
  boolean runsSubscription() {
    return runs("subscription") || runs("latency");
  }

  /** The portal's jar and, beside it, its {@code lib/*} (ie-client), as the launcher has them. */
  private static List<String> portal(String jar) {
    Path lib = Path.of(jar).toAbsolutePath().getParent().resolve("lib");
    return List.of(jar, lib + "/*");
  }

  /** Reads option values, refusing one that is not what its option takes in the IE's words. */
  private record Values(Map<String, String> opts) {
    Duration seconds(String name, String byDefault) {
      String s = opts.getOrDefault(name, byDefault);
      try {
        return Duration.ofMillis(Math.round(Double.parseDouble(s) * 1000));
      } catch (NumberFormatException e) {
        throw refused(name, "a number of seconds", s);
      }
    }

    double positive(String name, String byDefault) {
      String s = opts.getOrDefault(name, byDefault);
      try {
        double d = Double.parseDouble(s.trim());
        if (d > 0 && d <= 1000) {
          return d;
        }
      } catch (NumberFormatException e) {
        // refused below
      }
      throw refused(name, "a number above 0, at most 1000", s);
    }

    int integer(String name, String byDefault) {
      String s = opts.getOrDefault(name, byDefault);
      try {
        return Integer.parseInt(s.trim());
      } catch (NumberFormatException e) {
        throw refused(name, "a whole number", s);
      }
    }

    List<Integer> integers(String name, String byDefault) {
      String s = opts.getOrDefault(name, byDefault);
      try {
        return Arrays.stream(s.split(",")).map(p -> Integer.parseInt(p.trim())).toList();
      } catch (NumberFormatException e) {
        throw refused(name, "whole numbers, comma-separated", s);
      }
    }

    int atLeast(String name, String byDefault, int least) {
      int i = integer(name, byDefault);
      if (i < least) {
        throw refused(name, "a whole number of at least " + least, Integer.toString(i));
      }
      return i;
    }

    /** Message sizes in bytes of doubles: whole multiples of 8. */
    List<Integer> vectorBytes(String name, String byDefault) {
      List<Integer> bytes = integers(name, byDefault);
      for (int b : bytes) {
        if (b < 8 || b % 8 != 0) {
          throw refused(name, "sizes in bytes of doubles, multiples of 8", Integer.toString(b));
        }
      }
      return bytes;
    }

    /** Some of these words, comma-separated, kept in the order of {@code known}. */
    List<String> choices(String name, String byDefault, List<String> known) {
      String s = opts.getOrDefault(name, byDefault);
      List<String> given =
          Arrays.stream(s.split(",")).map(w -> w.trim().toLowerCase(Locale.ROOT)).toList();
      for (String w : given) {
        if (!known.contains(w)) {
          throw refused(name, String.join(" and/or ", known) + ", comma-separated", s);
        }
      }
      return known.stream().filter(given::contains).toList();
    }

    String choice(String name, String byDefault, String... choices) {
      String s = opts.getOrDefault(name, byDefault).trim().toLowerCase(Locale.ROOT);
      if (!Arrays.asList(choices).contains(s)) {
        throw refused(name, String.join(" or ", choices), s);
      }
      return s;
    }

    List<Encoding> encodings(String name, String byDefault) {
      String s = opts.getOrDefault(name, byDefault);
      List<Encoding> encodings = new ArrayList<>();
      for (String e : s.split(",")) {
        try {
          encodings.add(Encoding.valueOf(e.trim().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException unknown) {
          throw refused(name, "BINARY, MTOM or XML, comma-separated", s);
        }
      }
      return List.copyOf(encodings);
    }

    LinkShape link(String name) {
      String s = opts.getOrDefault(name, "").trim();
      if (s.isEmpty() || s.equals("none")) {
        return null;
      }
      try {
        return LinkShape.parse(s);
      } catch (IllegalArgumentException e) {
        throw refused(name, "<rate>:<round trip>, e.g. 10mbit:50ms or 100mbit:20ms", s);
      }
    }

    ShapedLink.Via via(String name) {
      String s = opts.getOrDefault(name, "auto");
      try {
        return ShapedLink.Via.of(s);
      } catch (IllegalArgumentException e) {
        throw refused(name, "auto, netem or relay", s);
      }
    }

    private static IllegalArgumentException refused(String name, String takes, String value) {
      return new IllegalArgumentException(
          "--" + name + " takes " + takes + ", not '" + value + "'");
    }
  }

  /**
   * Whether this part runs: without {@code --only}, every part but the long ones ({@link
   * #NAMED_ONLY}, which a run without it leaves out as it leaves out the soak); with it, the parts
   * it names ({@link CommandLine#PARTS}).
   */
  boolean runs(String part) {
    return runs(only, part);
  }

  private static boolean runs(List<String> only, String part) {
    return only.isEmpty() ? !NAMED_ONLY.contains(part) : only.contains(part);
  }

  /** The settings as the results file states them. */
  String summary() {
    return "warmup "
        + warmup.toSeconds()
        + " s, measure "
        + measure.toSeconds()
        + " s x "
        + reps
        + " (median), clients "
        + clientCounts
        + ", lengths "
        + lengths
        + (runs("subscription") ? ", full rate sampling every " + fullRatePeriodMicros + " µs" : "")
        + (runs("viewers")
            ? ", viewers "
                + viewerCounts
                + " ("
                + viewerFormat
                + ", window "
                + viewerWindow
                + ", width "
                + viewerWidth
                + " px, sampling every "
                + viewerSamplingMillis
                + " ms"
                + (viewerIeOptions.isEmpty() ? "" : ", IE " + String.join(" ", viewerIeOptions))
                + ")"
            : "")
        + (runs("ladder")
            ? ", ladder clients "
                + ladderClients
                + ", bytes "
                + ladderBytes
                + ", "
                + String.join(" and ", ladderModes)
                + ", cells of "
                + ladderWarmup.toMillis() / 1000.0
                + " s warm-up (subscription and bare "
                + ladderPushWarmup.toMillis() / 1000.0
                + " s) + "
                + ladderMeasure.toMillis() / 1000.0
                + " s, subscribers sampled every "
                + ladderPeriodMillis
                + " ms (in the warm-up every "
                + ladderWarmupPeriodMicros
                + " µs)"
            : "")
        + (runs("loss")
            ? ", loss "
                + lossMinutes
                + " min, "
                + lossSubscribers
                + " subscribers, sampling every "
                + lossPeriodMillis
                + " ms"
            : "")
        + (comparesWithPeer()
            ? ", OPC UA peer (" + peerJar + ") before and after the IE's polling and subscription"
            : "")
        + (link == null ? "" : ", clients through a " + link + " link (via " + linkVia + ")");
  }

  private static List<String> words(String s) {
    return Arrays.stream(s.trim().split("\\s+")).filter(w -> !w.isEmpty()).toList();
  }
}
