package org.instrumentelement.ie.server.gate;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts what each client address holds (open connections, requests in progress) against a cap per
 * address, so that one address cannot take every slot the server has. Addresses holding nothing are
 * forgotten, so the table is only as large as the set of addresses holding something.
 */
public final class AddressQuota {
  private final int perAddress;
  private final ConcurrentHashMap<String, AtomicInteger> held = new ConcurrentHashMap<>();

  /** The count of an address being forgotten: it must not be taken from any more. */
  private static final int RETIRED = -1;

  /**
   * @param perAddress the most one address may hold at once
   */
  public AddressQuota(int perAddress) {
    if (perAddress < 1) {
      throw new IllegalArgumentException("perAddress must be at least 1: " + perAddress);
    }
    this.perAddress = perAddress;
  }

  /** The most one address may hold at once. */
  public int perAddress() {
    return perAddress;
  }

  /**
   * Takes one slot for {@code address} if it holds fewer than the cap. Lock-free: every request of
   * every client passes here, and a lock on one address's count (all a lab's clients behind one
   * proxy share one) made them queue on it.
   *
   * @return whether a slot was taken (then {@link #release} must follow once)
   */
  public boolean tryTake(String address) {
    while (true) {
      AtomicInteger count = held.get(address);
      if (count == null) {
        AtomicInteger fresh = new AtomicInteger();
        count = held.putIfAbsent(address, fresh);
        if (count == null) {
          count = fresh;
        }
      }
      int n = count.get();
      if (n == RETIRED) {
        held.remove(address, count); // its last holder is removing it: help, then start again
        continue;
      }
      if (n >= perAddress) {
        return false;
      }
      if (count.compareAndSet(n, n + 1)) {
        return true;
      }
    }
  }

  /** Gives back a slot taken with {@link #tryTake}. */
  public void release(String address) {
    AtomicInteger count = held.get(address);
    if (count == null) {
      return;
    }
    if (count.decrementAndGet() == 0 && count.compareAndSet(0, RETIRED)) {
      held.remove(address, count); // nothing held: forget the address
    }
  }

  /** How many slots {@code address} holds now. */
  public int held(String address) {
    AtomicInteger count = held.get(address);
    return count == null ? 0 : Math.max(0, count.get());
  }

  /** How many addresses hold a slot now. */
  public int addresses() {
    return held.size();
  }
}
