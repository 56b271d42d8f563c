package org.instrumentelement.ial.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.instrumentelement.ial.InstrumentTimeoutException;
import org.instrumentelement.ial.ieee4882.BlockFormatException;
import org.junit.jupiter.api.Test;

/** The reply buffer shared by every transport, fed chunk by chunk from a script. */
class MessageSessionTest {

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** A payload full of terminators and other bytes that look like syntax. */
  private static byte[] nastyPayload(int n) {
    byte[] p = new byte[n];
    for (int i = 0; i < n; i++) {
      p[i] = (byte) (i % 3 == 0 ? '\n' : i % 5 == 0 ? '#' : i);
    }
    return p;
  }

  private static byte[] concat(byte[]... parts) {
    int n = 0;
    for (byte[] p : parts) {
      n += p.length;
    }
    byte[] out = new byte[n];
    int at = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, out, at, p.length);
      at += p.length;
    }
    return out;
  }

  @Test
  void terminatorSplitAcrossChunksEndsTheReply() throws Exception {
    ScriptedSession s = new ScriptedSession(false, '\n').then("KEYS").then("IGHT,DSO").then("\n");
    assertEquals("KEYSIGHT,DSO", s.read());
  }

  @Test
  void twoRepliesInOneChunkAreTwoReads() throws Exception {
    ScriptedSession s = new ScriptedSession(false, '\n').then("1\n2\n");
    assertEquals("1", s.read());
    assertEquals("2", s.read());
    assertEquals(1, s.receiveCalls);
  }

  @Test
  void endWithoutTerminatorEndsTheReply() throws Exception {
    ScriptedSession s = new ScriptedSession(true, null).then("+1.5").thenEnd("E-3");
    assertEquals("+1.5E-3", s.read());
    ScriptedSession t = new ScriptedSession(true, '\n').thenEnd("0,\"No error\"\n");
    assertEquals("0,\"No error\"", t.read());
  }

  @Test
  void definiteBlockKeepsTerminatorsInsideItsPayload() throws Exception {
    byte[] payload = nastyPayload(100_000);
    byte[] wire = concat(bytes("#6100000"), payload, bytes("\n1\n"));
    ScriptedSession s = new ScriptedSession(false, '\n');
    for (int i = 0; i < wire.length; i += 7_777) {
      s.then(java.util.Arrays.copyOfRange(wire, i, Math.min(wire.length, i + 7_777)), false);
    }
    assertArrayEquals(payload, s.readBinaryBlock());
    assertEquals("1", s.read(), "the terminator after the block was consumed, nothing more");
  }

  @Test
  void blockEndedByEndNeedsNoTerminator() throws Exception {
    byte[] payload = nastyPayload(10);
    ScriptedSession s =
        new ScriptedSession(true, '\n').then(bytes("#210"), false).then(payload, true);
    assertArrayEquals(payload, s.readBinaryBlock());
    s.thenEnd("OK\n");
    assertEquals("OK", s.read());
  }

  @Test
  void emptyBlockIsEmpty() throws Exception {
    ScriptedSession s = new ScriptedSession(false, '\n').then("#10\n");
    assertEquals(0, s.readBinaryBlock().length);
  }

  @Test
  void indefiniteBlockRunsToEnd() throws Exception {
    byte[] payload = nastyPayload(50);
    ScriptedSession s =
        new ScriptedSession(true, '\n')
            .then(bytes("#0"), false)
            .then(payload, false)
            .then(bytes("\n"), true);
    assertArrayEquals(payload, s.readBinaryBlock());
  }

  @Test
  void indefiniteBlockWithoutEndRunsToTheTerminator() throws Exception {
    ScriptedSession s = new ScriptedSession(false, '\n').then("#0ab").then("cd\nnext\n");
    assertArrayEquals(bytes("abcd"), s.readBinaryBlock());
    assertEquals("next", s.read());
  }

  @Test
  void truncatedBlockIsAFormatErrorAndLeavesNothingBehind() throws Exception {
    ScriptedSession s = new ScriptedSession(true, '\n').thenEnd("#15abc");
    BlockFormatException e = assertThrows(BlockFormatException.class, s::readBinaryBlock);
    assertTrue(e.getMessage().contains("announces 5 bytes"), e.getMessage());
    s.thenEnd("fresh\n");
    assertEquals("fresh", s.read());
  }

  @Test
  void headerCutByEndIsAFormatError() throws Exception {
    ScriptedSession s = new ScriptedSession(true, '\n').thenEnd("#52");
    assertThrows(BlockFormatException.class, s::readBinaryBlock);
  }

  @Test
  void malformedHeadersAreFormatErrors() throws Exception {
    for (String bad : new String[] {"1.5\n", "#A12\n", "#3 12abc\n"}) {
      ScriptedSession s = new ScriptedSession(false, '\n').then(bad);
      assertThrows(BlockFormatException.class, s::readBinaryBlock, bad);
    }
  }

  @Test
  void hugeAnnouncementDoesNotAllocateWhatNeverArrives() throws Exception {
    ScriptedSession s = new ScriptedSession(true, '\n').then("#9999999999").thenEnd("tiny");
    BlockFormatException e = assertThrows(BlockFormatException.class, s::readBinaryBlock);
    assertTrue(e.getMessage().contains("ended after 4"), e.getMessage());
  }

  @Test
  void garbageAfterABlockIsAFormatError() throws Exception {
    ScriptedSession s = new ScriptedSession(false, '\n').then("#13abcXYZ\n");
    assertThrows(BlockFormatException.class, s::readBinaryBlock);
  }

  @Test
  void largeBlockIsReadIntoItsPayloadNotThroughTheBuffer() throws Exception {
    byte[] payload = nastyPayload(5_000_000);
    ScriptedSession s =
        new ScriptedSession(false, '\n')
            .then(bytes("#75000000"), false)
            .then(payload, false)
            .then(bytes("\n"), false);
    assertArrayEquals(payload, s.readBinaryBlock());
    // Receives go straight into the payload array (which doubles as bytes arrive), not through
    // the 64 KiB reply buffer.
    assertTrue(
        s.largestRequest >= MessageSession.FIRST_BLOCK_ARRAY - 64 * 1024,
        "big receives into the payload");
  }

  @Test
  void timeoutDiscardsThePartialReplyAndTellsTheTransport() throws Exception {
    ScriptedSession s = new ScriptedSession(false, '\n').then("half of a rep").thenTimeout();
    assertThrows(InstrumentTimeoutException.class, s::read);
    assertEquals(1, s.timeouts);
    s.then("new\n");
    assertEquals("new", s.read(), "the half reply is gone");
  }

  @Test
  void writeDropsAnUnreadReply() throws Exception {
    ScriptedSession s = new ScriptedSession(false, '\n').then("1\n2\n");
    assertEquals("1", s.read());
    s.write("*OPC?");
    assertTrue(s.lastSendDroppedAReply);
    s.then("3\n");
    assertEquals("3", s.read());
    s.write("*CLS");
    assertFalse(s.lastSendDroppedAReply);
    assertEquals("*OPC?\n*CLS\n", s.sent.toString(StandardCharsets.ISO_8859_1));
  }

  @Test
  void closedSessionRefusesEverything() throws Exception {
    ScriptedSession s = new ScriptedSession(false, '\n');
    s.close();
    s.close();
    assertThrows(org.instrumentelement.ial.InstrumentException.class, () -> s.write("*IDN?"));
    assertThrows(org.instrumentelement.ial.InstrumentException.class, s::read);
  }
}
