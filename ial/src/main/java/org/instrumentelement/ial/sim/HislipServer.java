package org.instrumentelement.ial.sim;

import java.io.IOException;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.instrumentelement.ial.InstrumentTimeoutException;
import org.instrumentelement.ial.hislip.HislipChannel;
import org.instrumentelement.ial.hislip.HislipFormatException;
import org.instrumentelement.ial.hislip.HislipHeader;
import org.instrumentelement.ial.hislip.HislipProtocol;
import org.instrumentelement.ial.hislip.MessageType;
import org.instrumentelement.ial.mock.MockDevice;
import org.instrumentelement.ial.scpi.device.ProgramMessageFramer;

/**
 * The HiSLIP server of the simulated instruments, one device per sub-address ({@code hislip0},
 * {@code hislip1}...), in synchronized mode. A connection that starts with Initialize becomes a
 * session's synchronous channel, one that starts with AsyncInitialize its asynchronous channel.
 */
final class HislipServer extends TcpServer {
  /** The largest message the simulated devices accept; longer ones come in several. */
  static final long SERVER_MAX_MESSAGE = 256 * 1024;

  private static final int VENDOR_ID = ('S' << 8) | 'M';

  private final Map<String, MockDevice> devices;
  private final ScheduledExecutorService later;
  private final Map<Integer, Session> sessions = new ConcurrentHashMap<>();
  private final AtomicInteger nextSessionId = new AtomicInteger(1);

  /** The maximum message size announced: clients split longer writes into Data and DataEnd. */
  private final long maxMessage;

  HislipServer(
      Map<String, MockDevice> devices,
      ExecutorService threads,
      ScheduledExecutorService later,
      long maxMessage) {
    super(threads);
    this.maxMessage = maxMessage;
    this.devices = Map.copyOf(devices);
    this.later = later;
  }

  /** One client's session: its two channels and the device they talk to. */
  private final class Session {
    final int id;
    final MockDevice device;
    final HislipChannel sync;
    final Socket syncSocket;
    final ProgramMessageFramer input = new ProgramMessageFramer(true);
    volatile long clientMaxMessage = 1 << 20;
    volatile Socket asyncSocket;
    private int generation; // guarded by this: replies from before a device clear are void
    private int processed = HislipProtocol.INITIAL_MESSAGE_ID - 2; // guarded by this

    /** Notes that the message with this id has been executed. */
    synchronized void processed(int messageId) {
      processed = messageId;
      notifyAll();
    }

    /** After a device clear, message ids start again. */
    synchronized void restartIds() {
      processed = HislipProtocol.INITIAL_MESSAGE_ID - 2;
      notifyAll();
    }

