package org.instrumentelement.portal.trace;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.instrumentelement.ie.client.subscription.SampledValue;
import org.instrumentelement.ie.client.tls.ClientTls;
import org.instrumentelement.portal.ie.ElementDirectory;

/**
 * What the trace tests share: a hub without IEs, a scope's waveform as the IE publishes it, and a
 * bounded wait.
 */
final class TraceTesting {
  /** The most points a frame has in {@link #hubWithoutElements}. */
  static final int MAX_POINTS = 2000;

  private TraceTesting() {}

  /** A directory that knows no IE: every subscription a hub tries on it fails at once. */
  static ElementDirectory noElements() {
    return new ElementDirectory(
        List.of(), Duration.ofSeconds(1), ClientTls.DEFAULTS, Duration.ofSeconds(1));
  }

  /**
   * A hub on {@link #noElements}, frames of at most {@link #MAX_POINTS} points, each trace at most
   * 100 times a second, rights rechecked every 10 s; the test feeds its traces itself.
   */
  static TraceHub hubWithoutElements() {
    return new TraceHub(
        noElements(), MAX_POINTS, 100, Duration.ofSeconds(10), Duration.ofSeconds(30));
  }

  /** The scope's waveform of {@code points} doubles, sample {@code seq} of epoch {@code epoch}. */
  static SampledValue waveform(long epoch, long seq, int points) {
    ByteBuffer b = ByteBuffer.allocate(points * 8).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < points; i++) {
      b.putDouble(Math.sin(i / 10.0 + seq));
    }
    Instant now = Instant.now();
    return new SampledValue(
        "ie.ie.lab.scope.waveform",
        "lab/scope",
        "waveform",
        seq,
        epoch,
        now,
        now,
        "DOUBLE_ARRAY",
        points,
        "V",
        "GOOD",
        false,
        b.array());
  }

  /** Waits until {@code condition} holds; fails after 20 s, naming {@code what}. */
  static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within 20 s: " + what);
      }
      TimeUnit.MILLISECONDS.sleep(10);
    }
  }
}
