package org.instrumentelement.ie.pubsub.transport;

import java.net.InetAddress;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * How many client connections are open, in all and per client address, over every connector; a
 * connection is admitted only while both are under their limits. Counted from the moment a socket
 * is accepted, before anything is read from it.
 */
public final class ConnectionQuota {
  private final int max;
  private final int maxPerAddress;
  private final Map<InetAddress, Integer> byAddress = new HashMap<>();
  private int open;

  public ConnectionQuota(int max, int maxPerAddress) {
    this.max = max;
    this.maxPerAddress = maxPerAddress;
  }

  /** A place for one connection, released once when the connection ends. */
  public final class Ticket {
    private final InetAddress address;
    private final AtomicBoolean released = new AtomicBoolean();

    private Ticket(InetAddress address) {
      this.address = address;
    }

    /** Frees the place; later calls do nothing. */
    public void release() {
      if (released.compareAndSet(false, true)) {
        free(address);
      }
    }
  }

  /**
   * A ticket for a connection from {@code address}.
   *
   * @throws QuotaExceeded when a limit is reached, saying which
   */
  public synchronized Ticket admit(InetAddress address) throws QuotaExceeded {
    if (open >= max) {
      throw new QuotaExceeded("the broker has " + max + " client connections already");
    }
    int fromAddress = byAddress.getOrDefault(address, 0);
    if (fromAddress >= maxPerAddress) {
      throw new QuotaExceeded(
          "this address has " + maxPerAddress + " connections to the broker already");
    }
    open++;
    byAddress.put(address, fromAddress + 1);
    return new Ticket(address);
  }

  private synchronized void free(InetAddress address) {
    open--;
    byAddress.computeIfPresent(address, (a, n) -> n > 1 ? n - 1 : null);
  }

  /** Connections open now (tests, monitoring). */
  public synchronized int open() {
    return open;
  }

  /** A connection refused by the quota. */
  public static final class QuotaExceeded extends Exception {
    private static final long serialVersionUID = 1L;

    QuotaExceeded(String reason) {
      super(reason, null, false, false);
    }
  }
}
