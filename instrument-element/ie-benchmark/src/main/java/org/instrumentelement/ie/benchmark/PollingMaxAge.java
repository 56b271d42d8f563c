package org.instrumentelement.ie.benchmark;

import java.util.Locale;
import org.instrumentelement.ie.benchmark.RateMeter.Rates;
import org.instrumentelement.ie.benchmark.SoapRequests.Encoding;
import org.instrumentelement.ie.measure.IeProcess;

/**
 * Encode once, serve many: 40 clients polling one vector (2,500 doubles, BINARY) with {@code
 * maxAge} 100 ms, so that the IE reads the instrument about ten times a second and answers every
 * other poll from that read. Its CPU per answer, next to the floor's, says what a poll costs when
 * the instrument is not read.
 */
record PollingMaxAge(BenchmarkOptions options, RateMeter meter) implements Measurement {
  /** The age the pollers accept, in milliseconds. */
  static final long MAX_AGE_MILLIS = 100;

  /** What the point's figures are of. */
  static final String WHAT =
      "getAttribute lab/array2500 vector BINARY maxAge=" + MAX_AGE_MILLIS + ", 40 clients";

  /** The point's 40 clients, polling. */
  static HttpLoad load(IeProcess ie) {
    byte[] req =
        SoapRequests.request(
            "localhost",
            ie.httpPort(),
            java.net.URI.create(ie.serviceUrl()).getPath(),
            VectorPolls.USER,
            VectorPolls.USER,
            "lab/array2500",
            "vector",
            Encoding.BINARY,
            MAX_AGE_MILLIS);
    return new HttpLoad(40, "localhost", ie.httpPort(), req, "<data>", 20_000);
  }

  @Override
  public void run(IeProcess ie, Results results) throws Exception {
    try (HttpLoad load = load(ie)) {
      long warmup = options.warmup().toMillis();
      Thread.sleep(options.runs("polling") ? Math.min(warmup, 10_000) : warmup);
      Rates m = meter.measure(ie.cpu(), load.responses::get);
      Progress.log(
          String.format(
              Locale.ROOT,
              "polling with maxAge %d ms, one vector, 40 clients: %8.0f answers/s, IE CPU %6.1f"
                  + " us/response (system %.1f), errors %d",
              MAX_AGE_MILLIS,
              m.rate(),
              m.cpuMicros(),
              m.systemMicros(),
              load.errors.get()));
      results.pollingMaxAge =
          new Results.PollingFloor(
              WHAT, m.rate(), m.cpuMicros(), m.systemMicros(), load.errors.get());
    }
  }
}