    /**
     * Waits (a little) until the message with this id has been executed: an asynchronous request
     * names the last message the client sent, and must see its effects, though it travels on
     * another connection that may overtake the synchronous one.
     */
    synchronized void awaitProcessed(int messageId) {
      long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
      while (processed - messageId < 0) {
        long left = until - System.nanoTime();
        if (left <= 0) {
          return;
        }
        try {
          TimeUnit.NANOSECONDS.timedWait(this, left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }

    Session(int id, MockDevice device, HislipChannel sync, Socket syncSocket) {
      this.id = id;
      this.device = device;
      this.sync = sync;
      this.syncSocket = syncSocket;
    }

    synchronized int generation() {
      return generation;
    }

    /** Device clear: replies not yet sent are dropped. */
    synchronized void nextGeneration() {
      generation++;
    }

    synchronized boolean current(int gen) {
      return gen == generation;
    }

    /** Sends a reply as Data messages and a final DataEnd, all with the id of the query. */
    void reply(int messageId, byte[] bytes, int gen) {
      if (!current(gen)) {
        return; // a device clear came first
      }
      try {
        int at = 0;
        do {
          int n = (int) Math.min(bytes.length - at, clientMaxMessage);
          boolean last = at + n == bytes.length;
          sync.send(last ? MessageType.DATA_END : MessageType.DATA, 0, messageId, bytes, at, n);
          at += n;
        } while (at < bytes.length);
      } catch (IOException e) {
        end();
      }
    }

    void end() {
      sessions.remove(id);
      device.unlock(this);
      drop(syncSocket);
      Socket a = asyncSocket;
      if (a != null) {
        drop(a);
      }
    }
  }

  @Override
  protected void serve(Socket connection) throws IOException {
    HislipChannel channel = new HislipChannel(connection, SERVER_MAX_MESSAGE);
    HislipHeader first;
    try {
      first = channel.readHeader(null);
    } catch (HislipFormatException e) {
      channel.send(MessageType.FATAL_ERROR, HislipProtocol.FATAL_BAD_HEADER, 0, e.getMessage());
      return;
    }
    if (first.type() == MessageType.INITIALIZE) {
      String subAddress =
          new String(channel.readPayload(first, null), StandardCharsets.US_ASCII)
              .toLowerCase(Locale.ROOT);
      MockDevice device = devices.get(subAddress.isEmpty() ? "hislip0" : subAddress);
      if (device == null) {
        channel.send(
            MessageType.FATAL_ERROR,
            HislipProtocol.FATAL_INVALID_INITIALIZATION,
            0,
            "no instrument at sub-address '" + subAddress + "'");
        return;
      }
      Session s =
          new Session(nextSessionId.getAndIncrement() & 0xffff, device, channel, connection);
      sessions.put(s.id, s);
      channel.send(MessageType.INITIALIZE_RESPONSE, 0, HislipProtocol.VERSION << 16 | s.id);
      try {
        serveSync(s);
      } finally {
        s.end();
      }
    } else if (first.type() == MessageType.ASYNC_INITIALIZE) {
      Session s = sessions.get(first.parameter() & 0xffff);
      if (s == null) {
        channel.send(
            MessageType.FATAL_ERROR,
            HislipProtocol.FATAL_INVALID_INITIALIZATION,
            0,
            "no session " + (first.parameter() & 0xffff));
        return;
      }
      s.asyncSocket = connection;
      channel.send(MessageType.ASYNC_INITIALIZE_RESPONSE, 0, VENDOR_ID);
      try {
        serveAsync(s, channel);
      } finally {
        s.end();
      }
    } else {
      channel.send(
          MessageType.FATAL_ERROR,
          HislipProtocol.FATAL_INVALID_INITIALIZATION,
          0,
          "a connection starts with Initialize or AsyncInitialize, not " + first.type());
    }
  }

  private void serveSync(Session s) throws IOException {
    while (true) {
      HislipHeader h = s.sync.readHeader(null);
      if (!s.device.powered()) {
        return; // no power, no network
      }
      switch (h.type()) {
        case DATA, DATA_END -> {
          byte[] payload = s.sync.readPayload(h, null);
          // A late reply still goes out, tagged with the id of its query: the client drops it.
          int gen = s.generation();
          boolean end = h.type() == MessageType.DATA_END;
          for (String message : s.input.add(payload, 0, payload.length, end)) {
            execute(s, message, h.parameter(), gen);
          }
          s.processed(h.parameter());
        }
        case DEVICE_CLEAR_COMPLETE -> {
          s.nextGeneration();
          s.input.clear();
          s.restartIds();
          s.sync.send(MessageType.DEVICE_CLEAR_ACKNOWLEDGE, 0, 0);
        }
        case TRIGGER -> s.sync.skip(h.payloadLength(), null);
        default -> {
          s.sync.skip(h.payloadLength(), null);
          s.sync.send(
              MessageType.ERROR,
              HislipProtocol.ERROR_UNRECOGNIZED_MESSAGE,
              0,
              h.type() + " is not for the synchronous channel");
        }
      }
    }
  }

  private void execute(Session s, String message, int messageId, int gen) {
    MockDevice.Reply reply = s.device.handle(message);
    if (!reply.hasData() || s.device.hung()) {
      return;
    }
    if (reply.delay().isZero()) {
      s.reply(messageId, reply.bytes(), gen);
    } else {
      later.schedule(
          () -> s.reply(messageId, reply.bytes(), gen),
          reply.delay().toNanos(),
          TimeUnit.NANOSECONDS);
    }
  }

  private void serveAsync(Session s, HislipChannel async) throws IOException {
    while (true) {
      HislipHeader h = async.readHeader(null);
      if (!s.device.powered()) {
        return;
      }
      switch (h.type()) {
        case ASYNC_MAXIMUM_MESSAGE_SIZE -> {
          byte[] p = async.readPayload(h, null);
          if (p.length == 8) {
            s.clientMaxMessage = Math.max(1, ByteBuffer.wrap(p).getLong());
          }
          byte[] ours = ByteBuffer.allocate(8).putLong(maxMessage).array();
          async.send(MessageType.ASYNC_MAXIMUM_MESSAGE_SIZE_RESPONSE, 0, 0, ours, 0, 8);
        }
        case ASYNC_DEVICE_CLEAR -> {
          s.nextGeneration();
          async.send(MessageType.ASYNC_DEVICE_CLEAR_ACKNOWLEDGE, 0, 0);
        }
        case ASYNC_STATUS_QUERY -> {
          s.awaitProcessed(h.parameter());
          async.send(MessageType.ASYNC_STATUS_RESPONSE, s.device.statusByte(), 0);
        }
        case ASYNC_LOCK -> {
          async.skip(h.payloadLength(), null); // the lock string: only exclusive locks here
          async.send(MessageType.ASYNC_LOCK_RESPONSE, lock(s, h), 0);
        }
        case ASYNC_LOCK_INFO -> {
          boolean held = s.device.lockedBy(s);
          async.send(MessageType.ASYNC_LOCK_INFO_RESPONSE, held ? 1 : 0, held ? 1 : 0);
        }
        case ASYNC_REMOTE_LOCAL_CONTROL ->
            async.send(MessageType.ASYNC_REMOTE_LOCAL_RESPONSE, 0, 0);
        default -> {
          async.skip(h.payloadLength(), null);
          async.send(
              MessageType.ERROR,
              HislipProtocol.ERROR_UNRECOGNIZED_MESSAGE,
              0,
              h.type() + " is not for the asynchronous channel");
        }
      }
    }
  }

  private static int lock(Session s, HislipHeader h) {
    if (h.controlCode() == 0) { // release, once the last message sent is through
      s.awaitProcessed(h.parameter());
      if (!s.device.lockedBy(s)) {
        return HislipProtocol.LOCK_ERROR;
      }
      s.device.unlock(s);
      return HislipProtocol.LOCK_SUCCESS;
    }
    try {
      s.device.lock(s, Duration.ofMillis(h.parameter() & 0xffffffffL));
      return HislipProtocol.LOCK_SUCCESS;
    } catch (InstrumentTimeoutException e) {
      return HislipProtocol.LOCK_FAILURE;
    }
  }
}
