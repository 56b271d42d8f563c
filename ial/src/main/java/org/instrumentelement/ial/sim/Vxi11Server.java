package org.instrumentelement.ial.sim;

import static org.instrumentelement.ial.vxi11.Vxi11Protocol.*;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.instrumentelement.ial.InstrumentTimeoutException;
import org.instrumentelement.ial.mock.MockDevice;
import org.instrumentelement.ial.scpi.device.ProgramMessageFramer;
import org.instrumentelement.ial.vxi11.RpcFormatException;
import org.instrumentelement.ial.vxi11.RpcMessages;
import org.instrumentelement.ial.vxi11.XdrDecoder;
import org.instrumentelement.ial.vxi11.XdrEncoder;

/**
 * The VXI-11 core channel of the simulated instruments, one device per name ({@code inst0}, {@code
 * inst1}...). Each link keeps the replies of its device until device_read takes them; device_read
 * waits for a reply up to its io_timeout, as on a real instrument.
 *
 * <p>Simplification: an operation on a device locked by another link fails at once with "device
 * locked" instead of waiting lock_timeout for the lock.
 */
final class Vxi11Server extends RpcServer {
  /** What the simulated devices accept per device_write. */
  static final int MAX_RECV_SIZE = 256 * 1024;

  /** What create_link announces: clients split longer writes into pieces of at most this. */
  private final int maxRecvSize;

  private static final int MAX_DEVICE_NAME = 64;

  private final Map<String, MockDevice> devices;
  private final ScheduledExecutorService later;
  private final AtomicInteger nextLink = new AtomicInteger(1);

  Vxi11Server(
      Map<String, MockDevice> devices,
      ExecutorService threads,
      ScheduledExecutorService later,
      int maxRecvSize) {
    super(threads);
    this.maxRecvSize = maxRecvSize;
    this.devices = Map.copyOf(devices);
    this.later = later;
  }

  /** One link: a client's conversation with one device. */
  private final class Link {
    final int id = nextLink.getAndIncrement();
    final MockDevice device;
    final ProgramMessageFramer input = new ProgramMessageFramer(true);
    final Deque<byte[]> replies = new ArrayDeque<>(); // guarded by this
    int delivered; // bytes of the first reply already read; guarded by this
    int generation; // changes when unread replies become void; guarded by this

    Link(MockDevice device) {
      this.device = device;
    }

    /** The messages completed by a device_write; replies become readable when ready. */
    void write(byte[] data, boolean end) {
      int gen;
      synchronized (this) {
        if (!replies.isEmpty()) {
          device.queryInterrupted(); // a new message before the last reply was read
          replies.clear();
          delivered = 0;
        }
        gen = ++generation;
      }
      for (String message : input.add(data, 0, data.length, end)) {
        MockDevice.Reply reply = device.handle(message);
        if (!reply.hasData() || device.hung()) {
          continue;
        }
        if (reply.delay().isZero()) {
          offer(reply.bytes(), gen);
        } else {
          later.schedule(
              () -> offer(reply.bytes(), gen), reply.delay().toNanos(), TimeUnit.NANOSECONDS);
        }
      }
    }

    synchronized void offer(byte[] reply, int gen) {
      if (gen == generation) {
        replies.add(reply);
        notifyAll();
      }
    }

