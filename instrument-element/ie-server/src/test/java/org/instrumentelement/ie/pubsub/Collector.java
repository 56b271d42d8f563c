package org.instrumentelement.ie.pubsub;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.BooleanSupplier;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.client.subscription.SampledValue;
import org.instrumentelement.ie.client.subscription.SubscriptionListener;

/** Records what a subscription is told and lets a test wait for it, without sleeping. */
final class Collector implements SubscriptionListener {
  final List<SampledValue> values = new ArrayList<>();
  final List<long[]> gaps = new ArrayList<>();
  final List<Value> resynchronised = new ArrayList<>();
  final List<Exception> resynchronisationsFailed = new ArrayList<>();
  int lost;
  int restored;
  private final CountDownLatch stall;

  Collector() {
    this(null);
  }

  /** A collector whose first delivery blocks until {@code stall} opens: a stuck subscriber. */
  Collector(CountDownLatch stall) {
    this.stall = stall;
  }

  @Override
  public void onValue(SampledValue value) {
    synchronized (this) {
      values.add(value);
      notifyAll();
    }
    if (stall != null) {
      try {
        stall.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  public synchronized void onGap(String topic, long expected, long received) {
    gaps.add(new long[] {expected, received});
    notifyAll();
  }

  @Override
  public synchronized void onConnectionLost() {
    lost++;
    notifyAll();
  }

  @Override
  public synchronized void onConnectionRestored() {
    restored++;
    notifyAll();
  }

  @Override
  public synchronized void onResynchronised(String topic, Value current) {
    resynchronised.add(current);
    notifyAll();
  }

  @Override
  public synchronized void onResynchronisationFailed(String topic, Exception cause) {
    resynchronisationsFailed.add(cause);
    notifyAll();
  }

  synchronized int count() {
    return values.size();
  }

  synchronized SampledValue last() {
    return values.get(values.size() - 1);
  }

  synchronized List<SampledValue> snapshot() {
    return List.copyOf(values);
  }

  synchronized List<long[]> gapsSnapshot() {
    return List.copyOf(gaps);
  }

  /** Values known to be missed, from the gaps reported. */
  synchronized long missed() {
    return gaps.stream().mapToLong(g -> g[1] - g[0]).sum();
  }

  /**
   * Checks, in one consistent view, that sequence numbers only grow and that every value missed
   * between the first and the last one received was reported as a gap; returns how many.
   */
  synchronized long checkOrderAndGaps() {
    List<Long> seq = sequences();
    for (int i = 1; i < seq.size(); i++) {
      if (seq.get(i) <= seq.get(i - 1)) {
        throw new AssertionError("out of order: " + seq);
      }
    }
    if (seq.isEmpty()) {
      return 0;
    }
    long last = seq.get(seq.size() - 1);
    long missed = last - seq.get(0) + 1 - seq.size();
    // A gap is reported just before its value is: count the gaps up to the last value seen.
    long reported = gaps.stream().filter(g -> g[1] <= last).mapToLong(g -> g[1] - g[0]).sum();
    if (missed != reported) {
      throw new AssertionError(
          "missed " + missed + " values but " + reported + " reported as gaps");
    }
    return missed;
  }

  synchronized List<Long> sequences() {
    return values.stream().map(SampledValue::sequence).toList();
  }

  /** Waits until {@code condition} holds (evaluated under this collector's lock). */
  synchronized void await(BooleanSupplier condition, Duration timeout, String what)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new AssertionError(
            "timed out waiting for " + what + "; have " + values.size() + " values");
      }
      wait(Math.max(1, left / 1_000_000));
    }
  }

  void awaitCount(int n, Duration timeout) throws InterruptedException {
    await(() -> values.size() >= n, timeout, n + " values");
  }

  /** Polls a condition outside any collector (e.g. a server-side counter) until it holds. */
  static void eventually(BooleanSupplier condition, Duration timeout, String what)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    Object lock = new Object();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting for " + what);
      }
      synchronized (lock) {
        lock.wait(5); // a bounded poll of a counter we cannot be notified of
      }
    }
  }
}
