package org.instrumentelement.ie.benchmark;

import java.util.Locale;
import org.instrumentelement.ie.benchmark.SubscriptionLatency.Paced;
import org.instrumentelement.ie.client.tls.ClientTls;
import org.instrumentelement.ie.measure.IeProcess;

/**
 * What TLS costs a subscription: the IE (given a keystore) sampling 100 times a second to 40
 * subscribers over plain OpenWire on the loopback connector and over OpenWire with TLS ({@code
 * ssl://}), alternately, twice each, so that both see the same machine. Latency is arrival minus
 * acquisition; CPU is the IE process's (service and broker) per delivered vector.
 */
record SubscriptionOverTls(BenchmarkOptions options, RateMeter meter, ClientTls tls)
    implements Measurement {
  private static final int SUBSCRIBERS = 40;
  private static final int ROUNDS = 2;

  @Override
  public void run(IeProcess ie, Results results) throws Exception {
    if (ie.brokerTlsUrl() == null || ie.brokerUrl() == null) {
      throw new IllegalStateException("the IE opened no TLS or no plain broker connector");
    }
    SamplingControl sampling = SamplingControl.connect(ie, tls);
    sampling.period(10);
    Paced[] plain = new Paced[ROUNDS];
    Paced[] secure = new Paced[ROUNDS];
    for (int round = 0; round < ROUNDS; round++) {
      plain[round] = measure(ie, ie.brokerUrl(), null, "plain " + ie.brokerUrl());
      secure[round] = measure(ie, ie.brokerTlsUrl(), tls, "TLS " + ie.brokerTlsUrl());
    }
    sampling.period(0);
    Results.Tls r =
        new Results.Tls(
            mean(plain, Paced::rate),
            mean(plain, Paced::p50),
            mean(plain, Paced::p99),
            mean(plain, Paced::cpu),
            mean(secure, Paced::rate),
            mean(secure, Paced::p50),
            mean(secure, Paced::p99),
            mean(secure, Paced::cpu),
            mean(secure, Paced::cpu) / mean(plain, Paced::cpu));
    results.subscriptionTls = r;
    Progress.log(
        String.format(
            Locale.ROOT,
            "tls: 100/s x 40, plain: p50 %.2f ms, p99 %.2f ms, %.1f us CPU per delivery; TLS: p50"
                + " %.2f ms, p99 %.2f ms, %.1f us (x%.2f)",
            r.plainLatencyP50Millis(),
            r.plainLatencyP99Millis(),
            r.plainCpuMicrosPerDelivery(),
            r.tlsLatencyP50Millis(),
            r.tlsLatencyP99Millis(),
            r.tlsCpuMicrosPerDelivery(),
            r.tlsToPlainCpuRatio()));
  }

  private Paced measure(IeProcess ie, String url, ClientTls over, String what) throws Exception {
    Progress.log("tls: 100 samples/s to " + SUBSCRIBERS + " subscribers over " + what);
    try (Subscribers subs =
        new Subscribers(
            SUBSCRIBERS, url, over, null, null, SamplingControl.TOPIC, SamplingControl.ACQUIRED)) {
      return SubscriptionLatency.paced(options, meter, ie, subs);
    }
  }

  private static double mean(Paced[] runs, java.util.function.ToDoubleFunction<Paced> figure) {
    double sum = 0;
    for (Paced p : runs) {
      sum += figure.applyAsDouble(p);
    }
    return sum / runs.length;
  }
}
