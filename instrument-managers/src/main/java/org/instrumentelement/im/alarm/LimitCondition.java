package org.instrumentelement.im.alarm;

/**
 * The alarm state of one number under its {@link AlarmLimits}, fed one sample at a time. A more
 * severe state is entered once the samples have been in it (or in a worse one) for the limits'
 * delay; a less severe one as soon as the value is back inside the limit by more than the
 * hysteresis. Not thread-safe: one sampler feeds it.
 */
public final class LimitCondition {
  private final AlarmLimits limits;
  private static final Severity[] HELD = {Severity.WARNING, Severity.ALARM};
  private LimitKind reported;
  // Since when the value has been in a state of at least each severity (by ordinal).
  private final boolean[] holding = new boolean[Severity.values().length];
  private final long[] since = new long[Severity.values().length];
  private double lastValue = Double.NaN;

  public LimitCondition(AlarmLimits limits) {
    this.limits = limits;
  }

  public AlarmLimits limits() {
    return limits;
  }

  /**
   * Takes one sample.
   *
   * @param x the number (NaN: ignored)
   * @param nanos when it was taken, on {@link System#nanoTime()}'s scale
   * @return whether the reported state changed
   */
  public boolean update(double x, long nanos) {
    if (Double.isNaN(x)) {
      return false;
    }
    lastValue = x;
    LimitKind target = target(x);
    Severity ts = LimitKind.of(target);
    for (Severity s : HELD) {
      if (ts.compareTo(s) >= 0) {
        if (!holding[s.ordinal()]) {
          holding[s.ordinal()] = true;
          since[s.ordinal()] = nanos;
        }
      } else {
        holding[s.ordinal()] = false;
      }
    }
    LimitKind next = target;
    if (LimitKind.of(next) == Severity.ALARM && !held(Severity.ALARM, nanos)) {
      next = warningOnSide(next);
    }
    if (LimitKind.of(next) == Severity.WARNING && !held(Severity.WARNING, nanos)) {
      next = null;
    }
    if (next != reported) {
      reported = next;
      return true;
    }
    return false;
  }

  /** The state the value is in, holding the reported one while within its hysteresis. */
  private LimitKind target(double x) {
    LimitKind raw = limits.crossing(x, 0);
    if (reported == null || LimitKind.of(raw).compareTo(reported.severity()) > 0) {
      return raw;
    }
    LimitKind hold = limits.crossing(x, limits.hysteresis());
    return hold == reported || LimitKind.of(hold).compareTo(reported.severity()) > 0
        ? reported
        : hold;
  }

  /**
   * Whether a state of this severity may be reported: it already is (leaving a state is never
   * delayed), or the value has been in it for the delay.
   */
  private boolean held(Severity s, long nanos) {
    return severity().compareTo(s) >= 0
        || (holding[s.ordinal()] && nanos - since[s.ordinal()] >= limits.delay().toNanos());
  }

  /** The warning limit on the same side as an alarm limit, or null if it has none. */
  private LimitKind warningOnSide(LimitKind alarm) {
    LimitKind w = alarm == LimitKind.HIGH_ALARM ? LimitKind.HIGH_WARNING : LimitKind.LOW_WARNING;
    return limits.limit(w) == null ? null : w;
  }

  /** Forgets the state: the next sample is judged as the first. */
  public void reset() {
    reported = null;
    java.util.Arrays.fill(holding, false);
  }

  /** The limit the value is reported beyond, or null. */
  public LimitKind reported() {
    return reported;
  }

  /** The reported severity. */
  public Severity severity() {
    return LimitKind.of(reported);
  }

  /** The last number taken (NaN before the first). */
  public double lastValue() {
    return lastValue;
  }
}
