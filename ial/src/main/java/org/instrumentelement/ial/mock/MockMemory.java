package org.instrumentelement.ial.mock;

import java.util.Map;
import org.instrumentelement.ial.scpi.device.HeaderPattern;

/**
 * A multimeter's reading memory and statistics ({@code DATA:POINts?}, {@code R?}, {@code
 * CALCulate:AVERage:AVERage?} on a Keysight 34461A): the readings a reply last took stay in memory
 * until read out, and every reading taken counts in the statistics until they are cleared.
 *
 * @param reply the computed reply whose readings are kept ({@code read}: READ?, INITiate, MEASure?)
 * @param statistics a boolean property that turns the statistics on, or {@code null} for always
 * @param queries the headers, by what they do: {@code points}, {@code remove} ({@code n} readings,
 *     text), {@code take} (up to {@code n} readings as a definite-length block), {@code average},
 *     {@code minimum}, {@code maximum}, {@code deviation}, {@code count}, {@code peakToPeak},
 *     {@code all} (average, deviation, minimum, maximum) and {@code clear} (a command)
 */
record MockMemory(
    String name, String reply, String statistics, Map<String, HeaderPattern> queries) {

  /** What a memory's headers may do. */
  static final java.util.List<String> QUERIES =
      java.util.List.of(
          "points",
          "remove",
          "take",
          "average",
          "minimum",
          "maximum",
          "deviation",
          "count",
          "peakToPeak",
          "all",
          "clear");
}
