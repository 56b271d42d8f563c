package org.instrumentelement.ial.vxi11;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class XdrTest {

  @Test
  void integersAreBigEndianAndOpaqueDataIsPadded() throws Exception {
    byte[] b = new XdrEncoder().putInt(0x0607AF).putBoolean(true).putString("inst0").toByteArray();
    assertArrayEquals(
        new byte[] {0, 6, 7, (byte) 0xAF, 0, 0, 0, 1, 0, 0, 0, 5, 'i', 'n', 's', 't', '0', 0, 0, 0},
        b);
    XdrDecoder x = new XdrDecoder(b);
    assertEquals(0x0607AF, x.getInt());
    assertTrue(x.getBoolean());
    assertEquals("inst0", x.getString(64));
    assertEquals(0, x.remaining());
  }

  @Test
  void unsignedValuesRoundTrip() throws Exception {
    byte[] b = new XdrEncoder().putUnsignedInt(0xFFFFFF00L).toByteArray();
    assertEquals(0xFFFFFF00L, new XdrDecoder(b).getUnsignedInt());
    assertThrows(IllegalArgumentException.class, () -> new XdrEncoder().putUnsignedInt(-1));
  }

  @Test
  void opaqueCopiesStraightIntoItsDestination() throws Exception {
    byte[] data = {1, 2, 3, 4, 5, 6};
    byte[] b = new XdrEncoder().putOpaque(data, 1, 5).putInt(7).toByteArray();
    XdrDecoder x = new XdrDecoder(b);
    byte[] into = new byte[8];
    int n = x.opaqueLength(100);
    x.copyOpaque(into, 2, n);
    assertArrayEquals(new byte[] {0, 0, 2, 3, 4, 5, 6, 0}, into);
    assertEquals(7, x.getInt(), "the padding was skipped");
  }

  @Test
  void truncatedDataIsAFormatError() {
    assertThrows(RpcFormatException.class, () -> new XdrDecoder(new byte[3]).getInt());
    byte[] cut = new XdrEncoder().putString("inst0").toByteArray();
    assertThrows(
        RpcFormatException.class,
        () -> new XdrDecoder(cut, 0, cut.length - 2).getString(64),
        "the padding is part of the item");
  }

  @Test
  void opaqueLongerThanAllowedIsRefusedBeforeCopying() {
    byte[] lying = new XdrEncoder().putInt(Integer.MAX_VALUE).toByteArray();
    RpcFormatException e =
        assertThrows(RpcFormatException.class, () -> new XdrDecoder(lying).getOpaque(1024));
    assertTrue(e.getMessage().contains("at most 1024"), e.getMessage());
    byte[] huge = new XdrEncoder().putInt(-1).toByteArray(); // 4 GiB - 1 as unsigned
    assertThrows(RpcFormatException.class, () -> new XdrDecoder(huge).getOpaque(Integer.MAX_VALUE));
  }

  @Test
  void booleansAreZeroOrOne() {
    byte[] b = new XdrEncoder().putInt(2).toByteArray();
    assertThrows(RpcFormatException.class, () -> new XdrDecoder(b).getBoolean());
  }
}
