package org.instrumentelement.ial.ieee4882;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteOrder;
import java.util.Arrays;

/** Fuzzes the IEEE 488.2 block header and the binary number formats inside blocks. */
class BlockFormatFuzzTest {

  /**
   * Invariant: {@link BlockHeader#parse} on any bytes returns a header, {@code null} (not enough
   * bytes yet) or throws {@link BlockFormatException}, nothing else; a definite header it accepts
   * has a length that {@link BlockHeader#definite} writes back into a header that parses to the
   * same length; and every {@link BinaryFormat} decodes the bytes after it (when whole values) and
   * encodes the values back to the same bytes (a NaN to a NaN).
   *
   * <p>Input: byte 0 picks the format (low 3 bits) and the byte order (bit 3); the rest is a block.
   */
  @FuzzTest
  @DictionaryEntries({"#0", "#1", "#9", "#3100", "#800000000"})
  void blocks(byte[] input) {
    if (input.length < 1) {
      return;
    }
    BinaryFormat format = BinaryFormat.values()[(input[0] & 7) % BinaryFormat.values().length];
    ByteOrder order = (input[0] & 8) != 0 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
    byte[] block = Arrays.copyOfRange(input, 1, input.length);
    BlockHeader header;
    try {
      header = BlockHeader.parse(block, 0, block.length);
    } catch (BlockFormatException e) {
      return;
    }
    if (header == null) {
      return;
    }
    if (header.headerLength() > block.length) {
      throw new AssertionError("a header longer than the bytes: " + header);
    }
    if (!header.indefinite()) {
      if (header.payloadLength() < 0 || header.payloadLength() > 999_999_999L) {
        throw new AssertionError("an impossible length: " + header);
      }
      byte[] again = BlockHeader.definite(header.payloadLength());
      try {
        BlockHeader back = BlockHeader.parse(again, 0, again.length);
        if (back.payloadLength() != header.payloadLength()) {
          throw new AssertionError(header + " wrote back as " + back);
        }
      } catch (BlockFormatException e) {
        throw new AssertionError("a header it wrote does not parse", e);
      }
    }
    byte[] data = Arrays.copyOfRange(block, header.headerLength(), block.length);
    data = Arrays.copyOf(data, data.length - data.length % format.width());
    double[] values = format.decode(data, order);
    byte[] encoded = format.encode(values, order);
    if (!Arrays.equals(data, encoded) && !nanOnly(format, data, encoded, order)) {
      throw new AssertionError(format + " " + order + " did not round-trip");
    }
  }

  /** Where bytes differ, whether both values are NaN (a NaN's payload may change). */
  private static boolean nanOnly(BinaryFormat format, byte[] a, byte[] b, ByteOrder order) {
    if (format != BinaryFormat.FLOAT32 && format != BinaryFormat.FLOAT64) {
      return false;
    }
    double[] x = format.decode(a, order);
    double[] y = format.decode(b, order);
    for (int i = 0; i < x.length; i++) {
      if (Double.doubleToLongBits(x[i]) != Double.doubleToLongBits(y[i])
          && !(Double.isNaN(x[i]) && Double.isNaN(y[i]))) {
        return false;
      }
    }
    return true;
  }
}
