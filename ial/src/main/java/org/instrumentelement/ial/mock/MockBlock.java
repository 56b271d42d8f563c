package org.instrumentelement.ial.mock;

import java.nio.ByteOrder;
import java.util.Map;
import org.instrumentelement.ial.ieee4882.BinaryFormat;

/**
 * A query that answers an IEEE 488.2 definite-length block of samples: a waveform or any vector of
 * doubles. Every setting is either the name of a device property (read at acquisition time, at the
 * source channel for per-channel ones) or a literal; {@code null} where the file leaves it out.
 */
record MockBlock(
    String name,
    ScpiHeader query,
    BinaryFormat format,
    ByteOrder byteOrder,
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
          "hold"); // RUN acquires anew at each query, STOP returns the last, SINGLE acquires once

  String setting(String key) {
    return settings.get(key);
  }
}
