package org.instrumentelement.im;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.model.ImException;

/**
 * When an IM in ERROR tries its instrument again: first after {@code firstDelay}, then after twice
 * as long each time, never more than {@code maxDelay} apart.
 */
record ReconnectPolicy(boolean enabled, Duration firstDelay, Duration maxDelay) {
  static final Duration FIRST_DELAY = Duration.ofMillis(250);
  static final Duration DEFAULT_MAX_DELAY = Duration.ofSeconds(30);

  /** The policy the options of a context ask for: on, at most 30 s apart, unless they say so. */
  static ReconnectPolicy from(ImContext ctx) throws ImException {
    Map<String, String> o = ctx.options();
    String on = o.getOrDefault(ImContext.RECONNECT, "true").trim().toLowerCase(Locale.ROOT);
    if (!on.equals("true") && !on.equals("false")) {
      throw new ImException(
          FaultCode.INVALID_VALUE,
          ctx.path() + ": option " + ImContext.RECONNECT + " is true or false, not '" + on + "'");
    }
    Duration max = DEFAULT_MAX_DELAY;
    String text = o.get(ImContext.RECONNECT_MAX_DELAY);
    if (text != null) {
      max = duration(ctx, text);
    }
    return new ReconnectPolicy(
        on.equals("true"), FIRST_DELAY.compareTo(max) < 0 ? FIRST_DELAY : max, max);
  }

  /** The delay after {@code previous}: doubled, capped. */
  Duration after(Duration previous) {
    if (previous == null) {
      return firstDelay;
    }
    Duration doubled = previous.multipliedBy(2);
    return doubled.compareTo(maxDelay) > 0 ? maxDelay : doubled;
  }

  /** ISO-8601 ({@code PT30S}), as the configuration loader passes every duration on. */
  private static Duration duration(ImContext ctx, String text) throws ImException {
    try {
      Duration d = Duration.parse(text.trim().toUpperCase(Locale.ROOT));
      if (!d.isNegative() && !d.isZero()) {
        return d;
      }
    } catch (DateTimeParseException e) {
      // reported below
    }
    throw new ImException(
        FaultCode.INVALID_VALUE,
        ctx.path()
            + ": option "
            + ImContext.RECONNECT_MAX_DELAY
            + " is a positive ISO-8601 duration such as PT30S, not '"
            + text
            + "'");
  }
}
