package org.instrumentelement.ie.server.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
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

  @Test
  void manyThreadsTakingAndGivingBackNeverPassTheCapAndLeaveNothingBehind() throws Exception {
    AddressQuota q = new AddressQuota(3);
    AtomicInteger inside = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    AtomicInteger taken = new AtomicInteger();
    Runnable client =
        () -> {
          for (int i = 0; i < 20_000; i++) {
            if (q.tryTake("10.0.0.1")) {
              taken.incrementAndGet();
              most.accumulateAndGet(inside.incrementAndGet(), Math::max);
              inside.decrementAndGet();
              q.release("10.0.0.1");
            }
          }
        };
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      Thread t = new Thread(client);
      t.start();
      threads.add(t);
    }
    for (Thread t : threads) {
      t.join();
    }
    assertTrue(most.get() <= 3, "at most the cap at once: " + most.get());
    assertTrue(taken.get() > 0);
    assertEquals(0, q.held("10.0.0.1"));
    assertEquals(0, q.addresses(), "an address holding nothing is forgotten");
  }
}
