package org.instrumentelement.im.alarm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The limits of one number, each optional ({@code null}: none). A value at or beyond a limit is in
 * that limit's state; it leaves it only once it is back inside by more than {@code hysteresis}, so
 * that a noisy value at a limit does not flap; a more severe state is entered only after the value
 * has been in it for {@code delay}.
 *
 * @param hysteresis the deadband, in the number's units, a value must come back by to leave a state
 * @param delay how long a value must stay beyond a limit before the alarm is raised (zero: at once)
 */
public record AlarmLimits(
    Double lowAlarm,
    Double lowWarning,
    Double highWarning,
    Double highAlarm,
    double hysteresis,
    Duration delay) {

  /** No limits. */
  public static final AlarmLimits NONE = new AlarmLimits(null, null, null, null, 0, Duration.ZERO);

  /**
   * @throws IllegalArgumentException a limit or the hysteresis not finite, a negative hysteresis or
   *     delay, or limits out of order (each must be at most the next of lowAlarm, lowWarning,
   *     highWarning, highAlarm)
   */
  public AlarmLimits {
    for (Double d : new Double[] {lowAlarm, lowWarning, highWarning, highAlarm}) {
      if (d != null && !Double.isFinite(d)) {
        throw new IllegalArgumentException("a limit must be a finite number, not " + d);
      }
    }
    if (!Double.isFinite(hysteresis) || hysteresis < 0) {
      throw new IllegalArgumentException(
          "the hysteresis must be a finite number >= 0, not " + hysteresis);
    }
    if (delay == null || delay.isNegative()) {
      throw new IllegalArgumentException("the delay must not be negative");
    }
    List<LimitKind> set = new ArrayList<>();
    for (LimitKind k : LimitKind.values()) {
      if (limit(k, lowAlarm, lowWarning, highWarning, highAlarm) != null) {
        set.add(k);
      }
    }
    for (int i = 1; i < set.size(); i++) {
      LimitKind a = set.get(i - 1);
      LimitKind b = set.get(i);
      double va = limit(a, lowAlarm, lowWarning, highWarning, highAlarm);
      double vb = limit(b, lowAlarm, lowWarning, highWarning, highAlarm);
      boolean lowToHigh = a.configName().startsWith("low") && b.configName().startsWith("high");
      if (lowToHigh ? va >= vb : va > vb) {
        throw new IllegalArgumentException(
            a.configName()
                + " ("
                + va
                + ") must be "
                + (lowToHigh ? "below " : "at most ")
                + b.configName()
                + " ("
                + vb
                + ")");
      }
    }
  }

  private static Double limit(LimitKind k, Double la, Double lw, Double hw, Double ha) {
    return switch (k) {
      case LOW_ALARM -> la;
      case LOW_WARNING -> lw;
      case HIGH_WARNING -> hw;
      case HIGH_ALARM -> ha;
    };
  }

  /** The value of one limit, or null when it is not set. */
  public Double limit(LimitKind k) {
    return limit(k, lowAlarm, lowWarning, highWarning, highAlarm);
  }

  /** Whether any limit is set. */
  public boolean any() {
    return lowAlarm != null || lowWarning != null || highWarning != null || highAlarm != null;
  }

  /**
   * The most severe limit {@code x} is at or beyond, with every limit moved inwards by {@code
   * margin} (0 to enter a state, the hysteresis to stay in one); null for none.
   */
  LimitKind crossing(double x, double margin) {
    if (highAlarm != null && x >= highAlarm - margin) {
      return LimitKind.HIGH_ALARM;
    }
    if (lowAlarm != null && x <= lowAlarm + margin) {
      return LimitKind.LOW_ALARM;
    }
    if (highWarning != null && x >= highWarning - margin) {
      return LimitKind.HIGH_WARNING;
    }
    if (lowWarning != null && x <= lowWarning + margin) {
      return LimitKind.LOW_WARNING;
    }
    return null;
  }
}
