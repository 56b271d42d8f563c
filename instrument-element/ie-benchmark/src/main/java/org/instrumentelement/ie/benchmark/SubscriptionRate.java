package org.instrumentelement.ie.benchmark;

import java.util.Locale;
import org.instrumentelement.ie.benchmark.RateMeter.Rates;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;
import org.instrumentelement.ie.measure.IeProcess;

/**
 * Subscription deliveries against a bare ActiveMQ publisher: the IE sampling about as fast as the
 * broker can deliver to 40 subscribers (every {@code --full-rate-period-us}, 500 µs: 2,000 samples
 * a second, 80,000 deliveries; faster, its publisher supersedes what the broker cannot take,
 * counted), then a bare publisher as fast as it can to 40 subscribers on the same broker, then the
 * IE again; the ratio of the IE's (the mean of its two windows, so that neither side gains from
 * coming first or last) to the bare publisher's, each with the IE process's CPU time per delivery.
 */
record SubscriptionRate(BenchmarkOptions options, RateMeter meter) implements Measurement {
  /** Pause between connecting subscribers and measuring, in the measured pass after a warm-up. */
  private static final long SETTLE_MILLIS = 3000;

  /**
   * What the IE delivered at full rate in a window: deliveries/s and CPU per delivery (medians over
   * its repetitions), samples published and superseded, the subscribers' loss account.
   */
  record IeRun(double rate, double cpuMicros, long published, long superseded, Results.Loss loss) {
    /** Two windows as one: the means of their rates and CPU, the sums of their samples. */
    IeRun and(IeRun later) {
      return new IeRun(
          (rate + later.rate) / 2,
          (cpuMicros + later.cpuMicros) / 2,
          published + later.published,
          superseded + later.superseded,
          loss);
    }
  }

  @Override
  public void run(IeProcess ie, Results results) throws Exception {
    SamplingControl sampling = SamplingControl.connect(ie);
    // Both runs share the broker's code: warm both up first, so that neither is measured with a
    // colder JIT than the other.
    Progress.log(
        "subscription: warm-up, IE then bare publisher, "
            + options.warmup().toSeconds()
            + " s each");
    ieFullRate(ie, sampling, false);
    bareFullRate(ie, false);
    IeRun first = ieFullRate(ie, sampling, true);
    Rates bare = bareFullRate(ie, true);
    IeRun fromIe = first.and(ieFullRate(ie, sampling, true));
    double ratio = fromIe.rate() / bare.rate();
    results.subscription.fullRate =
        new Results.FullRate(
            options.fullRatePeriodMicros(),
            fromIe.rate(),
            fromIe.cpuMicros(),
            fromIe.published(),
            fromIe.superseded(),
            bare.rate(),
            bare.cpuMicros(),
            ratio);
    results.subscription.fullRateLoss = fromIe.loss();
    Progress.log(
        String.format(
            Locale.ROOT,
            "subscription: IE %.0f, bare %.0f deliveries/s; IE/bare %.2f",
            fromIe.rate(),
            bare.rate(),
            ratio));
  }

  /**
   * The IE sampling every {@code --full-rate-period-us} to 40 subscribers (null when warming up).
   */
  private IeRun ieFullRate(IeProcess ie, SamplingControl sampling, boolean measured)
      throws Exception {
    try (Subscribers subs =
        new Subscribers(
            40, ie.brokerUrl(), null, null, SamplingControl.TOPIC, SamplingControl.ACQUIRED)) {
      SubscriptionInfo connected = sampling.info();
      long start = System.nanoTime();
      sampling.periodMicros(options.fullRatePeriodMicros());
      if (!measured) {
        Thread.sleep(options.warmup().toMillis());
        sampling.period(0);
        return null;
      }
      Thread.sleep(SETTLE_MILLIS);
      SubscriptionInfo before = sampling.info();
      Rates m = meter.measure(ie.cpu(), subs.received::get);
      SubscriptionInfo after = sampling.info();
      sampling.period(0);
      // Each subscriber accounts for the numbers from its first message to its last one; the IE's
      // counters are read over the same time, from the subscribers' connection on.
      Results.Loss loss =
          LossAccount.of(
              "IE sampling every " + options.fullRatePeriodMicros() + " µs to 40 subscribers",
              (System.nanoTime() - start) / 1e9,
              connected,
              after,
              subs.ledgers(),
              0);
      LossAccount.print(loss, false);
      long published = after.getPublished() - before.getPublished();
      long superseded = after.getSuperseded() - before.getSuperseded();
      Progress.log(
          String.format(
              Locale.ROOT,
              "subscription: IE sampling every %d µs to 40 subscribers: %.0f deliveries/s (IE CPU"
                  + " %.1f us per delivery; %d samples taken, %d superseded before sending)",
              options.fullRatePeriodMicros(),
              m.rate(),
              m.cpuMicros(),
              published,
              superseded));
      return new IeRun(m.rate(), m.cpuMicros(), published, superseded, loss);
    }
  }

  /** A bare publisher as fast as it can to 40 subscribers (null when only warming up). */
  private Rates bareFullRate(IeProcess ie, boolean measured) throws Exception {
    try (Subscribers subs =
            new Subscribers(40, ie.brokerUrl(), null, null, "bench.bare", BarePublisher.SENT);
        BarePublisher pub = new BarePublisher(ie.brokerUrl(), "bench.bare", 20000, 0)) {
      if (!measured) {
        Thread.sleep(options.warmup().toMillis());
        return null;
      }
      Thread.sleep(SETTLE_MILLIS);
      Rates m = meter.measure(ie.cpu(), subs.received::get);
      Progress.log(
          String.format(
              Locale.ROOT,
              "subscription: bare publisher as fast as it can to 40 subscribers: %.0f"
                  + " deliveries/s (broker CPU %.1f us per delivery)",
              m.rate(),
              m.cpuMicros()));
      return m;
    }
  }
}
