package org.instrumentelement.ial.hislip;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class HislipHeaderTest {

  @Test
  void layoutIsPrologueTypeControlParameterLength() {
    byte[] b = new HislipHeader(MessageType.DATA_END, 1, 0xffffff00, 0x0102030405L).encode();
    assertArrayEquals(new byte[] {'H', 'S', 7, 1, -1, -1, -1, 0, 0, 0, 0, 1, 2, 3, 4, 5}, b);
  }

  @Test
  void roundTripsEveryType() throws Exception {
    for (MessageType t : MessageType.values()) {
      HislipHeader h = new HislipHeader(t, 255, -2, 1L << 40);
      assertEquals(h, HislipHeader.parse(h.encode(), 0, Long.MAX_VALUE));
    }
  }

  @Test
  void parsesAtAnOffset() throws Exception {
    byte[] framed = new byte[20];
    System.arraycopy(new HislipHeader(MessageType.DATA, 0, 7, 3).encode(), 0, framed, 4, 16);
    assertEquals(7, HislipHeader.parse(framed, 4, 100).parameter());
  }

  @Test
  void wrongPrologueIsAFormatError() {
    byte[] b = new HislipHeader(MessageType.DATA, 0, 0, 0).encode();
    b[1] = 'X';
    HislipFormatException e =
        assertThrows(HislipFormatException.class, () -> HislipHeader.parse(b, 0, 100));
    assertTrue(e.getMessage().contains("prologue"), e.getMessage());
  }

  @Test
  void unknownTypeIsAFormatError() {
    byte[] b = new HislipHeader(MessageType.DATA, 0, 0, 0).encode();
    b[2] = (byte) 200;
    HislipFormatException e =
        assertThrows(HislipFormatException.class, () -> HislipHeader.parse(b, 0, 100));
    assertTrue(e.getMessage().contains("unknown HiSLIP message type 200"), e.getMessage());
  }

  @Test
  void payloadLargerThanNegotiatedIsRefused() {
    byte[] b = new HislipHeader(MessageType.DATA, 0, 0, 1_000_001).encode();
    HislipFormatException e =
        assertThrows(HislipFormatException.class, () -> HislipHeader.parse(b, 0, 1_000_000));
    assertTrue(e.getMessage().contains("1000001 bytes"), e.getMessage());
    byte[] huge = new HislipHeader(MessageType.DATA, 0, 0, 0).encode();
    Arrays.fill(huge, 8, 16, (byte) 0xff); // 2^64 - 1 as unsigned
    assertThrows(HislipFormatException.class, () -> HislipHeader.parse(huge, 0, Long.MAX_VALUE));
  }

  @Test
  void truncatedHeaderIsAFormatError() {
    byte[] b = Arrays.copyOf(new HislipHeader(MessageType.DATA, 0, 0, 0).encode(), 15);
    assertThrows(HislipFormatException.class, () -> HislipHeader.parse(b, 0, 100));
  }
}
