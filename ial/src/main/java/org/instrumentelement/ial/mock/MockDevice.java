package org.instrumentelement.ial.mock;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.instrumentelement.ial.InstrumentTimeoutException;
import org.instrumentelement.ial.ieee4882.BinaryFormat;
import org.instrumentelement.ial.ieee4882.BlockHeader;

/**
 * One simulated instrument: the live state of a {@link MockDeviceDescription}. It parses SCPI
 * program messages, keeps an error queue and status registers, and renders data blocks. Every
 * session opened for the same resource talks to the same device, as with a real instrument.
 *
 * <p>Tests may power it off, make it hang, and inspect what it received.
 */
public final class MockDevice {
  private static final int ERROR_QUEUE_SIZE = 32;
  private static final int RECEIVED_LOG_SIZE = 64;
  private static final ScpiHeader IDN = ScpiHeader.compile("*IDN?");
  private static final ScpiHeader RST = ScpiHeader.compile("*RST");
  private static final ScpiHeader CLS = ScpiHeader.compile("*CLS");
  private static final ScpiHeader OPC_QUERY = ScpiHeader.compile("*OPC?");
  private static final ScpiHeader OPC = ScpiHeader.compile("*OPC");
  private static final ScpiHeader WAI = ScpiHeader.compile("*WAI");
  private static final ScpiHeader ESR = ScpiHeader.compile("*ESR?");
  private static final ScpiHeader STB = ScpiHeader.compile("*STB?");
  private static final ScpiHeader TST = ScpiHeader.compile("*TST?");
  private static final ScpiHeader ERROR_NEXT = ScpiHeader.compile(":SYSTem:ERRor[:NEXT]?");
  private static final ScpiHeader ERROR_COUNT = ScpiHeader.compile(":SYSTem:ERRor:COUNt?");

  private final MockDeviceDescription description;
  private final String resource;
  private final Map<String, Object[]> values = new HashMap<>();
  private final Deque<ScpiError> errors = new ArrayDeque<>();
  private final Map<String, WaveformSynthesizer> synthesizers = new HashMap<>();
  private final Map<String, double[]> lastAcquisition = new HashMap<>();
  private final Deque<String> received = new ArrayDeque<>();
  private final AtomicLong settingsChanged = new AtomicLong();
  private final AtomicLong acquisitions = new AtomicLong();
  private int eventStatus;
  private Duration replyDelay = Duration.ZERO;
  private boolean powered = true;
  private volatile boolean hung;
  private Object lockOwner;
  private final MockFormulas formulas;
  private EncodedBlock lastEncoded;

  /** A held trace is encoded once, not at every query: the simulator must not be the bottleneck. */
  private record EncodedBlock(
      double[] samples,
      BinaryFormat format,
      ByteOrder order,
      double yIncrement,
      double yOrigin,
      double yReference,
      byte[] block) {

    boolean encodes(
        double[] s, BinaryFormat f, ByteOrder o, double inc, double origin, double reference) {
      return samples == s
          && format == f
          && order == o
          && Double.compare(yIncrement, inc) == 0
          && Double.compare(yOrigin, origin) == 0
          && Double.compare(yReference, reference) == 0;
    }
  }

  MockDevice(MockDeviceDescription description, String resource) {
    this.description = description;
    this.resource = resource;
    this.formulas =
        new MockFormulas(description, this::propertyValue, resource.hashCode() * 17L + 3);
    reset();
  }

  /** The model name, e.g. {@code oscilloscope}. */
  public String model() {
    return description.model;
  }

  /** The {@code *IDN?} reply. */
  public String identity() {
    return description.identity;
  }

  /** Simulates a power cut: sessions fail to write until {@link #powerOn()}. */
  public synchronized void powerOff() {
    powered = false;
    lockOwner = null;
    notifyAll();
  }

  /** Restores power; like a real instrument, the settings return to their defaults. */
  public synchronized void powerOn() {
    powered = true;
    reset();
  }

  /** Makes the device accept messages but never answer, until called with {@code false}. */
  public void setHung(boolean hung) {
    this.hung = hung;
  }

