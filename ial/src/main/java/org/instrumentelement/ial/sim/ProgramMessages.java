package org.instrumentelement.ial.sim;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts the bytes a client sends into SCPI program messages: each ends at a newline, or at END on
 * transports that mark it (VXI-11, HiSLIP). Partial messages wait for the rest.
 */
final class ProgramMessages {
  /** A message longer than this is a client gone wrong; the simulator refuses to buffer it. */
  static final int MAX_MESSAGE = 1 << 20;

  private final ByteArrayOutputStream partial = new ByteArrayOutputStream();

  /**
   * Adds received bytes.
   *
   * @param end whether they end a message (END)
   * @return the program messages completed, without terminators
   * @throws IllegalStateException if a message grows beyond {@link #MAX_MESSAGE}
   */
  List<String> add(byte[] data, int offset, int length, boolean end) {
    List<String> out = new ArrayList<>();
    int from = offset;
    for (int i = offset; i < offset + length; i++) {
      if (data[i] == '\n') {
        partial.write(data, from, i - from);
        out.add(take());
        from = i + 1;
      }
    }
    partial.write(data, from, offset + length - from);
    if (partial.size() > MAX_MESSAGE) {
      partial.reset();
      throw new IllegalStateException("program message longer than " + MAX_MESSAGE + " bytes");
    }
    if (end && partial.size() > 0) {
      out.add(take());
    }
    return out;
  }

  /** Forgets a partial message (device clear). */
  void clear() {
    partial.reset();
  }

  private String take() {
    String s = partial.toString(StandardCharsets.ISO_8859_1);
    partial.reset();
    return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
  }
}
