package org.instrumentelement.ie.benchmark;

import java.util.Locale;
import org.instrumentelement.ie.benchmark.RateMeter.Rates;
import org.instrumentelement.ie.benchmark.SoapRequests.Encoding;
import org.instrumentelement.ie.measure.IeProcess;

/**
 * The fixed cost of a poll: getAttribute of a short text (the array device's identity, one mock
 * query) by 40 clients through the same HTTP, SOAP and access-control path as a vector. What a
 * vector answer costs beyond this is the vector's own work.
 */
record PollingFloor(BenchmarkOptions options, RateMeter meter) implements Measurement {
  /** What the floor's figures are of. */
  static final String WHAT = "getAttribute lab/array2500 identity (a short text), 40 clients";

  /** The floor's 40 clients, polling. */
  static HttpLoad load(IeProcess ie) {
    byte[] req = VectorPolls.request(ie, ie.httpPort(), "lab/array2500", "identity", Encoding.XML);
    return new HttpLoad(40, "localhost", ie.httpPort(), req, "MockArray", 100);
  }

  @Override
  public void run(IeProcess ie, Results results) throws Exception {
    try (HttpLoad load = load(ie)) {
      // After the vectors the code is warm; alone (--only=floor) it needs the whole warm-up.
      long warmup = options.warmup().toMillis();
      Thread.sleep(options.runs("polling") ? Math.min(warmup, 10_000) : warmup);
      Rates m = meter.measure(ie.cpu(), load.responses::get);
      Progress.log(
          String.format(
              Locale.ROOT,
              "polling floor: a short text, 40 clients: %8.0f answers/s, IE CPU %6.1f us/response"
                  + " (system %.1f), errors %d",
              m.rate(),
              m.cpuMicros(),
              m.systemMicros(),
              load.errors.get()));
      results.pollingFloor =
          new Results.PollingFloor(
              WHAT, m.rate(), m.cpuMicros(), m.systemMicros(), load.errors.get());
    }
  }
}
