package org.instrumentelement.ie.opcuapeer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SequenceAccountTest {

  private static SequenceAccount.Counts of(long... sequence) {
    SequenceAccount a = new SequenceAccount();
    for (long s : sequence) {
      a.accept(s);
    }
    return a.counts();
  }

  @Test
  void theAccountStartsAtTheFirstNumberSeen() {
    assertEquals(new SequenceAccount.Counts(3, 0, 0, 0), of(41, 42, 43));
  }

  @Test
  void aGapIsLost() {
    assertEquals(new SequenceAccount.Counts(3, 2, 0, 0), of(1, 2, 5));
  }

  @Test
  void aNumberAfterALaterOneIsLateNotLost() {
    assertEquals(new SequenceAccount.Counts(4, 0, 1, 0), of(1, 3, 2, 4));
  }

  @Test
  void aNumberSeenTwiceIsADuplicate() {
    // As the Milo client's Republish may deliver a notification again.
    assertEquals(new SequenceAccount.Counts(3, 0, 0, 2), of(1, 2, 2, 3, 1));
    SequenceAccount a = new SequenceAccount();
    assertTrue(a.accept(1), "delivered for the first time");
    assertFalse(a.accept(1), "a duplicate");
    assertTrue(a.accept(3));
    assertTrue(a.accept(2), "late, but the first time");
  }

  @Test
  void aLongGapRemembersOnlyTheMostRecentNumbers() {
    long far = 1 + SequenceAccount.MOST_MISSING + 10;
    SequenceAccount.Counts c = of(1, far, 2, far - 1);
    assertEquals(far - 2 - 1, c.lost()); // 2 .. far-1 lost, far-1 came late
    assertEquals(1, c.late());
    assertEquals(1, c.duplicates()); // 2 was too old to be remembered
  }

  @Test
  void accountsAreSummed() {
    SequenceAccount.Counts a = new SequenceAccount.Counts(1, 2, 3, 4);
    assertEquals(new SequenceAccount.Counts(2, 4, 6, 8), a.plus(a));
  }
}
