package org.instrumentelement.ial.mock;

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
 * A session with a {@link MockDevice}. Replies go into an output buffer that reads consume like a
 * byte stream, so terminators, blocks and stale replies behave as they do on a wire.
 */
final class MockSession implements InstrumentSession {
  private final ResourceName resource;
  private final MockDevice device;
  private final SessionOptions options;
  private Duration timeout;
  private byte[] pending = new byte[0];
  private int readPos;
  private boolean closed;

  MockSession(ResourceName resource, MockDevice device, SessionOptions options) {
    this.resource = resource;
    this.device = device;
    this.options = options;
    this.timeout = options.timeout();
  }

  @Override
  public ResourceName resource() {
    return resource;
  }

  @Override
  public void write(String message) throws InstrumentException {
    checkUsable();
    if (available() > 0) {
      // A new message before the last reply was read: the instrument drops the old reply.
      device.queryInterrupted();
      discard();
    }
    String wire = message + options.writeTermination();
    int start = 0;
    for (int i = 0; i < wire.length(); i++) {
      if (wire.charAt(i) == '\n') {
        deliver(wire.substring(start, i));
        start = i + 1;
      }
    }
    if (start < wire.length()) {
      deliver(wire.substring(start));
    }
  }

  private void deliver(String programMessage) {
    byte[] reply = device.handle(programMessage);
    if (reply != null && !device.hung()) {
      byte[] merged = Arrays.copyOfRange(pending, readPos, pending.length + reply.length);
      System.arraycopy(reply, 0, merged, pending.length - readPos, reply.length);
      pending = merged;
      readPos = 0;
    }
  }

  @Override
  public String read() throws InstrumentException {
    awaitReply();
    Character term = options.readTermination();
    int end = pending.length;
    int next = end;
    if (term != null) {
      for (int i = readPos; i < pending.length; i++) {
        if (pending[i] == term) {
          end = i;
          next = i + 1;
          break;
        }
      }
    }
    String s = new String(pending, readPos, end - readPos, StandardCharsets.ISO_8859_1);
    readPos = next;
    return s;
  }

  @Override
  public byte[] readBinaryBlock() throws InstrumentException {
    awaitReply();
    BlockHeader header = BlockHeader.parse(pending, readPos, available());
    if (header == null) {
      throw new BlockFormatException("reply ended inside a block header");
    }
    int start = readPos + header.headerLength();
    int end;
    if (header.indefinite()) {
      end = pending.length;
      if (end > start && pending[end - 1] == '\n') {
        end--; // #0 blocks end with the message terminator
      }
    } else {
      if (header.payloadLength() > pending.length - start) {
        throw new BlockFormatException(
            "block announces "
                + header.payloadLength()
                + " bytes but the reply holds "
                + (pending.length - start));
      }
      end = start + (int) header.payloadLength();
    }
    byte[] payload = Arrays.copyOfRange(pending, start, end);
    readPos = end;
    Character term = options.readTermination();
    if (readPos < pending.length && term != null && pending[readPos] == term) {
      readPos++;
    }
    return payload;
  }

  private void awaitReply() throws InstrumentException {
    checkUsable();
    if (device.hung()) {
      try {
        Thread.sleep(timeout.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      throw new InstrumentTimeoutException(
          resource + " did not answer within " + timeout.toMillis() + " ms");
    }
    if (available() == 0) {
      // Nothing was asked: a real instrument leaves the read to time out.
      throw new InstrumentTimeoutException(resource + ": no reply pending (nothing was queried)");
    }
  }

  private int available() {
    return pending.length - readPos;
  }

  private void discard() {
    pending = new byte[0];
    readPos = 0;
  }

  private void checkUsable() throws InstrumentException {
    if (closed) {
      throw new InstrumentException("session to " + resource + " is closed");
    }
    if (!device.powered()) {
      throw new InstrumentException(resource + " is not reachable (no power)");
    }
    if (device.lockedByOther(this)) {
      throw new InstrumentException(resource + " is locked by another session");
    }
  }

  @Override
  public void clear() throws InstrumentException {
    checkUsable();
    discard();
  }

  @Override
  public void lock(Duration wait) throws InstrumentException {
    if (closed) {
      throw new InstrumentException("session to " + resource + " is closed");
    }
    device.lock(this, wait);
  }

  @Override
  public void unlock() {
    device.unlock(this);
  }

  @Override
  public Duration timeout() {
    return timeout;
  }

  @Override
  public void setTimeout(Duration timeout) {
    this.timeout = timeout;
  }

  @Override
  public void close() {
    if (!closed) {
      device.unlock(this);
      closed = true;
      discard();
    }
  }
}
