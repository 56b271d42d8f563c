package org.instrumentelement.ie.recording;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The recordings directory's quota, shared by every recording: bytes on disk plus bytes that
 * recordings hold in memory and will write. A recording reserves a sample's bytes before taking it,
 * so that what it holds always fits: when the quota is reached it writes what it has and stops, and
 * nothing taken is lost.
 */
final class DiskBudget {
  private final long quota;
  private final AtomicLong used = new AtomicLong();

  DiskBudget(long quota, long onDisk) {
    this.quota = quota;
    used.set(onDisk);
  }

  long quota() {
    return quota;
  }

  /** Bytes on disk and reserved. */
  long used() {
    return used.get();
  }

  /** Reserves {@code bytes} if they fit. */
  boolean tryReserve(long bytes) {
    while (true) {
      long u = used.get();
      if (u + bytes > quota) {
        return false;
      }
      if (used.compareAndSet(u, u + bytes)) {
        return true;
      }
    }
  }

  /** Gives back a reservation, or bytes deleted from disk. */
  void release(long bytes) {
    used.addAndGet(-bytes);
  }

  /** Turns a reservation into the bytes actually written (which may be more or fewer). */
  void settle(long reserved, long written) {
    used.addAndGet(written - reserved);
  }
}
