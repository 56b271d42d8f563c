package org.instrumentelement.ie.server.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MemoryBudgetTest {
  @Test
  void requestsThatDoNotFitAreRefusedAndReleasedChargesMakeRoom() {
    long body = 1_000_000;
    MemoryBudget budget = new MemoryBudget(2 * MemoryBudget.cost(body));
    MemoryBudget.Charge a = budget.tryCharge(body);
    MemoryBudget.Charge b = budget.tryCharge(body);
    assertNotNull(a);
    assertNotNull(b);
    assertNull(budget.tryCharge(body), "a third does not fit");
    a.release();
    a.release(); // twice is once
    assertEquals(MemoryBudget.cost(body), budget.used());
    assertNotNull(budget.tryCharge(body), "room again");
  }

  @Test
  void aChargeGrowsWithABodyOfUnknownSizeWhileThereIsRoom() {
    MemoryBudget budget = new MemoryBudget(MemoryBudget.cost(1_000_000));
    MemoryBudget.Charge c = budget.tryCharge(0);
    assertTrue(c.cover(10));
    assertTrue(c.cover(500_000));
    assertTrue(c.cover(1_000_000));
    assertFalse(c.cover(1_000_001), "no room beyond the budget");
    c.release();
    assertEquals(0, budget.used());
    assertFalse(c.cover(1), "a released charge takes nothing more");
    assertEquals(0, budget.used());
  }

  @Test
  void theLargestBodyIsWhatTheWholeBudgetHolds() {
    MemoryBudget budget = new MemoryBudget(MemoryBudget.cost(123_456));
    assertEquals(123_456, budget.largestBody());
    assertNotNull(budget.tryCharge(budget.largestBody()));
  }
}
