package org.instrumentelement.ial.hislip;

import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentTimeoutException;
import org.instrumentelement.ial.ResourceName;
import org.instrumentelement.ial.SessionOptions;
import org.instrumentelement.ial.transport.Deadline;
import org.instrumentelement.ial.transport.MessageSession;
import org.instrumentelement.ial.transport.TcpConnector;
import org.instrumentelement.ial.transport.TcpipAddress;

/**
 * A HiSLIP session: the synchronous channel carries Data/DataEnd, the asynchronous one device
 * clear, status, locks. Each message sent has the next even message id from 0xffffff00; replies
 * carry the id of the DataEnd they answer, and any other reply (the late answer to a query that
 * timed out) is read and dropped.
 */
final class HislipSession extends MessageSession {
  /** Our vendor id: "IE". */
  static final int VENDOR_ID = ('I' << 8) | 'E';

  private static final int INITIAL_MESSAGE_ID = HislipProtocol.INITIAL_MESSAGE_ID;

  /** The largest message we accept, told to the server: a whole 8 MB waveform and then some. */
  static final long CLIENT_MAX_MESSAGE = 16L << 20;

  /** How long past a lock's wait to wait for the server's answer. */
  private static final Duration GRACE = Duration.ofMillis(250);

  private final String what;
  private final HislipChannel sync;
  private final HislipChannel async;
  private final long serverMaxMessage;
  private int nextMessageId = INITIAL_MESSAGE_ID;
  private int lastEndId = INITIAL_MESSAGE_ID - 2;
  private boolean responseDelivered;
  private boolean inMessage;
  private long payloadLeft;
  private boolean currentIsAnswer;
  private boolean currentEnds;
  private String broken;

  private HislipSession(
      ResourceName name,
      SessionOptions options,
      HislipChannel sync,
      HislipChannel async,
      long serverMaxMessage) {
    super(name, options);
    this.what = name.text();
    this.sync = sync;
    this.async = async;
    this.serverMaxMessage = serverMaxMessage;
  }

  static HislipSession open(ResourceName name, TcpipAddress address, SessionOptions options)
      throws InstrumentException {
    Deadline d = Deadline.after(options.timeout());
    String what = name.text();
    HislipChannel sync = null;
    HislipChannel async = null;
    try {
      sync = channel(address, d, what);
      sync.send(
          MessageType.INITIALIZE,
          0,
          HislipProtocol.VERSION << 16 | VENDOR_ID,
          address.deviceName());
      HislipHeader init = expect(sync, MessageType.INITIALIZE_RESPONSE, d, what);
      int sessionId = init.parameter() & 0xffff;
      async = channel(address, d, what);
      async.send(MessageType.ASYNC_INITIALIZE, 0, sessionId);
      expect(async, MessageType.ASYNC_INITIALIZE_RESPONSE, d, what);
      byte[] ours = ByteBuffer.allocate(8).putLong(CLIENT_MAX_MESSAGE).array();
      async.send(MessageType.ASYNC_MAXIMUM_MESSAGE_SIZE, 0, 0, ours, 0, 8);
      HislipHeader size = expect(async, MessageType.ASYNC_MAXIMUM_MESSAGE_SIZE_RESPONSE, d, what);
      byte[] theirs = async.readPayload(size, d);
      if (theirs.length != 8) {
        throw new HislipFormatException("maximum message size is 8 bytes, got " + theirs.length);
      }
      long serverMax = ByteBuffer.wrap(theirs).getLong();
      if (serverMax <= 0) {
        throw new HislipFormatException("the server's maximum message size is " + serverMax);
      }
      return new HislipSession(name, options, sync, async, serverMax);
    } catch (IOException e) {
      closeBoth(sync, async);
      throw failure(what, e);
    } catch (RuntimeException e) {
      closeBoth(sync, async);
      throw e;
    }
  }

  private static HislipChannel channel(TcpipAddress address, Deadline d, String what)
      throws InstrumentException {
    Socket s = TcpConnector.connect(address.host(), address.port(), d, what);
    try {
      return new HislipChannel(s, CLIENT_MAX_MESSAGE);
    } catch (IOException e) {
      TcpConnector.closeQuietly(s);
      throw failure(what, e);
    }
  }

