package org.instrumentelement.im.descriptor;

import java.nio.ByteOrder;
import java.util.Map;
import java.util.Set;
import org.instrumentelement.ial.ieee4882.BinaryFormat;
import org.instrumentelement.ial.trace.ScaledCodes;

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
 * @param holeCode the code of no sample (a hole), in the instrument's codes: an integer, {@code
 *     max} (the format's largest code), or {@code null} for none
 * @param clipLowCode the code of a sample clipped at the bottom of the screen, likewise
 * @param clipHighCode the code of a sample clipped at the top of the screen, likewise
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
    WaveformScaling scaling,
    String holeCode,
    String clipLowCode,
    String clipHighCode) {

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

  /**
   * A special code as kept ({@link ScaledCodes#shift}: minus 128 or 32,768 for unsigned formats),
   * or null.
   *
   * @param code an integer in the instrument's codes, {@code max} or {@code null}
   * @throws IllegalArgumentException if the code is not one of {@code format}
   */
  static Integer kept(String code, BinaryFormat format) {
    if (code == null) {
      return null;
    }
    int shift = ScaledCodes.shift(format);
    int bits = 8 * format.width();
    long max = (1L << (shift == 0 ? bits - 1 : bits)) - 1;
    long c = code.equals("max") ? max : Long.parseLong(code);
    if (c > max || c < (shift == 0 ? -max - 1 : 0)) {
      throw new IllegalArgumentException(code + " is not a " + format + " code");
    }
    return (int) (c - shift);
  }
}
