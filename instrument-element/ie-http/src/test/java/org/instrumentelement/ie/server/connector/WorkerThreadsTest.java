package org.instrumentelement.ie.server.connector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The request threads: one more is allowed for each request in progress for {@link
 * WorkerThreads#SLOW_MILLIS}, never beyond the maximum, and no more once it is done. The checks are
 * called here by hand, at the times the test names.
 */
class WorkerThreadsTest {
  private static final long MS = 1_000_000L;
  private final CountDownLatch release = new CountDownLatch(1);
  private WorkerThreads workers;

  @AfterEach
  void stop() throws InterruptedException {
    release.countDown();
    workers.stop();
    workers.pool().shutdownNow();
    assertTrue(workers.pool().awaitTermination(10, TimeUnit.SECONDS));
  }

  @Test
  void busyThreadsAreOnePerCoreWithinTheMaximum() {
    workers = new WorkerThreads("t-", 1, 200, true, Thread.NORM_PRIORITY, false);
    assertEquals(2, WorkerThreads.busyThreads(200, 2));
    assertEquals(2, WorkerThreads.busyThreads(200, 1));
    assertEquals(16, WorkerThreads.busyThreads(200, 16));
    assertEquals(3, WorkerThreads.busyThreads(3, 16));
    assertEquals(1, WorkerThreads.busyThreads(1, 16));
  }

  @Test
  void aRequestHeldUpLetsTheOneBehindItHaveAThread() throws Exception {
    workers = new WorkerThreads("t-", 1, 10, true, Thread.NORM_PRIORITY, false);
    long before = System.nanoTime();
    CountDownLatch held = new CountDownLatch(1);
    workers.pool().execute(hold(held, release));
    assertTrue(held.await(10, TimeUnit.SECONDS));
    CountDownLatch ran = new CountDownLatch(1);
    workers.pool().execute(ran::countDown);

    workers.check(before + WorkerThreads.SLOW_MILLIS * MS - MS); // not yet held up
    assertEquals(1, workers.allowedThreads());
    assertFalse(ran.await(100, TimeUnit.MILLISECONDS));

    workers.check(System.nanoTime() + WorkerThreads.SLOW_MILLIS * MS);
    assertEquals(2, workers.allowedThreads());
    assertEquals(1, workers.mostHeldUp());
    assertTrue(ran.await(10, TimeUnit.SECONDS));
  }

  @Test
  void onceTheRequestIsDoneTheExtraThreadIsNoLongerAllowed() throws Exception {
    workers = new WorkerThreads("t-", 1, 10, true, Thread.NORM_PRIORITY, false);
    CountDownLatch held = new CountDownLatch(1);
    CountDownLatch done = new CountDownLatch(1);
    CountDownLatch finished = new CountDownLatch(1);
    workers
        .pool()
        .execute(
            () -> {
              hold(held, done).run();
              finished.countDown();
            });
    assertTrue(held.await(10, TimeUnit.SECONDS));
    workers.check(System.nanoTime() + WorkerThreads.SLOW_MILLIS * MS);
    assertEquals(2, workers.allowedThreads());
    done.countDown();
    assertTrue(finished.await(10, TimeUnit.SECONDS));
    // afterExecute runs just after the task: wait until the thread is between requests
    long until = System.nanoTime() + 10_000 * MS;
    while (workers.pool().getActiveCount() > 0 && System.nanoTime() < until) {
      Thread.sleep(1);
    }
    workers.check(System.nanoTime() + 1_000 * MS); // idle threads are not held up, however long
    assertEquals(1, workers.allowedThreads());
    until = System.nanoTime() + 10_000 * MS;
    while (workers.pool().getPoolSize() > 1 && System.nanoTime() < until) {
      Thread.sleep(1);
    }
    assertEquals(1, workers.pool().getPoolSize()); // the extra thread ended, without a wait
  }

  @Test
  void neverMoreThanTheMaximum() throws Exception {
    workers = new WorkerThreads("t-", 1, 2, true, Thread.NORM_PRIORITY, false);
    CountDownLatch held = new CountDownLatch(2);
    for (int i = 0; i < 4; i++) {
      workers.pool().execute(hold(held, release));
    }
    long until = System.nanoTime() + 10_000 * MS;
    while (held.getCount() == 2 && System.nanoTime() < until) {
      Thread.sleep(1); // the first has begun
    }
    workers.check(System.nanoTime() + WorkerThreads.SLOW_MILLIS * MS);
    assertTrue(held.await(10, TimeUnit.SECONDS));
    workers.check(System.nanoTime() + WorkerThreads.SLOW_MILLIS * MS);
    assertEquals(2, workers.allowedThreads());
    assertEquals(2, workers.pool().getPoolSize());
    assertEquals(2, workers.mostHeldUp());
  }

  @Test
  void quickRequestsKeepToTheBusyThreads() throws Exception {
    workers = new WorkerThreads("t-", 2, 50, true, Thread.NORM_PRIORITY, false);
    CountDownLatch ran = new CountDownLatch(10_000);
    for (int i = 0; i < 10_000; i++) {
      workers.pool().execute(ran::countDown); // none held up: no thread is added by the pool
    }
    assertTrue(ran.await(10, TimeUnit.SECONDS));
    assertEquals(2, workers.pool().getLargestPoolSize());
    assertEquals(2, workers.pool().getMaximumPoolSize());
    assertEquals(2, workers.allowedThreads());
  }

  @Test
  void theWatcherWaitsForARequestWhileThereIsNoneAndWatchesWhileOneIsInProgress() throws Exception {
    workers = new WorkerThreads("t-", 1, 10, true, Thread.NORM_PRIORITY, true);
    await(workers::watchWaiting, "the watcher waiting, no request having begun");

    CountDownLatch held = new CountDownLatch(1);
    workers.pool().execute(hold(held, release));
    assertTrue(held.await(10, TimeUnit.SECONDS));
    // Woken by the request, it sees it held up and lets another thread run.
    await(() -> workers.allowedThreads() == 2, "a second thread allowed");
    assertFalse(workers.watchWaiting(), "watching while the request is in progress");

    release.countDown();
    await(workers::watchWaiting, "the watcher waiting again once the request is done");
    assertEquals(1, workers.allowedThreads(), "back to the busy thread before it waits");
  }

  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      assertTrue(System.nanoTime() < end, "timed out waiting for " + what);
      Thread.sleep(5);
    }
  }

  private static Runnable hold(CountDownLatch started, CountDownLatch until) {
    return () -> {
      started.countDown();
      try {
        until.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    };
  }
}
