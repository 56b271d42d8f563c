package org.instrumentelement.ie.soap.types;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DoubleListTest {
  @Test
  void itemsAreParsedAsTheyAreAdded() {
    DoubleList l = new DoubleList();
    int n = 100_000; // several blocks
    for (int i = 0; i < n; i++) {
      l.add(Integer.toString(i));
    }
    l.add("INF");
    l.add("-.5e-3");
    assertEquals(n + 2, l.size());
    assertEquals(-1, l.firstUnparsed());
    assertEquals("99999", l.get(n - 1), "read from the blocks");
    assertEquals(n + 2, l.values().length);
    assertEquals(70_000.0, l.values()[70_000]);
    assertEquals(Double.POSITIVE_INFINITY, l.values()[n]);
    assertEquals("-5E-4", l.get(n + 1), "read from the array");
    assertSame(l.values(), l.valuesToKeep(), "a request's vector is not copied again");
  }

  @Test
  void theFirstItemThatIsNotADoubleIsKeptAsText() {
    DoubleList l = new DoubleList();
    l.add("1");
    l.add("0x1p3");
    l.add("nonsense");
    assertEquals(3, l.size());
    assertEquals(1, l.firstUnparsed());
    assertEquals("0x1p3", l.get(1));
    String longItem = "9".repeat(30) + "x".repeat(100);
    DoubleList m = new DoubleList();
    m.add(longItem);
    assertTrue(m.get(0).length() <= 41 && longItem.startsWith(m.get(0)), m.get(0));
  }

  @Test
  void clearEmptiesIt() {
    DoubleList l = new DoubleList();
    l.add("x");
    l.clear();
    assertEquals(0, l.size());
    assertEquals(-1, l.firstUnparsed());
    l.add("2");
    assertArrayEquals(new double[] {2}, l.values());
  }

  @Test
  void aViewHandsOutCopies() {
    double[] d = {1, 2};
    DoubleList view = new DoubleList(d);
    assertSame(d, view.values());
    assertNotSame(d, view.valuesToKeep());
    assertEquals("1", view.get(0));
  }
}
