package org.instrumentelement.ie.history;

/**
 * One archived sample.
 *
 * @param timeMicros when the instrument produced it, microseconds since the epoch
 * @param sequence its sequence number on its topic
 * @param quality its quality as a code, larger is worse (0 is good)
 * @param provenance the IM's provenance revision when it was read
 * @param value the value of a scalar series (NaN for a vector)
 * @param vector the values of a vector series, or {@code null} for a scalar
 */
public record Sample(
    long timeMicros, long sequence, int quality, long provenance, double value, double[] vector) {

  /** A scalar sample. */
  public static Sample scalar(
      long timeMicros, long sequence, int quality, long provenance, double value) {
    return new Sample(timeMicros, sequence, quality, provenance, value, null);
  }

  /** A vector sample. */
  public static Sample vector(
      long timeMicros, long sequence, int quality, long provenance, double[] values) {
    return new Sample(timeMicros, sequence, quality, provenance, Double.NaN, values);
  }
}
