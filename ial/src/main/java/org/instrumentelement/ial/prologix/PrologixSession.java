package org.instrumentelement.ial.prologix;

import java.time.Duration;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.ResourceName;
import org.instrumentelement.ial.SessionOptions;
import org.instrumentelement.ial.transport.Deadline;
import org.instrumentelement.ial.transport.LocalLocks;
import org.instrumentelement.ial.transport.MessageSession;

/**
 * One instrument behind a Prologix-style gateway. Every operation holds the gateway for its whole
 * length: a write selects the address and sends; a read selects it, asks for the reply ({@code
 * ++read eoi}) and reads it to its terminator (or a block to its length), as on a raw socket, since
 * the gateway passes no END. Device clear is {@code ++clr}, the status byte a serial poll ({@code
 * ++spoll}).
 */
final class PrologixSession extends MessageSession {
  private final PrologixAddress address;
  private final PrologixGateway gateway;
  private final LocalLocks locks;
  private final Runnable onClose;
  private boolean reading;

  PrologixSession(
      ResourceName name,
      PrologixAddress address,
      SessionOptions options,
      PrologixGateway gateway,
      LocalLocks locks,
      Runnable onClose) {
    super(name, options);
    this.address = address;
    this.gateway = gateway;
    this.locks = locks;
    this.onClose = onClose;
  }

  /** Opens the gateway connection (if this is its first session) and checks the address. */
  void open() throws InstrumentException {
    Deadline d = deadline();
    gateway.acquire(d, what());
    try {
      gateway.select(address, d, what());
    } finally {
      gateway.release();
    }
  }

  @Override
  protected void send(byte[] message, Deadline deadline, boolean unreadReplyDropped)
      throws InstrumentException {
    usable();
    gateway.acquire(deadline, what());
    try {
      gateway.select(address, deadline, what());
      gateway.sendData(message, what());
    } finally {
      gateway.release();
    }
  }

  @Override
  public String read() throws InstrumentException {
    return whileReading(super::read);
  }

  @Override
  public byte[] readBinaryBlock() throws InstrumentException {
    return whileReading(super::readBinaryBlock);
  }

  private interface Reading<T> {
    T run() throws InstrumentException;
  }

  /** Holds the gateway from the read request to the reply's last byte. */
  private <T> T whileReading(Reading<T> read) throws InstrumentException {
    checkOpen();
    usable();
    Deadline d = deadline();
    gateway.acquire(d, what());
    try {
      gateway.select(address, d, what());
      gateway.startRead(d, what());
      reading = true;
      return read.run();
    } finally {
      reading = false;
      gateway.release();
    }
  }

  @Override
  protected int receive(
      byte[] into, int offset, int length, boolean stopAtTermination, Deadline deadline)
      throws InstrumentException {
    if (!reading) {
      throw new IllegalStateException("a Prologix reply is received only within a read");
    }
    return gateway.receive(into, offset, length, deadline, what());
  }

  @Override
  protected boolean signalsEnd() {
    return false;
  }

  @Override
  protected void timedOut() {
    if (reading) {
      gateway.abandonRead(address); // still held: the read's finally releases it
    }
  }

  @Override
  protected void deviceClear(Deadline deadline) throws InstrumentException {
    usable();
    gateway.acquire(deadline, what());
    try {
      gateway.select(address, deadline, what());
      gateway.sendCommand("++clr", what());
    } finally {
      gateway.release();
    }
  }

  /** A serial poll of this instrument ({@code ++spoll}): the gateway answers its status byte. */
  @Override
  public int readStatusByte() throws InstrumentException {
    checkOpen();
    usable();
    Deadline d = deadline();
    gateway.acquire(d, what());
    try {
      gateway.select(address, d, what());
      gateway.sendCommand("++spoll " + address.busAddress(), what());
      String reply = gateway.readLine(d, what());
      try {
        int stb = Integer.parseInt(reply.trim());
        if (stb >= 0 && stb <= 255) {
          return stb;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      gateway.drop();
      throw new InstrumentException(
          what()
              + ": the gateway answered '"
              + PrologixProtocol.printable(reply)
              + "' to a serial poll, not a status byte");
    } finally {
      gateway.release();
    }
  }

  @Override
  public void lock(Duration wait) throws InstrumentException {
    checkOpen();
    locks.lock(lockKey(), this, Deadline.after(wait));
  }

  @Override
  public void unlock() {
    locks.unlock(lockKey(), this);
  }

  @Override
  protected void closeTransport() {
    locks.unlock(lockKey(), this);
    onClose.run();
  }

  private void usable() throws InstrumentException {
    if (locks.lockedByOther(lockKey(), this)) {
      throw new InstrumentException(what() + " is locked by another session");
    }
  }

  private String lockKey() {
    return address.gateway() + "/" + address.busAddress();
  }

  private String what() {
    return resource().text();
  }
}
