package org.instrumentelement.ial;

import java.time.Duration;

/**
 * A message-based conversation with one instrument, whatever connects it (an in-memory mock, a raw
 * TCP socket, VXI-11 or HiSLIP). Obtained from {@link ResourceManager#open(String)}, never built
 * with {@code new}.
 *
 * <p>A session is not thread-safe: a query is a write followed by a read, and two threads
 * interleaving them would swap answers. The owner serialises access (an Instrument Manager holds
 * one lock per instrument).
 */
public interface InstrumentSession extends AutoCloseable {

  /** The resource this session was opened for. */
  ResourceName resource();

  /**
   * Sends one message, followed by the session's write termination.
   *
   * @throws InstrumentTimeoutException if the instrument does not accept it within the timeout
   */
  void write(String message) throws InstrumentException;

  /**
   * Reads one reply up to the read termination (or END), without the termination.
   *
   * @throws InstrumentTimeoutException if no complete reply arrives within the timeout
   */
  String read() throws InstrumentException;

  /** Writes {@code message} and reads its reply. */
  default String query(String message) throws InstrumentException {
    write(message);
    return read();
  }

  /**
   * Reads one IEEE 488.2 block ({@code #<n><length><bytes>} or the indefinite {@code #0<bytes>})
   * and returns its payload. Terminator characters inside the payload are data, not the end of the
   * reply; the terminator after the block is consumed.
   */
  byte[] readBinaryBlock() throws InstrumentException;

  /**
   * Sends {@code command}, a space and {@code data} as an IEEE 488.2 definite-length block,
   * followed by the session's write termination: {@code :SYSTem:SETup #3256...}. Every byte of
   * {@code data} goes as it is, terminator bytes included: a device reads the block by its length.
   */
  default void writeBinaryBlock(String command, byte[] data) throws InstrumentException {
    String length = Integer.toString(data.length);
    write(
        command
            + " #"
            + length.length()
            + length
            + new String(data, java.nio.charset.StandardCharsets.ISO_8859_1));
  }

  /** Writes {@code message} and reads the IEEE 488.2 block it answers with. */
  default byte[] queryBinaryBlock(String message) throws InstrumentException {
    write(message);
    return readBinaryBlock();
  }

  /**
   * Reads the IEEE 488.2 status byte: bit 2 error queue not empty, bit 4 message available, bit 5
   * standard event, bit 6 service request. Transports with a service channel (VXI-11 readstb,
   * HiSLIP AsyncStatusQuery) read it without disturbing the message exchange; the default asks
   * {@code *STB?}.
   */
  default int readStatusByte() throws InstrumentException {
    String reply = query("*STB?").trim();
    try {
      return Integer.parseInt(reply.startsWith("+") ? reply.substring(1) : reply);
    } catch (NumberFormatException e) {
      throw new InstrumentException("*STB? answered '" + reply + "', not a number");
    }
  }

  /**
   * Device clear: aborts what the instrument is doing with this session and discards any reply not
   * yet read, so that the next query cannot receive a stale answer.
   */
  void clear() throws InstrumentException;

  /**
   * Takes the instrument's exclusive lock, waiting at most {@code wait}, so that other sessions
   * (other programs) cannot interleave messages.
   *
   * @throws InstrumentTimeoutException if the lock is still held elsewhere after {@code wait}
   */
  void lock(Duration wait) throws InstrumentException;

  /** Releases the lock taken by {@link #lock(Duration)}; does nothing if it is not held. */
  void unlock() throws InstrumentException;

  /** How long a single read or write may take. */
  Duration timeout();

  /** Changes how long a single read or write may take. */
  void setTimeout(Duration timeout);

  /** Releases the connection (and the lock, if held). Closing twice does nothing. */
  @Override
  void close();
}
