package org.instrumentelement.ial.mock;

import java.util.Map;
import java.util.Set;
import org.instrumentelement.ial.scpi.device.HeaderPattern;

/**
 * A query that answers an IEEE 488.2 definite-length block of samples: a waveform or any vector of
 * doubles. Every setting is either the name of a device property (read at acquisition time, at the
 * source channel for per-channel ones) or a literal; {@code null} where the file leaves it out.
 * Numeric settings may also be derived values or expressions.
 *
 * @param format a format name ({@code uint8}, {@code ascii}, {@code text}...), or a property whose
 *     value {@code formats} maps to one
 * @param formats property value (short form) to format name
 * @param byteOrder {@code little}, {@code big}, or a property whose value {@code byteOrders} maps
 * @param transfer properties that shape the transfer rather than the acquisition: a held trace is
 *     sent according to their current values ({@code :WAVeform:POINts} on a Keysight scope), while
 *     every other property applies from the next acquisition on
 * @param sequenceProperty with {@code sequenceValue}: when that property has that value, setting
 *     the hold property to RUN takes one acquisition and stops ({@code ACQuire:STOPAfter
 *     SEQuence}), or {@code null}
 * @param form how {@code ascii} and {@code text} values are written, or {@code null} for NR3
 */
record MockBlock(
    String name,
    HeaderPattern query,
    String format,
    Map<String, String> formats,
    String byteOrder,
    Map<String, String> byteOrders,
    Set<String> transfer,
    String sequenceProperty,
    String sequenceValue,
    NumberForm form,
    Map<String, String> settings) {

  /** Settings a block understands; anything else in the file is a mistake. */
  static final Set<String> KEYS =
      Set.of(
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
          "hold", // RUN acquires anew at each query, STOP holds, SINGLE acquires once and stops
          "yIncrement", // volts per code: samples are sent as integer codes, not volts
          "yOrigin", // volts at code yReference
          "yReference", // the code of yOrigin
          "clipLowCode", // the code a sample at or below the screen's bottom is sent as
          "clipHighCode"); // the code a sample at or above the screen's top is sent as

  /** Settings that are numbers: a literal, a property, a derived value or an expression. */
  static final Set<String> NUMERIC =
      Set.of(
          "points",
          "timebase",
          "divisions",
          "scale",
          "offset",
          "verticalDivisions",
          "triggerLevel",
          "yIncrement",
          "yOrigin",
          "yReference",
          "clipLowCode",
          "clipHighCode");

  String setting(String key) {
    return settings.get(key);
  }
}
