package org.instrumentelement.ie.replay;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ResourceName;

/**
 * A session with a simulated instrument of the recorded type whose data query ({@code
 * :WAVeform:DATA?} of an oscilloscope, {@code DATA?} of an array) answers the vector the {@link
 * Playhead} points at, as IEEE-754 float64 little-endian, the format the IMs ask for: the recorded
 * doubles bit for bit. Every other message goes to the simulated instrument. For a recording of a
 * SCPI instrument no query is taken: the simulated instrument itself plays the tape, in its dialect
 * ({@link ReplaySessionProvider}).
 */
final class ReplaySession implements InstrumentSession {
  /** The queries that read the recorded vector, upper case. */
  static final Set<String> DATA_QUERIES = Set.of(":WAVEFORM:DATA?", ":WAV:DATA?", "DATA?");

  private final ResourceName resource;
  private final InstrumentSession simulated;
  private final Tape tape;
  private final Playhead playhead;
  private final Set<String> dataQueries;
  private boolean dataAsked;

  /**
   * @param dataQueries the queries answered from the tape here ({@link #DATA_QUERIES}), or none
   *     when the simulated instrument plays it
   */
  ReplaySession(
      ResourceName resource,
      InstrumentSession simulated,
      Tape tape,
      Playhead playhead,
      Set<String> dataQueries) {
    this.resource = resource;
    this.simulated = simulated;
    this.tape = tape;
    this.playhead = playhead;
    this.dataQueries = Set.copyOf(dataQueries);
  }

  @Override
  public ResourceName resource() {
    return resource;
  }

  @Override
  public synchronized void write(String message) throws InstrumentException {
    if (dataQueries.contains(message.trim().toUpperCase(Locale.ROOT))) {
      dataAsked = true;
      return;
    }
    dataAsked = false;
    simulated.write(message);
  }

  @Override
  public synchronized String read() throws InstrumentException {
    if (dataAsked) {
      dataAsked = false;
      throw new InstrumentException("a replayed vector is read as a binary block");
    }
    return simulated.read();
  }

  @Override
  public synchronized byte[] readBinaryBlock() throws InstrumentException {
    if (!dataAsked) {
      return simulated.readBinaryBlock();
    }
    dataAsked = false;
    double[] v;
    try {
      v = tape.vector(playhead.now());
    } catch (RuntimeException e) {
      throw new InstrumentException("the recording cannot be read any more");
    }
    ByteBuffer b = ByteBuffer.allocate(v.length * 8).order(ByteOrder.LITTLE_ENDIAN);
    b.asDoubleBuffer().put(v);
    return b.array();
  }

  @Override
  public void clear() throws InstrumentException {
    simulated.clear();
  }

  @Override
  public void lock(Duration wait) throws InstrumentException {
    simulated.lock(wait);
  }

  @Override
  public void unlock() throws InstrumentException {
    simulated.unlock();
  }

  @Override
  public Duration timeout() {
    return simulated.timeout();
  }

  @Override
  public void setTimeout(Duration timeout) {
    simulated.setTimeout(timeout);
  }

  @Override
  public void close() {
    simulated.close();
    tape.close();
  }
}
