package org.instrumentelement.ie.benchmark;

import java.util.Locale;
import org.instrumentelement.ie.benchmark.RateMeter.Rates;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;
import org.instrumentelement.ie.measure.IeProcess;

/**
 * Latency and CPU per delivered vector at a steady 100 samples per second to 40 subscribers: the IM
 * sampling every 10 ms, then (the IE still sampling) a bare publisher at 100 messages per second on
 * the same broker. Latency is arrival minus the sample's acquisition (or send) time, same clock.
 */
record SubscriptionLatency(BenchmarkOptions options, RateMeter meter) implements Measurement {
  /** Deliveries/s, latency percentiles (ms) and IE CPU per delivery (us) of a paced run. */
  record Paced(double rate, double p50, double p99, long samples, double cpu) {}

  @Override
  public void run(IeProcess ie, Results results) throws Exception {
    SamplingControl sampling = SamplingControl.connect(ie);
    Progress.log(
        "subscription: 100 samples/s to 40 subscribers (latency, CPU per delivered vector)");
    Paced fromIe;
    Results.Loss loss;
    try (Subscribers subs =
        new Subscribers(
            40, ie.brokerUrl(), null, null, SamplingControl.TOPIC, SamplingControl.ACQUIRED)) {
      SubscriptionInfo connected = sampling.info();
      long start = System.nanoTime();
      sampling.period(10);
      fromIe = paced(options, meter, ie, subs);
      loss =
          LossAccount.of(
              "IE sampling every 10 ms to 40 subscribers",
              (System.nanoTime() - start) / 1e9,
              connected,
              sampling.info(),
              subs.ledgers(),
              0);
    }
    LossAccount.print(loss, false);
    Progress.log(
        String.format(
            Locale.ROOT,
            "subscription: 100/s x 40: %.0f deliveries/s, p50 %.2f ms, p99 %.2f ms, IE+broker CPU"
                + " %.1f us per delivered vector",
            fromIe.rate(),
            fromIe.p50(),
            fromIe.p99(),
            fromIe.cpu()));

    Progress.log(
        "subscription: bare ActiveMQ publisher at 100 messages/s to 40 subscribers (the same)");
    Paced bare;
    try (Subscribers subs =
            new Subscribers(40, ie.brokerUrl(), null, null, "bench.bare100", BarePublisher.SENT);
        BarePublisher pub = new BarePublisher(ie.brokerUrl(), "bench.bare100", 20000, 100)) {
      bare = paced(options, meter, ie, subs);
    }
    sampling.period(0);
    Progress.log(
        String.format(
            Locale.ROOT,
            "subscription: bare 100/s x 40: %.0f deliveries/s, p50 %.2f ms, p99 %.2f ms, broker"
                + " CPU %.1f us per delivered message",
            bare.rate(),
            bare.p50(),
            bare.p99(),
            bare.cpu()));
    results.subscription.latency =
        new Results.Latency(
            fromIe.rate(),
            fromIe.p50(),
            fromIe.p99(),
            fromIe.samples(),
            fromIe.cpu(),
            bare.rate(),
            bare.p50(),
            bare.p99(),
            bare.cpu());
    results.subscription.rate100Loss = loss;
  }

  /**
   * Measures subscribers while something already publishes to them at a steady rate: after the
   * warm-up, latencies are recorded only during the measured repetitions.
   */
  static Paced paced(BenchmarkOptions options, RateMeter meter, IeProcess ie, Subscribers subs)
      throws InterruptedException {
    Thread.sleep(options.warmup().toMillis());
    subs.record(true);
    Rates m = meter.measure(ie.cpu(), subs.received::get);
    subs.record(false);
    return new Paced(
        m.rate(),
        subs.latencyMillis(0.5),
        subs.latencyMillis(0.99),
        subs.recorded(),
        m.cpuMicros());
  }
}
