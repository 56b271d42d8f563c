package org.instrumentelement.ial.vxi11;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PushbackInputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.transport.Deadline;
import org.instrumentelement.ial.transport.TcpConnector;

/**
 * One ONC RPC client connection over TCP. A call waits for the reply with its own transaction id;
 * replies with other ids, late answers to calls that already gave up, are read and dropped.
 *
 * <p>A call that runs out of time before any byte of its reply arrived leaves the connection usable
 * (the late reply will be dropped). A reply cut off in the middle cannot be resynchronised: the
 * connection is then closed for good.
 */
public final class RpcClient implements AutoCloseable {
  /** Largest reply accepted: a whole 1-million-point float64 waveform and then some. */
  static final int MAX_REPLY = 64 << 20;

  /** Once a reply has started, how long the rest of it may take. */
  private static final Duration STALL = Duration.ofSeconds(10);

  /** Sets the read timeout of the connection in milliseconds. */
  interface ReadTimeout {
    void set(int millis) throws IOException;
  }

  private final String what;
  private final AutoCloseable connection;
  private final ReadTimeout readTimeout;
  private final PushbackInputStream in;
  private final OutputStream out;
  private int nextXid = ThreadLocalRandom.current().nextInt();
  private String broken;
  private int droppedReplies;

  /** A client over any pair of streams (tests use in-memory ones). */
  RpcClient(
      String what,
      InputStream in,
      OutputStream out,
      ReadTimeout readTimeout,
      AutoCloseable connection) {
    this.what = what;
    this.connection = connection;
    this.readTimeout = readTimeout;
    this.in = new PushbackInputStream(new BufferedInputStream(in, 1 << 16));
    this.out = new BufferedOutputStream(out, 1 << 16);
  }

  /** Connects to an RPC server. */
  public static RpcClient connect(String host, int port, Deadline deadline, String what)
      throws InstrumentException {
    Socket s = TcpConnector.connect(host, port, deadline, what);
    try {
      return new RpcClient(what, s.getInputStream(), s.getOutputStream(), s::setSoTimeout, s);
    } catch (IOException e) {
      TcpConnector.closeQuietly(s);
      throw new InstrumentException(what + ": " + e.getMessage(), e);
    }
  }

  /** Starts the arguments of a call; pass the encoder to {@link #call}. */
  public XdrEncoder newCall(int program, int version, int procedure) {
    return RpcMessages.call(nextXid++, program, version, procedure);
  }

  /**
   * Sends a call and waits for its reply.
   *
   * @param grace how long past the deadline to wait for the server, which is itself told the
   *     deadline (VXI-11 io_timeout) and should answer by then
   * @return a decoder positioned at the results
   * @throws org.instrumentelement.ial.InstrumentTimeoutException if no reply came in time
   */
  public XdrDecoder call(XdrEncoder call, Deadline deadline, Duration grace)
      throws InstrumentException {
    if (broken != null) {
      throw new InstrumentException(broken);
    }
    int xid = new XdrDecoder(call.array(), 0, 4).getInt();
    try {
      RpcRecordCodec.write(out, call.array(), 0, call.size(), Integer.MAX_VALUE);
    } catch (IOException e) {
      throw lost(e);
    }
    while (true) {
      byte[] reply = readReply(deadline, grace);
      if (RpcMessages.replyXid(reply) == xid) {
        return RpcMessages.results(reply);
      }
      droppedReplies++; // the answer to a call that gave up earlier
    }
  }

  /** How many late replies with old transaction ids were dropped (tests). */
  public int droppedReplies() {
    return droppedReplies;
  }

  private byte[] readReply(Deadline deadline, Duration grace) throws InstrumentException {
    int first;
    try {
      long waitMs = Math.max(1, deadline.remainingMillis() + grace.toMillis());
      readTimeout.set((int) Math.min(Integer.MAX_VALUE, waitMs));
      first = in.read();
    } catch (SocketTimeoutException e) {
      throw deadline.timeout(what + " did not answer");
    } catch (IOException e) {
      throw lost(e);
    }
    if (first < 0) {
      throw lost(new EOFException("the server closed the connection"));
    }
    try {
      in.unread(first);
      readTimeout.set((int) STALL.toMillis());
      return RpcRecordCodec.read(in, MAX_REPLY);
    } catch (RpcFormatException e) {
      broken = what + ": " + e.getMessage();
      close();
      throw e;
    } catch (IOException e) {
      throw lost(e);
    }
  }

  private InstrumentException lost(IOException e) {
    broken = what + ": connection lost (" + e.getMessage() + ")";
    close();
    return new InstrumentException(broken, e);
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (Exception e) {
      // the connection is abandoned either way
    }
  }
}
