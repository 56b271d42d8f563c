package org.instrumentelement.ial.sim;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.instrumentelement.ial.mock.MockDevice;
import org.instrumentelement.ial.prologix.PrologixProtocol;
import org.instrumentelement.ial.scpi.device.ProgramMessageFramer;

/**
 * A Prologix GPIB-ETHERNET controller with simulated instruments on its bus, one per primary
 * address. It speaks the {@code ++} commands a controller program uses ({@code ++addr}, {@code
 * ++auto}, {@code ++eoi}, {@code ++eos}, {@code ++eot_enable}, {@code ++eot_char}, {@code ++read},
 * {@code ++read_tmo_ms}, {@code ++clr}, {@code ++spoll}, {@code ++ver}; others are accepted and
 * ignored), passes data lines to the addressed instrument and its replies back as they are.
 */
final class PrologixGatewayServer extends TcpServer {
  private static final String VERSION =
      "Prologix GPIB-ETHERNET Controller version 01.06.06.00 (instrument simulator)";

  /** The longest line taken from a controller: a setup block and then some. */
  private static final int MAX_LINE = 16 << 20;

  private final Map<Integer, MockDevice> devices;
  private final ScheduledExecutorService later;
  private final boolean answersForWrongAddress;

  /**
   * @param answersForWrongAddress a faulty gateway, for tests: {@code ++addr} answers the address
   *     after the one selected
   */
  PrologixGatewayServer(
      Map<Integer, MockDevice> devices,
      ExecutorService threads,
      ScheduledExecutorService later,
      boolean answersForWrongAddress) {
    super(threads);
    this.devices = Map.copyOf(devices);
    this.later = later;
    this.answersForWrongAddress = answersForWrongAddress;
  }

  /** One instrument as this connection's bus sees it: its input parser and unread replies. */
  private static final class Listener {
    final MockDevice device;
    final ProgramMessageFramer input = new ProgramMessageFramer(true);
    final Deque<byte[]> replies = new ArrayDeque<>(); // guarded by this
    int generation; // guarded by this

    Listener(MockDevice device) {
      this.device = device;
    }

    synchronized void offer(byte[] reply, int gen) {
      if (gen == generation) {
        replies.add(reply);
        notifyAll();
      }
    }

    synchronized byte[] take(long timeoutMs) throws InterruptedException {
      long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
      while (replies.isEmpty()) {
        long left = until - System.nanoTime();
        if (left <= 0) {
          return null;
        }
        TimeUnit.NANOSECONDS.timedWait(this, left);
      }
      return replies.removeFirst();
    }

    synchronized int newMessage() {
      if (!replies.isEmpty()) {
        device.queryInterrupted();
        replies.clear();
      }
      return ++generation;
    }

    synchronized void clear() {
      replies.clear();
      generation++;
      input.clear();
    }

    synchronized boolean hasOutput() {
      return !replies.isEmpty();
    }
  }

  /** The settings of one connection, as a controller program leaves them. */
  private final class Bus {
    final Map<Integer, Listener> listeners = new HashMap<>();
    int primary = 10;
    int secondary = -1;
    boolean auto;
    boolean eoi = true;
    int eos; // 0 CR LF, 1 CR, 2 LF, 3 nothing
    boolean eotEnable;
    int eotChar;
    long readTimeoutMs = 500;

    Listener addressed() {
      return listener(primary);
    }

    Listener listener(int address) {
      MockDevice d = devices.get(address);
      return d == null ? null : listeners.computeIfAbsent(address, a -> new Listener(d));
    }
  }

