package org.instrumentelement.portal.trace;

import java.util.function.IntPredicate;

/**
 * Reduces a vector to at most a given number of points for a screen, keeping what the eye needs:
 * for each bucket of neighbouring samples (about one pixel column) its minimum and its maximum, in
 * the order they occur. A peak one sample wide survives; an average would hide it.
 */
public final class TraceDecimator {
  private TraceDecimator() {}

  /**
   * The points kept.
   *
   * @param index the sample index of each point, or null when nothing was dropped (point i is
   *     sample i)
   * @param values the values of the points (NaN where the sample was not a number)
   */
  public record Points(int[] index, double[] values) {
    public boolean decimated() {
      return index != null;
    }
  }

  /**
   * Decimates {@code v} to at most {@code maxPoints} points (at least 2).
   *
   * @return the samples themselves if there are few enough, else min and max of {@code maxPoints /
   *     2} buckets
   */
  public static Points decimate(double[] v, int maxPoints) {
    return decimate(v, maxPoints, null);
  }

  /**
   * Decimates {@code v} as {@link #decimate(double[], int)} does, keeping in each bucket one sample
   * that {@code marked} says must be seen (a sample the instrument clipped) if it has one: when
   * neither its minimum nor its maximum is marked, the first marked sample takes the place of the
   * one of them nearer to it in value. A clip code is the screen's edge, so it is usually an
   * extreme already and nothing changes; an instrument whose clip code is not still shows it.
   *
   * @param marked the samples to keep, by index, or null for none
   */
  public static Points decimate(double[] v, int maxPoints, IntPredicate marked) {
    if (maxPoints < 2) {
      throw new IllegalArgumentException("maxPoints must be at least 2: " + maxPoints);
    }
    int n = v.length;
    if (n <= maxPoints) {
      return new Points(null, v.clone());
    }
    int buckets = maxPoints / 2;
    int[] index = new int[buckets * 2];
    double[] values = new double[buckets * 2];
    int k = 0;
    for (int b = 0; b < buckets; b++) {
      int start = (int) ((long) b * n / buckets);
      int end = (int) ((long) (b + 1) * n / buckets);
      int min = -1;
      int max = -1;
      int mark = -1;
      for (int i = start; i < end; i++) {
        double x = v[i];
        if (Double.isNaN(x)) {
          continue;
        }
        if (min < 0 || x < v[min]) {
          min = i;
        }
        if (max < 0 || x > v[max]) {
          max = i;
        }
        if (marked != null && mark < 0 && marked.test(i)) {
          mark = i;
        }
      }
      if (mark >= 0 && !marked.test(min) && !marked.test(max)) {
        if (min == max) {
          min = mark; // one point so far: the marked one joins it
        } else if (Math.abs(v[mark] - v[max]) <= Math.abs(v[mark] - v[min])) {
          max = mark;
        } else {
          min = mark;
        }
      }
      if (min < 0) { // all NaN: one gap point
        index[k] = start;
        values[k++] = Double.NaN;
      } else if (min == max) {
        index[k] = min;
        values[k++] = v[min];
      } else {
        int first = Math.min(min, max);
        int second = Math.max(min, max);
        index[k] = first;
        values[k++] = v[first];
        index[k] = second;
        values[k++] = v[second];
      }
    }
    return new Points(java.util.Arrays.copyOf(index, k), java.util.Arrays.copyOf(values, k));
  }
}
