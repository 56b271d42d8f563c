package org.instrumentelement.ie.benchmark;

import java.util.Arrays;
import java.util.TreeMap;

/**
 * One subscriber's account of a topic's sequence numbers ({@code ieSequence}, per {@code ieEpoch}),
 * as the Kieker study kept it: messages delivered, numbers lost (gaps), and both per minute of the
 * run. A number that arrives after a later one was late, not lost: it is taken off the losses again
 * (in the minute the gap was counted in). A number seen twice, or one of an earlier epoch, is a
 * duplicate and not delivered again. A new epoch (the IE restarted, its numbers start again at 1)
 * loses the numbers of the new epoch before the first one seen; the old epoch's gaps stay lost.
 *
 * <p>Each subscriber has its own ledger, written by its connection's thread and read by the
 * benchmark's: its methods are synchronized (never contended in the measured path).
 */
final class SequenceLedger {
  /**
   * Missing numbers remembered for a late arrival (the most recent ones); an older one that still
   * arrives stays lost and counts as a duplicate. Bounds the ledger at 40 subscribers that lose
   * most of a 1,000/s topic.
   */
  static final int MOST_MISSING = 4096;

  /** The counts of a ledger; {@code published} is what the subscriber accounts for. */
  record Counts(
      long published, long delivered, long lost, long late, long duplicates, long restarts) {}

  private boolean started;
  private long epoch;
  private long last;
  private long delivered;
  private long lost;
  private long late;
  private long duplicates;
  private long restarts;

  /** Missing numbers of the current epoch, each with the minute its loss was counted in. */
  private final TreeMap<Long, Integer> missing = new TreeMap<>();

  private long[] deliveredPerMinute = new long[4];
  private long[] lostPerMinute = new long[4];

  /**
   * Accounts for one message.
   *
   * @param sequence its {@code ieSequence}
   * @param epoch its {@code ieEpoch} (0 when the publisher sends none)
   * @param minute the minute of the run it arrived in, from 0; negative: before the run's windows
   */
  synchronized void accept(long sequence, long epoch, int minute) {
    if (!started) {
      started = true;
      this.epoch = epoch;
      last = sequence;
      deliver(minute);
      return;
    }
    if (epoch != this.epoch) {
      if (epoch < this.epoch) {
        duplicates++; // a straggler of the IE's previous run
        return;
      }
      restarts++;
      this.epoch = epoch;
      missing.clear();
      lose(sequence - 1, minute); // the new run's numbers before this one
      last = sequence;
      deliver(minute);
      return;
    }
    if (sequence == last + 1) {
      last = sequence;
      deliver(minute);
    } else if (sequence > last + 1) {
      // Reordering is rare and short: only the most recent gaps are remembered for it.
      for (long s = Math.max(last + 1, sequence - MOST_MISSING); s < sequence; s++) {
        missing.put(s, minute);
      }
      while (missing.size() > MOST_MISSING) {
        missing.pollFirstEntry();
      }
      lose(sequence - last - 1, minute);
      last = sequence;
      deliver(minute);
    } else {
      Integer lostIn = missing.remove(sequence);
      if (lostIn == null) {
        duplicates++;
        return;
      }
      late++;
      lose(-1, lostIn);
      deliver(minute);
    }
  }

  /**
   * At the end of a run, once nothing more arrives: the numbers published after the last one seen
   * are lost too (counted in {@code minute}).
   *
   * @param publishedBefore the topic's last number when the subscriber started (for one that never
   *     received anything)
   * @param publishedThrough the topic's last number at the end ({@code getSubscriptionInfo})
   */
  synchronized void finish(long publishedBefore, long publishedThrough, int minute) {
    long seenThrough = started ? last : publishedBefore;
    if (publishedThrough > seenThrough) {
      lose(publishedThrough - seenThrough, minute);
      last = publishedThrough;
      started = true;
    }
  }

  synchronized Counts counts() {
    return new Counts(delivered + lost, delivered, lost, late, duplicates, restarts);
  }

  /** Messages delivered in each of the first {@code minutes} minutes. */
  synchronized long[] deliveredPerMinute(int minutes) {
    return Arrays.copyOf(deliveredPerMinute, minutes);
  }

  /** Numbers lost in each of the first {@code minutes} minutes (a late arrival taken off). */
  synchronized long[] lostPerMinute(int minutes) {
    return Arrays.copyOf(lostPerMinute, minutes);
  }

  private void deliver(int minute) {
    delivered++;
    if (minute >= 0) {
      deliveredPerMinute = grown(deliveredPerMinute, minute);
      deliveredPerMinute[minute]++;
    }
  }

  private void lose(long count, int minute) {
    lost += count;
    if (minute >= 0) {
      lostPerMinute = grown(lostPerMinute, minute);
      lostPerMinute[minute] += count;
    }
  }

  private static long[] grown(long[] perMinute, int minute) {
    return minute < perMinute.length
        ? perMinute
        : Arrays.copyOf(perMinute, Math.max(minute + 1, perMinute.length * 2));
  }
}
