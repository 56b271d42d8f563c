package org.instrumentelement.ie.measure;

import java.util.List;

/**
 * The IE's built-in mock laboratory as the measurements use it: the IMs that serve vectors, and the
 * options that switch off the sampling of every subscribable attribute, so that nothing is
 * published but what a measurement switches on (with {@code configureSampling}).
 */
public final class MockLaboratory {
  /** IE options: every subscribable attribute of the mock laboratory sampled never. */
  public static final List<String> SAMPLING_OFF =
      List.of(
          "--im.array2500.attribute.vector.period=off",
          "--im.array1250.attribute.vector.period=off",
          "--im.scope.attribute.waveform.period=off",
          "--im.scope.attribute.peakToPeak.period=off");

  /**
   * IE options: both array IMs send their vectors in this format, REAL (float64, the default) or
   * WORD (16-bit codes with a scale and an offset, kept as codes and so also published on the
   * attribute's codes topic).
   */
  public static List<String> arrayFormat(String format) {
    return List.of(
        "--im.array2500.param.format=" + format, "--im.array1250.param.format=" + format);
  }

  private MockLaboratory() {}
}