    /** Waits up to {@code timeoutMs} for a reply, then returns up to {@code max} bytes of it. */
    synchronized XdrEncoder read(int xid, int max, int timeoutMs, int termChar) {
      long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
      while (replies.isEmpty()) {
        long left = until - System.nanoTime();
        if (left <= 0) {
          return readReply(xid, IO_TIMEOUT, 0, new byte[0], 0, 0);
        }
        try {
          TimeUnit.NANOSECONDS.timedWait(this, left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return readReply(xid, IO_ERROR, 0, new byte[0], 0, 0);
        }
      }
      byte[] reply = replies.peekFirst();
      int from = delivered;
      int n = Math.min(max, reply.length - from);
      int reason = n == max ? REASON_REQCNT : 0;
      if (termChar >= 0) {
        for (int i = from; i < from + n; i++) {
          if ((reply[i] & 0xff) == termChar) {
            n = i - from + 1;
            reason = REASON_CHR;
            break;
          }
        }
      }
      delivered += n;
      if (delivered == reply.length) {
        reason |= REASON_END;
        replies.removeFirst();
        delivered = 0;
      }
      return readReply(xid, NO_ERROR, reason, reply, from, n);
    }

    synchronized void clear() {
      replies.clear();
      delivered = 0;
      generation++;
      input.clear();
    }

    synchronized boolean hasOutput() {
      return !replies.isEmpty();
    }
  }

  private static XdrEncoder readReply(
      int xid, int error, int reason, byte[] data, int offset, int length) {
    return RpcMessages.acceptedReply(xid, RpcMessages.SUCCESS, 16 + length)
        .putInt(error)
        .putInt(reason)
        .putOpaque(data, offset, length);
  }

  /** The links of one connection; they die with it. */
  private static final class Links extends HashMap<Integer, Link> implements Conversation {
    private static final long serialVersionUID = 1L;

    @Override
    public void close() {
      values().forEach(l -> l.device.unlock(l));
      clear();
    }
  }

  @Override
  protected Conversation newConversation() {
    return new Links();
  }

  @Override
  protected XdrEncoder answer(RpcMessages.Call call, Conversation conversation)
      throws RpcFormatException {
    int xid = call.xid();
    if (call.program() != CORE_PROGRAM) {
      return RpcMessages.acceptedReply(xid, RpcMessages.PROG_UNAVAIL);
    }
    if (call.version() != CORE_VERSION) {
      return RpcMessages.acceptedReply(xid, RpcMessages.PROG_MISMATCH).putInt(1).putInt(1);
    }
    Links links = (Links) conversation;
    XdrDecoder args = call.arguments();
    if (call.procedure() == CREATE_LINK) {
      return createLink(xid, args, links);
    }
    if (!isKnown(call.procedure())) {
      return RpcMessages.acceptedReply(xid, RpcMessages.PROC_UNAVAIL);
    }
    Link link = links.get(args.getInt());
    XdrEncoder ok = RpcMessages.acceptedReply(xid, RpcMessages.SUCCESS);
    if (link == null) {
      return call.procedure() == DEVICE_READ
          ? readReply(xid, INVALID_LINK, 0, new byte[0], 0, 0)
          : ok.putInt(INVALID_LINK).putInt(0);
    }
    if (!link.device.powered()) {
      return null; // a device without power answers nothing, ever
    }
    return switch (call.procedure()) {
      case DEVICE_WRITE -> write(ok, link, args);
      case DEVICE_READ -> read(xid, link, args);
      case DEVICE_READSTB -> {
        if (lockedOut(link)) {
          yield ok.putInt(DEVICE_LOCKED).putInt(0);
        }
        int stb = link.device.statusByte() | (link.hasOutput() ? 0x10 : 0);
        yield ok.putInt(NO_ERROR).putInt(stb);
      }
      case DEVICE_CLEAR -> {
        if (lockedOut(link)) {
          yield ok.putInt(DEVICE_LOCKED);
        }
        link.clear();
        yield ok.putInt(NO_ERROR);
      }
      case DEVICE_TRIGGER, DEVICE_REMOTE, DEVICE_LOCAL -> ok.putInt(NO_ERROR);
      case DEVICE_LOCK -> lock(ok, link, args);
      case DEVICE_UNLOCK -> {
        if (!link.device.lockedBy(link)) {
          yield ok.putInt(NO_LOCK_HELD);
        }
        link.device.unlock(link);
        yield ok.putInt(NO_ERROR);
      }
      case DESTROY_LINK -> {
        link.device.unlock(link);
        links.remove(link.id);
        yield ok.putInt(NO_ERROR);
      }
      default -> RpcMessages.acceptedReply(xid, RpcMessages.PROC_UNAVAIL);
    };
  }

