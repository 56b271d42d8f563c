package org.instrumentelement.ial.vxi11;

import static org.instrumentelement.ial.vxi11.Vxi11Protocol.CORE_PROGRAM;
import static org.instrumentelement.ial.vxi11.Vxi11Protocol.CORE_VERSION;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentTimeoutException;
import org.instrumentelement.ial.ResourceName;
import org.instrumentelement.ial.SessionOptions;
import org.instrumentelement.ial.transport.Deadline;
import org.instrumentelement.ial.transport.MessageSession;
import org.instrumentelement.ial.transport.TcpipAddress;

/**
 * A link on a VXI-11 core channel. Writes go in pieces of at most the device's maxRecvSize, END on
 * the last; each read asks for what the reply buffer has room for, with the time left of the
 * operation as io_timeout, until END or the terminator.
 */
final class Vxi11Session extends MessageSession {
  /** How long past io_timeout to wait for a server that was told the deadline. */
  private static final Duration GRACE = Duration.ofMillis(250);

  /** Replies are bounded by the RPC client's record limit; leave room for the RPC header. */
  private static final int MAX_REQUEST = RpcClient.MAX_REPLY - 1024;

  /** The smallest maxRecvSize the specification allows. */
  private static final int MIN_RECV_SIZE = 1024;

  private final RpcClient rpc;
  private final int link;
  private final int maxRecvSize;
  private final String what;

  private Vxi11Session(
      ResourceName name, SessionOptions options, RpcClient rpc, int link, int maxRecvSize) {
    super(name, options);
    this.rpc = rpc;
    this.link = link;
    this.maxRecvSize = maxRecvSize;
    this.what = name.text();
  }

  static Vxi11Session open(
      ResourceName name, TcpipAddress address, SessionOptions options, int portmapperPort)
      throws InstrumentException {
    Deadline d = Deadline.after(options.timeout());
    int port =
        address.hasPort()
            ? address.port()
            : Portmapper.getPort(
                address.host(), portmapperPort, CORE_PROGRAM, CORE_VERSION, d, name.text());
    RpcClient rpc = RpcClient.connect(address.host(), port, d, name.text());
    try {
      XdrEncoder call =
          rpc.newCall(CORE_PROGRAM, CORE_VERSION, Vxi11Protocol.CREATE_LINK)
              .putInt(ThreadLocalRandom.current().nextInt() & 0x7fffffff) // clientId
              .putBoolean(false) // lockDevice
              .putUnsignedInt(0) // lock_timeout
              .putString(address.deviceName());
      XdrDecoder r = rpc.call(call, d, GRACE);
      check(r.getInt(), name.text() + ": create_link " + address.deviceName(), d);
      int link = r.getInt();
      r.getInt(); // abortPort: the abort channel is not used
      long maxRecv = r.getUnsignedInt();
      int maxRecvSize = (int) Math.max(MIN_RECV_SIZE, Math.min(maxRecv, Integer.MAX_VALUE));
      return new Vxi11Session(name, options, rpc, link, maxRecvSize);
    } catch (InstrumentException | RuntimeException e) {
      rpc.close();
      throw e;
    }
  }

  @Override
  protected void send(byte[] message, Deadline deadline, boolean unreadReplyDropped)
      throws InstrumentException {
    int at = 0;
    do {
      int n = Math.min(message.length - at, maxRecvSize);
      boolean last = at + n == message.length;
      int ms = millisLeft(deadline, "device_write");
      XdrEncoder call =
          rpc.newCall(CORE_PROGRAM, CORE_VERSION, Vxi11Protocol.DEVICE_WRITE)
              .putInt(link)
              .putUnsignedInt(ms) // io_timeout
              .putUnsignedInt(ms) // lock_timeout
              .putInt(Vxi11Protocol.FLAG_WAITLOCK | (last ? Vxi11Protocol.FLAG_END : 0))
              .putOpaque(message, at, n);
      XdrDecoder r = rpc.call(call, deadline, GRACE);
      check(r.getInt(), what + ": device_write", deadline);
      long accepted = r.getUnsignedInt();
      if (accepted == 0 || accepted > n) {
        throw new InstrumentException(
            what + ": device_write accepted " + accepted + " of " + n + " bytes");
      }
      at += (int) accepted;
    } while (at < message.length);
  }

