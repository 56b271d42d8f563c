package org.instrumentelement.ial.mock;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The simulated acquisition of a device's blocks. Following a block's {@code hold} property: RUN
 * acquires anew at every query; STOP holds one acquisition, the last one the scope made before it
 * stopped, which the simulator takes when it is first asked for (a scope only acquires when asked);
 * SINGLE takes one acquisition at once and stops. A held trace and every reply that {@code
 * describes} it (a preamble) are computed from the settings the acquisition was made with, so the
 * two always agree; only the block's transfer properties (format, byte order, source, and those it
 * lists in {@code transfer}) apply as they are now.
 */
final class Acquisitions {
  private static final String RUN = "RUN";
  private static final String STOP = "STOP";
  private static final String SINGLE = "SINGLE";

  /** One acquisition held: the settings it was made with, and per channel its phase and noise. */
  private static final class Held {
    /** {@code null} until the held acquisition is first asked for. */
    Map<String, Object[]> frozen;

    final Map<Integer, double[]> draws = new HashMap<>();
    final Map<Integer, double[]> traces = new HashMap<>();

    Held(Map<String, Object[]> frozen) {
      this.frozen = frozen;
    }
  }

  private final MockDeviceDescription description;
  private final MockSettings settings;
  private final MockFormulas formulas;
  private final SplittableRandom draws;
  private final Map<String, Set<String>> live = new HashMap<>();
  private final Map<String, Held> held = new HashMap<>();
  private final Map<String, String> lastHold = new HashMap<>();
  private final Map<String, double[]> lastTrace = new HashMap<>();
  private final Map<String, WaveformSynthesizer> synthesizers = new HashMap<>();
  private final AtomicLong count = new AtomicLong();
  private volatile TraceSource source;

  Acquisitions(
      MockDeviceDescription description, MockSettings settings, MockFormulas formulas, long seed) {
    this.description = description;
    this.settings = settings;
    this.formulas = formulas;
    this.draws = new SplittableRandom(seed);
    for (MockBlock b : description.blocks) {
      Set<String> names = new HashSet<>(b.transfer());
      for (String ref : new String[] {b.format(), b.byteOrder(), b.setting("source")}) {
        if (ref != null && description.properties.containsKey(ref)) {
          names.add(ref);
        }
      }
      live.put(b.name(), Set.copyOf(names));
    }
  }

  /** How many acquisitions were synthesized. */
  long count() {
    return count.get();
  }

  /** Forgets every acquisition (power-on, {@code *RST}). */
  void reset() {
    held.clear();
    lastHold.clear();
    lastTrace.clear();
    update();
  }

  /** Follows the hold properties after a command: stopping holds, SINGLE acquires and stops. */
  void update() {
    for (MockBlock b : description.blocks) {
      MockProperty hold = description.properties.get(b.setting("hold"));
      if (hold == null) {
        continue;
      }
      String now = String.valueOf(settings.value(hold.name(), 1)).toUpperCase(Locale.ROOT);
      String before = lastHold.put(b.name(), now);
      boolean sequence =
          b.sequenceProperty() != null
              && b.sequenceValue()
                  .equalsIgnoreCase(String.valueOf(settings.value(b.sequenceProperty(), 1)));
      if (now.equals(SINGLE) || (now.equals(RUN) && sequence)) {
        held.put(b.name(), new Held(settings.snapshot()));
        settings.set(hold, 0, hold.canonical(STOP));
        lastHold.put(b.name(), STOP);
      } else if (now.equals(STOP) && (!STOP.equals(before) || !held.containsKey(b.name()))) {
        held.put(b.name(), new Held(null));
      } else if (!now.equals(STOP)) {
        held.remove(b.name());
      }
    }
  }

  /** The formulas a block's data, and the replies describing it, are computed with. */
  MockFormulas formulas(MockBlock b) {
    Held h = held.get(b.name());
    if (h == null) {
      return formulas;
    }
    if (h.frozen == null) {
      h.frozen = settings.snapshot();
    }
    return formulas.view(settings.overlay(h.frozen, live.get(b.name())));
  }

