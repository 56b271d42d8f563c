package org.instrumentelement.ial.mock;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BlockEncoderTest {

  @Test
  void asciiNumbersAreNr3AsTheFormatterWritesThem() {
    Random r = new Random(7);
    double[] values = {0, 1, -1, 0.5, 9.9999999, 1e-12, -123456.789, 0.015625, 99999995, 1e300};
    for (double v : values) {
      check(v);
    }
    for (int i = 0; i < 2_000; i++) {
      check((r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(30) - 15));
    }
  }

  private static void check(double v) {
    StringBuilder out = new StringBuilder();
    BlockEncoder.nr3(out, v);
    assertEquals(String.format(Locale.ROOT, "%+.6E", v), out.toString(), Double.toString(v));
  }
}
