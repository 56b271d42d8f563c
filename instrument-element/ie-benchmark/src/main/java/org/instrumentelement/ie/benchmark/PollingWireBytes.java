package org.instrumentelement.ie.benchmark;

import java.util.Locale;
import org.instrumentelement.ie.benchmark.SoapRequests.Encoding;
import org.instrumentelement.ie.measure.IeProcess;

/**
 * Bytes on the wire per polled vector, HTTP headers and framing included: one client polls through
 * a relay that counts what the IE sends back.
 */
record PollingWireBytes(BenchmarkOptions options) implements Measurement {
  @Override
  public void run(IeProcess ie, Results results) throws Exception {
    for (Encoding enc : options.encodings()) {
      for (int length : options.lengths()) {
        double bytes = bytesPerResponse(ie, enc, length);
        results.wireBytesPerVector.put(enc.name() + "." + length, bytes);
        Progress.log(
            String.format(
                Locale.ROOT,
                "wire: %s %d doubles: %.0f bytes per response (%.3f x the raw %d)",
                enc,
                length,
                bytes,
                bytes / (8.0 * length),
                8 * length));
      }
    }
  }

  private static double bytesPerResponse(IeProcess ie, Encoding enc, int length) throws Exception {
    try (CountingProxy proxy = new CountingProxy(ie.httpPort());
        HttpLoad load = VectorPolls.start(ie, proxy.port(), enc, length, 1)) {
      Thread.sleep(500);
      long b0 = proxy.toClient.get();
      long n0 = load.responses.get();
      Thread.sleep(2000);
      return (proxy.toClient.get() - b0) / (double) Math.max(1, load.responses.get() - n0);
    }
  }
}
