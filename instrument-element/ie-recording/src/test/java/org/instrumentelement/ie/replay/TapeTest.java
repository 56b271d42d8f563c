package org.instrumentelement.ie.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jhdf.HdfFile;
import io.jhdf.WritableHdfFile;
import io.jhdf.api.WritableDataset;
import io.jhdf.api.WritableGroup;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tape plays what docs/recording.md describes: vectors of doubles as they are, and vectors of
 * codes as {@code code * scale_factor + add_offset}, to the bit, with the NaN code as NaN.
 */
class TapeTest {
  @TempDir Path dir;

  static final double SCALE = 7.8125e-4 / 3; // not a power of two: the rounding is tested
  static final double OFFSET = -0.0137;

  /** One segment of a scope's waveform in the layout a recording writes. */
  private void segment(int number, Object values, boolean codes) {
    try (WritableHdfFile f = HdfFile.write(dir.resolve("segment-00000" + number + ".h5"))) {
      WritableGroup im = f.putGroup("scope");
      im.putAttribute("imType", "oscilloscope");
      im.putAttribute("identity", "MOCK");
      WritableGroup g = im.putGroup("waveform");
      g.putAttribute("type", "DOUBLE_ARRAY");
      WritableDataset v = g.putDataset("value", values);
      if (codes) {
        v.putAttribute("scale_factor", SCALE);
        v.putAttribute("add_offset", OFFSET);
        v.putAttribute(
            "_FillValue", values instanceof byte[][] ? (Object) (byte) -128 : (short) -32768);
      }
      g.putDataset("acquired", new long[] {number * 1000L, number * 1000L + 1});
    }
  }

  @Test
  void playsDoublesAsTheyAreAndCodesAsTheirDoubles() throws Exception {
    double[][] doubles = {{0.1, -2.5, Double.MIN_VALUE}, {1e300, 0, -0.0}};
    short[][] words = {{1, -1, -32768}, {32767, 12345, -7}};
    byte[][] bytes = {{1, -1, -128}, {127, 45, -7}};
    segment(1, doubles, false);
    segment(2, words, true);
    segment(3, bytes, true);
    try (Tape t = Tape.open(dir)) {
      assertEquals(6, t.count());
      assertEquals(3, t.length());
      for (int k = 0; k < 6; k++) {
        double[] played = t.vector(k);
        for (int i = 0; i < 3; i++) {
          double expected;
          if (k < 2) {
            expected = doubles[k][i];
          } else {
            int code = k < 4 ? words[k - 2][i] : bytes[k - 4][i];
            expected = i == 2 && k % 2 == 0 ? Double.NaN : code * SCALE + OFFSET;
          }
          assertEquals(
              Double.doubleToLongBits(expected),
              Double.doubleToLongBits(played[i]),
              "vector " + k + " sample " + i);
        }
      }
      assertTrue(Double.isNaN(t.vector(2)[2]), "the NaN code plays as NaN");
    }
  }
}
