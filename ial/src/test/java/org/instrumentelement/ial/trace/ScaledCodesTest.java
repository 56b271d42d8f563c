package org.instrumentelement.ial.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import org.instrumentelement.ial.ieee4882.BinaryFormat;
import org.junit.jupiter.api.Test;

class ScaledCodesTest {

  @Test
  void unsignedWordCodesBigEndianGiveTheInstrumentsVolts() {
    // Keysight WORD, :WAVeform:UNSigned ON, MSB first: codes 0, 32768, 65535.
    byte[] block = {0, 0, (byte) 0x80, 0, (byte) 0xff, (byte) 0xff};
    double inc = 1.0 / 8192;
    double origin = -4.0;
    ScaledCodes c =
        ScaledCodes.fromBlock(BinaryFormat.UINT16, block, ByteOrder.BIG_ENDIAN, inc, origin);
    assertEquals(ScaledCodes.Width.INT16, c.width());
    assertArrayEquals(new short[] {-32768, 0, 32767}, c.codes());
    assertEquals(origin + 32768 * inc, c.offset());
    double[] v = c.toDoubles();
    for (int i = 0; i < v.length; i++) {
      assertEquals(
          Double.doubleToLongBits(c.code(i) * c.scale() + c.offset()),
          Double.doubleToLongBits(v[i]));
    }
    assertEquals(-4.0, v[0]);
    assertEquals(0.0, v[1]);
    assertEquals(4.0 - inc, v[2]);
  }

  @Test
  void unsignedBytesAreShiftedAndSignedLittleEndianWordsKeptAsTheyCame() {
    ScaledCodes b =
        ScaledCodes.fromBlock(
            BinaryFormat.UINT8, new byte[] {0, (byte) 200}, ByteOrder.BIG_ENDIAN, 0.5, 1);
    assertArrayEquals(new short[] {-128, 72}, b.codes());
    assertArrayEquals(new double[] {1, 101}, b.toDoubles());
    byte[] le = {1, 0, (byte) 0xfe, (byte) 0xff};
    ScaledCodes w = ScaledCodes.fromBlock(BinaryFormat.INT16, le, ByteOrder.LITTLE_ENDIAN, 2, 0);
    assertTrue(w.littleEndianBytes() == le, "not copied");
    assertArrayEquals(new double[] {2, -4}, w.toDoubles());
    assertNull(
        ScaledCodes.fromBlock(BinaryFormat.FLOAT32, new byte[4], ByteOrder.BIG_ENDIAN, 1, 0));
  }

  @Test
  void theNanCodeGivesNanAndClipCodesTheScreensEdge() {
    ScaledCodes c =
        ScaledCodes.of(ScaledCodes.Width.INT8, new byte[] {-128, -127, 0, 127}, 0.25, 0)
            .withSpecialCodes(-128, -127, 127);
    double[] v = c.toDoubles();
    assertTrue(Double.isNaN(v[0]));
    assertArrayEquals(new double[] {-31.75, 0, 31.75}, java.util.Arrays.copyOfRange(v, 1, 4));
    assertThrows(IllegalArgumentException.class, () -> c.withSpecialCodes(128, null, null));
  }

  @Test
  void aBlockOfHalfAWordIsRefused() {
    assertThrows(
        IllegalArgumentException.class,
        () -> ScaledCodes.fromBlock(BinaryFormat.INT16, new byte[3], ByteOrder.BIG_ENDIAN, 1, 0));
  }
}
