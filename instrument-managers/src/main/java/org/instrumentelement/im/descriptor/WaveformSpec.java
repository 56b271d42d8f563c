package org.instrumentelement.im.descriptor;

import java.nio.ByteOrder;
import java.util.Map;
import java.util.Set;
import org.instrumentelement.ial.ieee4882.BinaryFormat;

/**
 * How a described instrument answers its waveform: the data query, the binary format of its block
 * (fixed, or chosen by a parameter), the preamble query and which of its fields hold which
 * quantity, and the vendor's scaling.
 *
 * @param before sent before each read (e.g. a digitize), or {@code null}
 * @param format a {@link BinaryFormat} name, or a parameter whose value {@code formats} maps
 * @param byteOrder {@code big}, {@code little}, or a parameter whose value {@code byteOrders} maps
 * @param preamble the preamble query, or {@code null} when the samples are volts and no time axis
 *     is described
 * @param fields quantity ({@link #QUANTITIES}) to field index in the preamble
 */
record WaveformSpec(
    ScpiTemplate before,
    ScpiTemplate query,
    String format,
    Map<String, BinaryFormat> formats,
    String byteOrder,
    Map<String, ByteOrder> byteOrders,
    ScpiTemplate preamble,
    String separator,
    Map<String, Integer> fields,
    WaveformScaling scaling) {

  /** The quantities a preamble field may hold. */
  static final Set<String> QUANTITIES =
      Set.of(
          "points",
          "xIncrement",
          "xOrigin",
          "xReference",
          "xStop",
          "yIncrement",
          "yOrigin",
          "yReference");
}
