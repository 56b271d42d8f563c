package org.instrumentelement.ie.history;

import java.util.ArrayList;
import java.util.List;

/**
 * One answer to a raw query: the samples in (time, sequence) order as columns (copied in bulk from
 * the segments, so that a page of 100,000 costs a few array copies), the gaps in the range, and how
 * to go on.
 *
 * @param times when each sample was produced, microseconds since the epoch
 * @param values the scalars' values, or {@code null} for a vector series
 * @param vectors the vectors, or {@code null} for a scalar series
 * @param continuation the token that resumes after the last sample, or {@code null} when the range
 *     holds no more
 */
public record RawPage(
    int size,
    long[] times,
    long[] sequences,
    byte[] qualities,
    long[] provenances,
    double[] values,
    double[][] vectors,
    List<Gap> gaps,
    String continuation) {

  /** The samples one by one. */
  public List<Sample> samples() {
    List<Sample> out = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      out.add(
          new Sample(
              times[i],
              sequences[i],
              qualities[i],
              provenances[i],
              values == null ? Double.NaN : values[i],
              vectors == null ? null : vectors[i]));
    }
    return out;
  }
}
