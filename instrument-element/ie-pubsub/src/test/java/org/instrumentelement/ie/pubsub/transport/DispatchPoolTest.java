package org.instrumentelement.ie.pubsub.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

class DispatchPoolTest {
  private static final long STALL_MILLIS = 50;
  private static final long IDLE_MILLIS = 120_000; // longer than any wait here

  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (!condition.getAsBoolean()) {
      assertTrue(System.nanoTime() < deadline, "timed out waiting until " + what);
      Thread.sleep(5);
    }
  }

  @Test
  void aStuckWorkerDoesNotHoldUpTheOthersAndItsStandInStopsOnceItIsFree() throws Exception {
    DispatchPool pool = new DispatchPool("test-dispatch", 1, STALL_MILLIS, IDLE_MILLIS);
    try {
      CountDownLatch release = new CountDownLatch(1);
      CountDownLatch stuck = new CountDownLatch(1);
      pool.execute(
          () -> {
            stuck.countDown();
            try {
              release.await();
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          });
      assertTrue(stuck.await(10, TimeUnit.SECONDS), "the first task started");
      CountDownLatch other = new CountDownLatch(1);
      pool.execute(other::countDown);
      assertTrue(other.await(10, TimeUnit.SECONDS), "another worker ran the next task");
      assertEquals(2, pool.workers(), "the stuck worker and one in its place");

      release.countDown();
      // Work keeps coming, far more often than the idle time: the stand-in stops all the same.
      AtomicInteger ran = new AtomicInteger();
      long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(500);
      while (System.nanoTime() < until) {
        pool.execute(ran::incrementAndGet);
        Thread.sleep(2);
      }
      await(() -> pool.workers() == 1, "the pool is back to its base worker");
      int before = ran.get();
      pool.execute(ran::incrementAndGet);
      await(() -> ran.get() > before, "the base worker still takes tasks");
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void baseWorkersStayWhenIdle() throws Exception {
    DispatchPool pool = new DispatchPool("test-dispatch", 2, STALL_MILLIS, 100);
    try {
      Thread.sleep(300);
      assertEquals(2, pool.workers());
      CountDownLatch ran = new CountDownLatch(4);
      for (int i = 0; i < 4; i++) {
        pool.execute(ran::countDown);
      }
      assertTrue(ran.await(10, TimeUnit.SECONDS));
      assertEquals(2, pool.workers());
    } finally {
      pool.shutdownNow();
    }
  }
}
