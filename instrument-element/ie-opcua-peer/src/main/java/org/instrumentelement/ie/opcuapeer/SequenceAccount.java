package org.instrumentelement.ie.opcuapeer;

import java.util.TreeSet;

/**
 * One subscriber's account of the sequence numbers the server's updates carry: delivered, lost
 * (gaps), late (a missing number that arrived after a later one: delivered, no longer lost) and
 * duplicates (a number seen before, as a Republish may deliver it again). The account starts at the
 * first number seen. Written by the subscription's delivery thread, read by the control thread.
 */
final class SequenceAccount {
  /**
   * Missing numbers remembered for a late arrival; an older one that still arrives is counted as a
   * duplicate.
   */
  static final int MOST_MISSING = 4096;

  /** The counts of an account, or of several summed. */
  record Counts(long delivered, long lost, long late, long duplicates) {
    Counts plus(Counts o) {
      return new Counts(
          delivered + o.delivered, lost + o.lost, late + o.late, duplicates + o.duplicates);
    }
  }

  static final Counts NONE = new Counts(0, 0, 0, 0);

  private boolean started;
  private long last;
  private long delivered;
  private long lost;
  private long late;
  private long duplicates;
  private final TreeSet<Long> missing = new TreeSet<>();

  /**
   * Accounts for one delivered value carrying this number.
   *
   * @return whether it was delivered for the first time (not a duplicate)
   */
  synchronized boolean accept(long sequence) {
    if (!started || sequence == last + 1) {
      started = true;
      last = sequence;
      delivered++;
    } else if (sequence > last + 1) {
      for (long s = Math.max(last + 1, sequence - MOST_MISSING); s < sequence; s++) {
        missing.add(s);
      }
      while (missing.size() > MOST_MISSING) {
        missing.pollFirst();
      }
      lost += sequence - last - 1;
      last = sequence;
      delivered++;
    } else if (missing.remove(sequence)) {
      lost--;
      late++;
      delivered++;
    } else {
      duplicates++;
      return false;
    }
    return true;
  }

  synchronized Counts counts() {
    return new Counts(delivered, lost, late, duplicates);
  }
}
