package org.instrumentelement.ial.ieee4882;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

class BinaryFormatTest {

  @Test
  void roundTripsEveryFormatInBothByteOrders() {
    double[] signed = {0, 1, -1, 100, -100, 127, -128};
    double[] unsigned = {0, 1, 100, 127, 128, 200, 255};
    for (BinaryFormat f : BinaryFormat.values()) {
      double[] values = f.name().startsWith("U") ? unsigned : signed;
      for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
        byte[] encoded = f.encode(values, order);
        assertEquals(values.length * f.width(), encoded.length);
        assertArrayEquals(values, f.decode(encoded, order), 0, f + " " + order);
      }
    }
  }

  @Test
  void encodesIntoAnArrayAtAnOffsetAsItEncodesAlone() {
    double[] values = {0, 1.5, -2.25, 1e300, -7, 255, Double.NaN};
    for (BinaryFormat f : BinaryFormat.values()) {
      for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
        byte[] alone = f.encode(values, order);
        byte[] out = new byte[3 + alone.length + 2];
        java.util.Arrays.fill(out, (byte) 0x5a);
        f.encode(values, order, out, 3);
        assertArrayEquals(alone, java.util.Arrays.copyOfRange(out, 3, 3 + alone.length));
        for (int i : new int[] {0, 1, 2, out.length - 2, out.length - 1}) {
          assertEquals((byte) 0x5a, out[i], f + " " + order + ": byte " + i + " outside changed");
        }
      }
    }
    assertThrows(
        IndexOutOfBoundsException.class,
        () -> BinaryFormat.FLOAT64.encode(values, ByteOrder.LITTLE_ENDIAN, new byte[60], 8));
  }

  @Test
  void byteOrderMatters() {
    byte[] be = BinaryFormat.INT16.encode(new double[] {1}, ByteOrder.BIG_ENDIAN);
    assertArrayEquals(new byte[] {0, 1}, be);
    assertEquals(256, BinaryFormat.INT16.decode(be, ByteOrder.LITTLE_ENDIAN)[0]);
  }

  @Test
  void integersSaturate() {
    byte[] b = BinaryFormat.INT8.encode(new double[] {300, -300}, ByteOrder.BIG_ENDIAN);
    assertArrayEquals(new double[] {127, -128}, BinaryFormat.INT8.decode(b, ByteOrder.BIG_ENDIAN));
  }

  @Test
  void unsignedFormatsUseTheWholeRange() {
    byte[] b = BinaryFormat.UINT8.encode(new double[] {255, 300, -5}, ByteOrder.BIG_ENDIAN);
    assertArrayEquals(new byte[] {(byte) 0xff, (byte) 0xff, 0}, b);
    assertArrayEquals(
        new double[] {65535, 32768},
        BinaryFormat.UINT16.decode(new byte[] {-1, -1, -128, 0}, ByteOrder.BIG_ENDIAN));
  }

  @Test
  void rejectsPartialValues() {
    assertThrows(
        IllegalArgumentException.class,
        () -> BinaryFormat.FLOAT64.decode(new byte[12], ByteOrder.LITTLE_ENDIAN));
  }

  @Test
  void parsesNames() {
    assertEquals(BinaryFormat.FLOAT32, BinaryFormat.of(" float32 "));
  }
}
