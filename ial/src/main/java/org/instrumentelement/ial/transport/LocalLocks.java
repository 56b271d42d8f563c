package org.instrumentelement.ial.transport;

import java.util.HashMap;
import java.util.Map;
import org.instrumentelement.ial.InstrumentTimeoutException;

/**
 * Exclusive locks kept in this process, per instrument address. A raw socket and a Prologix-style
 * gateway have no lock protocol, so, as in VISA, a lock only keeps out the other sessions of the
 * same resource manager.
 */
public final class LocalLocks {
  private final Map<String, Object> owners = new HashMap<>();

  public synchronized void lock(String key, Object owner, Deadline deadline)
      throws InstrumentTimeoutException {
    while (owners.containsKey(key) && owners.get(key) != owner) {
      int left = deadline.remainingMillis();
      if (left <= 0) {
        throw new InstrumentTimeoutException(key + " is locked by another session");
      }
      try {
        wait(left);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InstrumentTimeoutException("interrupted while waiting for the lock on " + key);
      }
    }
    owners.put(key, owner);
  }

  public synchronized void unlock(String key, Object owner) {
    if (owners.get(key) == owner) {
      owners.remove(key);
      notifyAll();
    }
  }

  public synchronized boolean lockedByOther(String key, Object session) {
    Object owner = owners.get(key);
    return owner != null && owner != session;
  }
}
