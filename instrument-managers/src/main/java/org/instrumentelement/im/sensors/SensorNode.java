package org.instrumentelement.im.sensors;

import java.time.Duration;
import java.time.Instant;
import org.instrumentelement.im.model.Quality;
import org.instrumentelement.im.model.Value;

/**
 * One node of a sensor network: its latest reading and its counters. A reading with a sequence
 * number below the last one is late (it overtook nothing and is dropped), unless it is 0, which a
 * node sends first after it starts; a jump forward counts the numbers skipped as a gap. Safe for
 * the node's message thread and any number of readers.
 */
final class SensorNode {
  private final String name;
  private final boolean declared;
  private double[] values; // never changed once stored
  private Instant time; // the node's time, else when received
  private Instant received;
  private long lastSequence = Reading.NONE;
  private long messages;
  private long gaps;
  private long late;
  private long malformed;
  private long restarts;

  SensorNode(String name, boolean declared) {
    this.name = name;
    this.declared = declared;
  }

  String name() {
    return name;
  }

  /** Whether the configuration names it (it keeps its place and attributes when forgotten). */
  boolean declared() {
    return declared;
  }

  /**
   * Takes a reading.
   *
   * @return false if it was late and dropped
   */
  synchronized boolean accept(Reading r, Instant receivedAt) {
    messages++;
    if (r.hasSequence()) {
      if (lastSequence != Reading.NONE && r.sequence() != 0 && r.sequence() <= lastSequence) {
        late++;
        return false;
      }
      if (lastSequence != Reading.NONE && r.sequence() == 0) {
        restarts++;
      } else if (lastSequence != Reading.NONE && r.sequence() > lastSequence + 1) {
        gaps += r.sequence() - lastSequence - 1;
      }
      lastSequence = r.sequence();
    } else if (r.hasTime() && time != null && r.timeMillis() < time.toEpochMilli()) {
      late++;
      return false;
    }
    values = r.values();
    time = r.hasTime() ? Instant.ofEpochMilli(r.timeMillis()) : receivedAt;
    received = receivedAt;
    return true;
  }

  synchronized void countMalformed() {
    messages++;
    malformed++;
  }

  /** Back to "never heard of", counters at zero. */
  synchronized void clear() {
    values = null;
    time = null;
    received = null;
    lastSequence = Reading.NONE;
    messages = gaps = late = malformed = restarts = 0;
  }

  /**
   * The latest reading as a vector with the node's time: GOOD while it is younger than {@code
   * staleAfter} (by the time it was received), BAD after, and an empty BAD vector before any.
   */
  synchronized Value value(Instant now, Duration staleAfter) {
    if (values == null) {
      return Value.ofDoubles(new double[0], Instant.EPOCH).withQuality(Quality.BAD);
    }
    return Value.ofDoubles(values, time)
        .withQuality(fresh(now, staleAfter) ? Quality.GOOD : Quality.BAD);
  }

  /** One value of the latest reading, NaN if there is none, it is stale or has no such element. */
  synchronized double element(int index, Instant now, Duration staleAfter) {
    return values == null || index >= values.length || !fresh(now, staleAfter)
        ? Double.NaN
        : values[index];
  }

  /** When its latest reading was received, or null if there is none. */
  synchronized Instant received() {
    return received;
  }

  /** The node's time of its latest reading in ms since the Unix epoch, NaN if none. */
  synchronized double timeMillis() {
    return time == null ? Double.NaN : time.toEpochMilli();
  }

  private boolean fresh(Instant now, Duration staleAfter) {
    return received != null && Duration.between(received, now).compareTo(staleAfter) <= 0;
  }

  /** Messages, sequence gaps, late, malformed, restarts. */
  synchronized long[] counters() {
    return new long[] {messages, gaps, late, malformed, restarts};
  }
}
