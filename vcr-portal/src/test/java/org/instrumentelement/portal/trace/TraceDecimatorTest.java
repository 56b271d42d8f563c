package org.instrumentelement.portal.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TraceDecimatorTest {
  @Test
  void aShortVectorIsSentWhole() {
    double[] v = {1, 2, 3};
    TraceDecimator.Points p = TraceDecimator.decimate(v, 10);
    assertFalse(p.decimated());
    assertNull(p.index());
    assertArrayEquals(v, p.values());
  }

  @Test
  void aLongVectorKeepsMinAndMaxOfEachBucketInOrder() {
    double[] v = new double[2500];
    for (int i = 0; i < v.length; i++) {
      v[i] = Math.sin(i / 40.0);
    }
    v[1234] = 9; // a one-sample spike must survive
    v[77] = -9;
    TraceDecimator.Points p = TraceDecimator.decimate(v, 200);
    assertTrue(p.decimated());
    assertTrue(p.values().length <= 200);
    for (int k = 1; k < p.index().length; k++) {
      assertTrue(p.index()[k] > p.index()[k - 1], "indexes ascend");
    }
    for (int k = 0; k < p.index().length; k++) {
      assertEquals(v[p.index()[k]], p.values()[k], "a point is a sample");
    }
    assertTrue(contains(p.values(), 9));
    assertTrue(contains(p.values(), -9));
  }

  @Test
  void aBucketOfNaNsBecomesOneGapPoint() {
    double[] v = new double[100];
    java.util.Arrays.fill(v, 0, 50, Double.NaN);
    java.util.Arrays.fill(v, 50, 100, 1.0);
    TraceDecimator.Points p = TraceDecimator.decimate(v, 4);
    assertEquals(2, p.values().length);
    assertTrue(Double.isNaN(p.values()[0]));
    assertEquals(1.0, p.values()[1]);
  }

  /**
   * A marked sample (one the instrument clipped) that is neither its bucket's minimum nor maximum
   * still shows, in place of the extreme nearer to it; a bucket whose extreme is marked is as it
   * was.
   */
  @Test
  void aMarkedSampleIsKeptInItsBucket() {
    double[] v = new double[1000];
    for (int i = 0; i < v.length; i++) {
      v[i] = Math.sin(i / 10.0);
    }
    v[505] = 0.2; // in the bucket 500..509 (100 buckets of 10), between its -0.26 and 0.59
    TraceDecimator.Points plain = TraceDecimator.decimate(v, 200);
    assertFalse(containsIndex(plain.index(), 505), "min/max alone drop it");
    TraceDecimator.Points kept = TraceDecimator.decimate(v, 200, i -> i == 505);
    assertTrue(containsIndex(kept.index(), 505));
    assertEquals(plain.index().length, kept.index().length, "no more points than before");
    for (int k = 1; k < kept.index().length; k++) {
      assertTrue(kept.index()[k] > kept.index()[k - 1], "indexes ascend");
    }
    for (int k = 0; k < kept.index().length; k++) {
      assertEquals(v[kept.index()[k]], kept.values()[k]);
      if (kept.index()[k] < 500 || kept.index()[k] >= 510) {
        assertEquals(plain.index()[k], kept.index()[k], "other buckets as they were");
      }
    }
    // Marked samples that are extremes change nothing.
    int max = 0;
    for (int i = 0; i < 10; i++) {
      max = v[i] > v[max] ? i : max;
    }
    int top = max;
    assertArrayEquals(plain.index(), TraceDecimator.decimate(v, 200, i -> i == top).index());
  }

  private static boolean containsIndex(int[] a, int i) {
    for (int x : a) {
      if (x == i) {
        return true;
      }
    }
    return false;
  }

  private static boolean contains(double[] a, double x) {
    for (double d : a) {
      if (d == x) {
        return true;
      }
    }
    return false;
  }
}
