package org.instrumentelement.ial.mock;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How an instrument writes a number in its answers, given by a picture as manuals show one: {@code
 * +9.99999999E+999} (always a sign, 8 decimals, a 3-digit exponent: Keysight InfiniiVision), {@code
 * 9.999999e-99} (a sign only when negative, lower-case e: Rigol), {@code 9.9999E-9} (an exponent of
 * as few digits as it needs: Tektronix), {@code 9.999999} (NR2, a fixed number of decimals: Rohde
 * &amp; Schwarz ASCII waveform data), {@code +9} (an integer with its sign: IEEE 488.2 NR1 as
 * Keysight writes it), {@code 9}, or {@code java} (as Java prints a double: {@code 0.5}, {@code
 * 1.0E-4}). SCPI-99's special values (9.91E37 for not-a-number, +-9.9E37 for infinities) are
 * written in the same form.
 */
final class NumberForm {
  /** The real form of a model that declares none: as Java prints a double. */
  static final NumberForm JAVA = new NumberForm("java", false, -1, 'E', 0, false);

  /** A bare integer, a minus sign only when negative. */
  static final NumberForm PLAIN_INTEGER = new NumberForm("9", false, 0, 'E', 0, true);

  /** Marks a form without an exponent (NR2). */
  private static final char FIXED = 0;

  private static final Pattern REAL = Pattern.compile("(\\+?)9(?:\\.(9+))?([eE])[+-]?(9+)");
  private static final Pattern DECIMAL = Pattern.compile("(\\+?)9\\.(9+)");
  private static final Pattern INTEGER = Pattern.compile("(\\+?)9");

  private final String picture;
  private final boolean sign;
  private final int decimals;
  private final char e;
  private final int exponentDigits;
  private final boolean integer;

  private NumberForm(
      String picture, boolean sign, int decimals, char e, int exponentDigits, boolean integer) {
    this.picture = picture;
    this.sign = sign;
    this.decimals = decimals;
    this.e = e;
    this.exponentDigits = exponentDigits;
    this.integer = integer;
  }

  /** Reads a picture; {@code what} names it in the error. */
  static NumberForm parse(String what, String picture) {
    if (picture.equals("java")) {
      return JAVA;
    }
    Matcher m = INTEGER.matcher(picture);
    if (m.matches()) {
      return new NumberForm(picture, !m.group(1).isEmpty(), 0, 'E', 0, true);
    }
    m = DECIMAL.matcher(picture);
    if (m.matches()) {
      return new NumberForm(picture, !m.group(1).isEmpty(), m.group(2).length(), FIXED, 0, false);
    }
    m = REAL.matcher(picture);
    if (m.matches()) {
      int decimals = m.group(2) == null ? 0 : m.group(2).length();
      return new NumberForm(
          picture,
          !m.group(1).isEmpty(),
          decimals,
          m.group(3).charAt(0),
          m.group(4).length(),
          false);
    }
    throw new IllegalArgumentException(
        what
            + ": '"
            + picture
            + "' is not a number form (java, 9, +9, 9.999, or like +9.999E+99 or 9.99999e-999)");
  }

  /** Whether this form writes integers. */
  boolean isInteger() {
    return integer;
  }

  /** {@code v} in this form. */
  String format(double v) {
    if (Double.isNaN(v)) {
      v = 9.91e37;
    } else if (Double.isInfinite(v)) {
      v = v > 0 ? 9.9e37 : -9.9e37;
    }
    if (this == JAVA) {
      return Double.toString(v);
    }
    if (integer) {
      long n = Math.round(v);
      return (sign && n >= 0 ? "+" : "") + n;
    }
    if (e == FIXED) {
      StringBuilder out = new StringBuilder(16);
      append(out, v);
      return out.toString();
    }
    String s = String.format(Locale.ROOT, "%." + decimals + "E", v);
    int at = s.indexOf('E');
    int exponent = Integer.parseInt(s.substring(at + 1));
    StringBuilder out = new StringBuilder(s.length() + 2);
    if (sign && v >= 0 && !s.startsWith("-")) {
      out.append('+');
    }
    out.append(s, 0, at).append(e).append(exponent < 0 ? '-' : '+');
    String digits = Integer.toString(Math.abs(exponent));
    out.append("0".repeat(Math.max(0, exponentDigits - digits.length()))).append(digits);
    return out.toString();
  }

  /**
   * Appends {@code v} in this form. A fixed-point form is written by hand: a million-point waveform
   * in ASCII would otherwise spend seconds in the formatter.
   */
  void append(StringBuilder out, double v) {
    if (e != FIXED) {
      out.append(format(v));
      return;
    }
    double scaled = v * POWERS[Math.min(decimals, POWERS.length - 1)];
    if (!Double.isFinite(v) || decimals >= POWERS.length || Math.abs(scaled) >= 9e15) {
      String s =
          String.format(Locale.ROOT, "%." + decimals + "f", Double.isFinite(v) ? v : 9.91e37);
      out.append(sign && !s.startsWith("-") ? "+" : "").append(s);
      return;
    }
    long units = Math.round(Math.abs(scaled));
    if (v < 0 && units != 0) {
      out.append('-');
    } else if (sign) {
      out.append('+');
    }
    String digits = Long.toString(units);
    if (decimals == 0) {
      out.append(digits);
      return;
    }
    if (digits.length() <= decimals) {
      digits = "0".repeat(decimals - digits.length() + 1) + digits;
    }
    int point = digits.length() - decimals;
    out.append(digits, 0, point).append('.').append(digits, point, digits.length());
  }

  private static final double[] POWERS = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9};

  @Override
  public String toString() {
    return picture;
  }
}
