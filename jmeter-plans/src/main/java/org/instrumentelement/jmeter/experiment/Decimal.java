package org.instrumentelement.jmeter.experiment;

import java.util.Locale;

/** Figures as the console and the report print them. */
final class Decimal {
  private Decimal() {}

  /** A number with the given decimals, or "n/a" when it is not one (a figure not measured). */
  static String of(double v, int decimals) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "n/a";
  }
}
