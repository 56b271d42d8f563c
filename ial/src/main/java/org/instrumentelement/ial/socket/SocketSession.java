package org.instrumentelement.ial.socket;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.ResourceName;
import org.instrumentelement.ial.SessionOptions;
import org.instrumentelement.ial.transport.Deadline;
import org.instrumentelement.ial.transport.LocalLocks;
import org.instrumentelement.ial.transport.MessageSession;
import org.instrumentelement.ial.transport.TcpConnector;
import org.instrumentelement.ial.transport.TcpipAddress;

/** SCPI over a plain TCP connection. */
final class SocketSession extends MessageSession {
  private final TcpipAddress address;
  private final LocalLocks locks;
  private final String lockKey;
  private Socket socket;
  private InputStream in;
  private OutputStream out;
  private boolean reconnectFirst;
  private String broken;

  private SocketSession(
      ResourceName name, TcpipAddress address, SessionOptions options, LocalLocks locks) {
    super(name, options);
    this.address = address;
    this.locks = locks;
    this.lockKey = address.host() + ":" + address.port();
  }

  static SocketSession open(
      ResourceName name, TcpipAddress address, SessionOptions options, LocalLocks locks)
      throws InstrumentException {
    SocketSession s = new SocketSession(name, address, options, locks);
    s.connect(Deadline.after(options.timeout()));
    return s;
  }

  private void connect(Deadline deadline) throws InstrumentException {
    Socket s = TcpConnector.connect(address.host(), address.port(), deadline, resourceText());
    try {
      in = s.getInputStream();
      out = s.getOutputStream();
    } catch (IOException e) {
      TcpConnector.closeQuietly(s);
      throw new InstrumentException(resourceText() + ": " + e.getMessage(), e);
    }
    socket = s;
    reconnectFirst = false;
  }

  /**
   * A socket has no device clear and no message boundaries: a reply that arrives after its read
   * gave up would be taken for the next one. A new connection is the only clean slate.
   */
  private void reconnect(Deadline deadline) throws InstrumentException {
    TcpConnector.closeQuietly(socket);
    socket = null;
    connect(deadline);
  }

  @Override
  protected void send(byte[] message, Deadline deadline, boolean unreadReplyDropped)
      throws InstrumentException {
    usable();
    if (reconnectFirst) {
      reconnect(deadline);
    }
    try {
      out.write(message);
      out.flush();
    } catch (IOException e) {
      throw lost(e);
    }
  }

  @Override
  protected int receive(
      byte[] into, int offset, int length, boolean stopAtTermination, Deadline deadline)
      throws InstrumentException {
    usable();
    if (reconnectFirst) {
      // Nothing was asked on the new connection yet: an honest read can only time out.
      throw deadline.timeout(resourceText() + ": no reply pending, nothing answered");
    }
    try {
      socket.setSoTimeout(deadline.socketTimeoutMillis(resourceText() + " did not answer"));
      int n = in.read(into, offset, length);
      if (n < 0) {
        broken = resourceText() + ": the instrument closed the connection";
        throw new InstrumentException(broken);
      }
      return n;
    } catch (SocketTimeoutException e) {
      throw deadline.timeout(resourceText() + " did not answer");
    } catch (IOException e) {
      throw lost(e);
    }
  }

  @Override
  protected boolean signalsEnd() {
    return false;
  }

  @Override
  protected void timedOut() {
    reconnectFirst = true;
  }

  @Override
  protected void deviceClear(Deadline deadline) throws InstrumentException {
    usable();
    reconnect(deadline);
  }

  @Override
  public void lock(Duration wait) throws InstrumentException {
    checkOpen();
    locks.lock(lockKey, this, Deadline.after(wait));
  }

  @Override
  public void unlock() {
    locks.unlock(lockKey, this);
  }

  @Override
  protected void closeTransport() {
    locks.unlock(lockKey, this);
    TcpConnector.closeQuietly(socket);
    socket = null;
  }

  private void usable() throws InstrumentException {
    checkOpen();
    if (broken != null) {
      throw new InstrumentException(broken);
    }
    if (locks.lockedByOther(lockKey, this)) {
      throw new InstrumentException(resourceText() + " is locked by another session");
    }
  }

  private InstrumentException lost(IOException e) {
    broken = resourceText() + ": connection lost (" + e.getMessage() + ")";
    TcpConnector.closeQuietly(socket);
    return new InstrumentException(broken, e);
  }

  private String resourceText() {
    return resource().text();
  }
}
