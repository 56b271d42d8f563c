package org.instrumentelement.im.descriptor;

import org.instrumentelement.ial.trace.ScaledCodes;

/**
 * One trace: samples in volts and the time axis, {@code t[i] = xOrigin + (i - xReference) *
 * xIncrement} seconds from the trigger.
 *
 * @param volts the samples, or an empty array when only the preamble was read
 * @param codes the samples as the instrument's codes, when asked for and sent as 8 or 16-bit
 *     integers with a scale in the preamble, else null; {@code volts} are then its doubles
 */
record Waveform(
    double[] volts, ScaledCodes codes, double xIncrement, double xOrigin, double xReference) {

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
