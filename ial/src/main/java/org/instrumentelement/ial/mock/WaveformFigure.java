package org.instrumentelement.ial.mock;

import java.util.Locale;
import org.instrumentelement.ial.trace.TraceStatistics;

/**
 * The automatic measurements a scope makes on a trace. Frequency and period count the crossings of
 * the trace's mid level (with a little hysteresis against noise); a trace with fewer than two
 * rising crossings has none, and the scope answers 9.9E37, SCPI's "not a number".
 */
enum WaveformFigure {
  PEAKTOPEAK,
  MAX,
  MIN,
  MEAN,
  RMS,
  AMPLITUDE,
  FREQUENCY,
  PERIOD;

  /** What instruments answer for a figure they cannot measure (SCPI-99's NAN). */
  static final double NOT_A_NUMBER = 9.9e37;

  /** The figure named in a model file ({@code peakToPeak}). */
  static WaveformFigure of(String name) {
    try {
      return valueOf(name.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "'"
              + name
              + "' is not a figure (peakToPeak, max, min, mean, rms, amplitude, frequency,"
              + " period)");
    }
  }

  /** The figure of {@code v}, samples {@code dt} seconds apart. */
  double of(double[] v, double dt) {
    if (v.length == 0) {
      return NOT_A_NUMBER;
    }
    TraceStatistics s = TraceStatistics.of(v);
    return switch (this) {
      case PEAKTOPEAK, AMPLITUDE -> s.peakToPeak();
      case MAX -> s.max();
      case MIN -> s.min();
      case MEAN -> s.mean();
      case RMS -> s.rms();
      case FREQUENCY -> {
        double period = TraceStatistics.period(v, dt);
        yield Double.isNaN(period) ? NOT_A_NUMBER : 1 / period;
      }
      case PERIOD -> {
        double period = TraceStatistics.period(v, dt);
        yield Double.isNaN(period) ? NOT_A_NUMBER : period;
      }
    };
  }
}
