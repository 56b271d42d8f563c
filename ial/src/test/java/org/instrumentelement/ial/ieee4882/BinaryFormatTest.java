package org.instrumentelement.ial.ieee4882;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

class BinaryFormatTest {

  @Test
  void roundTripsEveryFormatInBothByteOrders() {
    double[] values = {0, 1, -1, 100, -100, 127, -128};
    for (BinaryFormat f : BinaryFormat.values()) {
      for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
        byte[] encoded = f.encode(values, order);
        assertEquals(values.length * f.width(), encoded.length);
        assertArrayEquals(values, f.decode(encoded, order), 0, f + " " + order);
      }
    }
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
