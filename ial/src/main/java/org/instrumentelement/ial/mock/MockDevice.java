package org.instrumentelement.ial.mock;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import org.instrumentelement.ial.InstrumentTimeoutException;
import org.instrumentelement.ial.scpi.device.CommandTree;
import org.instrumentelement.ial.scpi.device.ProgramData;
import org.instrumentelement.ial.scpi.device.ProgramMessageParser;
import org.instrumentelement.ial.scpi.device.ProgramUnit;
import org.instrumentelement.ial.scpi.device.ScpiError;
import org.instrumentelement.ial.scpi.device.ScpiErrorException;

/**
 * One simulated instrument: the live state of a {@link MockDeviceDescription}. Program messages go
 * through a pipeline: {@link ProgramMessageParser} cuts them into units, the device's command tree
 * (built-in common commands, the model's settings, its data queries) finds each header, and the
 * handler works on the {@link DeviceState}; errors go to the status registers. Every session opened
 * for the same resource talks to the same device, as with a real instrument.
 *
 * <p>Tests may power it off, make it hang, and inspect what it received.
 */
public final class MockDevice {
  private static final int RECEIVED_LOG_SIZE = 64;

  private final MockDeviceDescription description;
  private final String resource;
  private final DeviceState state;
  private final CommandTree<MockCommand> commands = new CommandTree<>();
  private final Deque<String> received = new ArrayDeque<>();
  private boolean powered = true;
  private volatile boolean hung;
  private Object lockOwner;

  MockDevice(MockDeviceDescription description, String resource) {
    this.description = description;
    this.resource = resource;
    this.state = new DeviceState(description, resource.hashCode());
    DataQueries queries = new DataQueries(state);
    BuiltInCommands.addTo(commands, state);
    SettingCommands.addTo(commands, state, queries);
    queries.addTo(commands);
    SetupCommands.addTo(commands, state);
    ScreenCommands.addTo(commands, state);
    DiskCommands.addTo(commands, state);
    state.readings.addTo(commands);
    state.reset();
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
    state.reset();
  }

  /** Makes the device accept messages but never answer, until called with {@code false}. */
  public void setHung(boolean hung) {
    this.hung = hung;
  }

  /** How many settings the device has accepted since it was created (property sets and actions). */
  public long settingsChanged() {
    return state.changes();
  }

  /**
   * Makes the device answer the traces of {@code source} (a replay) instead of synthesizing them,
   * encoded as its data queries encode any trace; null makes it synthesize again.
   */
  public void play(TraceSource source) {
    state.acquisitions.play(source);
  }

  /** How many data-block acquisitions the device has made. */
  public long acquisitions() {
    return state.acquisitions.count();
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
    return p.format(state.settings.value(property, channel));
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
   * What the device answers to one program message: its answers, separated by {@code ;} and ended
   * by a newline, and how long the device takes before they are ready. A reply of one answer holds
   * that answer's array, not a copy (a waveform block is not copied once more to add its newline):
   * no one changes it.
   */
  public static final class Reply {
    static final Reply NONE = new Reply(null, Duration.ZERO);

    private final byte[] body;
    private final Duration delay;

    /**
     * @param body the answers without the final newline, or {@code null} if the message held no
     *     query
     * @param delay zero, or the time the slowest query of the message takes (an action's {@code
     *     delay}, such as a self-calibration)
     */
    Reply(byte[] body, Duration delay) {
      this.body = body;
      this.delay = delay;
    }

    /** Whether the message held a query. */
    public boolean hasData() {
      return body != null;
    }

    /** How long the device takes before the reply is ready. */
    public Duration delay() {
      return delay;
    }

    /** The reply as the device sends it, newline included (a new array). */
    public byte[] bytes() {
      byte[] out = Arrays.copyOf(body, body.length + 1);
      out[body.length] = '\n';
      return out;
    }

    /** The reply without its final newline, not copied: do not change it. */
    byte[] body() {
      return body;
    }
  }

  /**
   * Executes one program message, as the wire protocols of the simulator and the in-memory session
   * deliver it. The units before a syntax error run; those after it are discarded.
   */
  public synchronized Reply handle(String message) {
    if (received.size() == RECEIVED_LOG_SIZE) {
      received.removeFirst();
    }
    received.addLast(message);
    List<byte[]> answers = new ArrayList<>();
    int size = 0;
    for (ProgramUnit unit : ProgramMessageParser.parse(message)) {
      if (unit.failed()) {
        state.status.error(unit.error());
        break;
      }
      try {
        CommandTree.Found<MockCommand> found = commands.find(unit.header());
        if (!found.handler().takesBlockData()
            && unit.parameters().stream().anyMatch(p -> p.kind() == ProgramData.Kind.BLOCK)) {
          throw new ScpiErrorException(ScpiError.BLOCK_DATA_NOT_ALLOWED);
        }
        byte[] answer = found.handler().execute(found.channel(), unit.parameters());
        if (answer != null) {
          answers.add(answer);
          size += answer.length + 1;
        }
      } catch (ScpiErrorException e) {
        state.status.error(e.error());
        if (e.error().isCommandError()) {
          break;
        }
      } finally {
        state.acquisitions.update();
      }
    }
    Duration delay = state.takeReplyDelay();
    if (answers.isEmpty()) {
      return Reply.NONE;
    }
    if (answers.size() == 1) {
      return new Reply(answers.get(0), delay);
    }
    // One copy into the reply: a million-point block is not shuffled through growing buffers.
    byte[] reply = new byte[size - 1];
    int at = 0;
    for (byte[] answer : answers) {
      if (at > 0) {
        reply[at++] = (byte) ';';
      }
      System.arraycopy(answer, 0, reply, at, answer.length);
      at += answer.length;
    }
    return new Reply(reply, delay);
  }

  /** Notes a reply discarded unread because a new message came first (IEEE 488.2 -410). */
  public synchronized void queryInterrupted() {
    state.status.error(ScpiError.QUERY_INTERRUPTED);
  }

  /** The IEEE 488.2 status byte: bit 2 error queue not empty, bit 5 standard event summary. */
  public synchronized int statusByte() {
    return state.status.statusByte();
  }

  @Override
  public String toString() {
    return resource + " (" + description + ")";
  }
}
