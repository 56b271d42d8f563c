package org.instrumentelement.ial.hislip;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import org.instrumentelement.ial.fuzz.AllocationBudget;

/** Fuzzes the HiSLIP message reader that client and simulator share. */
class HislipChannelFuzzTest {
  /**
   * readPayload(header) takes up to 1 MiB at once for a small payload (an error text) the header
   * announces; the other readers take what arrives.
   */
  private static final AllocationBudget BUDGET = new AllocationBudget(4 << 20, 64);

  /**
   * Invariant: on any stream, {@link HislipChannel#readHeader}, {@link HislipChannel#readPayload}
   * and {@link HislipChannel#skip} throw nothing but {@link HislipFormatException} or {@link
   * EOFException}; a header is never accepted with a payload over the channel's maximum; a header
   * that parses encodes back to the same 16 bytes; and memory grows with the bytes received.
   *
   * <p>Input: byte 0 picks the maximum payload (2 to the power of its low 5 bits) and how payloads
   * are taken (bit 5: skipped, bit 6: read whole when small, else read in pieces); the rest is the
   * stream.
   */
  @FuzzTest
  void messages(byte[] input) throws Exception {
    if (input.length < 1) {
      return;
    }
    BUDGET.check(input.length, "reading HiSLIP messages", () -> readAll(input));
  }

  private static void readAll(byte[] input) throws Exception {
    int flags = input[0] & 0xff;
    long max = 1L << (flags & 31);
    ByteArrayInputStream stream = new ByteArrayInputStream(input, 1, input.length - 1);
    HislipChannel channel =
        new HislipChannel(stream, new ByteArrayOutputStream(), ms -> {}, () -> {}, max);
    try {
      while (true) {
        HislipHeader h = channel.readHeader(null);
        if (h.payloadLength() > max) {
          throw new AssertionError("a payload of " + h.payloadLength() + " over " + max);
        }
        byte[] again = h.encode();
        if (HislipHeader.parse(again, 0, max).equals(h) == false) {
          throw new AssertionError("header did not round-trip: " + h);
        }
        if ((flags & 0x20) != 0) {
          if (channel.skip(h.payloadLength(), null) != h.payloadLength()) {
            throw new AssertionError("skip stopped short without a timeout");
          }
        } else if ((flags & 0x40) != 0 && h.payloadLength() <= 1 << 20) {
          channel.readPayload(h, null);
        } else {
          byte[] piece = new byte[4096];
          long left = h.payloadLength();
          while (left > 0) {
            left -= channel.readPayload(piece, 0, (int) Math.min(piece.length, left), null);
          }
        }
      }
    } catch (HislipFormatException | EOFException e) {
      // the connection ends
    } catch (IOException e) {
      throw new AssertionError("not a documented failure", e);
    }
  }
}