  /** Answers the traces of {@code source} instead of synthesized ones; null: synthesize again. */
  void play(TraceSource source) {
    this.source = source;
  }

  /** The samples, in volts, that the block answers for {@code channel}. */
  double[] samples(MockBlock b, int channel) {
    TraceSource played = source;
    if (played != null) {
      count.incrementAndGet();
      return played.trace(channel);
    }
    MockFormulas f = formulas(b);
    Held h = held.get(b.name());
    if (h == null) {
      String key = b.name() + "#" + channel;
      double[] trace = acquire(b, channel, f, lastTrace.get(key), null);
      lastTrace.put(key, trace);
      return trace;
    }
    double[] draw =
        h.draws.computeIfAbsent(
            channel, c -> new double[] {draws.nextDouble(), draws.nextInt(1 << 30)});
    int points = points(b, channel, f);
    double[] trace = h.traces.get(channel);
    if (trace == null || trace.length != points) {
      // A transfer setting such as the point count changed: the same acquisition, sent anew.
      trace = acquire(b, channel, f, null, draw);
      h.traces.put(channel, trace);
    }
    return trace;
  }

  /** Seconds between two samples of the block at {@code channel}. */
  double sampleInterval(MockBlock b, int channel) {
    MockFormulas f = formulas(b);
    return span(b, channel, f) / points(b, channel, f);
  }

  private static int points(MockBlock b, int channel, MockFormulas f) {
    return (int) f.number(b.setting("points"), channel, 1000);
  }

  private static double span(MockBlock b, int channel, MockFormulas f) {
    return f.number(b.setting("timebase"), channel, 1e-3)
        * f.number(b.setting("divisions"), channel, 10);
  }

  private double[] acquire(MockBlock b, int channel, MockFormulas f, double[] last, double[] draw) {
    int points = points(b, channel, f);
    double span = span(b, channel, f);
    double dt = span / points;
    MockInput input = description.inputs.getOrDefault(channel, MockInput.NONE);
    String coupling = f.text(b.setting("coupling"), channel);
    if (coupling != null && coupling.toUpperCase(Locale.ROOT).startsWith("GND")) {
      input = MockInput.NONE;
    } else if (coupling != null && coupling.toUpperCase(Locale.ROOT).startsWith("AC")) {
      input = new MockInput(input.shape(), input.frequency(), input.amplitude(), 0, input.noise());
    }
    double scale = f.number(b.setting("scale"), channel, Double.NaN);
    double centre = f.number(b.setting("offset"), channel, 0);
    double halfScreen = scale * f.number(b.setting("verticalDivisions"), channel, 8) / 2;
    double low = Double.isNaN(scale) ? Double.NEGATIVE_INFINITY : centre - halfScreen;
    double high = Double.isNaN(scale) ? Double.POSITIVE_INFINITY : centre + halfScreen;
    double triggerTime = Double.NaN;
    double level = f.number(b.setting("triggerLevel"), channel, Double.NaN);
    if (!Double.isNaN(level)) {
      int triggerChannel = f.channel(b.setting("triggerSource"), channel, channel);
      String slope = f.text(b.setting("triggerSlope"), channel);
      boolean rising = slope == null || !slope.toUpperCase(Locale.ROOT).matches("NEG.*|FALL.*");
      triggerTime =
          description
              .inputs
              .getOrDefault(triggerChannel, MockInput.NONE)
              .triggerTime(level, rising);
    }
    String mode = f.text(b.setting("triggerMode"), channel);
    if (Double.isNaN(triggerTime)
        && last != null
        && mode != null
        && mode.toUpperCase(Locale.ROOT).startsWith("NORM")) {
      return last; // nothing triggers: a scope in NORMal mode keeps showing the last trace
    }
    count.incrementAndGet();
    WaveformSynthesizer synth =
        synthesizers.computeIfAbsent(
            b.name() + "#" + channel, k -> new WaveformSynthesizer(k.hashCode() * 31L + 7));
    return synth.acquire(
        input,
        dt,
        points,
        -span / 2,
        triggerTime,
        low,
        high,
        draw == null ? Double.NaN : draw[0],
        draw == null ? -1 : (int) draw[1]);
  }
}
