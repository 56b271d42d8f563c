package org.instrumentelement.ial.transport;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.InstrumentTimeoutException;
import org.instrumentelement.ial.ResourceName;
import org.instrumentelement.ial.SessionOptions;
import org.instrumentelement.ial.ieee4882.BlockFormatException;
import org.instrumentelement.ial.ieee4882.BlockHeader;

/**
 * A session over a transport that moves bytes, with or without an END indicator (VXI-11's END flag,
 * HiSLIP's DataEnd; a raw socket has none). This class owns the reply buffer: it finds read
 * terminators, reads IEEE 488.2 blocks straight into their payload array, and enforces one overall
 * deadline per operation. A subclass only sends whole messages and receives the next bytes.
 *
 * <p>Whatever is left unread when a new message is written, or when an operation fails, is
 * discarded: a reply belongs to the message that asked for it, never to the next one.
 */
public abstract class MessageSession implements InstrumentSession {
  /** The longest text reply (or {@code #0} block) buffered; longer means a runaway instrument. */
  static final int MAX_BUFFERED_REPLY = 64 << 20;

  /** The largest definite-length block accepted (a Java array holds little more). */
  static final long MAX_BLOCK = Integer.MAX_VALUE - 16L;

  private static final int INITIAL_BUFFER = 64 << 10;

  /** The first payload array of a definite block whose bytes have not arrived yet. */
  static final int FIRST_BLOCK_ARRAY = 1 << 20;

  private final ResourceName resource;
  private final SessionOptions options;
  private Duration timeout;
  private byte[] buffer = new byte[INITIAL_BUFFER];
  private int start;
  private int end;
  private boolean endAtBufferEnd;
  private boolean endReceived;
  private boolean closed;

  protected MessageSession(ResourceName resource, SessionOptions options) {
    this.resource = resource;
    this.options = options;
    this.timeout = options.timeout();
  }

  // ---- what a transport implements -----------------------------------------------------------

  /**
   * Sends one whole message (the write termination is already appended), marking its end as the
   * transport does (END flag, DataEnd).
   *
   * @param unreadReplyDropped whether a reply was still unread in this session's buffer; the
   *     instrument drops such a reply too, and an in-memory transport may want to know
   */
  protected abstract void send(byte[] message, Deadline deadline, boolean unreadReplyDropped)
      throws InstrumentException;

  /**
   * Receives the next bytes of a reply into {@code into}, waiting at most until the deadline. Calls
   * {@link #endOfMessage()} when the bytes returned end the message (END). May return 0 only
   * together with END.
   *
   * @param stopAtTermination whether the transport may stop early at the read terminator (text
   *     replies); false while reading a binary block, whose payload may contain it
   * @return the number of bytes written into {@code into}, at most {@code length}
   * @throws InstrumentTimeoutException if nothing arrives before the deadline
   */
  protected abstract int receive(
      byte[] into, int offset, int length, boolean stopAtTermination, Deadline deadline)
      throws InstrumentException;

  /** Asks the instrument to clear its input and output (device clear). */
  protected abstract void deviceClear(Deadline deadline) throws InstrumentException;

  /** Releases the connection; called once. */
  protected abstract void closeTransport();

  /** Whether the transport marks the end of each message; a raw socket does not. */
  protected boolean signalsEnd() {
    return true;
  }

  /**
   * Told when an operation ran out of time, after the buffer was discarded. A transport whose late
   * reply could still arrive and be mistaken for the next one must make sure it cannot.
   */
  protected void timedOut() {}

  /** Called by {@link #receive} when the bytes it returns end the message. */
  protected final void endOfMessage() {
    endReceived = true;
  }

  /** Throws if {@link #close()} was called. */
  protected final void checkOpen() throws InstrumentException {
    if (closed) {
      throw new InstrumentException("session to " + resource + " is closed");
    }
  }

  /** A deadline one session timeout from now. */
  protected final Deadline deadline() {
    return Deadline.after(timeout);
  }

  /** The options the session was opened with. */
  protected final SessionOptions options() {
    return options;
  }

