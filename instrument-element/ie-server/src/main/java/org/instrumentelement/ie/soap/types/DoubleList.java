package org.instrumentelement.ie.soap.types;

import java.util.AbstractList;
import java.util.RandomAccess;
import org.instrumentelement.ie.soap.DoubleText;

/**
 * The items of an xs:list of doubles as text, over a double[]: each item is formatted when JAXB
 * asks for it (shortest round-trip text, {@link DoubleText}), so a vector is neither copied nor
 * boxed to be marshalled.
 */
public final class DoubleList extends AbstractList<String> implements RandomAccess {
  private final double[] values;

  public DoubleList(double[] values) {
    this.values = values;
  }

  @Override
  public String get(int index) {
    return DoubleText.toString(values[index]);
  }

  @Override
  public int size() {
    return values.length;
  }

  /** The doubles behind this list. */
  public double[] values() {
    return values;
  }
}
