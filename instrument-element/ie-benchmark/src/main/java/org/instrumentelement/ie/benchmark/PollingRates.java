package org.instrumentelement.ie.benchmark;

import java.time.Duration;
import java.util.Locale;
import org.instrumentelement.ie.benchmark.RateMeter.Rates;
import org.instrumentelement.ie.benchmark.Results.PollingPoint;
import org.instrumentelement.ie.benchmark.SoapRequests.Encoding;
import org.instrumentelement.ie.measure.IeProcess;

/**
 * Polling rates: for each encoding, vector length and client count, vectors per second and the IE's
 * CPU time per response, the clients asking again as soon as an answer is in.
 */
record PollingRates(BenchmarkOptions options, RateMeter meter) implements Measurement {
  @Override
  public void run(IeProcess ie, Results results) throws Exception {
    boolean first = true;
    for (Encoding enc : options.encodings()) {
      // The JIT compiles the server's path for about a minute on 2 shared cores: the IE's first
      // warm-up is twice as long, so that the first points do not pay for it.
      Duration w = first ? options.warmup().multipliedBy(2) : options.warmup();
      first = false;
      Progress.log("polling " + enc + ": warm-up " + w.toSeconds() + " s with 40 clients");
      try (HttpLoad load = VectorPolls.start(ie, ie.httpPort(), enc, 2500, 40)) {
        Thread.sleep(w.toMillis());
      }
      for (int length : options.lengths()) {
        for (int clients : options.clientCounts()) {
          results.polling.add(point(ie, enc, length, clients));
        }
      }
    }
  }

  private PollingPoint point(IeProcess ie, Encoding enc, int length, int clients)
      throws InterruptedException {
    try (HttpLoad load = VectorPolls.start(ie, ie.httpPort(), enc, length, clients)) {
      Thread.sleep(1000);
      Rates m = meter.measure(ie.cpu(), load.responses::get);
      double rate = m.rate();
      double cpu = m.cpuMicros();
      Progress.log(
          String.format(
              Locale.ROOT,
              "polling %-6s %4d doubles %2d clients: %8.0f vectors/s, IE CPU %6.1f us/response"
                  + " (system %.1f), errors %d%s",
              enc,
              length,
              clients,
              rate,
              cpu,
              m.systemMicros(),
              load.errors.get(),
              load.lastError() == null ? "" : " (" + load.lastError() + ")"));
      return new PollingPoint(
          enc.name(),
          length,
          clients,
          rate,
          cpu,
          m.systemMicros(),
          clients * 1000.0 / rate,
          load.errors.get());
    }
  }
}