  // ---- InstrumentSession ---------------------------------------------------------------------

  @Override
  public ResourceName resource() {
    return resource;
  }

  @Override
  public void write(String message) throws InstrumentException {
    checkOpen();
    byte[] bytes = (message + options.writeTermination()).getBytes(StandardCharsets.ISO_8859_1);
    boolean dropped = discardBuffered();
    Deadline d = deadline();
    try {
      send(bytes, d, dropped);
    } catch (InstrumentException e) {
      throw failed(e);
    }
  }

  @Override
  public String read() throws InstrumentException {
    checkOpen();
    Deadline d = deadline();
    Character term = options.readTermination();
    try {
      int scanned = 0; // bytes after start already searched; the buffer may move between reads
      while (true) {
        if (term != null) {
          for (int i = start + scanned; i < end; i++) {
            if (buffer[i] == term) {
              String reply = ascii(start, i);
              consumeTo(i + 1);
              return reply;
            }
          }
          scanned = end - start;
        }
        if (endAtBufferEnd) {
          String reply = ascii(start, end);
          consumeTo(end);
          return reply;
        }
        receiveIntoBuffer(true, d, "a reply");
      }
    } catch (InstrumentException e) {
      throw failed(e);
    }
  }

  @Override
  public byte[] readBinaryBlock() throws InstrumentException {
    checkOpen();
    Deadline d = deadline();
    try {
      BlockHeader header;
      while ((header = BlockHeader.parse(buffer, start, end - start)) == null) {
        if (endAtBufferEnd) {
          throw new BlockFormatException("the reply ended inside a block header");
        }
        receiveIntoBuffer(false, d, "a block header");
      }
      start += header.headerLength();
      byte[] payload = header.indefinite() ? readIndefinite(d) : readDefinite(header, d);
      return payload;
    } catch (InstrumentException e) {
      throw failed(e);
    }
  }

  @Override
  public void clear() throws InstrumentException {
    checkOpen();
    discardBuffered();
    try {
      deviceClear(deadline());
    } catch (InstrumentException e) {
      throw failed(e);
    }
  }

  @Override
  public Duration timeout() {
    return timeout;
  }

