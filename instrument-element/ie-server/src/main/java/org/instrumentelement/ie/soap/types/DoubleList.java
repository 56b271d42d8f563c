package org.instrumentelement.ie.soap.types;

import java.util.AbstractList;
import java.util.RandomAccess;

/** A read-only {@code List<Double>} over a double[], so a vector is not copied to be marshalled. */
public final class DoubleList extends AbstractList<Double> implements RandomAccess {
  private final double[] values;

  public DoubleList(double[] values) {
    this.values = values;
  }

  @Override
  public Double get(int index) {
    return values[index];
  }

  @Override
  public int size() {
    return values.length;
  }

  /** The doubles of any list of them (no copy for a DoubleList). */
  public static double[] toArray(java.util.List<Double> list) {
    if (list instanceof DoubleList d) {
      return d.values;
    }
    double[] out = new double[list.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = list.get(i);
    }
    return out;
  }
}
