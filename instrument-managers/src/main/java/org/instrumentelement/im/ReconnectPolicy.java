package org.instrumentelement.im;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import org.instrumentelement.im.model.ErrorCode;
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
          ErrorCode.INVALID_VALUE,
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

  private static Duration duration(ImContext ctx, String text) throws ImException {
    String t = text.trim().toLowerCase(Locale.ROOT);
    try {
      Duration d;
      if (t.startsWith("p")) {
        d = Duration.parse(t.toUpperCase(Locale.ROOT));
      } else if (t.endsWith("ms")) {
        d = Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2).trim()));
      } else if (t.endsWith("s")) {
        d = Duration.ofMillis(Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 1e3));
      } else if (t.endsWith("m")) {
        d = Duration.ofMinutes(Long.parseLong(t.substring(0, t.length() - 1).trim()));
      } else {
        throw new NumberFormatException(t);
      }
      if (!d.isNegative() && !d.isZero()) {
        return d;
      }
    } catch (NumberFormatException | DateTimeParseException e) {
      // reported below
    }
    throw new ImException(
        ErrorCode.INVALID_VALUE,
        ctx.path()
            + ": option "
            + ImContext.RECONNECT_MAX_DELAY
            + " is a positive duration such as 30s, not '"
            + text
            + "'");
  }
}
