package org.instrumentelement.ial.transport;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentTimeoutException;
import org.instrumentelement.ial.InvalidResourceNameException;
import org.instrumentelement.ial.ResourceName;
import org.instrumentelement.ial.SessionOptions;

/**
 * A {@link MessageSession} whose transport is a script of chunks, so that the reply buffer can be
 * tested byte by byte without sockets. Each chunk is delivered by one receive call (cut to the room
 * the caller offers), optionally with END.
 */
final class ScriptedSession extends MessageSession {
  private record Chunk(byte[] bytes, boolean end, boolean timeout) {}

  private final Deque<Chunk> script = new ArrayDeque<>();
  private final boolean signalsEnd;
  final ByteArrayOutputStream sent = new ByteArrayOutputStream();
  int receiveCalls;
  int largestRequest;
  boolean lastSendDroppedAReply;
  int timeouts;

  ScriptedSession(boolean signalsEnd, Character readTermination)
      throws InvalidResourceNameException {
    super(
        ResourceName.parse("TEST::scripted"),
        new SessionOptions(Duration.ofSeconds(1), readTermination, "\n"));
    this.signalsEnd = signalsEnd;
  }

  /** Queues bytes the "instrument" sends, without END. */
  ScriptedSession then(String ascii) {
    return then(ascii.getBytes(StandardCharsets.ISO_8859_1), false);
  }

  /** Queues bytes followed by END. */
  ScriptedSession thenEnd(String ascii) {
    return then(ascii.getBytes(StandardCharsets.ISO_8859_1), true);
  }

  ScriptedSession then(byte[] bytes, boolean end) {
    script.add(new Chunk(bytes, end, false));
    return this;
  }

  /** The next receive times out. */
  ScriptedSession thenTimeout() {
    script.add(new Chunk(new byte[0], false, true));
    return this;
  }

  @Override
  protected void send(byte[] message, Deadline deadline, boolean unreadReplyDropped) {
    sent.writeBytes(message);
    lastSendDroppedAReply = unreadReplyDropped;
  }

  @Override
  protected int receive(
      byte[] into, int offset, int length, boolean stopAtTermination, Deadline deadline)
      throws InstrumentException {
    receiveCalls++;
    largestRequest = Math.max(largestRequest, length);
    Chunk c = script.pollFirst();
    if (c == null || c.timeout()) {
      throw new InstrumentTimeoutException("scripted: nothing more to receive");
    }
    int n = Math.min(length, c.bytes().length);
    System.arraycopy(c.bytes(), 0, into, offset, n);
    if (n < c.bytes().length) {
      byte[] rest = java.util.Arrays.copyOfRange(c.bytes(), n, c.bytes().length);
      script.addFirst(new Chunk(rest, c.end(), false));
    } else if (c.end()) {
      endOfMessage();
    }
    return n;
  }

  @Override
  protected boolean signalsEnd() {
    return signalsEnd;
  }

  @Override
  protected void timedOut() {
    timeouts++;
  }

  @Override
  protected void deviceClear(Deadline deadline) {
    script.clear();
  }

  @Override
  protected void closeTransport() {}

  @Override
  public void lock(Duration wait) {}

  @Override
  public void unlock() {}
}
