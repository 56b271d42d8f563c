package org.instrumentelement.portal.web;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.instrumentelement.portal.ie.PortalError;

/**
 * What {@code GET trend} asks for, read from the request's fields and checked before the IE is
 * asked. The range is {@code from} and {@code to} (ISO 8601 instants), or {@code span} (an ISO 8601
 * duration, {@code PT10M}) ending now; neither is the hour up to now, as the IE's own default.
 *
 * @param points how many buckets a trend has: about one per pixel column of the chart
 * @param raw whether the answer holds the raw samples rather than buckets
 * @param continuation the IE's token for the next page of raw samples, or null
 */
record TrendRequest(
    String im,
    String attribute,
    Instant from,
    Instant to,
    int points,
    Raw raw,
    String continuation) {

  /** Points of a trend unless asked otherwise: a chart about 600 pixels wide. */
  static final int DEFAULT_POINTS = 600;

  /** The most points a trend has: more than a screen's pixel columns is of no use to a chart. */
  static final int MAX_POINTS = 2000;

  /** The most raw samples one answer holds when they are asked for. */
  static final int MAX_RAW = 10_000;

  private static final Duration DEFAULT_SPAN = Duration.ofHours(1);

  /** When the answer holds raw samples. */
  enum Raw {
    /** When the range holds no more samples than {@code points}: a short range, drawn exactly. */
    AUTO,
    /** Always (at most {@link #MAX_RAW}, then the next page by the continuation). */
    ALWAYS,
    /** Never: buckets, however few samples. */
    NEVER
  }

  /**
   * The request that {@code field} (a field's text, or null when absent) describes, with {@code
   * now} as the end of a {@code span}.
   *
   * @throws PortalError {@code BAD_REQUEST} naming the field that is missing or wrong
   */
  static TrendRequest parse(UnaryOperator<String> field, Instant now) throws PortalError {
    String im = required(field, "im");
    String attribute = required(field, "attribute");
    int points = points(field.apply("points"));
    Raw raw = raw(field.apply("raw"));
    String continuation = blankToNull(field.apply("continuation"));
    String span = blankToNull(field.apply("span"));
    Instant from = instant(field.apply("from"), "from");
    Instant to = instant(field.apply("to"), "to");
    if (continuation != null) {
      return new TrendRequest(im, attribute, null, null, points, Raw.ALWAYS, continuation);
    }
    try {
      if (span != null) {
        if (from != null || to != null) {
          throw bad("span", "give either span or from and to");
        }
        to = now;
        from = now.minus(duration(span));
      } else if (from == null) {
        to = to == null ? now : to;
        from = to.minus(DEFAULT_SPAN);
      } else if (to == null) {
        to = now;
      }
    } catch (DateTimeException | ArithmeticException e) {
      throw bad("span", "the range is out of bounds");
    }
    if (!from.isBefore(to)) {
      throw bad("from", "from must be before to");
    }
    return new TrendRequest(im, attribute, from, to, points, raw, null);
  }

  private static String required(UnaryOperator<String> field, String name) throws PortalError {
    String v = blankToNull(field.apply(name));
    if (v == null) {
      throw bad(name, "'" + name + "' is missing");
    }
    return v;
  }

  private static int points(String text) throws PortalError {
    if (blankToNull(text) == null) {
      return DEFAULT_POINTS;
    }
    try {
      int n = Integer.parseInt(text.trim());
      if (n >= 1 && n <= MAX_POINTS) {
        return n;
      }
    } catch (NumberFormatException e) {
      // told below
    }
    throw bad("points", "points must be a whole number from 1 to " + MAX_POINTS);
  }

  private static Raw raw(String text) throws PortalError {
    return switch (text == null ? "auto" : text.trim().toLowerCase(Locale.ROOT)) {
      case "", "auto" -> Raw.AUTO;
      case "true", "yes" -> Raw.ALWAYS;
      case "false", "no" -> Raw.NEVER;
      default -> throw bad("raw", "raw is auto, true or false");
    };
  }

  private static Duration duration(String text) throws PortalError {
    Duration d;
    try {
      d = Duration.parse(text.trim());
    } catch (DateTimeException e) {
      throw bad("span", "span is an ISO 8601 duration, e.g. PT10M or P7D");
    }
    if (d.isNegative() || d.isZero()) {
      throw bad("span", "span must be positive");
    }
    return d;
  }

  private static Instant instant(String text, String name) throws PortalError {
    String t = blankToNull(text);
    if (t == null) {
      return null;
    }
    try {
      return OffsetDateTime.parse(t.trim()).toInstant();
    } catch (DateTimeException e) {
      throw bad(name, name + " is an ISO 8601 time with its offset, e.g. 2026-11-28T10:00:00Z");
    }
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }

  private static PortalError bad(String field, String message) {
    return new PortalError("BAD_REQUEST", message, field, 400);
  }
}
