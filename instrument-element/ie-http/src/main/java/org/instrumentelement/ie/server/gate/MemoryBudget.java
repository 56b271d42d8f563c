package org.instrumentelement.ie.server.gate;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The heap set aside for the SOAP requests in progress ({@code soap.requestMemory}). Before its
 * body is read, a request takes what parsing a body of its size may cost at worst, and gives it
 * back once answered; a body of unknown size (chunked) takes more as it arrives. A request that
 * does not fit is refused at once rather than queued: nothing waits for memory, and however many
 * requests arrive together, what they may build never exceeds the budget.
 */
public final class MemoryBudget {
  /**
   * Heap taken at worst while a request is parsed, per byte of its body, rounded up. Measured as
   * the smallest heap (-Xmx) with which the IE answers one 16 MB request, less the smallest with
   * which it answers a small one (23 MB), per byte: an {@code xs:list} of one-digit doubles ({@code
   * "0 0 0 ..."}, 8,000,000 items) needed 159 MB, 8.5 bytes a byte, the most of the bodies tried (a
   * 16 MB string 3.7, base64 data 3.3, full-precision doubles 2.6, invalid items 3.3). Before items
   * were parsed as read (one String per item) the same list needed 524 MB.
   */
  public static final int EXPANSION = 9;

  /**
   * What any request costs besides its body: the buffers and objects of one SOAP exchange, the
   * response buffer among them.
   */
  public static final long PER_REQUEST = 96 * 1024;

  /** Body bytes a growing charge takes more for at once. */
  private static final long STEP_BODY_BYTES = 64 * 1024;

  private final long capacity;
  private final AtomicLong used = new AtomicLong();

  /**
   * @param capacity bytes of heap the requests in progress may take together
   */
  public MemoryBudget(long capacity) {
    this.capacity = capacity;
  }

  /** Bytes of heap the requests in progress may take together. */
  public long capacity() {
    return capacity;
  }

  /** Bytes taken now. */
  public long used() {
    return used.get();
  }

  /** The largest body that fits into the whole budget. */
  public long largestBody() {
    return Math.max(0, (capacity - PER_REQUEST) / EXPANSION);
  }

  /** What a request with a body of {@code bodyBytes} takes. */
  static long cost(long bodyBytes) {
    return PER_REQUEST + bodyBytes * EXPANSION;
  }

  /**
   * Takes what a request with a body of {@code bodyBytes} needs, if it fits.
   *
   * @return the charge to release once the request is answered, or null if it does not fit now
   */
  public Charge tryCharge(long bodyBytes) {
    long cost = cost(bodyBytes);
    return take(cost) ? new Charge(cost) : null;
  }

  private boolean take(long bytes) {
    long now;
    do {
      now = used.get();
      if (now + bytes > capacity) {
        return false;
      }
    } while (!used.compareAndSet(now, now + bytes));
    return true;
  }

  /** What one request holds of the budget. */
  public final class Charge {
    private long held;
    private final AtomicBoolean released = new AtomicBoolean();

    private Charge(long held) {
      this.held = held;
    }

    /**
     * Makes the charge cover a body of {@code bodyBytes}, taking more if needed (for a body whose
     * size was not known in advance).
     *
     * @return whether it covers it now
     */
    public synchronized boolean cover(long bodyBytes) {
      if (released.get()) {
        return false;
      }
      long needed = cost(bodyBytes) - held;
      if (needed <= 0) {
        return true;
      }
      // Take in steps, so that a chunked body does not come back here for every read.
      long step = Math.max(needed, STEP_BODY_BYTES * EXPANSION);
      if (take(step)) {
        held += step;
        return true;
      }
      if (step > needed && take(needed)) {
        held += needed;
        return true;
      }
      return false;
    }

    /** Gives the charge back; further calls do nothing. */
    public void release() {
      if (released.compareAndSet(false, true)) {
        synchronized (this) {
          used.addAndGet(-held);
        }
      }
    }
  }
}
