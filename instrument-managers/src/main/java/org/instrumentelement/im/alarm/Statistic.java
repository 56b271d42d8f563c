package org.instrumentelement.im.alarm;

import java.util.List;
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

  /** What separates an attribute from its statistic in {@link #nameOf}. */
  public static final char SEPARATOR = '.';

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
    return from(TraceStatistics.of(d));
  }

  /**
   * This statistic among those of a vector taken in one pass (so that several statistics of one
   * vector cost one pass); NaN for a vector without elements, and for VALUE.
   */
  public double from(TraceStatistics s) {
    if (s.count() == 0) {
      return Double.NaN;
    }
    return switch (this) {
      case MIN -> s.min();
      case MAX -> s.max();
      case MEAN -> s.mean();
      case RMS -> s.rms();
      case PEAK_TO_PEAK -> s.peakToPeak();
      case VALUE -> Double.NaN;
    };
  }

  /**
   * The name of this number of {@code attribute}: the attribute itself for VALUE, else the
   * attribute, a dot and the statistic ({@code waveform.max}), as alarms and the history archive
   * name it. Attribute names hold no dot, so no such name is an attribute's.
   */
  public String nameOf(String attribute) {
    return this == VALUE ? attribute : attribute + SEPARATOR + configName;
  }

  /**
   * The vector statistic that a name of {@link #nameOf}'s form names ({@code waveform.max}: MAX),
   * or null for a name without one (an attribute's own, or an unknown statistic).
   */
  public static Statistic inName(String name) {
    int dot = name == null ? -1 : name.lastIndexOf(SEPARATOR);
    if (dot <= 0) {
      return null;
    }
    Statistic s = named(name.substring(dot + 1));
    return s == VALUE ? null : s;
  }

  /** The attribute of a name of {@link #nameOf}'s form ({@code waveform.max}: {@code waveform}). */
  public static String attributeIn(String name) {
    return name.substring(0, name.lastIndexOf(SEPARATOR));
  }

  /** The vector statistics (every one but VALUE), in the order of their declaration. */
  public static List<Statistic> ofVectors() {
    return List.of(MIN, MAX, MEAN, RMS, PEAK_TO_PEAK);
  }
}
