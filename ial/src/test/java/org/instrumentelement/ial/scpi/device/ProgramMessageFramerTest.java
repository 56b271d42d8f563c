package org.instrumentelement.ial.scpi.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProgramMessageFramerTest {

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** {@code header #<n><length>payload} followed by {@code tail}, as one array. */
  private static byte[] withBlock(String header, byte[] payload, String tail) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    String len = Integer.toString(payload.length);
    out.writeBytes(bytes(header + "#" + len.length() + len));
    out.writeBytes(payload);
    out.writeBytes(bytes(tail));
    return out.toByteArray();
  }

  private static byte[] everyByteValue() {
    byte[] b = new byte[256];
    for (int i = 0; i < 256; i++) {
      b[i] = (byte) i;
    }
    return b;
  }

  /** Feeds {@code wire} in pieces of {@code piece} bytes, END on each piece if asked. */
  private static List<String> feed(
      ProgramMessageFramer f, byte[] wire, int piece, boolean endOnEach) {
    List<String> out = new ArrayList<>();
    for (int at = 0; at < wire.length; at += piece) {
      int n = Math.min(piece, wire.length - at);
      boolean last = at + n == wire.length;
      out.addAll(f.add(wire, at, n, endOnEach || last));
    }
    return out;
  }

  @Test
  void aNewlineEndsAMessageAndACarriageReturnBeforeItGoes() {
    ProgramMessageFramer f = new ProgramMessageFramer(false);
    assertEquals(
        List.of("*IDN?", ":TIM:SCAL 1E-3"),
        f.add(bytes("*IDN?\n:TIM:SCAL 1E-3\r\n"), 0, 22, false));
    assertFalse(f.pending());
  }

  @Test
  void aDefiniteBlockIsTakenByItsLengthWhateverBytesItHolds() {
    byte[] payload = everyByteValue();
    byte[] wire = withBlock(":SYST:SET ", payload, "\n*OPC?\n");
    for (boolean endMarked : new boolean[] {false, true}) {
      for (int piece : new int[] {1, 2, 3, 7, 16, 64, 255, 256, wire.length}) {
        // A controller that splits a write sets END on its pieces at the most; VXI-11 pieces hold
        // at least 1 kB, so never does END fall inside a header.
        boolean[] ends =
            endMarked && piece >= 16 ? new boolean[] {false, true} : new boolean[] {false};
        for (boolean endOnEach : ends) {
          List<String> messages = feed(new ProgramMessageFramer(endMarked), wire, piece, endOnEach);
          String where =
              "end marked " + endMarked + ", pieces of " + piece + ", END on each " + endOnEach;
          assertEquals(2, messages.size(), where + ": " + messages);
          assertEquals(
              ":SYST:SET #3256" + new String(payload, StandardCharsets.ISO_8859_1),
              messages.get(0),
              where);
          assertEquals("*OPC?", messages.get(1), where);
        }
      }
    }
  }

  @Test
  void endInsideABlockHeaderDoesNotEndTheMessage() {
    // Found by ProgramMessageFuzzTest: a write piece with END that stops in the header ('#', the
    // digit count, the length digits) ended the message there, and the block's bytes ran as
    // commands (*RST).
    ProgramMessageFramer f = new ProgramMessageFramer(true);
    List<String> out = new ArrayList<>();
    for (String[] piece :
        new String[][] {{":WAV:FORM #9", "END"}, {"00000000", ""}, {"9a\n;*RST\nb\n", "END"}}) {
      byte[] b = bytes(piece[0]);
      out.addAll(f.add(b, 0, b.length, !piece[1].isEmpty()));
    }
    assertEquals(List.of(":WAV:FORM #9000000009a\n;*RST\nb"), out);
    for (String cut : new String[] {":WAV:FORM #", ":WAV:FORM #9", ":WAV:FORM #90000"}) {
      ProgramMessageFramer g = new ProgramMessageFramer(true);
      byte[] wire = bytes(":WAV:FORM #9000000009a\n;*RST\nb\n");
      List<String> got = new ArrayList<>(g.add(wire, 0, cut.length(), true));
      got.addAll(g.add(wire, cut.length(), wire.length - cut.length(), true));
      assertEquals(List.of(":WAV:FORM #9000000009a\n;*RST\nb"), got, "END after " + cut);
    }
  }

  @Test
  void aNewlineAndCommandsInsideABlockAreNeverAMessage() {
    byte[] payload = bytes("abc\n;*RST\n:TIM:SCAL 5\nxyz\r\n#2ab\"'");
    ProgramMessageFramer f = new ProgramMessageFramer(false);
    byte[] wire = withBlock(":WAV:FORM ", payload, "\n");
    List<String> messages = f.add(wire, 0, wire.length, false);
    assertEquals(1, messages.size(), messages.toString());
    assertTrue(messages.get(0).endsWith("#2ab\"'"), "the block's last bytes are kept, \\r\\n too");
  }

  @Test
  void aBlockEndingInACarriageReturnKeepsIt() {
    ProgramMessageFramer f = new ProgramMessageFramer(false);
    List<String> messages = f.add(bytes("X #12a\r\r\n"), 0, 9, false);
    assertEquals(List.of("X #12a\r"), messages);
  }

  @Test
  void aHashInsideAStringIsNotABlock() {
    ProgramMessageFramer f = new ProgramMessageFramer(false);
    assertEquals(
        List.of(":DISP:TEXT \"#9999 x\"", "*OPC?"),
        f.add(bytes(":DISP:TEXT \"#9999 x\"\n*OPC?\n"), 0, 27, false));
  }

  @Test
  void aNewlineEndsAnUnterminatedStringAndTheParserSaysSo() {
    ProgramMessageFramer f = new ProgramMessageFramer(false);
    List<String> messages = f.add(bytes(":DISP:TEXT \"abc\n*OPC?\n"), 0, 22, false);
    assertEquals(List.of(":DISP:TEXT \"abc", "*OPC?"), messages);
    assertEquals(-151, ProgramMessageParser.parse(messages.get(0)).get(0).error().code());
  }

  @Test
  void aMalformedLengthEndsAtTheNewlineAndIsInvalidBlockData() {
    ProgramMessageFramer f = new ProgramMessageFramer(false);
    List<String> messages = f.add(bytes("X #3a\n*OPC?\n"), 0, 12, false);
    assertEquals(List.of("X #3a", "*OPC?"), messages);
    assertEquals(-161, ProgramMessageParser.parse(messages.get(0)).get(0).error().code());
  }

  @Test
  void nonDecimalNumbersAreNotBlocks() {
    ProgramMessageFramer f = new ProgramMessageFramer(false);
    assertEquals(
        List.of("*ESE #H20", "*SRE #B1"), f.add(bytes("*ESE #H20\n*SRE #B1\n"), 0, 19, false));
  }

  @Test
  void anIndefiniteBlockRunsToTheNewlineOnARawSocket() {
    ProgramMessageFramer f = new ProgramMessageFramer(false);
    assertEquals(List.of("X #0ab;c", "*OPC?"), f.add(bytes("X #0ab;c\n*OPC?\n"), 0, 15, false));
  }

  @Test
  void anIndefiniteBlockRunsToEndWhereTheTransportMarksIt() {
    ProgramMessageFramer f = new ProgramMessageFramer(true);
    byte[] first = bytes("X #0ab\n;*RST\ncd");
    assertEquals(List.of(), f.add(first, 0, first.length, false), "newlines inside are data");
    byte[] second = bytes("ef\n");
    assertEquals(List.of("X #0ab\n;*RST\ncdef"), f.add(second, 0, second.length, true));
    byte[] noNewline = bytes("Y #0gh");
    assertEquals(List.of("Y #0gh"), f.add(noNewline, 0, noNewline.length, true), "END alone");
  }

  @Test
  void endEndsATextMessageButNotADefiniteBlock() {
    ProgramMessageFramer f = new ProgramMessageFramer(true);
    assertEquals(List.of("*IDN?"), f.add(bytes("*IDN?"), 0, 5, true));
    assertEquals(List.of(), f.add(bytes("X #15ab"), 0, 7, true));
    assertTrue(f.pending());
    assertEquals(List.of("X #15ab\ncd"), f.add(bytes("\ncd\n"), 0, 4, false));
  }

  @Test
  void aSocketFramerIgnoresEnd() {
    ProgramMessageFramer f = new ProgramMessageFramer(false);
    assertEquals(List.of(), f.add(bytes("*IDN?"), 0, 5, true));
    assertEquals(List.of("*IDN?"), f.add(bytes("\n"), 0, 1, false));
  }

  @Test
  void aMessageBeyondTheLimitIsRefusedAndTheFramerStartsAfresh() {
    ProgramMessageFramer f = new ProgramMessageFramer(false);
    byte[] big = bytes("X #9999999999");
    f.add(big, 0, big.length, false);
    byte[] chunk = new byte[ProgramMessageFramer.MAX_MESSAGE];
    assertThrows(IllegalStateException.class, () -> f.add(chunk, 0, chunk.length, false));
    assertFalse(f.pending());
    assertEquals(List.of("*OPC?"), f.add(bytes("*OPC?\n"), 0, 6, false));
  }

  @Test
  void aDeviceClearForgetsAHalfReadBlock() {
    ProgramMessageFramer f = new ProgramMessageFramer(false);
    f.add(bytes("X #15ab"), 0, 7, false);
    f.clear();
    assertEquals(List.of("*OPC?"), f.add(bytes("*OPC?\n"), 0, 6, false));
  }
}
