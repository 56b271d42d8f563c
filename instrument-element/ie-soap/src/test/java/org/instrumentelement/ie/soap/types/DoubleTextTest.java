package org.instrumentelement.ie.soap.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DoubleTextTest {

  @Test
  void writesCompactValidDoubleText() {
    assertEquals("0", DoubleText.toString(0.0));
    assertEquals("-0", DoubleText.toString(-0.0));
    assertEquals("1", DoubleText.toString(1.0));
    assertEquals(".25", DoubleText.toString(0.25));
    assertEquals("-.05", DoubleText.toString(-0.05));
    assertEquals("1200", DoubleText.toString(1200.0));
    assertEquals("123456.7", DoubleText.toString(123456.7));
    assertEquals("1.5E-9", DoubleText.toString(1.5e-9));
    assertEquals("1E-4", DoubleText.toString(1e-4));
    assertEquals(".001", DoubleText.toString(0.001));
    assertEquals("1E21", DoubleText.toString(1e21));
    assertEquals("1.7976931348623157E308", DoubleText.toString(Double.MAX_VALUE));
    assertEquals("4.9E-324", DoubleText.toString(Double.MIN_VALUE));
    assertEquals("NaN", DoubleText.toString(Double.NaN));
    assertEquals("INF", DoubleText.toString(Double.POSITIVE_INFINITY));
    assertEquals("-INF", DoubleText.toString(Double.NEGATIVE_INFINITY));
  }

  @Test
  void eightDigitsAreWrittenWithLeadingZeros() {
    SplittableRandom r = new SplittableRandom(13);
    for (int i = 0; i < 2_000_000; i++) {
      int n = i < 200_000 ? i * 499 % 100_000_000 : r.nextInt(100_000_000);
      if (i < 20) {
        n =
            new int[] {
                  0,
                  1,
                  9,
                  10,
                  99,
                  100,
                  999,
                  1000,
                  9999,
                  10_000,
                  99_999,
                  100_000,
                  999_999,
                  1_000_000,
                  9_999_999,
                  10_000_000,
                  12_345_678,
                  99_999_999,
                  90_000_009,
                  10_101_010
                }
                [i];
      }
      long digits = DoubleText.eightDigits(n);
      byte[] b = new byte[8];
      for (int k = 0; k < 8; k++) {
        b[k] = (byte) (digits >>> (56 - 8 * k));
      }
      assertEquals(
          String.format("%08d", n), new String(b, java.nio.charset.StandardCharsets.US_ASCII));
    }
  }

  @Test
  void everyValueReadsBackExactly() {
    SplittableRandom r = new SplittableRandom(7);
    for (int i = 0; i < 500_000; i++) {
      double v =
          switch (i % 3) {
            case 0 -> Double.longBitsToDouble(r.nextLong());
            case 1 -> r.nextDouble() * 2 - 1;
            default -> Math.sin(i * 1e-3) + r.nextGaussian() * 0.01;
          };
      if (!Double.isFinite(v)) {
        continue;
      }
      String s = DoubleText.toString(v);
      assertEquals(Double.doubleToLongBits(v), Double.doubleToLongBits(Double.parseDouble(s)), s);
    }
  }

  @Test
  void digitsAreTheFewestThatReadBack() {
    SplittableRandom r = new SplittableRandom(11);
    for (int i = 0; i < 20_000; i++) {
      double v = Double.longBitsToDouble(r.nextLong() & 0x7FEF_FFFF_FFFF_FFFFL);
      if (v == 0 || !Double.isFinite(v)) {
        continue;
      }
      int ours = significantDigits(DoubleText.toString(v));
      // The fewest digits that still read back, found by trying every precision.
      int fewest = 1;
      while (new BigDecimal(v).round(new MathContext(fewest)).doubleValue() != v) {
        fewest++;
      }
      assertTrue(ours <= fewest, v + ": " + ours + " digits, " + fewest + " are enough");
    }
  }

  private static int significantDigits(String s) {
    int e = s.indexOf('E');
    String m = (e < 0 ? s : s.substring(0, e)).replace("-", "").replace(".", "");
    return m.replaceAll("^0+", "").replaceAll("0+$", "").length();
  }
}
