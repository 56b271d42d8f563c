package org.instrumentelement.ial.transport;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Arrays;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentTimeoutException;
import org.instrumentelement.ial.fuzz.AllocationBudget;

/** Fuzzes the reply buffer every transport shares with what an instrument sends. */
class ReplyReaderFuzzTest {
  /**
   * Per reply: the initial buffer and the block reader's first payload array, with room to spare. A
   * session allocates this much for each reply it reads (garbage once the reply is read or
   * refused), not for all of them together.
   */
  private static final AllocationBudget BUDGET = new AllocationBudget(3 << 20, 64);

  /**
   * Invariant: whatever bytes an instrument sends, in whatever chunks, {@link MessageSession#read}
   * and {@link MessageSession#readBinaryBlock} return or throw an {@link InstrumentException}
   * (timeouts and {@code BlockFormatException} among them), nothing else; a reply or block never
   * holds more bytes than were sent; and the memory one reply takes grows with the bytes received,
   * not with a block's announced length.
   *
   * <p>Input: byte 0 chooses the transport (bit 0: it signals END; bit 1: {@code \n} terminates
   * reads) and the operations (bits 2-7, one bit per operation: 0 read, 1 readBinaryBlock, then
   * repeating); byte 1 the chunk size the transport delivers (1-256); the rest is the instrument's
   * bytes, with END after the last chunk.
   */
  @FuzzTest
  @DictionaryEntries({"#0", "#1", "#2", "#9", "#210", "#3100", "\\x0A", "\\x0D\\x0A", "+1.0E+00"})
  void replies(byte[] input) throws Exception {
    if (input.length < 2) {
      return;
    }
    BUDGET.checkMeasured(input.length, "reading one reply", () -> readAll(input));
  }

  /** Reads every reply; returns the most one operation allocated. */
  private static long readAll(byte[] input) throws Exception {
    int flags = input[0] & 0xff;
    int chunk = (input[1] & 0xff) + 1;
    byte[] stream = Arrays.copyOfRange(input, 2, input.length);
    boolean signalsEnd = (flags & 1) != 0;
    ScriptedSession session = new ScriptedSession(signalsEnd, (flags & 2) != 0 ? '\n' : null);
    for (int at = 0; at < stream.length; at += chunk) {
      int to = Math.min(stream.length, at + chunk);
      session.then(Arrays.copyOfRange(stream, at, to), to == stream.length && signalsEnd);
    }
    int ops = flags >>> 2;
    long most = 0;
    // Each operation takes at least one byte or fails at the end of the script: bounded.
    for (int op = 0; op <= stream.length + 1; op++) {
      boolean block = (ops >>> (op % 6) & 1) != 0;
      long before = AllocationBudget.allocatedSoFar();
      try {
        int got = block ? session.readBinaryBlock().length : session.read().length();
        if (got > stream.length) {
          throw new AssertionError(got + " bytes out of " + stream.length + " sent");
        }
      } catch (InstrumentTimeoutException e) {
        return Math.max(most, AllocationBudget.allocatedSoFar() - before); // the script is used up
      } catch (InstrumentException e) {
        // a documented failure; the session goes on with the next reply
      } finally {
        most = Math.max(most, AllocationBudget.allocatedSoFar() - before);
      }
    }
    return most;
  }
}
