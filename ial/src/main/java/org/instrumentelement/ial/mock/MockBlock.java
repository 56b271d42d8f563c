package org.instrumentelement.ial.mock;

import java.nio.ByteOrder;
import java.util.Map;
import org.instrumentelement.ial.ieee4882.BinaryFormat;

/**
 * A query that answers an IEEE 488.2 definite-length block of samples: a waveform or any vector of
 * doubles. Every setting is either the name of a device property (read at acquisition time, at the
 * source channel for per-channel ones) or a literal; {@code null} where the file leaves it out.
 * Numeric settings may also be derived values or expressions.
 *
 * @param format a {@link BinaryFormat} name, or a property whose value {@code formats} maps to one
 * @param byteOrder {@code little}, {@code big}, or a property whose value {@code byteOrders} maps
 */
record MockBlock(
    String name,
    ScpiHeader query,
    String format,
    Map<String, BinaryFormat> formats,
    String byteOrder,
    Map<String, ByteOrder> byteOrders,
    Map<String, String> settings) {

  /** Settings a block understands; anything else in the file is a mistake. */
  static final java.util.Set<String> KEYS =
      java.util.Set.of(
          "points", // number of samples
          "source", // input channel: a number, or an enum value ending in digits (CHAN2)
          "timebase", // seconds per horizontal division
          "divisions", // horizontal divisions on screen (default 10)
          "scale", // volts per vertical division: samples clip at the screen edges
          "offset", // volts at the screen centre
          "verticalDivisions", // vertical divisions on screen (default 8)
          "coupling", // DC, AC (input offset removed) or GND (zero)
          "triggerSource", // channel whose input triggers the acquisition
          "triggerLevel", // volts
          "triggerSlope", // POS/RISE/RISING or NEG/FALL/FALLING
          "triggerMode", // AUTO free-runs when nothing triggers; NORM keeps the last acquisition
          "hold", // RUN acquires anew at each query, STOP returns the last, SINGLE acquires once
          "yIncrement", // volts per code: samples are sent as integer codes, not volts
          "yOrigin", // volts at code yReference
          "yReference"); // the code of yOrigin

  /** Settings that are numbers: a literal, a property, a derived value or an expression. */
  static final java.util.Set<String> NUMERIC =
      java.util.Set.of(
          "points",
          "timebase",
          "divisions",
          "scale",
          "offset",
          "verticalDivisions",
          "triggerLevel",
          "yIncrement",
          "yOrigin",
          "yReference");

  String setting(String key) {
    return settings.get(key);
  }
}
