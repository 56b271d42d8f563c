package org.instrumentelement.ial.mock;

import java.util.Locale;

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
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    double sum = 0;
    double squares = 0;
    for (double x : v) {
      min = Math.min(min, x);
      max = Math.max(max, x);
      sum += x;
      squares += x * x;
    }
    return switch (this) {
      case PEAKTOPEAK, AMPLITUDE -> max - min;
      case MAX -> max;
      case MIN -> min;
      case MEAN -> sum / v.length;
      case RMS -> Math.sqrt(squares / v.length);
      case FREQUENCY -> {
        double period = period(v, dt, min, max);
        yield Double.isNaN(period) ? NOT_A_NUMBER : 1 / period;
      }
      case PERIOD -> {
        double period = period(v, dt, min, max);
        yield Double.isNaN(period) ? NOT_A_NUMBER : period;
      }
    };
  }

  private static double period(double[] v, double dt, double min, double max) {
    double mid = (min + max) / 2;
    double hysteresis = (max - min) / 10;
    if (hysteresis <= 0) {
      return Double.NaN;
    }
    int first = -1;
    int last = -1;
    int crossings = 0;
    boolean armed = false;
    for (int i = 0; i < v.length; i++) {
      if (v[i] < mid - hysteresis) {
        armed = true;
      } else if (armed && v[i] > mid) {
        armed = false;
        if (first < 0) {
          first = i;
        }
        last = i;
        crossings++;
      }
    }
    return crossings < 2 ? Double.NaN : (last - first) * dt / (crossings - 1);
  }
}