  /** Reads the next message on {@code channel}, which must be of type {@code expected}. */
  private static HislipHeader expect(
      HislipChannel channel, MessageType expected, Deadline d, String what) throws IOException {
    while (true) {
      HislipHeader h = channel.readHeader(d);
      if (h.type() == expected) {
        return h;
      }
      switch (h.type()) {
        case ERROR, FATAL_ERROR -> throw serverError(channel, h, d, what);
        case ASYNC_SERVICE_REQUEST, ASYNC_INTERRUPTED -> channel.skip(h.payloadLength(), d);
        default ->
            throw new HislipFormatException(
                what + ": expected " + expected + ", the server sent " + h.type());
      }
    }
  }

  private static InstrumentException serverError(
      HislipChannel channel, HislipHeader h, Deadline d, String what) throws IOException {
    String text = new String(channel.readPayload(h, d), StandardCharsets.US_ASCII);
    return new InstrumentException(
        what
            + ": HiSLIP "
            + (h.type() == MessageType.FATAL_ERROR ? "fatal error " : "error ")
            + h.controlCode()
            + (text.isEmpty() ? "" : " (" + text + ")"));
  }

  // ---- synchronous channel -------------------------------------------------------------------

  @Override
  protected void send(byte[] message, Deadline deadline, boolean unreadReplyDropped)
      throws InstrumentException {
    usable();
    int at = 0;
    try {
      do {
        int n = (int) Math.min(message.length - at, serverMaxMessage);
        boolean last = at + n == message.length;
        int id = nextMessageId;
        nextMessageId += 2;
        int rmt = responseDelivered ? 1 : 0; // "RMT-delivered": the last reply was taken
        responseDelivered = false;
        sync.send(last ? MessageType.DATA_END : MessageType.DATA, rmt, id, message, at, n);
        if (last) {
          lastEndId = id;
        }
        at += n;
      } while (at < message.length);
    } catch (IOException e) {
      throw lost(e);
    }
  }

  @Override
  protected int receive(
      byte[] into, int offset, int length, boolean stopAtTermination, Deadline deadline)
      throws InstrumentException {
    usable();
    try {
      while (true) {
        if (!inMessage) {
          inMessage = nextDataMessage(deadline);
          continue;
        }
        if (!currentIsAnswer) {
          payloadLeft -= sync.skip(payloadLeft, deadline); // a late reply: dropped
          inMessage = payloadLeft > 0;
          continue;
        }
        int n = 0;
        if (payloadLeft > 0) {
          n = sync.readPayload(into, offset, (int) Math.min(length, payloadLeft), deadline);
          payloadLeft -= n;
        }
        if (payloadLeft == 0) {
          inMessage = false;
          if (currentEnds) {
            responseDelivered = true;
            endOfMessage();
            return n;
          }
        }
        if (n > 0) {
          return n;
        }
      }
    } catch (InstrumentException e) {
      throw e;
    } catch (IOException e) {
      throw lost(e);
    }
  }

  /**
   * Reads the next header on the synchronous channel.
   *
   * @return whether it began a Data/DataEnd message (answer or late reply) to take bytes from
   */
  private boolean nextDataMessage(Deadline deadline) throws IOException {
    HislipHeader h = sync.readHeader(deadline);
    switch (h.type()) {
      case DATA, DATA_END -> {
        payloadLeft = h.payloadLength();
        currentIsAnswer = h.parameter() == lastEndId;
        currentEnds = h.type() == MessageType.DATA_END;
        return true;
      }
      case INTERRUPTED -> {
        sync.skip(h.payloadLength(), deadline); // a reply the server dropped for a newer message
        return false;
      }
      case ERROR -> throw serverError(sync, h, deadline, what);
      case FATAL_ERROR -> {
        InstrumentException e = serverError(sync, h, deadline, what);
        broken = e.getMessage();
        closeBoth(sync, async);
        throw e;
      }
      default ->
          throw new HislipFormatException(
              what + ": unexpected " + h.type() + " on the synchronous channel");
    }
  }

