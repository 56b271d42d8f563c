package org.instrumentelement.ie.server.gate;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Counts what each client address holds (open connections, requests in progress) against a cap per
 * address, so that one address cannot take every slot the server has. Addresses holding nothing are
 * forgotten, so the table is only as large as the set of addresses holding something.
 */
public final class AddressQuota {
  private final int perAddress;
  private final ConcurrentHashMap<String, Integer> held = new ConcurrentHashMap<>();

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
   * Takes one slot for {@code address} if it holds fewer than the cap.
   *
   * @return whether a slot was taken (then {@link #release} must follow once)
   */
  public boolean tryTake(String address) {
    boolean[] taken = {false};
    held.compute(
        address,
        (a, n) -> {
          int count = n == null ? 0 : n;
          if (count >= perAddress) {
            return n;
          }
          taken[0] = true;
          return count + 1;
        });
    return taken[0];
  }

  /** Gives back a slot taken with {@link #tryTake}. */
  public void release(String address) {
    held.computeIfPresent(address, (a, n) -> n <= 1 ? null : n - 1);
  }

  /** How many slots {@code address} holds now. */
  public int held(String address) {
    return held.getOrDefault(address, 0);
  }

  /** How many addresses hold a slot now. */
  public int addresses() {
    return held.size();
  }
}
