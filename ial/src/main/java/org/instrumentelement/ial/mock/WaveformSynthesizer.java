package org.instrumentelement.ial.mock;

import java.util.SplittableRandom;

/**
 * Renders acquisitions of a {@link MockInput}. The noise-free samples are computed once per set of
 * settings and cached, and noise comes from a precomputed Gaussian table at a random offset, so an
 * acquisition of N points costs two array passes, not N trigonometric calls: the mock must never be
 * the bottleneck when the Instrument Element is measured.
 */
final class WaveformSynthesizer {
  private static final int NOISE_TABLE_BITS = 16;
  private static final int NOISE_MASK = (1 << NOISE_TABLE_BITS) - 1;

  /** Free-running acquisitions start at one of up to this many sample offsets in the table. */
  private static final int MAX_PHASE_STEPS = 4096;

  private final double[] noiseTable = new double[1 << NOISE_TABLE_BITS];
  private final SplittableRandom random;

  private record Key(MockInput input, double dt, int points, double start, double triggerTime) {}

  private Key cachedKey;
  private double[] table;
  private int phaseSteps;

  WaveformSynthesizer(long seed) {
    random = new SplittableRandom(seed);
    java.util.Random gaussian = new java.util.Random(seed);
    for (int i = 0; i < noiseTable.length; i++) {
      noiseTable[i] = gaussian.nextGaussian();
    }
  }

  /**
   * One acquisition of {@code points} samples {@code dt} apart, the first at {@code start} seconds
   * from the trigger point.
   *
   * @param triggerTime when in the input's period the trigger fires, or NaN to free-run (a random
   *     phase at each acquisition)
   * @param low samples below are clipped (the bottom of the screen)
   * @param high samples above are clipped
   * @param phase for a free-running acquisition, where in the input's period it starts (0..1), or
   *     NaN for a random phase
   * @param noiseAt where in the noise table the noise starts, or -1 for a random place: a held
   *     acquisition sent again with another point count keeps its phase and its noise
   */
  double[] acquire(
      MockInput input,
      double dt,
      int points,
      double start,
      double triggerTime,
      double low,
      double high,
      double phase,
      int noiseAt) {
    boolean freeRunning = Double.isNaN(triggerTime);
    Key key = new Key(input, dt, points, start, freeRunning ? 0 : triggerTime);
    if (!key.equals(cachedKey)) {
      phaseSteps = 0;
      if (freeRunning && input.frequency() > 0 && dt > 0) {
        double samplesPerPeriod = 1 / (input.frequency() * dt);
        phaseSteps = (int) Math.min(MAX_PHASE_STEPS, Math.max(1, Math.ceil(samplesPerPeriod)));
      }
      table = new double[points + phaseSteps];
      double t0 = key.triggerTime() + start;
      for (int i = 0; i < table.length; i++) {
        table[i] = input.valueAt(t0 + i * dt);
      }
      cachedKey = key;
    }
    int first = 0;
    if (phaseSteps > 0) {
      first =
          Double.isNaN(phase)
              ? random.nextInt(phaseSteps)
              : Math.min(phaseSteps - 1, (int) (phase * phaseSteps));
    }
    int noiseStart = noiseAt >= 0 ? noiseAt & NOISE_MASK : random.nextInt(noiseTable.length);
    double sigma = input.noise();
    double[] out = new double[points];
    // In runs that do not wrap around the noise table, without an index mask. Without a screen to
    // clip to (the array device), without Math.min and max either: on JDK 17 they cost more than
    // the rest of the loop (2,500 points: 9.1 against 4.2 µs here).
    boolean clipped = low > Double.NEGATIVE_INFINITY || high < Double.POSITIVE_INFINITY;
    int i = 0;
    while (i < points) {
      int at = (noiseStart + i) & NOISE_MASK;
      int end = Math.min(points, i + (noiseTable.length - at));
      int shift = at - i;
      if (clipped) {
        for (int j = i; j < end; j++) {
          out[j] = Math.min(high, Math.max(low, table[first + j] + sigma * noiseTable[shift + j]));
        }
      } else {
        for (int j = i; j < end; j++) {
          out[j] = table[first + j] + sigma * noiseTable[shift + j];
        }
      }
      i = end;
    }
    return out;
  }
}