  /** How many settings the device has accepted since it was created (property sets and actions). */
  public long settingsChanged() {
    return settingsChanged.get();
  }

  /** How many data-block acquisitions the device has made. */
  public long acquisitions() {
    return acquisitions.get();
  }

  /** The latest program messages received, oldest first (at most 64). */
  public synchronized List<String> received() {
    return new ArrayList<>(received);
  }

  /** The current value of a property as the device would answer its query. */
  public synchronized String setting(String property, int channel) {
    MockProperty p = description.properties.get(property);
    if (p == null) {
      throw new IllegalArgumentException("no property " + property + " on " + description);
    }
    return p.format(values.get(property)[p.perChannel() ? channel - 1 : 0]);
  }

  /** Whether the device has power (a wire server drops its connections when it has not). */
  public synchronized boolean powered() {
    return powered;
  }

  /** Whether the device accepts messages without ever answering. */
  public boolean hung() {
    return hung;
  }

  /** Takes the exclusive lock for {@code owner}, waiting at most {@code wait}. */
  public synchronized void lock(Object owner, Duration wait) throws InstrumentTimeoutException {
    long deadline = System.nanoTime() + wait.toNanos();
    while (lockOwner != null && lockOwner != owner) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new InstrumentTimeoutException(resource + " is locked by another session");
      }
      try {
        wait(Math.max(1, left / 1_000_000));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InstrumentTimeoutException(
            "interrupted while waiting for the lock on " + resource);
      }
    }
    lockOwner = owner;
  }

  /** Releases the lock if {@code owner} holds it. */
  public synchronized void unlock(Object owner) {
    if (lockOwner == owner) {
      lockOwner = null;
      notifyAll();
    }
  }

  /** Whether {@code session} holds the lock. */
  public synchronized boolean lockedBy(Object session) {
    return lockOwner == session;
  }

  /** Whether someone other than {@code session} holds the lock. */
  public synchronized boolean lockedByOther(Object session) {
    return lockOwner != null && lockOwner != session;
  }

  /**
   * What the device answers to one program message: the reply bytes (terminator included) and how
   * long the device takes before they are ready.
   *
   * @param bytes the reply, or {@code null} if the message held no query
   * @param delay zero, or the time the slowest query of the message takes (an action's {@code
   *     delay}, such as a self-calibration)
   */
  public record Reply(byte[] bytes, Duration delay) {
    static final Reply NONE = new Reply(null, Duration.ZERO);

    /** Whether the message held a query. */
    public boolean hasData() {
      return bytes != null;
    }
  }

  /**
   * Executes one program message (several units separated by ';'), as the wire protocols of the
   * simulator and the in-memory session deliver it.
   */
  public synchronized Reply handle(String message) {
    if (received.size() == RECEIVED_LOG_SIZE) {
      received.removeFirst();
    }
    received.addLast(message);
    replyDelay = Duration.ZERO;
    List<byte[]> answers = new ArrayList<>();
    int size = 0;
    for (String unit : splitUnits(message)) {
      byte[] answer = execute(unit.trim());
      if (answer != null) {
        answers.add(answer);
        size += answer.length + 1;
      }
    }
    if (answers.isEmpty()) {
      return Reply.NONE;
    }
    // One copy into the reply: a million-point block is not shuffled through growing buffers.
    byte[] reply = new byte[size];
    int at = 0;
    for (byte[] answer : answers) {
      System.arraycopy(answer, 0, reply, at, answer.length);
      at += answer.length;
      reply[at++] = (byte) ';';
    }
    reply[size - 1] = '\n';
    return new Reply(reply, replyDelay);
  }

  private static List<String> splitUnits(String message) {
    List<String> units = new ArrayList<>();
    boolean quoted = false;
    int start = 0;
    for (int i = 0; i < message.length(); i++) {
      char c = message.charAt(i);
      if (c == '"') {
        quoted = !quoted;
      } else if (c == ';' && !quoted) {
        units.add(message.substring(start, i));
        start = i + 1;
      }
    }
    units.add(message.substring(start));
    return units;
  }

  private byte[] execute(String unit) {
    if (unit.isEmpty()) {
      return null;
    }
    int space = indexOfWhitespace(unit);
    String header = space < 0 ? unit : unit.substring(0, space);
    String args = space < 0 ? "" : unit.substring(space + 1).trim();
    if (header.startsWith("*") || header.toUpperCase().contains("SYST")) {
      byte[] common = common(header, args);
      if (common != NOT_HANDLED) {
        return common;
      }
    }
    for (MockAction a : description.actions) {
      if (a.header().match(header) >= 0) {
        return action(a, args);
      }
    }
    for (MockReply r : description.replies) {
      int ch = r.query().match(header);
      if (ch >= 0) {
        if (!args.isEmpty()) {
          return error(ScpiError.PARAMETER_NOT_ALLOWED);
        }
        int channel = r.query().hasChannel() ? ch : channelOf(r.source(), 1, 1);
        return ascii(formulas.render(r, channel));
      }
    }
    for (MockProperty p : description.properties.values()) {
      if (p.getter() != null) {
        int ch = p.getter().match(header);
        if (ch >= 0) {
          return get(p, ch, args);
        }
      }
      if (p.setter() != null) {
        int ch = p.setter().match(header);
        if (ch >= 0) {
          set(p, ch, args);
          return null;
        }
      }
    }
    for (MockBlock b : description.blocks) {
      int ch = b.query().match(header);
      if (ch >= 0) {
        if (!args.isEmpty()) {
          return error(ScpiError.PARAMETER_NOT_ALLOWED);
        }
        return block(b, b.query().hasChannel() ? ch : channelOf(b.setting("source"), 1, 1));
      }
    }
    return error(ScpiError.UNDEFINED_HEADER.withDetail(header));
  }

  private static final byte[] NOT_HANDLED = new byte[0];

  private byte[] common(String header, String args) {
    if (IDN.match(header) >= 0) {
      return ascii(description.identity);
    } else if (RST.match(header) >= 0) {
      reset();
      settingsChanged.incrementAndGet();
      return null;
    } else if (CLS.match(header) >= 0) {
      errors.clear();
      eventStatus = 0;
      return null;
    } else if (OPC_QUERY.match(header) >= 0) {
      return ascii("1");
    } else if (OPC.match(header) >= 0) {
      eventStatus |= 1;
      return null;
    } else if (WAI.match(header) >= 0) {
      return null;
    } else if (ESR.match(header) >= 0) {
      int esr = eventStatus;
      eventStatus = 0;
      return ascii(Integer.toString(esr));
    } else if (STB.match(header) >= 0) {
      return ascii(Integer.toString(statusByte()));
    } else if (TST.match(header) >= 0) {
      return ascii("0");
    } else if (ERROR_COUNT.match(header) >= 0) {
      return ascii(Integer.toString(errors.size()));
    } else if (ERROR_NEXT.match(header) >= 0) {
      ScpiError e = errors.isEmpty() ? ScpiError.NONE : errors.removeFirst();
      return ascii(e.reply());
    }
    return NOT_HANDLED;
  }

  private byte[] action(MockAction a, String args) {
    if (!args.isEmpty()) {
      return error(ScpiError.PARAMETER_NOT_ALLOWED);
    }
    a.sets()
        .forEach(
            (name, arg) -> {
              MockProperty p = description.properties.get(name);
              try {
                Object v = p.parse(arg);
                java.util.Arrays.fill(values.get(name), v);
              } catch (MockProperty.Rejected e) {
                throw new IllegalStateException(
                    "action " + a.name() + " sets " + name + " badly", e);
              }
            });
    if (!a.sets().isEmpty()) {
      settingsChanged.incrementAndGet();
    }
    if (a.response() != null && a.delay().compareTo(replyDelay) > 0) {
      replyDelay = a.delay();
    }
    return a.response() == null ? null : ascii(a.response());
  }

  private byte[] get(MockProperty p, int channel, String args) {
    if (!args.isEmpty()) {
      return error(ScpiError.PARAMETER_NOT_ALLOWED);
    }
    Object[] v = values.get(p.name());
    int index = p.perChannel() ? channel - 1 : 0;
    if (index < 0 || index >= v.length) {
      return error(ScpiError.UNDEFINED_HEADER.withDetail("no channel " + channel));
    }
    return ascii(p.format(v[index]));
  }

  private void set(MockProperty p, int channel, String args) {
    Object[] v = values.get(p.name());
    int index = p.perChannel() ? channel - 1 : 0;
    if (index < 0 || index >= v.length) {
      error(ScpiError.UNDEFINED_HEADER.withDetail("no channel " + channel));
      return;
    }
    try {
      v[index] = p.parse(args);
      settingsChanged.incrementAndGet();
    } catch (MockProperty.Rejected e) {
      error(e.error);
    }
  }

  private byte[] block(MockBlock b, int channel) {
    if (channel < 1 || channel > description.channels) {
      return error(ScpiError.UNDEFINED_HEADER.withDetail("no channel " + channel));
    }
    String key = b.name() + "#" + channel;
    String hold = text(b.setting("hold"), channel);
    double[] last = lastAcquisition.get(key);
    double[] samples;
    if (last != null && "STOP".equalsIgnoreCase(hold)) {
      samples = last;
    } else {
      samples = acquire(b, channel, key, last);
      lastAcquisition.put(key, samples);
      if ("SINGLE".equalsIgnoreCase(hold)) {
        String holdProperty = b.setting("hold");
        java.util.Arrays.fill(values.get(holdProperty), "STOP");
      }
    }
    BinaryFormat format = format(b, channel);
    ByteOrder order = byteOrder(b, channel);
    if (format == null || order == null) {
      return error(ScpiError.SETTINGS_CONFLICT.withDetail("no binary format for these settings"));
    }
    double inc = formulas.number(b.setting("yIncrement"), channel, Double.NaN);
    double origin = formulas.number(b.setting("yOrigin"), channel, 0);
    double reference = formulas.number(b.setting("yReference"), channel, 0);
    EncodedBlock cached = lastEncoded;
    if (cached != null && cached.encodes(samples, format, order, inc, origin, reference)) {
      return cached.block();
    }
    double[] values = samples;
    if (!Double.isNaN(inc)) {
      // An instrument sends codes: volts = (code - yReference) * yIncrement + yOrigin.
      values = new double[samples.length];
      for (int i = 0; i < values.length; i++) {
        values[i] = (samples[i] - origin) / inc + reference;
      }
    }
    byte[] data = format.encode(values, order);
    byte[] header = BlockHeader.definite(data.length);
    byte[] out = new byte[header.length + data.length];
    System.arraycopy(header, 0, out, 0, header.length);
    System.arraycopy(data, 0, out, header.length, data.length);
    lastEncoded = new EncodedBlock(samples, format, order, inc, origin, reference, out);
    return out;
  }

  private BinaryFormat format(MockBlock b, int channel) {
    if (b.formats().isEmpty()) {
      return BinaryFormat.of(b.format());
    }
    return b.formats().get(formulas.text(b.format(), channel).toUpperCase(Locale.ROOT));
  }

  private ByteOrder byteOrder(MockBlock b, int channel) {
    if (b.byteOrders().isEmpty()) {
      return "big".equalsIgnoreCase(b.byteOrder()) ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
    }
    return b.byteOrders().get(formulas.text(b.byteOrder(), channel).toUpperCase(Locale.ROOT));
  }

  private double[] acquire(MockBlock b, int channel, String key, double[] last) {
    int points = (int) number(b.setting("points"), channel, 1000);
    double timebase = number(b.setting("timebase"), channel, 1e-3);
    double span = timebase * number(b.setting("divisions"), channel, 10);
    double dt = span / points;
    MockInput input = description.inputs.getOrDefault(channel, MockInput.NONE);
    String coupling = text(b.setting("coupling"), channel);
    if ("GND".equalsIgnoreCase(coupling)) {
      input = MockInput.NONE;
    } else if ("AC".equalsIgnoreCase(coupling)) {
      input = new MockInput(input.shape(), input.frequency(), input.amplitude(), 0, input.noise());
    }
    double scale = number(b.setting("scale"), channel, Double.NaN);
    double centre = number(b.setting("offset"), channel, 0);
    double halfScreen = scale * number(b.setting("verticalDivisions"), channel, 8) / 2;
    double low = Double.isNaN(scale) ? Double.NEGATIVE_INFINITY : centre - halfScreen;
    double high = Double.isNaN(scale) ? Double.POSITIVE_INFINITY : centre + halfScreen;
    double triggerTime = Double.NaN;
    double level = number(b.setting("triggerLevel"), channel, Double.NaN);
    if (!Double.isNaN(level)) {
      int triggerChannel = channelOf(b.setting("triggerSource"), channel, channel);
      String slope = text(b.setting("triggerSlope"), channel);
      boolean rising = slope == null || !slope.toUpperCase().matches("NEG.*|FALL.*");
      triggerTime =
          description
              .inputs
              .getOrDefault(triggerChannel, MockInput.NONE)
              .triggerTime(level, rising);
    }
    if (Double.isNaN(triggerTime)
        && last != null
        && "NORM".equalsIgnoreCase(text(b.setting("triggerMode"), channel))) {
      return last; // nothing triggers: a scope in NORMal mode keeps showing the last trace
    }
    acquisitions.incrementAndGet();
    WaveformSynthesizer synth =
        synthesizers.computeIfAbsent(key, k -> new WaveformSynthesizer(k.hashCode() * 31L + 7));
    return synth.acquire(input, dt, points, -span / 2, triggerTime, low, high);
  }

  private double number(String ref, int channel, double fallback) {
    return formulas.number(ref, channel, fallback);
  }

  private String text(String ref, int channel) {
    return formulas.text(ref, channel);
  }

  private int channelOf(String ref, int channel, int fallback) {
    String s = text(ref, channel);
    if (s == null) {
      return fallback;
    }
    int i = s.length();
    while (i > 0 && Character.isDigit(s.charAt(i - 1))) {
      i--;
    }
    return i == s.length() ? fallback : Integer.parseInt(s.substring(i));
  }

  private Object propertyValue(String name, int channel) {
    MockProperty p = description.properties.get(name);
    if (p == null) {
      return null;
    }
    Object[] v = values.get(name);
    return v[p.perChannel() ? Math.min(Math.max(channel, 1), v.length) - 1 : 0];
  }

  private byte[] error(ScpiError e) {
    if (errors.size() >= ERROR_QUEUE_SIZE) {
      errors.removeLast();
      errors.addLast(ScpiError.QUEUE_OVERFLOW);
    } else {
      errors.addLast(e);
    }
    int code = -e.code();
    if (code >= 100 && code < 200) {
      eventStatus |= 32; // command error
    } else if (code >= 200 && code < 300) {
      eventStatus |= 16; // execution error
    } else if (code >= 300 && code < 400) {
      eventStatus |= 8; // device-dependent error
    } else if (code >= 400 && code < 500) {
      eventStatus |= 4; // query error
    }
    return null;
  }

  /** Notes a reply discarded unread because a new message came first (IEEE 488.2 -410). */
  public synchronized void queryInterrupted() {
    error(ScpiError.QUERY_INTERRUPTED);
  }

  /** The IEEE 488.2 status byte: bit 2 error queue not empty, bit 5 standard event summary. */
  public synchronized int statusByte() {
    return (errors.isEmpty() ? 0 : 4) | (eventStatus != 0 ? 32 : 0);
  }

  private void reset() {
    for (MockProperty p : description.properties.values()) {
      Object[] v = new Object[p.perChannel() ? description.channels : 1];
      java.util.Arrays.fill(v, p.defaultValue());
      values.put(p.name(), v);
    }
    lastAcquisition.clear();
    lastEncoded = null;
  }

  private static int indexOfWhitespace(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (Character.isWhitespace(s.charAt(i))) {
        return i;
      }
    }
    return -1;
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  @Override
  public String toString() {
    return resource + " (" + description + ")";
  }
}
