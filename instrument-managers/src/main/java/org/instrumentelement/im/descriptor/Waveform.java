package org.instrumentelement.im.descriptor;

/**
 * One trace: samples in volts and the time axis, {@code t[i] = xOrigin + (i - xReference) *
 * xIncrement} seconds from the trigger.
 *
 * @param volts the samples, or an empty array when only the preamble was read
 */
record Waveform(double[] volts, double xIncrement, double xOrigin, double xReference) {

  /** The time of every sample. */
  double[] time() {
    double[] t = new double[volts.length];
    for (int i = 0; i < t.length; i++) {
      t[i] = xOrigin + (i - xReference) * xIncrement;
    }
    return t;
  }

  /** The time of the first sample. */
  double firstSampleTime() {
    return xOrigin - xReference * xIncrement;
  }

  double peakToPeak() {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (double v : volts) {
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    return volts.length == 0 ? 0 : max - min;
  }
}
