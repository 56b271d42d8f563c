package org.instrumentelement.ie.contract;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Arrays;

/** Fuzzes the decoders of packed raw history columns, which a client runs on an IE's answer. */
class PackedColumnsFuzzTest {
  /**
   * Invariant: any bytes, with any count the caller allows, decode ({@link
   * PackedColumns#unpackTimes}, {@code unpackSequenceRuns}, {@code unpackQualityRuns}, {@code
   * unpackProvenanceRuns}) to exactly {@code count} samples or throw {@link
   * IllegalArgumentException}, and nothing else (no endless loop, no allocation beyond the count's
   * arrays); what decodes, encoded again, decodes to the same samples.
   *
   * <p>Input: byte 0 chooses the column (times, sequence, quality, provenance runs), bytes 1 and 2
   * are the count (uint16 little-endian, as a caller bounds it), the rest the column's bytes.
   */
  @FuzzTest
  void columns(byte[] input) {
    if (input.length < 3) {
      return;
    }
    int column = (input[0] & 0xFF) % 4;
    int count = (input[1] & 0xFF) | (input[2] & 0xFF) << 8;
    byte[] data = Arrays.copyOfRange(input, 3, input.length);
    try {
      switch (column) {
        case 0 -> {
          long[] t = PackedColumns.unpackTimes(data, count);
          same(t, PackedColumns.unpackTimes(PackedColumns.packTimes(t, count), count), count);
        }
        case 1 -> {
          long[] s = PackedColumns.unpackSequenceRuns(data, count);
          same(
              s,
              PackedColumns.unpackSequenceRuns(PackedColumns.packSequenceRuns(s, count), count),
              count);
        }
        case 2 -> {
          byte[] q = PackedColumns.unpackQualityRuns(data, count);
          byte[] again =
              PackedColumns.unpackQualityRuns(PackedColumns.packQualityRuns(q, count), count);
          if (q.length != count || !Arrays.equals(q, again)) {
            throw new AssertionError("qualities did not round-trip");
          }
        }
        default -> {
          long[] p = PackedColumns.unpackProvenanceRuns(data, count);
          same(
              p,
              PackedColumns.unpackProvenanceRuns(PackedColumns.packProvenanceRuns(p, count), count),
              count);
        }
      }
    } catch (IllegalArgumentException e) {
      // documented: bytes that do not hold exactly count samples
    }
  }

  private static void same(long[] a, long[] b, int count) {
    if (a.length != count || !Arrays.equals(a, b)) {
      throw new AssertionError("did not round-trip: " + a.length + " of " + count);
    }
  }
}
