package org.instrumentelement.ial.mock;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.instrumentelement.ial.scpi.device.ProgramMessageFramer;
import org.instrumentelement.ial.scpi.device.ProgramMessageParser;
import org.instrumentelement.ial.scpi.device.ProgramUnit;
import org.instrumentelement.ial.sim.InstrumentSimulator;

/**
 * Fuzzes the simulated instrument's input side: the program-message framer every simulator
 * transport shares, the parser, and the device that executes the messages.
 */
class ProgramMessageFuzzTest {

  /**
   * Invariant: for any bytes a controller writes, in any pieces, with END on any of them:
   *
   * <ul>
   *   <li>{@link ProgramMessageFramer#add} returns messages or throws IllegalStateException only
   *       for a message over {@link ProgramMessageFramer#MAX_MESSAGE};
   *   <li>where the bytes hold no {@code #0} (whose end depends, by design, on where a write ends)
   *       and END comes only with the last piece, the messages do not depend on the pieces: the
   *       same as one piece gives;
   *   <li>a definite block is taken by its length: a {@code :WAV:DATA} command with a block of the
   *       fuzzed bytes, sent in the same pieces, is one message that ends with the whole block;
   *   <li>{@link ProgramMessageParser#parse} and {@link MockDevice#handle} take every message
   *       without an exception, and the device still answers {@code SYST:ERR?} afterwards.
   * </ul>
   *
   * <p>Input: byte 0 bit 0 says whether the transport marks END; bits 1-7 the piece size (1-128);
   * byte 1 which pieces carry END (bit i for piece i mod 8); the rest is what the controller
   * writes.
   */
  @FuzzTest
  @DictionaryFile(resourcePath = "scpi.dict")
  void messages(byte[] input) throws Exception {
    if (input.length < 2) {
      return;
    }
    boolean endMarked = (input[0] & 1) != 0;
    int piece = ((input[0] & 0xff) >>> 1) + 1;
    int endBits = input[1] & 0xff;
    byte[] bytes = Arrays.copyOfRange(input, 2, input.length);

    List<String> messages = frame(bytes, endMarked, piece, endBits, 0);
    boolean noIndefinite = !new String(bytes, StandardCharsets.ISO_8859_1).contains("#0");
    if (noIndefinite && messages != null) {
      List<String> lastEndOnly = frame(bytes, endMarked, piece, 0, 0);
      List<String> whole = frame(bytes, endMarked, bytes.length + 1, 0, 0);
      if (lastEndOnly != null && !lastEndOnly.equals(whole)) {
        throw new AssertionError("the pieces changed the messages: " + lastEndOnly + " " + whole);
      }
    }

    byte[] header =
        (":WAV:DATA #9" + String.format("%09d", bytes.length))
            .getBytes(StandardCharsets.ISO_8859_1);
    byte[] block = Arrays.copyOf(header, header.length + bytes.length + 1);
    System.arraycopy(bytes, 0, block, header.length, bytes.length);
    block[block.length - 1] = '\n';
    // END only on pieces that end at the block's '#' or after it: END in the command before it
    // ends the message (as it should); END in the block's header or bytes must not.
    List<String> blockMessages = frame(block, endMarked, piece, endBits, header.length - 1 - 9 - 1);
    String expected = new String(block, 0, block.length - 1, StandardCharsets.ISO_8859_1);
    if (blockMessages != null && !blockMessages.equals(List.of(expected))) {
      throw new AssertionError("a definite block was cut: " + blockMessages);
    }

    MockDevice device = InstrumentSimulator.builder().build().device(0);
    for (String m : messages == null ? List.<String>of() : messages) {
      for (ProgramUnit u : ProgramMessageParser.parse(m)) {
        if (u.failed() && u.error() == null) {
          throw new AssertionError("a failed unit without an error");
        }
      }
      device.handle(m);
    }
    if (!device.handle("SYST:ERR?").hasData()) {
      throw new AssertionError("no answer to SYST:ERR?");
    }
  }

  /**
   * The messages of {@code bytes} written in pieces, END on those {@code endBits} names that end at
   * or after byte {@code endFrom}, and on the last; null if a message was too long.
   */
  private static List<String> frame(
      byte[] bytes, boolean endMarked, int piece, int endBits, int endFrom) {
    ProgramMessageFramer framer = new ProgramMessageFramer(endMarked);
    List<String> out = new ArrayList<>();
    try {
      int n = 0;
      for (int at = 0; at < bytes.length; at += piece, n++) {
        int len = Math.min(piece, bytes.length - at);
        boolean last = at + len == bytes.length;
        boolean end = last || (at + len - 1 >= endFrom && (endBits >>> (n % 8) & 1) != 0);
        out.addAll(framer.add(bytes, at, len, end));
      }
    } catch (IllegalStateException e) {
      if (bytes.length <= ProgramMessageFramer.MAX_MESSAGE) {
        throw new AssertionError("refused a write shorter than the limit", e);
      }
      return null;
    }
    return out;
  }
}
