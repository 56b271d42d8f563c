package org.instrumentelement.ie.replay;

import java.util.function.LongSupplier;

/**
 * Which recorded vector is playing now: the last one acquired at or before the time elapsed since
 * the replay began, times the speed; after the last, from the first again (a loop) or the last for
 * good (once). A loop takes as long as the recording plus the mean interval between its vectors.
 */
final class Playhead {
  private final Tape tape;
  private final double speed;
  private final boolean loop;
  private final LongSupplier nanos;
  private final long start;
  private final long cycleMicros;
  private int last;

  Playhead(Tape tape, double speed, boolean loop, LongSupplier nanos) {
    this.tape = tape;
    this.speed = speed;
    this.loop = loop;
    this.nanos = nanos;
    this.start = nanos.getAsLong();
    int n = tape.count();
    long span = tape.offsetMicros(n - 1);
    this.cycleMicros = span + (n > 1 ? Math.max(1, span / (n - 1)) : 1);
  }

  /** The index of the vector playing now. */
  synchronized int now() {
    long elapsed = (long) ((nanos.getAsLong() - start) / 1000.0 * speed);
    long t;
    if (loop) {
      t = elapsed % cycleMicros;
    } else {
      t = elapsed;
    }
    int n = tape.count();
    // Moves forward from the last answer (the usual case), or searches from the start after a wrap.
    int k = t < tape.offsetMicros(last) ? 0 : last;
    while (k + 1 < n && tape.offsetMicros(k + 1) <= t) {
      k++;
    }
    last = k;
    return k;
  }
}
