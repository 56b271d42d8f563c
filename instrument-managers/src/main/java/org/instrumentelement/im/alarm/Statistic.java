package org.instrumentelement.im.alarm;

import org.instrumentelement.ial.trace.TraceStatistics;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueType;

/**
 * The number of a value that limits apply to: a scalar itself, or one statistic of a vector's
 * elements (so that "the trace's maximum above 3 V" needs no new attribute).
 */
public enum Statistic {
  /** A DOUBLE or INTEGER attribute's value. */
  VALUE(""),
  MIN("min"),
  MAX("max"),
  MEAN("mean"),
  RMS("rms"),
  PEAK_TO_PEAK("peakToPeak");

  private final String configName;

  Statistic(String configName) {
    this.configName = configName;
  }

  /** The name in keys and messages ({@code max}); empty for VALUE. */
  public String configName() {
    return configName;
  }

  /** The statistic named {@code name} ({@code min}, ... ; empty or null: VALUE), or null. */
  public static Statistic named(String name) {
    if (name == null || name.isEmpty()) {
      return VALUE;
    }
    for (Statistic s : values()) {
      if (s.configName.equals(name)) {
        return s;
      }
    }
    return null;
  }

  /** Whether this applies to values of {@code type}. */
  public boolean appliesTo(ValueType type) {
    return this == VALUE
        ? type == ValueType.DOUBLE || type == ValueType.INTEGER
        : type == ValueType.DOUBLE_ARRAY;
  }

  /** This number of {@code v}; NaN when it has none (an empty vector, a type it does not fit). */
  public double of(Value v) {
    if (!appliesTo(v.type())) {
      return Double.NaN;
    }
    if (this == VALUE) {
      return v.asDouble();
    }
    double[] d = v.asDoubles();
    if (d.length == 0) {
      return Double.NaN;
    }
    TraceStatistics s = TraceStatistics.of(d);
    return switch (this) {
      case MIN -> s.min();
      case MAX -> s.max();
      case MEAN -> s.mean();
      case RMS -> s.rms();
      case PEAK_TO_PEAK -> s.peakToPeak();
      case VALUE -> throw new AssertionError();
    };
  }
}
