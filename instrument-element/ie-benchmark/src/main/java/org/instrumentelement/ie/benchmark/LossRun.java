package org.instrumentelement.ie.benchmark;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;
import org.instrumentelement.ie.measure.IeProcess;
import org.instrumentelement.ie.measure.MockLaboratory;

/**
 * The Kieker study's loss experiment: {@code --loss-subscribers} (40) subscribers of {@code
 * lab/array2500}'s vector while the IE samples it every {@code --loss-period-ms} (1 ms: 1,000
 * samples/s, the target of no sample superseded or lost) for {@code --loss-minutes}; then
 * sampling stops, the broker delivers what it holds, and every subscriber's account is closed
 * against the IE's last sequence number ({@link LossAccount}).
 */
record LossRun(BenchmarkOptions options) implements Measurement {
  /**
   * The IE's options: access control off (no accounts for the subscribers) and nothing sampled. The
   * broker runs with the IE's defaults: it holds the messages of a topic's last {@code
   * broker.pendingTime} (5 s) for a subscriber behind, within {@code broker.pendingMemory}, which
   * rides out the subscribers' falling behind while the JIT compiles their code and the broker's
   * (40 of them, on the same cores as the IE).
   */
  static List<String> ieOptions(BenchmarkOptions options) {
    List<String> opts = new ArrayList<>(List.of("--security.enabled=false"));
    opts.addAll(MockLaboratory.SAMPLING_OFF);
    return opts;
  }

  /** How long the subscribers may take to receive what the broker holds after sampling stops. */
  private static final long DRAIN_MILLIS = 30_000;

  private static final long PROGRESS_MILLIS = 30_000;

  @Override
  public void run(IeProcess ie, Results results) throws Exception {
    SamplingControl sampling = SamplingControl.connect(ie);
    int count = options.lossSubscribers();
    long period = options.lossPeriodMillis();
    long runNanos = options.lossMinutes() * 60_000_000_000L;
    String run =
        String.format(
            Locale.ROOT,
            "%.0f samples/s x %d subscribers, %d min, the broker's defaults",
            1000.0 / period,
            count,
            options.lossMinutes());
    Progress.log("loss: " + run + " (the first minute is left out of the per-minute figures)");
    try (Subscribers subs =
        new Subscribers(
            count, ie.brokerUrl(), null, null, SamplingControl.TOPIC, SamplingControl.ACQUIRED)) {
      SubscriptionInfo before = sampling.info();
      subs.startWindows();
      long start = System.nanoTime();
      sampling.period(period);
      long end = start + runNanos;
      while (System.nanoTime() < end) {
        Thread.sleep(Math.min(PROGRESS_MILLIS, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
        long lost = subs.ledgers().stream().mapToLong(l -> l.counts().lost()).sum();
        Progress.log(
            String.format(
                Locale.ROOT,
                "loss: %.1f min: %d delivered, %d lost so far",
                (System.nanoTime() - start) / 60e9,
                subs.received.get(),
                lost));
      }
      sampling.period(0);
      double seconds = (System.nanoTime() - start) / 1e9;
      int stoppedIn = subs.minute();
      subs.awaitQuiet(2000, DRAIN_MILLIS);
      SubscriptionInfo after = sampling.info();
      for (SequenceLedger ledger : subs.ledgers()) {
        ledger.finish(before.getPublished(), after.getPublished(), stoppedIn);
      }
      results.loss =
          LossAccount.of(
              run, seconds, before, after, subs.ledgers(), (int) Math.floor(seconds / 60));
      LossAccount.print(results.loss, true);
    }
  }
}