  @Override
  public void setTimeout(Duration timeout) {
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive: " + timeout);
    }
    this.timeout = timeout;
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      discardBuffered();
      closeTransport();
    }
  }

  // ---- the reply buffer ----------------------------------------------------------------------

  private byte[] readDefinite(BlockHeader header, Deadline d) throws InstrumentException {
    long announced = header.payloadLength();
    if (announced > MAX_BLOCK) {
      throw new BlockFormatException(
          "a block of " + announced + " bytes is larger than this session accepts");
    }
    int length = (int) announced;
    // A header is only a promise: memory grows with the bytes that actually arrive (doubling from
    // what is buffered, or a first MiB), not with the length announced.
    int filled = Math.min(length, end - start);
    byte[] payload = new byte[Math.min(length, Math.max(filled, FIRST_BLOCK_ARRAY))];
    System.arraycopy(buffer, start, payload, 0, filled);
    start += filled;
    boolean messageEnded = endAtBufferEnd && start == end;
    // The rest goes straight from the transport into the payload: no copy through the buffer.
    while (filled < length) {
      if (messageEnded) {
        throw truncated(filled, length);
      }
      if (filled == payload.length) {
        payload = Arrays.copyOf(payload, (int) Math.min(length, 2L * payload.length));
      }
      int room = payload.length - filled;
      filled += receiveChecked(payload, filled, room, false, d, "the block payload");
      messageEnded = takeEnd();
    }
    if (messageEnded) {
      consumeTo(end);
      return payload;
    }
    consumeBlockTerminator(d);
    return payload;
  }

  private static BlockFormatException truncated(int got, int announced) {
    return new BlockFormatException(
        "the block announces " + announced + " bytes but the message ended after " + got);
  }

  /** After a definite block: its message ends with the read terminator (or at END). */
  private void consumeBlockTerminator(Deadline d) throws InstrumentException {
    Character term = options.readTermination();
    if (term == null && !signalsEnd()) {
      return; // nothing marks where the message ends, so nothing is left to consume
    }
    while (start == end && !endAtBufferEnd) {
      receiveIntoBuffer(true, d, "the end of a block message");
    }
    if (start == end) {
      consumeTo(end);
      return;
    }
    if (term != null && buffer[start] == term) {
      consumeTo(start + 1);
      return;
    }
    throw new BlockFormatException(
        "expected the end of the message after the block, got byte 0x"
            + Integer.toHexString(buffer[start] & 0xff));
  }

  /** A {@code #0} block runs to END; without END (raw socket), to the read terminator. */
  private byte[] readIndefinite(Deadline d) throws InstrumentException {
    Character term = options.readTermination();
    if (signalsEnd()) {
      while (!endAtBufferEnd) {
        receiveIntoBuffer(false, d, "the end of an indefinite block");
      }
      int stop = end;
      if (term != null && stop > start && buffer[stop - 1] == term) {
        stop--;
      }
      byte[] payload = Arrays.copyOfRange(buffer, start, stop);
      consumeTo(end);
      return payload;
    }
    if (term == null) {
      throw new BlockFormatException(
          "an indefinite (#0) block needs END or a read terminator to end it");
    }
    int scanned = 0;
    while (true) {
      for (int i = start + scanned; i < end; i++) {
        if (buffer[i] == term) {
          byte[] payload = Arrays.copyOfRange(buffer, start, i);
          consumeTo(i + 1);
          return payload;
        }
      }
      scanned = end - start;
      receiveIntoBuffer(true, d, "the end of an indefinite block");
    }
  }

  private void receiveIntoBuffer(boolean stopAtTermination, Deadline d, String what)
      throws InstrumentException {
    if (endAtBufferEnd) {
      throw new BlockFormatException("the message ended before " + what);
    }
    if (start > 0 && start == end) {
      start = end = 0;
    }
    if (end == buffer.length) {
      int live = end - start;
      if (start > buffer.length / 2) {
        System.arraycopy(buffer, start, buffer, 0, live);
      } else {
        if (buffer.length >= MAX_BUFFERED_REPLY) {
          throw new InstrumentException(
              resource + ": reply longer than " + MAX_BUFFERED_REPLY + " bytes without an end");
        }
        byte[] bigger = new byte[Math.min(MAX_BUFFERED_REPLY, buffer.length * 2)];
        System.arraycopy(buffer, start, bigger, 0, live);
        buffer = bigger;
      }
      start = 0;
      end = live;
    }
    end += receiveChecked(buffer, end, buffer.length - end, stopAtTermination, d, what);
    endAtBufferEnd = takeEnd();
  }

  private int receiveChecked(
      byte[] into, int offset, int length, boolean stopAtTermination, Deadline d, String what)
      throws InstrumentException {
    endReceived = false;
    int n = receive(into, offset, length, stopAtTermination, d);
    if (n < 0 || n > length || (n == 0 && !endReceived)) {
      throw new IllegalStateException(
          getClass().getSimpleName() + ".receive returned " + n + " for " + length + " bytes");
    }
    return n;
  }

  private boolean takeEnd() {
    boolean e = endReceived;
    endReceived = false;
    return e;
  }

  private void consumeTo(int position) {
    start = position;
    if (start == end) {
      start = end = 0;
      endAtBufferEnd = false;
    }
  }

  /** Drops whatever is buffered; says whether anything was. */
  private boolean discardBuffered() {
    boolean had = end > start || endAtBufferEnd;
    start = end = 0;
    endAtBufferEnd = false;
    if (buffer.length > INITIAL_BUFFER) {
      buffer =
          new byte[INITIAL_BUFFER]; // a large reply's buffer is not kept for the session's life
    }
    return had;
  }

  private InstrumentException failed(InstrumentException e) {
    discardBuffered();
    if (e instanceof InstrumentTimeoutException) {
      timedOut();
    }
    return e;
  }

  private String ascii(int from, int to) {
    return new String(buffer, from, to - from, StandardCharsets.ISO_8859_1);
  }
}
