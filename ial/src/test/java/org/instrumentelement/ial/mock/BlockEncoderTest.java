package org.instrumentelement.ial.mock;

import static java.lang.Double.NaN;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Random;
import org.instrumentelement.ial.ieee4882.BinaryFormat;
import org.junit.jupiter.api.Test;

class BlockEncoderTest {

  @Test
  void aBinaryBlockIsItsDefiniteHeaderThenTheValuesInTheFormat() {
    for (int n : new int[] {0, 1, 9, 10, 2500, 12_500}) {
      double[] volts = new double[n];
      for (int i = 0; i < n; i++) {
        volts[i] = Math.sin(i * 0.01) * 3;
      }
      byte[] block =
          new BlockEncoder(1)
              .encode(volts, "float64", ByteOrder.LITTLE_ENDIAN, Double.NaN, 0, 0, NaN, NaN, null);
      assertArrayEquals(
          definite(BinaryFormat.FLOAT64.encode(volts, ByteOrder.LITTLE_ENDIAN)),
          block,
          n + " values");
      // integer codes: (volts - origin) / increment + reference, rounded and saturated
      byte[] codes =
          new BlockEncoder(1)
              .encode(volts, "int16", ByteOrder.BIG_ENDIAN, 0.001, 0.5, 10, NaN, NaN, null);
      double[] expected = new double[n];
      for (int i = 0; i < n; i++) {
        expected[i] = (volts[i] - 0.5) / 0.001 + 10;
      }
      assertArrayEquals(
          definite(BinaryFormat.INT16.encode(expected, ByteOrder.BIG_ENDIAN)), codes, n + " codes");
    }
  }

  /**
   * With clip codes (a Keysight's 1 and 0xFFFF), a sample at or beyond the screen's edge goes out
   * as its clip code, never as the hole code 0 below it, and one inside the screen as its code.
   */
  @Test
  void samplesAtTheScreensEdgesGoOutAsTheClipCodes() {
    // 8 divisions of 0.1 V over 65,536 codes around 0 V: the screen spans -0.4 to +0.4 V.
    double inc = 0.8 / 65536;
    double[] volts = {-0.4, -0.39999, -0.2, 0, 0.2, 0.39999, 0.4};
    byte[] block =
        new BlockEncoder(1)
            .encode(volts, "uint16", ByteOrder.BIG_ENDIAN, inc, 0, 32768, 1, 65535, null);
    int data = 2 + block[1] - '0'; // after #<digits><length>
    java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(block, data, block.length - data);
    int[] codes = new int[volts.length];
    for (int i = 0; i < codes.length; i++) {
      codes[i] = Short.toUnsignedInt(b.getShort());
    }
    assertArrayEquals(new int[] {1, 1, 16384, 32768, 49152, 65535, 65535}, codes);
    // Without clip codes the bottom edge saturates to 0, as before.
    byte[] plain =
        new BlockEncoder(1)
            .encode(volts, "uint16", ByteOrder.BIG_ENDIAN, inc, 0, 32768, NaN, NaN, null);
    assertEquals(0, Short.toUnsignedInt(java.nio.ByteBuffer.wrap(plain, data, 2).getShort()));
  }

  @Test
  void asciiValuesComeInABlockOrAsPlainTextInTheModelsForm() {
    double[] volts = {-0.125, 0.5, 1.5e-3};
    String block =
        new String(
            new BlockEncoder(9)
                .encode(
                    volts,
                    "ascii",
                    ByteOrder.LITTLE_ENDIAN,
                    Double.NaN,
                    0,
                    0,
                    NaN,
                    NaN,
                    NumberForm.parse("t", "9.999999e-99")),
            StandardCharsets.US_ASCII);
    assertEquals("#9000000039-1.250000e-01,5.000000e-01,1.500000e-03", block);
    String text =
        new String(
            new BlockEncoder(1)
                .encode(
                    volts,
                    "text",
                    ByteOrder.LITTLE_ENDIAN,
                    Double.NaN,
                    0,
                    0,
                    NaN,
                    NaN,
                    NumberForm.parse("t", "9.999999")),
            StandardCharsets.US_ASCII);
    assertEquals("-0.125000,0.500000,0.001500", text);
    byte[] rigol =
        new BlockEncoder(9)
            .encode(new double[1200], "uint8", ByteOrder.BIG_ENDIAN, 1, 0, 0, NaN, NaN, null);
    assertEquals("#9000001200", new String(rigol, 0, 11, StandardCharsets.US_ASCII));
  }

  /** {@code data} behind its IEEE 488.2 definite-length header, {@code #<digits><length>}. */
  private static byte[] definite(byte[] data) {
    String length = Integer.toString(data.length);
    byte[] a = ("#" + length.length() + length).getBytes(StandardCharsets.US_ASCII);
    byte[] out = java.util.Arrays.copyOf(a, a.length + data.length);
    System.arraycopy(data, 0, out, a.length, data.length);
    return out;
  }

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
