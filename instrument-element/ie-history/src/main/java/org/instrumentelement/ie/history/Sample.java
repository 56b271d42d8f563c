package org.instrumentelement.ie.history;

import org.instrumentelement.ial.trace.ScaledCodes;

/**
 * One archived sample.
 *
 * @param timeMicros when the instrument produced it, microseconds since the epoch
 * @param sequence its sequence number on its topic
 * @param quality its quality as a code, larger is worse (0 is good)
 * @param provenance the IM's provenance revision when it was read
 * @param value the value of a scalar series (NaN for a vector)
 * @param vector the values of a vector series, or {@code null} for a scalar (and for a vector kept
 *     as codes, whose {@link #vector()} are then its codes' doubles)
 * @param codes a vector as the instrument's codes, kept as they are; {@code null} for doubles
 */
public record Sample(
    long timeMicros,
    long sequence,
    int quality,
    long provenance,
    double value,
    double[] vector,
    ScaledCodes codes) {

  /** A scalar sample or a vector of doubles. */
  public Sample(
      long timeMicros, long sequence, int quality, long provenance, double value, double[] vector) {
    this(timeMicros, sequence, quality, provenance, value, vector, null);
  }

  /** A scalar sample. */
  public static Sample scalar(
      long timeMicros, long sequence, int quality, long provenance, double value) {
    return new Sample(timeMicros, sequence, quality, provenance, value, null, null);
  }

  /** A vector sample. */
  public static Sample vector(
      long timeMicros, long sequence, int quality, long provenance, double[] values) {
    return new Sample(timeMicros, sequence, quality, provenance, Double.NaN, values, null);
  }

  /**
   * A vector sample the instrument gave as codes: archived as its codes, read back as {@code code *
   * scale + offset} (the doubles its topic published, to the bit).
   */
  public static Sample codes(
      long timeMicros, long sequence, int quality, long provenance, ScaledCodes codes) {
    return new Sample(timeMicros, sequence, quality, provenance, Double.NaN, null, codes);
  }

  /**
   * The values of a vector sample (a kept codes' doubles, computed on each call), or {@code null}
   * for a scalar.
   */
  @Override
  public double[] vector() {
    return vector != null || codes == null ? vector : codes.toDoubles();
  }

  /** Whether it is a vector sample (of doubles or of codes). */
  public boolean isVector() {
    return vector != null || codes != null;
  }

  /** The length of a vector sample, 0 for a scalar. */
  public int vectorLength() {
    return vector != null ? vector.length : codes != null ? codes.length() : 0;
  }
}
