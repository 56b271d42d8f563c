package org.instrumentelement.ie.soap.types;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.RandomAccess;

/**
 * The items of an xs:list of doubles as text, over doubles. Both ways without a String per item:
 *
 * <ul>
 *   <li>answering, each item is formatted when JAXB asks for it (shortest round-trip text, {@link
 *       DoubleText}), so a vector is neither copied nor boxed to be marshalled;
 *   <li>reading a request, JAXB fills an empty list item by item ({@link #add}; {@link Value} puts
 *       one where JAXB looks for a list), and each is parsed as it comes: a list of n doubles costs
 *       8n bytes, not the ~50n bytes of n strings in a list. The items go into blocks of a fixed
 *       size (no array doubled and copied as the list grows) that become one array, block by block,
 *       when the vector is taken. The text of the first item that is not a double is kept for the
 *       fault that names it; the items after it are only counted (the request will be refused
 *       anyway).
 * </ul>
 */
public final class DoubleList extends AbstractList<String> implements RandomAccess {
  /** Longest text kept of an item that is not a double (enough for a fault to quote it). */
  private static final int KEPT_TEXT = 41;

  /** Items per block: 256 kB, below the size at which the JVM gives an array regions of its own. */
  private static final int BLOCK = 32 * 1024;

  /** The vector: a view's array, or a request's once taken. */
  private double[] values;

  /** A request's items while they are read. */
  private double[][] blocks;

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
    this.blocks = new double[4][];
    this.parsed = true;
  }

  @Override
  public String get(int index) {
    if (index < 0 || index >= size) {
      throw new IndexOutOfBoundsException(index);
    }
    if (index == firstUnparsed) {
      return unparsedText;
    }
    return DoubleText.toString(
        values != null ? values[index] : blocks[index / BLOCK][index % BLOCK]);
  }

  @Override
  public int size() {
    return size;
  }

  /** Parses an item as it is read. */
  @Override
  public boolean add(String item) {
    if (values != null) {
      throw new UnsupportedOperationException("the vector has been taken");
    }
    if (firstUnparsed < 0) {
      try {
        double v = DoubleText.parse(item.trim());
        int block = size / BLOCK;
        if (block == blocks.length) {
          blocks = Arrays.copyOf(blocks, blocks.length * 2);
        }
        if (blocks[block] == null) {
          blocks[block] = new double[BLOCK];
        }
        blocks[block][size % BLOCK] = v;
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

  /** JAXB clears a list before it fills it: so this marks a list element as read, even empty. */
  @Override
  public void clear() {
    if (values != null) {
      throw new UnsupportedOperationException("the vector has been taken");
    }
    read = true;
    size = 0;
    firstUnparsed = -1;
    unparsedText = null;
    Arrays.fill(blocks, null);
    modCount++;
  }

  /** Whether a request's list element was read into this list (see {@link Value}). */
  public boolean wasRead() {
    return read;
  }

  /** Which item is not a double (the first), or -1 if every item is. */
  public int firstUnparsed() {
    return firstUnparsed;
  }

  /**
   * The doubles behind this list (the vector's own array for a view; do not change it). A request's
   * items become one array here, each block let go once copied.
   */
  public double[] values() {
    if (values == null) {
      double[] all = new double[size];
      for (int b = 0; b * BLOCK < size; b++) {
        System.arraycopy(blocks[b], 0, all, b * BLOCK, Math.min(BLOCK, size - b * BLOCK));
        blocks[b] = null;
      }
      blocks = null;
      values = all;
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
