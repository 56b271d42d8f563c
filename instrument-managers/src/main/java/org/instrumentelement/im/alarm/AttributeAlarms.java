package org.instrumentelement.im.alarm;

import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.Quality;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.sampling.SampleCheck;

/**
 * The alarms of one sampled attribute: its limits (on the value, or on statistics of a vector)
 * evaluated on every read of its sampler, and an alarm when its reads keep failing. A read of an
 * attribute with no limits and no failures costs one volatile read.
 */
public final class AttributeAlarms implements SampleCheck {
  private final String im;
  private final String attribute;
  private final String units;
  private final int failuresToAlarm;
  private final AlarmListener listener;
  private Map<Statistic, LimitCondition> conditions = Map.of(); // guarded by this
  private int failures; // guarded by this
  private boolean failing; // guarded by this
  private volatile boolean quiet = true;
  private volatile boolean limited;

  /**
   * @param units the attribute's units, for messages
   * @param failuresToAlarm reads failing in a row that raise an alarm
   */
  public AttributeAlarms(
      String im, String attribute, String units, int failuresToAlarm, AlarmListener listener) {
    if (failuresToAlarm < 1) {
      throw new IllegalArgumentException("failuresToAlarm must be at least 1");
    }
    this.im = im;
    this.attribute = attribute;
    this.units = units == null ? "" : units;
    this.failuresToAlarm = failuresToAlarm;
    this.listener = listener;
  }

  public String im() {
    return im;
  }

  public String attribute() {
    return attribute;
  }

  /**
   * Sets the limits of one number of the attribute ({@link AlarmLimits#NONE}: removes them). An
   * alarm raised under the old limits is cleared; the next read is judged by the new ones.
   */
  public synchronized void limits(Statistic statistic, AlarmLimits limits) {
    LimitCondition old = conditions.get(statistic);
    if (old != null && old.severity() != Severity.NONE) {
      listener.changed(
          change(statistic, Severity.NONE, old.lastValue(), null, null, "limits changed"));
    }
    Map<Statistic, LimitCondition> next = new EnumMap<>(Statistic.class);
    next.putAll(conditions);
    if (limits.any()) {
      next.put(statistic, new LimitCondition(limits));
    } else {
      next.remove(statistic);
    }
    conditions = next.isEmpty() ? Map.of() : Collections.unmodifiableMap(next);
    limited = !conditions.isEmpty();
    quiet = conditions.isEmpty() && failures == 0;
  }

  /** Whether any limit is set (one volatile read). */
  public boolean limited() {
    return limited;
  }

  /** The limits in effect, by statistic. */
  public synchronized Map<Statistic, AlarmLimits> limits() {
    Map<Statistic, AlarmLimits> out = new EnumMap<>(Statistic.class);
    conditions.forEach((s, c) -> out.put(s, c.limits()));
    return out;
  }

  @Override
  public Value checked(Value v, long nanos) {
    if (quiet) {
      return v;
    }
    synchronized (this) {
      if (failures > 0) {
        failures = 0;
        if (failing) {
          failing = false;
          listener.changed(
              sampling(AlarmKind.SAMPLING, Severity.NONE, attribute + " is read again"));
        }
      }
      Severity worst = Severity.NONE;
      for (Map.Entry<Statistic, LimitCondition> e : conditions.entrySet()) {
        LimitCondition c = e.getValue();
        double x = e.getKey().of(v);
        if (c.update(x, nanos)) {
          listener.changed(limitChange(e.getKey(), c, x));
        }
        worst = Severity.worst(worst, c.severity());
      }
      quiet = conditions.isEmpty();
      return worst == Severity.NONE || v.quality() != Quality.GOOD
          ? v
          : v.withQuality(worst.quality());
    }
  }

  @Override
  public synchronized void failed(ImException e, long nanos) {
    failures++;
    quiet = false;
    if (!failing && failures >= failuresToAlarm) {
      failing = true;
      boolean timeout = e.code() == FaultCode.INSTRUMENT_TIMEOUT;
      listener.changed(
          sampling(
              timeout ? AlarmKind.NO_ANSWER : AlarmKind.SAMPLING,
              Severity.ALARM,
              (timeout ? "the instrument does not answer: " : "")
                  + "reading "
                  + attribute
                  + " failed "
                  + failures
                  + " times in a row ("
                  + e.getMessage()
                  + ")"));
    }
  }

  /**
   * Clears every alarm of the attribute: its IM no longer reads it (unlinked), so none of them says
   * anything about the instrument now.
   */
  public synchronized void idle(String why) {
    for (Map.Entry<Statistic, LimitCondition> e : conditions.entrySet()) {
      LimitCondition c = e.getValue();
      if (c.severity() != Severity.NONE) {
        listener.changed(change(e.getKey(), Severity.NONE, c.lastValue(), null, null, why));
        c.reset();
      }
    }
    if (failing) {
      listener.changed(sampling(AlarmKind.SAMPLING, Severity.NONE, why));
    }
    failing = false;
    failures = 0;
    quiet = conditions.isEmpty();
  }

  /** The name of the alarm of one number of this attribute. */
  public String name(Statistic s) {
    return s.nameOf(attribute);
  }

  private AlarmChange limitChange(Statistic s, LimitCondition c, double x) {
    LimitKind k = c.reported();
    String number = name(s) + " " + shortText(x) + (units.isEmpty() ? "" : " " + units);
    if (k == null) {
      return change(s, Severity.NONE, x, null, null, number + " is back within its limits");
    }
    double limit = c.limits().limit(k);
    boolean high = k == LimitKind.HIGH_ALARM || k == LimitKind.HIGH_WARNING;
    return change(
        s,
        k.severity(),
        x,
        k,
        limit,
        number
            + " is "
            + (high ? "at or above " : "at or below ")
            + k.configName()
            + " "
            + shortText(limit));
  }

  /** A number to six significant digits, without trailing zeros: for people, not for machines. */
  static String shortText(double x) {
    if (!Double.isFinite(x)) {
      return Double.toString(x);
    }
    java.math.BigDecimal d =
        new java.math.BigDecimal(x).round(new java.math.MathContext(6)).stripTrailingZeros();
    double a = Math.abs(x);
    return a == 0 || (a >= 1e-4 && a < 1e7) ? d.toPlainString() : d.toString();
  }

  private AlarmChange change(
      Statistic s, Severity severity, double x, LimitKind k, Double limit, String message) {
    return new AlarmChange(
        im, name(s), AlarmKind.LIMIT, severity, attribute, x, k, limit, message, Instant.now());
  }

  private AlarmChange sampling(AlarmKind kind, Severity severity, String message) {
    return new AlarmChange(
        im,
        attribute + ".sampling",
        kind,
        severity,
        attribute,
        Double.NaN,
        null,
        null,
        message,
        Instant.now());
  }
}
