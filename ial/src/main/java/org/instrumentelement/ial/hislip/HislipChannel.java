package org.instrumentelement.ial.hislip;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentTimeoutException;
import org.instrumentelement.ial.transport.Deadline;

/**
 * One HiSLIP connection (the synchronous or the asynchronous channel): writes whole messages and
 * reads headers and payloads. A read that runs out of time keeps what it already has, header bytes
 * included, so the next read resumes in step with the stream.
 */
public final class HislipChannel implements AutoCloseable {
  /** Sets the read timeout in milliseconds; 0 waits for ever. */
  interface ReadTimeout {
    void set(int millis) throws IOException;
  }

  private final InputStream in;
  private final OutputStream out;
  private final ReadTimeout readTimeout;
  private final AutoCloseable connection;
  private final long maxPayload;
  private final byte[] header = new byte[HislipHeader.SIZE];
  private int headerFilled;

  /** A channel over a connected socket, accepting payloads of at most {@code maxPayload}. */
  public HislipChannel(Socket socket, long maxPayload) throws IOException {
    this(
        socket.getInputStream(),
        socket.getOutputStream(),
        socket::setSoTimeout,
        socket,
        maxPayload);
  }

  HislipChannel(
      InputStream in,
      OutputStream out,
      ReadTimeout readTimeout,
      AutoCloseable connection,
      long maxPayload) {
    this.in = new BufferedInputStream(in, 1 << 16);
    this.out = new BufferedOutputStream(out, 1 << 16);
    this.readTimeout = readTimeout;
    this.connection = connection;
    this.maxPayload = maxPayload;
  }

  /** Sends a message without payload. */
  public void send(MessageType type, int controlCode, int parameter) throws IOException {
    send(type, controlCode, parameter, new byte[0], 0, 0);
  }

  /** Sends one message; concurrent senders on one channel are serialised. */
  public void send(
      MessageType type, int controlCode, int parameter, byte[] payload, int offset, int length)
      throws IOException {
    byte[] h = new HislipHeader(type, controlCode, parameter, length).encode();
    synchronized (out) {
      out.write(h);
      out.write(payload, offset, length);
      out.flush();
    }
  }

  /** Sends a message whose payload is ASCII text. */
  public void send(MessageType type, int controlCode, int parameter, String text)
      throws IOException {
    byte[] b = text.getBytes(StandardCharsets.US_ASCII);
    send(type, controlCode, parameter, b, 0, b.length);
  }

  /**
   * Reads the next header.
   *
   * @param deadline when to give up, or {@code null} to wait for ever (servers)
   * @throws InstrumentTimeoutException if the header is not complete in time; bytes already read
   *     are kept for the next call
   * @throws EOFException if the peer closed the connection
   * @throws HislipFormatException if the bytes are not a header this side accepts
   */
  public HislipHeader readHeader(Deadline deadline) throws IOException {
    while (headerFilled < HislipHeader.SIZE) {
      arm(deadline, "a HiSLIP message");
      int n = readOrTimeout(header, headerFilled, HislipHeader.SIZE - headerFilled, deadline);
      if (n < 0) {
        if (headerFilled == 0) {
          throw new EOFException("connection closed");
        }
        throw new HislipFormatException("HiSLIP header cut short after " + headerFilled + " bytes");
      }
      headerFilled += n;
    }
    headerFilled = 0;
    return HislipHeader.parse(header, 0, maxPayload);
  }

  /**
   * Reads up to {@code length} payload bytes (at least one), waiting until the deadline.
   *
   * @throws EOFException if the peer closed the connection inside a payload
   */
  public int readPayload(byte[] into, int offset, int length, Deadline deadline)
      throws IOException {
    arm(deadline, "a HiSLIP payload");
    int n = readOrTimeout(into, offset, length, deadline);
    if (n < 0) {
      throw new EOFException("connection closed inside a HiSLIP payload");
    }
    return n;
  }

  /** Reads a whole small payload (error texts, sizes). */
  public byte[] readPayload(HislipHeader h, Deadline deadline) throws IOException {
    if (h.payloadLength() > 1 << 20) {
      throw new HislipFormatException(h.type() + " payload too large: " + h.payloadLength());
    }
    byte[] b = new byte[(int) h.payloadLength()];
    int done = 0;
    while (done < b.length) {
      done += readPayload(b, done, b.length - done, deadline);
    }
    return b;
  }

  /**
   * Reads and drops payload bytes; returns how many, at most {@code length}. Partial progress is
   * returned rather than lost on a timeout only if some bytes came.
   */
  public long skip(long length, Deadline deadline) throws IOException {
    byte[] scratch = new byte[(int) Math.min(length, 64 * 1024)];
    long done = 0;
    while (done < length) {
      try {
        done += readPayload(scratch, 0, (int) Math.min(scratch.length, length - done), deadline);
      } catch (InstrumentTimeoutException e) {
        if (done > 0) {
          return done;
        }
        throw e;
      }
    }
    return done;
  }

  private void arm(Deadline deadline, String what) throws IOException {
    readTimeout.set(deadline == null ? 0 : deadline.socketTimeoutMillis(what + " did not arrive"));
  }

  private int readOrTimeout(byte[] into, int offset, int length, Deadline deadline)
      throws IOException {
    try {
      return in.read(into, offset, length);
    } catch (SocketTimeoutException e) {
      throw deadline == null
          ? new InstrumentException("HiSLIP read timed out")
          : deadline.timeout("the instrument did not answer");
    }
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (Exception e) {
      // abandoned either way
    }
  }
}
