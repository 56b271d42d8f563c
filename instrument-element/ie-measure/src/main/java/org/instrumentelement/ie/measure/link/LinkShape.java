package org.instrumentelement.ie.measure.link;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A wide-area link as the measurements ask for it: a rate per direction and a round trip, written
 * {@code <rate>:<round trip>} as {@code tc} writes them, e.g. {@code 10mbit:50ms} or {@code
 * 100mbit:20ms}. Each direction gets half the round trip as its one-way delay and the full rate (a
 * full-duplex link).
 *
 * @param bitsPerSecond the rate of each direction
 * @param roundTrip the round trip the link adds (twice its one-way delay)
 */
public record LinkShape(long bitsPerSecond, Duration roundTrip) {
  private static final Pattern FORM =
      Pattern.compile("(\\d+(?:\\.\\d+)?)(kbit|mbit|gbit):(\\d+(?:\\.\\d+)?)(us|ms|s)");

  public LinkShape {
    if (bitsPerSecond <= 0) {
      throw new IllegalArgumentException("a link's rate must be positive, not " + bitsPerSecond);
    }
    if (roundTrip.isNegative()) {
      throw new IllegalArgumentException("a link's round trip cannot be negative: " + roundTrip);
    }
  }

  /**
   * Reads {@code <rate>:<round trip>}: the rate in {@code kbit}, {@code mbit} or {@code gbit} per
   * second (1 mbit = 10^6 bits), the round trip in {@code us}, {@code ms} or {@code s}.
   *
   * @throws IllegalArgumentException saying what the form is
   */
  public static LinkShape parse(String text) {
    Matcher m = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "a link is <rate>:<round trip>, e.g. 10mbit:50ms or 100mbit:20ms, not '" + text + "'");
    }
    double rate = Double.parseDouble(m.group(1));
    double unit =
        switch (m.group(2)) {
          case "kbit" -> 1e3;
          case "mbit" -> 1e6;
          default -> 1e9;
        };
    double time = Double.parseDouble(m.group(3));
    double nanos =
        switch (m.group(4)) {
          case "us" -> 1e3;
          case "ms" -> 1e6;
          default -> 1e9;
        };
    return new LinkShape(Math.round(rate * unit), Duration.ofNanos(Math.round(time * nanos)));
  }

  /** The delay of each direction: half the round trip. */
  public Duration oneWayDelay() {
    return roundTrip.dividedBy(2);
  }

  /** Nanoseconds one byte takes on the wire at this rate. */
  double nanosPerByte() {
    return 8e9 / bitsPerSecond;
  }

  /** The rate in megabits per second (10^6 bits). */
  public double megabitsPerSecond() {
    return bitsPerSecond / 1e6;
  }

  /** The round trip in milliseconds. */
  public double roundTripMillis() {
    return roundTrip.toNanos() / 1e6;
  }

  /** The shape in the form {@link #parse} reads, e.g. {@code 10mbit:50ms}. */
  @Override
  public String toString() {
    String rate =
        bitsPerSecond % 1_000_000 == 0
            ? bitsPerSecond / 1_000_000 + "mbit"
            : bitsPerSecond % 1000 == 0
                ? bitsPerSecond / 1000 + "kbit"
                : bitsPerSecond / 1e6 + "mbit";
    long micros = roundTrip.toNanos() / 1000;
    String rtt = micros % 1000 == 0 ? micros / 1000 + "ms" : micros + "us";
    return rate + ":" + rtt;
  }

  /** The shape as a file name: {@code 10mbit-50ms}. */
  public String fileName() {
    return toString().replace(':', '-');
  }
}
