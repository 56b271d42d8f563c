package org.instrumentelement.ie.soap.types;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.RandomAccess;
import org.instrumentelement.ie.soap.DoubleText;

/**
 * The items of an xs:list of doubles as text, over a double[]. Both ways without a String per item:
 *
 * <ul>
 *   <li>answering, each item is formatted when JAXB asks for it (shortest round-trip text, {@link
 *       DoubleText}), so a vector is neither copied nor boxed to be marshalled;
 *   <li>reading a request, JAXB fills an empty list item by item ({@link #add}; {@link Value} puts
 *       one where JAXB looks for a list), and each is parsed as it comes: a list of n doubles costs
 *       8n bytes, not the ~50n bytes of n strings in a list. The text of the first item that is not
 *       a double is kept for the fault that names it; the items after it are only counted (the
 *       request will be refused anyway).
 * </ul>
 */
public final class DoubleList extends AbstractList<String> implements RandomAccess {
  /** Longest text kept of an item that is not a double (enough for a fault to quote it). */
  private static final int KEPT_TEXT = 41;

  private double[] values;
  private int size;
  private final boolean parsed;
  private int firstUnparsed = -1;
  private String unparsedText;
  private boolean read;

  /** A view of a vector to answer with (not copied). */
  public DoubleList(double[] values) {
    this.values = values;
    this.size = values.length;
    this.parsed = false;
  }

  /** An empty list that JAXB fills with a request's items. */
  public DoubleList() {
    this.values = new double[16];
    this.parsed = true;
  }

  @Override
  public String get(int index) {
    if (index < 0 || index >= size) {
      throw new IndexOutOfBoundsException(index);
    }
    return index == firstUnparsed ? unparsedText : DoubleText.toString(values[index]);
  }

  @Override
  public int size() {
    return size;
  }

  /** Parses an item as it is read. */
  @Override
  public boolean add(String item) {
    if (size == values.length) {
      values = Arrays.copyOf(values, Math.max(16, values.length * 2));
    }
    if (firstUnparsed < 0) {
      try {
        values[size] = DoubleText.parse(item.trim());
      } catch (NumberFormatException e) {
        firstUnparsed = size;
        unparsedText = item.length() <= KEPT_TEXT ? item : item.substring(0, KEPT_TEXT);
      }
    }
    size++;
    read = true;
    modCount++;
    return true;
  }

  /** Whether a request's list element was read into this list (see {@link Value}). */
  public boolean wasRead() {
    return read;
  }

  /** JAXB clears a list before it fills it: so this marks a list element as read, even empty. */
  @Override
  public void clear() {
    read = true;
    size = 0;
    firstUnparsed = -1;
    unparsedText = null;
    modCount++;
  }

  /** Which item is not a double (the first), or -1 if every item is. */
  public int firstUnparsed() {
    return firstUnparsed;
  }

  /** The doubles behind this list (the vector's own array for a view; do not change it). */
  public double[] values() {
    if (values.length != size) {
      values = Arrays.copyOf(values, size);
    }
    return values;
  }

  /**
   * The doubles as an array the caller may keep and change: the list's own when it was filled from
   * a request (no second copy of a large vector), a copy for a view of someone else's vector.
   */
  public double[] valuesToKeep() {
    double[] v = values();
    return parsed ? v : v.clone();
  }
}
