package org.instrumentelement.ial.scpi.device;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts the bytes a controller sends into program messages, as an IEEE 488.2 device's input parser
 * does (IEEE 488.2 section 7.7.6, SCPI-99 section 6.2): a message ends at a newline, or at END on
 * transports that mark it (VXI-11 {@code device_write} with END, HiSLIP {@code DataEnd}) - except
 * inside data. A definite-length block ({@code #<n><length><bytes>}) is taken by its length,
 * whatever bytes it holds: a newline, a {@code ;} or END inside it is data, so that no byte of a
 * block is ever read as a command. An indefinite block ({@code #0}) runs to END, or to a newline
 * that ends a write; on a raw socket, which has no END, to the next newline. A quoted string hides
 * a {@code #} from block detection, as in the parser, but a newline still ends it (the parser then
 * reports the unterminated string).
 *
 * <p>Why END does not end a definite block: the length is the block's own framing, and controllers
 * split long writes into chunks that may each carry END (pyvisa-py sets END on every chunk of the
 * last kilobyte when a link's {@code maxRecvSize} is smaller); a device that ended the block there
 * would run the rest of the block as commands. The same holds for a chunk that ends in the block's
 * header ({@code #}, the digit count, the length digits): END there does not end the message
 * either, or the block's bytes that follow in the next chunk would be read as commands.
 */
public final class ProgramMessageFramer {
  /** A message longer than this is a controller gone wrong; the device refuses to buffer it. */
  public static final int MAX_MESSAGE = 1 << 20;

  private enum State {
    TEXT,
    STRING,
    /** After {@code #}: a digit starts a block. */
    HASH,
    /** Reading the length digits of a definite block. */
    LENGTH,
    /** Inside a definite block's bytes. */
    BLOCK,
    /** Inside a {@code #0} block's bytes. */
    INDEFINITE
  }

  private final boolean endMarked;
  private final ByteArrayOutputStream partial = new ByteArrayOutputStream();
  private State state = State.TEXT;
  private byte quote;
  private int digitsLeft;
  private long blockLeft;

  /** Bytes of the partial message that belong to data (up to the end of the last block). */
  private int dataEnd;

  /**
   * @param endMarked whether the transport marks END on the last byte of a write (VXI-11, HiSLIP,
   *     an in-memory session); false for a raw socket, where a newline is the only terminator
   */
  public ProgramMessageFramer(boolean endMarked) {
    this.endMarked = endMarked;
  }

  /**
   * Adds received bytes.
   *
   * @param end whether the last of them carries END (ignored by a framer that is not {@code
   *     endMarked})
   * @return the program messages completed, without their terminators; empty ones are left out
   *     (ISO-8859-1: one char per byte)
   * @throws IllegalStateException if a message grows beyond {@link #MAX_MESSAGE}; the framer is
   *     then empty again
   */
  public List<String> add(byte[] data, int offset, int length, boolean end) {
    List<String> out = new ArrayList<>(1);
    boolean endHere = end && endMarked;
    int i = offset;
    int limit = offset + length;
    while (i < limit) {
      byte b = data[i];
      switch (state) {
        case BLOCK -> {
          int n = (int) Math.min(blockLeft, limit - i);
          append(data, i, n);
          i += n;
          blockLeft -= n;
          if (blockLeft == 0) {
            state = State.TEXT;
            dataEnd = partial.size();
          }
          continue;
        }
        case INDEFINITE -> {
          // With END, or as the last byte of a write: pyvisa-py sends a write of more than 1 kB
          // over VXI-11 in one piece without END, its newline last.
          if (b == '\n' && (!endMarked || i == limit - 1)) {
            dataEnd = partial.size();
            take(out);
          } else {
            append(data, i, 1);
          }
          i++;
          continue;
        }
        case HASH -> {
          if (b >= '1' && b <= '9') {
            digitsLeft = b - '0';
            blockLeft = 0;
            state = State.LENGTH;
            append(data, i++, 1);
            continue;
          }
          if (b == '0') {
            state = State.INDEFINITE;
            append(data, i++, 1);
            continue;
          }
          state = State.TEXT; // not a block (#H1F, or a stray '#'): read the byte as text
        }
        case LENGTH -> {
          if (b >= '0' && b <= '9') {
            // Nine digits at most: no overflow. The parser checks the length against the message.
            blockLeft = blockLeft * 10 + (b - '0');
            append(data, i++, 1);
            if (--digitsLeft == 0) {
              state = blockLeft == 0 ? State.TEXT : State.BLOCK;
              dataEnd = partial.size();
            }
            continue;
          }
          state = State.TEXT; // a malformed length: the parser reports it (-161)
        }
        case STRING -> {
          if (b == quote) {
            state = State.TEXT;
          } else if (b == '\n') {
            take(out); // unterminated: the parser says so
            i++;
            continue;
          }
          append(data, i++, 1);
          continue;
        }
        case TEXT -> {}
      }
      // TEXT
      if (b == '\n') {
        take(out);
      } else {
        if (b == '"' || b == '\'') {
          state = State.STRING;
          quote = b;
        } else if (b == '#') {
          state = State.HASH;
        }
        append(data, i, 1);
      }
      i++;
    }
    // END ends a message, but not inside a definite block or its header (see the class comment).
    if (endHere && partial.size() > 0 && !inDefiniteBlock()) {
      if (state == State.INDEFINITE) {
        dataEnd = partial.size();
      }
      take(out);
    }
    return out;
  }

  /**
   * Whether the bytes so far stop inside a definite block: its bytes, its length digits, or just
   * after its {@code #}, where the next byte may start one.
   */
  private boolean inDefiniteBlock() {
    return state == State.BLOCK || state == State.LENGTH || state == State.HASH;
  }

  /** Forgets a partial message (device clear). */
  public void clear() {
    partial.reset();
    state = State.TEXT;
    dataEnd = 0;
  }

  /** Whether a message has begun and not ended. */
  public boolean pending() {
    return partial.size() > 0;
  }

  private void append(byte[] data, int from, int n) {
    if (partial.size() + n > MAX_MESSAGE) {
      clear();
      throw new IllegalStateException("program message longer than " + MAX_MESSAGE + " bytes");
    }
    partial.write(data, from, n);
  }

  /** Ends the partial message; an empty one (a lone newline) is no message. */
  private void take(List<String> out) {
    String s = partial.toString(StandardCharsets.ISO_8859_1);
    int keep = s.length();
    // A carriage return before the newline is part of the terminator, not of a block's data.
    if (keep > dataEnd && s.charAt(keep - 1) == '\r') {
      keep--;
    }
    partial.reset();
    state = State.TEXT;
    dataEnd = 0;
    if (keep > 0) {
      out.add(s.substring(0, keep));
    }
  }
}
