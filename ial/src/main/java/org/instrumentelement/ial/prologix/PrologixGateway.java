package org.instrumentelement.ial.prologix;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentTimeoutException;
import org.instrumentelement.ial.transport.Deadline;
import org.instrumentelement.ial.transport.TcpConnector;

/**
 * One TCP connection to a Prologix-style gateway, shared by the sessions of every instrument behind
 * it. The GPIB bus talks to one instrument at a time, so a session holds the gateway's lock for a
 * whole operation (select the address, send, or ask for and read a reply); two sessions never
 * interleave. Each selection is read back ({@code ++addr}) and an answer naming another address is
 * refused. A read that times out may leave reply bytes on their way: the connection is then
 * dropped, and the instrument cleared ({@code ++clr}) before its next use.
 */
final class PrologixGateway {
  /** The settings every connection starts with (manual: controller mode, no auto-read, EOI). */
  private static final String[] SETUP = {
    "++savecfg 0", "++mode 1", "++auto 0", "++eoi 1", "++eos 3", "++eot_enable 0"
  };

  /** The longest inter-character timeout a Prologix gateway takes ({@code ++read_tmo_ms}). */
  static final int MAX_READ_TIMEOUT_MS = 3000;

  private final String host;
  private final int port;
  private final ReentrantLock lock = new ReentrantLock(true);
  private Socket socket;
  private InputStream in;
  private OutputStream out;
  private String selected; // the bus address last selected and read back, null if unknown
  private int readTimeoutMs = -1;
  private final Set<String> clearBeforeUse = new HashSet<>();
  private int users; // guarded by the provider

  PrologixGateway(String host, int port) {
    this.host = host;
    this.port = port;
  }

  /** {@code host:port}. */
  String name() {
    return host + ":" + port;
  }

  int addUser() {
    return ++users;
  }

  int removeUser() {
    return --users;
  }