  private static boolean isKnown(int procedure) {
    return switch (procedure) {
      case DEVICE_WRITE,
              DEVICE_READ,
              DEVICE_READSTB,
              DEVICE_TRIGGER,
              DEVICE_CLEAR,
              DEVICE_REMOTE,
              DEVICE_LOCAL,
              DEVICE_LOCK,
              DEVICE_UNLOCK,
              DESTROY_LINK ->
          true;
      default -> false;
    };
  }

  private XdrEncoder createLink(int xid, XdrDecoder args, Links links) throws RpcFormatException {
    args.getInt(); // clientId
    boolean lockDevice = args.getBoolean();
    long lockTimeout = args.getUnsignedInt();
    String name = args.getString(MAX_DEVICE_NAME).toLowerCase(Locale.ROOT);
    XdrEncoder reply = RpcMessages.acceptedReply(xid, RpcMessages.SUCCESS);
    MockDevice device = devices.get(name);
    if (device == null) {
      return reply.putInt(INVALID_ADDRESS).putInt(0).putInt(0).putInt(0);
    }
    Link link = new Link(device);
    if (lockDevice) {
      try {
        device.lock(link, Duration.ofMillis(lockTimeout));
      } catch (InstrumentTimeoutException e) {
        return reply.putInt(DEVICE_LOCKED).putInt(0).putInt(0).putInt(0);
      }
    }
    links.put(link.id, link);
    return reply.putInt(NO_ERROR).putInt(link.id).putInt(0).putInt(maxRecvSize);
  }

  private static XdrEncoder write(XdrEncoder ok, Link link, XdrDecoder args)
      throws RpcFormatException {
    args.getUnsignedInt(); // io_timeout: the simulated device takes every message at once
    args.getUnsignedInt(); // lock_timeout
    int flags = args.getInt();
    byte[] data = args.getOpaque(MAX_RECV_SIZE);
    if (lockedOut(link)) {
      return ok.putInt(DEVICE_LOCKED).putInt(0);
    }
    try {
      link.write(data, (flags & FLAG_END) != 0);
    } catch (IllegalStateException e) {
      return ok.putInt(IO_ERROR).putInt(0);
    }
    return ok.putInt(NO_ERROR).putInt(data.length);
  }

  private static XdrEncoder read(int xid, Link link, XdrDecoder args) throws RpcFormatException {
    long requestSize = args.getUnsignedInt();
    long ioTimeout = args.getUnsignedInt();
    args.getUnsignedInt(); // lock_timeout
    int flags = args.getInt();
    int termChar = args.getInt() & 0xff;
    if (lockedOut(link)) {
      return readReply(xid, DEVICE_LOCKED, 0, new byte[0], 0, 0);
    }
    int max = (int) Math.max(1, Math.min(requestSize, 64 << 20));
    int timeout = (int) Math.min(ioTimeout, Integer.MAX_VALUE);
    return link.read(xid, max, timeout, (flags & FLAG_TERMCHRSET) != 0 ? termChar : -1);
  }

  private static XdrEncoder lock(XdrEncoder ok, Link link, XdrDecoder args)
      throws RpcFormatException {
    int flags = args.getInt();
    long lockTimeout = args.getUnsignedInt();
    Duration wait = (flags & FLAG_WAITLOCK) != 0 ? Duration.ofMillis(lockTimeout) : Duration.ZERO;
    try {
      link.device.lock(link, wait);
      return ok.putInt(NO_ERROR);
    } catch (InstrumentTimeoutException e) {
      return ok.putInt(DEVICE_LOCKED);
    }
  }

  private static boolean lockedOut(Link link) {
    return link.device.lockedByOther(link);
  }
}
