package org.instrumentelement.ie.benchmark;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.instrumentelement.ie.benchmark.Results.Loss;
import org.instrumentelement.ie.benchmark.Results.SubscriberLoss;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;

/**
 * The Kieker study's loss accounting of a subscription run, from the subscribers' {@link
 * SequenceLedger}s and the IE's own counters: published, delivered and lost per subscriber, and the
 * mean and standard deviation per minute (over subscribers and minutes) with the first minute left
 * out, as the study did (it holds the connections' start). Prints it as a table.
 */
final class LossAccount {
  /** Why a run has no per-minute figures. */
  static final String TOO_SHORT =
      "per-minute figures need at least 2 complete minutes (the first is left out):"
          + " --only=loss --loss-minutes=3";

  private LossAccount() {}

  /** The mean and standard deviation of per-minute counts, and how many minutes they are of. */
  record PerMinute(int minutes, double mean, double standardDeviation) {}

  /**
   * The per-minute figures of counts kept per subscriber and minute: minutes 1 to {@code
   * completeMinutes - 1} of every subscriber (minute 0 left out, a partial last minute too),
   * pooled; no minutes (NaN) for fewer than 2 complete minutes.
   */
  static PerMinute afterFirstMinute(List<long[]> perSubscriber, int completeMinutes) {
    if (completeMinutes < 2 || perSubscriber.isEmpty()) {
      return new PerMinute(0, Double.NaN, Double.NaN);
    }
    double[] values = new double[perSubscriber.size() * (completeMinutes - 1)];
    int i = 0;
    for (long[] minutes : perSubscriber) {
      for (int m = 1; m < completeMinutes; m++) {
        values[i++] = m < minutes.length ? minutes[m] : 0;
      }
    }
    return new PerMinute(
        completeMinutes - 1, Statistics.mean(values), Statistics.standardDeviation(values));
  }

  /**
   * The account of a run.
   *
   * @param before the topic's counters when the subscribers started
   * @param after its counters at the end
   * @param completeMinutes whole minutes from the start of the subscribers' windows
   */
  static Loss of(
      String run,
      double seconds,
      SubscriptionInfo before,
      SubscriptionInfo after,
      List<SequenceLedger> ledgers,
      int completeMinutes) {
    List<SubscriberLoss> rows = new ArrayList<>();
    List<long[]> delivered = new ArrayList<>();
    List<long[]> lost = new ArrayList<>();
    long published = 0;
    long got = 0;
    long missed = 0;
    long late = 0;
    long duplicates = 0;
    long restarts = 0;
    for (SequenceLedger ledger : ledgers) {
      SequenceLedger.Counts c = ledger.counts();
      long[] d = ledger.deliveredPerMinute(completeMinutes);
      long[] l = ledger.lostPerMinute(completeMinutes);
      delivered.add(d);
      lost.add(l);
      rows.add(
          new SubscriberLoss(
              rows.size() + 1,
              c.published(),
              c.delivered(),
              c.lost(),
              c.late(),
              c.duplicates(),
              afterFirstMinute(List.of(d), completeMinutes).mean(),
              afterFirstMinute(List.of(l), completeMinutes).mean()));
      published += c.published();
      got += c.delivered();
      missed += c.lost();
      late += c.late();
      duplicates += c.duplicates();
      restarts += c.restarts();
    }
    PerMinute d = afterFirstMinute(delivered, completeMinutes);
    PerMinute l = afterFirstMinute(lost, completeMinutes);
    Long discarded =
        before.getDiscarded() == null || after.getDiscarded() == null
            ? null
            : after.getDiscarded() - before.getDiscarded();
    return new Loss(
        run,
        ledgers.size(),
        seconds,
        after.getPublished() - before.getPublished(),
        after.getSuperseded() - before.getSuperseded(),
        discarded,
        published,
        got,
        missed,
        late,
        duplicates,
        restarts,
        d.minutes(),
        d.mean(),
        d.standardDeviation(),
        l.mean(),
        l.standardDeviation(),
        d.minutes() == 0 ? TOO_SHORT : null,
        rows);
  }

  /** Prints the account: the IE's counters, one row per subscriber, and the per-minute figures. */
  static void print(Loss loss, boolean everySubscriber) {
    Progress.log(
        String.format(
            Locale.ROOT,
            "loss: %s: IE published %d, superseded %d, discarded by the broker %s",
            loss.run(),
            loss.iePublished(),
            loss.ieSuperseded(),
            loss.ieDiscarded() == null ? "(not known)" : loss.ieDiscarded().toString()));
    if (everySubscriber) {
      System.out.printf(
          Locale.ROOT,
          "  %10s %10s %10s %8s %6s %5s %14s %10s%n",
          "subscriber",
          "published",
          "delivered",
          "lost",
          "late",
          "dup",
          "delivered/min",
          "lost/min");
      for (SubscriberLoss s : loss.perSubscriber()) {
        System.out.printf(
            Locale.ROOT,
            "  %10d %10d %10d %8d %6d %5d %14.1f %10.1f%n",
            s.subscriber(),
            s.published(),
            s.delivered(),
            s.lost(),
            s.late(),
            s.duplicates(),
            s.deliveredPerMinuteMean(),
            s.lostPerMinuteMean());
      }
    }
    System.out.printf(
        Locale.ROOT,
        "  %10s %10d %10d %8d %6d %5d  (%d subscribers, %d restarts seen)%n",
        "all",
        loss.published(),
        loss.delivered(),
        loss.lost(),
        loss.late(),
        loss.duplicates(),
        loss.subscribers(),
        loss.restarts());
    if (loss.minutesCounted() > 0) {
      System.out.printf(
          Locale.ROOT,
          "  per minute over %d subscribers x %d minutes (the first left out): delivered %.1f"
              + " (sd %.1f), lost %.2f (sd %.2f)%n",
          loss.subscribers(),
          loss.minutesCounted(),
          loss.deliveredPerMinuteMean(),
          loss.deliveredPerMinuteStdDev(),
          loss.lostPerMinuteMean(),
          loss.lostPerMinuteStdDev());
    } else {
      System.out.println("  " + loss.note());
    }
    System.out.flush();
  }
}
