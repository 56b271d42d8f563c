package org.instrumentelement.ie.server.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AddressQuotaTest {
  @Test
  void eachAddressHasItsOwnShareAndIsForgottenWhenItHoldsNothing() {
    AddressQuota q = new AddressQuota(2);
    assertTrue(q.tryTake("10.0.0.1"));
    assertTrue(q.tryTake("10.0.0.1"));
    assertFalse(q.tryTake("10.0.0.1"));
    assertTrue(q.tryTake("10.0.0.2"), "another address is not affected");
    q.release("10.0.0.1");
    assertTrue(q.tryTake("10.0.0.1"));
    q.release("10.0.0.1");
    q.release("10.0.0.1");
    q.release("10.0.0.2");
    assertEquals(0, q.addresses());
    q.release("10.0.0.3"); // never taken: nothing happens
    assertEquals(0, q.held("10.0.0.3"));
  }
}
