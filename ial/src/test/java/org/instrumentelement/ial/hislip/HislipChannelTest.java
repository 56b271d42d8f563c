package org.instrumentelement.ial.hislip;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import org.instrumentelement.ial.InstrumentTimeoutException;
import org.instrumentelement.ial.transport.Deadline;
import org.junit.jupiter.api.Test;

/** The HiSLIP channel on in-memory streams, fed in pieces with timeouts in between. */
class HislipChannelTest {

  /** Delivers scripted pieces; an empty piece is a read timeout. */
  private static final class Pieces extends InputStream {
    final Deque<byte[]> pieces = new ArrayDeque<>();

    @Override
    public int read() {
      throw new UnsupportedOperationException();
    }

    @Override
    public int read(byte[] b, int off, int len) throws SocketTimeoutException {
      byte[] p = pieces.pollFirst();
      if (p == null) {
        return -1;
      }
      if (p.length == 0) {
        throw new SocketTimeoutException("scripted");
      }
      int n = Math.min(len, p.length);
      System.arraycopy(p, 0, b, off, n);
      if (n < p.length) {
        pieces.addFirst(Arrays.copyOfRange(p, n, p.length));
      }
      return n;
    }
  }

  private final Pieces in = new Pieces();
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final HislipChannel channel = new HislipChannel(in, out, ms -> {}, () -> {}, 1000);

  private static Deadline soon() {
    return Deadline.after(Duration.ofSeconds(1));
  }

  @Test
  void sentMessageIsHeaderThenPayload() throws Exception {
    channel.send(MessageType.DATA_END, 0, 0xffffff00, "*IDN?\n");
    byte[] b = out.toByteArray();
    assertEquals(16 + 6, b.length);
    HislipHeader h = HislipHeader.parse(b, 0, 100);
    assertEquals(MessageType.DATA_END, h.type());
    assertEquals(6, h.payloadLength());
    assertEquals("*IDN?\n", new String(b, 16, 6, java.nio.charset.StandardCharsets.US_ASCII));
  }

  @Test
  void headerReadResumesAfterATimeout() throws Exception {
    byte[] h = new HislipHeader(MessageType.DATA_END, 0, 42, 3).encode();
    in.pieces.add(Arrays.copyOf(h, 5));
    in.pieces.add(new byte[0]); // the rest is late
    in.pieces.add(Arrays.copyOfRange(h, 5, 16));
    in.pieces.add(new byte[] {'a', 'b', 'c'});
    assertThrows(InstrumentTimeoutException.class, () -> channel.readHeader(soon()));
    HislipHeader header = channel.readHeader(soon());
    assertEquals(42, header.parameter());
    assertArrayEquals(new byte[] {'a', 'b', 'c'}, channel.readPayload(header, soon()));
  }

  @Test
  void connectionClosedInsideAHeaderIsAFormatError() {
    in.pieces.add(Arrays.copyOf(new HislipHeader(MessageType.DATA, 0, 0, 0).encode(), 9));
    assertThrows(HislipFormatException.class, () -> channel.readHeader(soon()));
  }

  @Test
  void connectionClosedBetweenMessagesIsEndOfFile() {
    assertThrows(EOFException.class, () -> channel.readHeader(soon()));
  }

  @Test
  void payloadAboveTheChannelLimitIsRefused() {
    in.pieces.add(new HislipHeader(MessageType.DATA, 0, 0, 1001).encode());
    assertThrows(HislipFormatException.class, () -> channel.readHeader(soon()));
  }

  @Test
  void skipDropsAPayloadAcrossPieces() throws Exception {
    in.pieces.add(new byte[300]);
    in.pieces.add(new byte[] {9});
    assertEquals(300, channel.skip(300, soon()));
    byte[] one = new byte[1];
    assertEquals(1, channel.readPayload(one, 0, 1, soon()));
    assertEquals(9, one[0]);
  }
}
