package org.instrumentelement.ial.mock;

import java.util.Locale;

/**
 * The signal wired to one input channel of a mock device: a periodic shape with offset and Gaussian
 * noise (standard deviation {@code noise}, in volts).
 */
record MockInput(Shape shape, double frequency, double amplitude, double offset, double noise) {

  enum Shape {
    SINE,
    SQUARE,
    TRIANGLE,
    RAMP,
    DC;

    static Shape of(String name) {
      return valueOf(name.trim().toUpperCase(Locale.ROOT));
    }
  }

  static final MockInput NONE = new MockInput(Shape.DC, 0, 0, 0, 0);

  /** The noise-free value at time {@code t} seconds. */
  double valueAt(double t) {
    double cycles = t * frequency;
    double theta = 2 * Math.PI * (cycles - Math.floor(cycles));
    double unit =
        switch (shape) {
          case SINE -> Math.sin(theta);
          case SQUARE -> theta < Math.PI ? 1 : -1;
          case TRIANGLE -> (2 / Math.PI) * Math.asin(Math.sin(theta));
          case RAMP -> theta / Math.PI - 1;
          case DC -> 1;
        };
    return shape == Shape.DC ? offset + amplitude : offset + amplitude * unit;
  }

  /**
   * The time within one period at which the signal crosses {@code level} on the given slope, or
   * {@code NaN} if it never does (the scope then runs untriggered).
   */
  double triggerTime(double level, boolean rising) {
    if (shape == Shape.DC || frequency <= 0 || amplitude <= 0) {
      return Double.NaN;
    }
    double x = (level - offset) / amplitude;
    if (x <= -1 || x >= 1) {
      return Double.NaN;
    }
    double theta =
        switch (shape) {
          case SINE -> rising ? Math.asin(x) : Math.PI - Math.asin(x);
          case TRIANGLE -> rising ? x * Math.PI / 2 : Math.PI - x * Math.PI / 2;
          case SQUARE -> rising ? 0 : Math.PI;
          case RAMP -> rising ? Math.PI * (x + 1) : Double.NaN;
          case DC -> Double.NaN;
        };
    double phase = theta < 0 ? theta + 2 * Math.PI : theta;
    return phase / (2 * Math.PI * frequency);
  }
}
