package org.instrumentelement.ial.mock;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentTimeoutException;
import org.instrumentelement.ial.ResourceName;
import org.instrumentelement.ial.SessionOptions;
import org.instrumentelement.ial.scpi.device.ProgramMessageFramer;
import org.instrumentelement.ial.transport.Deadline;
import org.instrumentelement.ial.transport.MessageSession;

/**
 * A session with a {@link MockDevice}, in memory. Each reply is one message with END, like on
 * VXI-11, so terminators, blocks and stale replies go through the same reply buffer as on a wire.
 */
final class MockSession extends MessageSession {
  private final MockDevice device;
  private final Deque<PendingReply> replies = new ArrayDeque<>();
  // Each write arrives whole, with END on its last byte, as a VXI-11 device_write does.
  private final ProgramMessageFramer input = new ProgramMessageFramer(true);

  /**
   * A reply the device produced, readable from {@code readyAt} (System.nanoTime): its body, then
   * the newline that ends it.
   */
  private static final class PendingReply {
    final byte[] body;
    final long readyAt;
    int delivered;

    PendingReply(byte[] body, long readyAt) {
      this.body = body;
      this.readyAt = readyAt;
    }

    int length() {
      return body.length + 1;
    }
  }

  MockSession(ResourceName resource, MockDevice device, SessionOptions options) {
    super(resource, options);
    this.device = device;
  }

  @Override
  protected void send(byte[] message, Deadline deadline, boolean unreadReplyDropped)
      throws InstrumentException {
    checkUsable();
    if (unreadReplyDropped || !replies.isEmpty()) {
      // A new message before the last reply was read: the instrument drops the old reply.
      device.queryInterrupted();
      replies.clear();
    }
    for (String programMessage : input.add(message, 0, message.length, true)) {
      deliver(programMessage);
    }
  }

  private void deliver(String programMessage) {
    MockDevice.Reply reply = device.handle(programMessage);
    if (reply.hasData() && !device.hung()) {
      replies.add(new PendingReply(reply.body(), System.nanoTime() + reply.delay().toNanos()));
    }
  }

  @Override
  protected int receive(
      byte[] into, int offset, int length, boolean stopAtTermination, Deadline deadline)
      throws InstrumentException {
    checkUsable();
    if (device.hung()) {
      pause(deadline.remainingNanos());
      throw deadline.timeout(resource() + " did not answer");
    }
    PendingReply reply = replies.peekFirst();
    if (reply == null) {
      // Nothing was asked: a real instrument leaves the read to time out.
      throw new InstrumentTimeoutException(resource() + ": no reply pending (nothing was queried)");
    }
    long wait = reply.readyAt - System.nanoTime();
    if (wait > 0) {
      // The simulated instrument is still working on it.
      pause(Math.min(wait, Math.max(0, deadline.remainingNanos())));
      if (reply.readyAt - System.nanoTime() > 0) {
        throw deadline.timeout(resource() + " did not answer");
      }
    }
    int n = Math.min(length, reply.length() - reply.delivered);
    int fromBody = Math.max(0, Math.min(n, reply.body.length - reply.delivered));
    System.arraycopy(reply.body, reply.delivered, into, offset, fromBody);
    if (fromBody < n) {
      into[offset + fromBody] = '\n';
    }
    reply.delivered += n;
    if (reply.delivered == reply.length()) {
      replies.removeFirst();
      endOfMessage();
    }
    return n;
  }

  /** Simulated instrument time passing; the mock has no other way to be slow. */
  private static void pause(long nanos) {
    if (nanos <= 0) {
      return;
    }
    try {
      Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void checkUsable() throws InstrumentException {
    checkOpen();
    if (!device.powered()) {
      throw new InstrumentException(resource() + " is not reachable (no power)");
    }
    if (device.lockedByOther(this)) {
      throw new InstrumentException(resource() + " is locked by another session");
    }
  }

  @Override
  protected void deviceClear(Deadline deadline) throws InstrumentException {
    checkUsable();
    replies.clear();
    input.clear();
  }

  @Override
  public void lock(Duration wait) throws InstrumentException {
    checkOpen();
    device.lock(this, wait);
  }

  @Override
  public void unlock() {
    device.unlock(this);
  }

  @Override
  protected void closeTransport() {
    device.unlock(this);
    replies.clear();
  }
}