  /**
   * Device clear, as IVI-6.1 orders it: AsyncDeviceClear, its acknowledgement, DeviceClearComplete
   * on the synchronous channel, and everything there dropped until DeviceClearAcknowledge.
   */
  @Override
  protected void deviceClear(Deadline deadline) throws InstrumentException {
    usable();
    try {
      async.send(MessageType.ASYNC_DEVICE_CLEAR, 0, 0);
      HislipHeader ack = asyncAnswer(MessageType.ASYNC_DEVICE_CLEAR_ACKNOWLEDGE, deadline);
      sync.send(MessageType.DEVICE_CLEAR_COMPLETE, ack.controlCode(), 0);
      while (true) {
        if (payloadLeft > 0) {
          payloadLeft -= sync.skip(payloadLeft, deadline);
          continue;
        }
        HislipHeader h = sync.readHeader(deadline);
        if (h.type() == MessageType.DEVICE_CLEAR_ACKNOWLEDGE) {
          break;
        }
        payloadLeft = h.payloadLength();
      }
      inMessage = false;
      nextMessageId = INITIAL_MESSAGE_ID;
      lastEndId = INITIAL_MESSAGE_ID - 2;
      currentIsAnswer = false;
      currentEnds = false;
      responseDelivered = false;
    } catch (IOException e) {
      throw lost(e);
    }
  }

  @Override
  protected void timedOut() {
    // Nothing to do: the late reply will carry an old message id and be dropped.
  }

  // ---- asynchronous channel ------------------------------------------------------------------

  @Override
  public int readStatusByte() throws InstrumentException {
    usable();
    try {
      async.send(MessageType.ASYNC_STATUS_QUERY, responseDelivered ? 1 : 0, nextMessageId - 2);
      return asyncAnswer(MessageType.ASYNC_STATUS_RESPONSE, deadline()).controlCode();
    } catch (IOException e) {
      throw lost(e);
    }
  }

  @Override
  public void lock(Duration wait) throws InstrumentException {
    usable();
    try {
      int ms = (int) Math.min(Integer.MAX_VALUE, wait.toMillis());
      async.send(MessageType.ASYNC_LOCK, 1, ms, ""); // 1: request; empty lock string: exclusive
      Deadline d = Deadline.after(wait.plus(GRACE));
      int result = asyncAnswer(MessageType.ASYNC_LOCK_RESPONSE, d).controlCode();
      if (result == HislipProtocol.LOCK_FAILURE) {
        throw new InstrumentTimeoutException(
            what + " is locked by another session (waited " + wait.toMillis() + " ms)");
      }
      if (result == HislipProtocol.LOCK_ERROR) {
        throw new InstrumentException(what + ": the lock request failed (" + result + ")");
      }
    } catch (InstrumentException e) {
      throw e;
    } catch (IOException e) {
      throw lost(e);
    }
  }

  @Override
  public void unlock() throws InstrumentException {
    usable();
    try {
      async.send(MessageType.ASYNC_LOCK, 0, nextMessageId - 2); // 0: release
      asyncAnswer(MessageType.ASYNC_LOCK_RESPONSE, deadline()); // 3: held none; nothing to undo
    } catch (IOException e) {
      throw lost(e);
    }
  }

  /**
   * The answer to a request just sent on the asynchronous channel. An answer that does not come in
   * time could come later in place of the next one, so a timeout here ends the session.
   */
  private HislipHeader asyncAnswer(MessageType expected, Deadline d) throws IOException {
    try {
      return expect(async, expected, d, what);
    } catch (InstrumentTimeoutException e) {
      broken = what + ": no answer on the HiSLIP asynchronous channel (" + e.getMessage() + ")";
      closeBoth(sync, async);
      throw e;
    }
  }

  @Override
  protected void closeTransport() {
    closeBoth(sync, async);
  }

  private void usable() throws InstrumentException {
    checkOpen();
    if (broken != null) {
      throw new InstrumentException(broken);
    }
  }

  private InstrumentException lost(IOException e) {
    broken = failure(what, e).getMessage();
    closeBoth(sync, async);
    return e instanceof InstrumentException ie ? ie : new InstrumentException(broken, e);
  }

  private static InstrumentException failure(String what, IOException e) {
    if (e instanceof InstrumentException ie) {
      return ie;
    }
    if (e instanceof EOFException) {
      return new InstrumentException(what + ": the instrument closed the connection", e);
    }
    return new InstrumentException(what + ": connection lost (" + e.getMessage() + ")", e);
  }

  private static void closeBoth(HislipChannel a, HislipChannel b) {
    if (a != null) {
      a.close();
    }
    if (b != null) {
      b.close();
    }
  }
}
