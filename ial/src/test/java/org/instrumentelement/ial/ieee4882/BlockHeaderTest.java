package org.instrumentelement.ial.ieee4882;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BlockHeaderTest {
  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  @Test
  void parsesDefiniteHeader() throws Exception {
    byte[] b = ascii("#520000....");
    BlockHeader h = BlockHeader.parse(b, 0, b.length);
    assertEquals(7, h.headerLength());
    assertEquals(20000, h.payloadLength());
  }

  @Test
  void parsesAtAnOffset() throws Exception {
    byte[] b = ascii("xx#14abcd");
    BlockHeader h = BlockHeader.parse(b, 2, b.length - 2);
    assertEquals(3, h.headerLength());
    assertEquals(4, h.payloadLength());
  }

  @Test
  void parsesIndefiniteHeader() throws Exception {
    BlockHeader h = BlockHeader.parse(ascii("#0abc"), 0, 5);
    assertTrue(h.indefinite());
    assertEquals(2, h.headerLength());
  }

  @Test
  void needsMoreBytesForATruncatedHeader() throws Exception {
    assertNull(BlockHeader.parse(ascii("#"), 0, 1));
    assertNull(BlockHeader.parse(ascii("#52000"), 0, 6));
  }

  @Test
  void rejectsMalformedHeaders() {
    assertThrows(BlockFormatException.class, () -> BlockHeader.parse(ascii("1.25,3"), 0, 6));
    assertThrows(BlockFormatException.class, () -> BlockHeader.parse(ascii("#x123"), 0, 5));
    BlockFormatException e =
        assertThrows(BlockFormatException.class, () -> BlockHeader.parse(ascii("#31a0"), 0, 5));
    assertTrue(e.getMessage().contains("digit 2 of 3"), e.getMessage());
  }

  @Test
  void encodesTheShortestHeader() {
    assertArrayEquals(ascii("#10"), BlockHeader.definite(0));
    assertArrayEquals(ascii("#520000"), BlockHeader.definite(20000));
    assertArrayEquals(ascii("#9999999999"), BlockHeader.definite(999_999_999));
    assertThrows(IllegalArgumentException.class, () -> BlockHeader.definite(1_000_000_000L));
  }

  @Test
  void encodesAHeaderOfAGivenWidthAndParsesIt() throws Exception {
    byte[] rigol = BlockHeader.definite(1200, 9);
    assertArrayEquals(ascii("#9000001200"), rigol);
    assertEquals(new BlockHeader(11, 1200), BlockHeader.parse(rigol, 0, rigol.length));
    assertArrayEquals(ascii("#520000"), BlockHeader.definite(20000, 3), "never fewer digits");
    assertThrows(IllegalArgumentException.class, () -> BlockHeader.definite(1, 10));
  }
}