  /**
   * Takes the gateway for one operation, waiting for another session's operation at most until the
   * deadline.
   */
  void acquire(Deadline deadline, String what) throws InstrumentException {
    try {
      if (!lock.tryLock(Math.max(0, deadline.remainingNanos()), TimeUnit.NANOSECONDS)) {
        throw deadline.timeout(what + ": the gateway " + name() + " is busy with another device");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InstrumentTimeoutException(what + ": interrupted waiting for the gateway");
    }
  }

  void release() {
    lock.unlock();
  }

  /** Connects if needed and addresses {@code device}, checking that the gateway says so. */
  void select(PrologixAddress device, Deadline deadline, String what) throws InstrumentException {
    checkHeld();
    if (socket == null) {
      connect(deadline, what);
    }
    String bus = device.busAddress();
    if (!bus.equals(selected)) {
      selected = null;
      send(PrologixProtocol.commandLine("++addr " + bus), what);
      send(PrologixProtocol.commandLine("++addr"), what);
      String reply = readLine(deadline, what);
      try {
        PrologixProtocol.checkAddressReply(reply, device, what);
      } catch (InstrumentException e) {
        drop();
        throw e;
      }
      selected = bus;
    }
    if (clearBeforeUse.remove(bus)) {
      send(PrologixProtocol.commandLine("++clr"), what);
    }
  }

  /** Sends one message to the selected instrument, with EOI on its last byte. */
  void sendData(byte[] message, String what) throws InstrumentException {
    checkHeld();
    send(PrologixProtocol.dataLine(message), what);
  }

  /** Sends a command to the gateway ({@code ++clr}). */
  void sendCommand(String command, String what) throws InstrumentException {
    checkHeld();
    send(PrologixProtocol.commandLine(command), what);
  }

  /**
   * Asks the selected instrument for its reply, until EOI; the gateway's own read timeout follows
   * the session's, within what a gateway takes.
   */
  void startRead(Deadline deadline, String what) throws InstrumentException {
    checkHeld();
    int ms = Math.max(1, Math.min(MAX_READ_TIMEOUT_MS, deadline.remainingMillis()));
    if (ms != readTimeoutMs) {
      send(PrologixProtocol.commandLine("++read_tmo_ms " + ms), what);
      readTimeoutMs = ms;
    }
    send(PrologixProtocol.commandLine("++read eoi"), what);
  }

  /** The next reply bytes, waiting at most until the deadline. */
  int receive(byte[] into, int offset, int length, Deadline deadline, String what)
      throws InstrumentException {
    checkHeld();
    try {
      socket.setSoTimeout(deadline.socketTimeoutMillis(what + " did not answer"));
      int n = in.read(into, offset, length);
      if (n < 0) {
        drop();
        throw new InstrumentException(what + ": the gateway " + name() + " closed the connection");
      }
      return n;
    } catch (SocketTimeoutException e) {
      throw deadline.timeout(what + " did not answer");
    } catch (IOException e) {
      throw lost(e, what);
    }
  }

  /**
   * One line the gateway answers a command with ({@code ++addr}, {@code ++spoll}), without CR LF.
   */
  String readLine(Deadline deadline, String what) throws InstrumentException {
    checkHeld();
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    try {
      while (true) {
        socket.setSoTimeout(deadline.socketTimeoutMillis(what + ": the gateway did not answer"));
        int b = in.read();
        if (b < 0) {
          drop();
          throw new InstrumentException(
              what + ": the gateway " + name() + " closed the connection");
        }
        if (b == '\n') {
          return line.toString(StandardCharsets.ISO_8859_1).trim();
        }
        if (line.size() >= PrologixProtocol.MAX_COMMAND_REPLY) {
          drop();
          throw new InstrumentException(
              what + ": the gateway " + name() + " answered a command with a line too long");
        }
        line.write(b);
      }
    } catch (SocketTimeoutException e) {
      drop();
      throw deadline.timeout(what + ": the gateway did not answer");
    } catch (IOException e) {
      throw lost(e, what);
    }
  }

  /**
   * After a read gave up: reply bytes may still come, and would be taken for another instrument's.
   * The connection goes, and the instrument is cleared before its next use.
   */
  void abandonRead(PrologixAddress device) {
    clearBeforeUse.add(device.busAddress());
    drop();
  }

  /** Closes the connection of a gateway no session uses any more. */
  void closeUnused() {
    lock.lock();
    try {
      drop();
    } finally {
      lock.unlock();
    }
  }

  /** Closes the connection; the next operation opens a new one. */
  void drop() {
    TcpConnector.closeQuietly(socket);
    socket = null;
    in = null;
    out = null;
    selected = null;
    readTimeoutMs = -1;
  }

  private void connect(Deadline deadline, String what) throws InstrumentException {
    Socket s = TcpConnector.connect(host, port, deadline, what + " (gateway " + name() + ")");
    try {
      in = s.getInputStream();
      out = s.getOutputStream();
    } catch (IOException e) {
      TcpConnector.closeQuietly(s);
      throw new InstrumentException(what + ": " + e.getMessage(), e);
    }
    socket = s;
    for (String command : SETUP) {
      send(PrologixProtocol.commandLine(command), what);
    }
  }

  private void send(byte[] bytes, String what) throws InstrumentException {
    if (out == null) {
      throw new InstrumentException(what + ": not connected to the gateway " + name());
    }
    try {
      out.write(bytes);
      out.flush();
    } catch (IOException e) {
      throw lost(e, what);
    }
  }

  private InstrumentException lost(IOException e, String what) {
    drop();
    return new InstrumentException(
        what + ": connection to the gateway " + name() + " lost (" + e.getMessage() + ")", e);
  }

  private void checkHeld() {
    if (!lock.isHeldByCurrentThread()) {
      throw new IllegalStateException("the gateway is used without its lock");
    }
  }
}