  @Override
  protected int receive(
      byte[] into, int offset, int length, boolean stopAtTermination, Deadline deadline)
      throws InstrumentException {
    Character term = options().readTermination();
    boolean useTerm = stopAtTermination && term != null;
    int request = Math.min(length, MAX_REQUEST);
    while (true) {
      int ms = millisLeft(deadline, "device_read");
      XdrEncoder call =
          rpc.newCall(CORE_PROGRAM, CORE_VERSION, Vxi11Protocol.DEVICE_READ)
              .putInt(link)
              .putUnsignedInt(request)
              .putUnsignedInt(ms) // io_timeout
              .putUnsignedInt(ms) // lock_timeout
              .putInt(Vxi11Protocol.FLAG_WAITLOCK | (useTerm ? Vxi11Protocol.FLAG_TERMCHRSET : 0))
              .putInt(useTerm ? term : 0);
      XdrDecoder r = rpc.call(call, deadline, GRACE);
      check(r.getInt(), what + ": device_read", deadline);
      int reason = r.getInt();
      int n = r.opaqueLength(request);
      r.copyOpaque(into, offset, n);
      boolean end = (reason & Vxi11Protocol.REASON_END) != 0;
      if (end) {
        endOfMessage();
      }
      if (n > 0 || end) {
        return n;
      }
    }
  }

  @Override
  public int readStatusByte() throws InstrumentException {
    checkOpen();
    Deadline d = deadline();
    XdrDecoder r = rpc.call(generic(Vxi11Protocol.DEVICE_READSTB, d), d, GRACE);
    check(r.getInt(), what + ": device_readstb", d);
    return r.getInt() & 0xff;
  }

  @Override
  protected void deviceClear(Deadline deadline) throws InstrumentException {
    XdrDecoder r = rpc.call(generic(Vxi11Protocol.DEVICE_CLEAR, deadline), deadline, GRACE);
    check(r.getInt(), what + ": device_clear", deadline);
  }

  /** Device_GenericParms: link, flags, lock_timeout, io_timeout. */
  private XdrEncoder generic(int procedure, Deadline d) throws InstrumentTimeoutException {
    int ms = millisLeft(d, "the call");
    return rpc.newCall(CORE_PROGRAM, CORE_VERSION, procedure)
        .putInt(link)
        .putInt(Vxi11Protocol.FLAG_WAITLOCK)
        .putUnsignedInt(ms)
        .putUnsignedInt(ms);
  }

  @Override
  public void lock(Duration wait) throws InstrumentException {
    checkOpen();
    Deadline d = Deadline.after(wait);
    XdrEncoder call =
        rpc.newCall(CORE_PROGRAM, CORE_VERSION, Vxi11Protocol.DEVICE_LOCK)
            .putInt(link)
            .putInt(Vxi11Protocol.FLAG_WAITLOCK)
            .putUnsignedInt(Math.max(0, d.remainingMillis()));
    XdrDecoder r = rpc.call(call, d, GRACE);
    int error = r.getInt();
    if (error == Vxi11Protocol.DEVICE_LOCKED) {
      throw new InstrumentTimeoutException(
          what + " is locked by another link (waited " + wait.toMillis() + " ms)");
    }
    check(error, what + ": device_lock", d);
  }

  @Override
  public void unlock() throws InstrumentException {
    checkOpen();
    Deadline d = deadline();
    XdrEncoder call =
        rpc.newCall(CORE_PROGRAM, CORE_VERSION, Vxi11Protocol.DEVICE_UNLOCK).putInt(link);
    int error = rpc.call(call, d, GRACE).getInt();
    if (error != Vxi11Protocol.NO_LOCK_HELD) {
      check(error, what + ": device_unlock", d);
    }
  }

  @Override
  protected void closeTransport() {
    try {
      Deadline d = Deadline.after(Duration.ofMillis(Math.min(1000, timeout().toMillis())));
      rpc.call(
          rpc.newCall(CORE_PROGRAM, CORE_VERSION, Vxi11Protocol.DESTROY_LINK).putInt(link),
          d,
          Duration.ZERO);
    } catch (InstrumentException e) {
      // the link dies with the connection anyway
    } finally {
      rpc.close();
    }
  }

  private static int millisLeft(Deadline d, String what) throws InstrumentTimeoutException {
    int ms = d.remainingMillis();
    if (ms <= 0) {
      throw d.timeout(what + " did not finish");
    }
    return ms;
  }

  private static void check(int error, String what, Deadline d) throws InstrumentException {
    if (error == Vxi11Protocol.NO_ERROR) {
      return;
    }
    if (error == Vxi11Protocol.IO_TIMEOUT) {
      throw d.timeout(what + ": the device did not answer");
    }
    throw new InstrumentException(what + " failed: " + Vxi11Protocol.describe(error));
  }
}