  @Override
  protected void serve(Socket connection) throws IOException {
    InputStream in = connection.getInputStream();
    OutputStream out = connection.getOutputStream();
    PrologixProtocol.LineReader lines = new PrologixProtocol.LineReader(MAX_LINE);
    Bus bus = new Bus();
    byte[] buf = new byte[64 * 1024];
    int n;
    while ((n = in.read(buf)) >= 0) {
      for (PrologixProtocol.Line line : lines.add(buf, 0, n)) {
        if (devices.values().stream().noneMatch(MockDevice::powered)) {
          return; // a gateway whose instruments lost power lost it too
        }
        if (line.command()) {
          command(bus, line.text(), out);
        } else {
          data(bus, line.bytes());
          if (bus.auto) {
            read(bus, out);
          }
        }
      }
    }
  }

  private void data(Bus bus, byte[] bytes) {
    Listener l = bus.addressed();
    if (l == null) {
      return; // nobody listens at that address: the bytes go nowhere
    }
    byte[] message =
        switch (bus.eos) {
          case 0 -> concat(bytes, new byte[] {13, 10});
          case 1 -> concat(bytes, new byte[] {13});
          case 2 -> concat(bytes, new byte[] {10});
          default -> bytes;
        };
    int gen = l.newMessage();
    for (String m : l.input.add(message, 0, message.length, bus.eoi)) {
      MockDevice.Reply reply = l.device.handle(m);
      if (!reply.hasData() || l.device.hung()) {
        continue;
      }
      if (reply.delay().isZero()) {
        l.offer(reply.bytes(), gen);
      } else {
        later.schedule(
            () -> l.offer(reply.bytes(), gen), reply.delay().toNanos(), TimeUnit.NANOSECONDS);
      }
    }
  }

  private void command(Bus bus, String text, OutputStream out) throws IOException {
    String[] words = text.trim().split("\\s+");
    String name = words[0].toLowerCase(java.util.Locale.ROOT);
    switch (name) {
      case "addr" -> {
        if (words.length == 1) {
          int shown = answersForWrongAddress ? bus.primary % 30 + 1 : bus.primary;
          answer(out, shown + (bus.secondary < 0 ? "" : " " + bus.secondary));
        } else {
          bus.primary = number(words[1], bus.primary);
          bus.secondary = words.length > 2 ? number(words[2], -1) : -1;
        }
      }
      case "auto" -> bus.auto = words.length > 1 && words[1].equals("1");
      case "eoi" -> bus.eoi = words.length < 2 || !words[1].equals("0");
      case "eos" -> bus.eos = words.length > 1 ? number(words[1], 0) : bus.eos;
      case "eot_enable" -> bus.eotEnable = words.length > 1 && words[1].equals("1");
      case "eot_char" -> bus.eotChar = words.length > 1 ? number(words[1], 0) : bus.eotChar;
      case "read_tmo_ms" ->
          bus.readTimeoutMs = words.length > 1 ? number(words[1], 500) : bus.readTimeoutMs;
      case "read" -> read(bus, out);
      case "clr" -> {
        Listener l = bus.addressed();
        if (l != null) {
          l.clear();
        }
      }
      case "spoll" -> {
        int address = words.length > 1 ? number(words[1], bus.primary) : bus.primary;
        Listener l = bus.listener(address);
        if (l != null) {
          answer(out, Integer.toString(l.device.statusByte() | (l.hasOutput() ? 0x10 : 0)));
        }
      }
      case "ver" -> answer(out, VERSION);
      default -> {
        // ++mode, ++savecfg, ++ifc, ++loc, ++llo, ++trg, ++rst...: nothing to simulate
      }
    }
  }

  private void read(Bus bus, OutputStream out) throws IOException {
    Listener l = bus.addressed();
    if (l == null) {
      return; // no talker: the read times out without a byte
    }
    byte[] reply;
    try {
      reply = l.take(bus.readTimeoutMs);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
    if (reply == null) {
      return;
    }
    out.write(reply);
    if (bus.eotEnable) {
      out.write(bus.eotChar);
    }
    out.flush();
  }

  private static void answer(OutputStream out, String line) throws IOException {
    out.write((line + "\r\n").getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }

  private static int number(String text, int fallback) {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      return fallback;
    }
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
