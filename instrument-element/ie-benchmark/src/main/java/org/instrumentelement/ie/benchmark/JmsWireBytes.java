package org.instrumentelement.ie.benchmark;

import java.util.Locale;
import org.instrumentelement.ie.measure.IeProcess;

/**
 * Bytes on the wire per JMS message of 2,500 doubles: one subscriber connects to the broker through
 * a relay that counts what the broker sends it, the IM sampling every 10 ms.
 */
final class JmsWireBytes implements Measurement {
  /** Raw bytes of the vector measured. */
  private static final double RAW_BYTES = 2500 * 8.0;

  @Override
  public void run(IeProcess ie, Results results) throws Exception {
    SamplingControl sampling = SamplingControl.connect(ie);
    sampling.period(10);
    double bytes;
    try (CountingProxy proxy = new CountingProxy(ie.brokerPort());
        Subscribers one =
            new Subscribers(
                1,
                "tcp://localhost:" + proxy.port(),
                null,
                null,
                SamplingControl.TOPIC,
                SamplingControl.ACQUIRED)) {
      Thread.sleep(1000);
      long b0 = proxy.toClient.get();
      long n0 = one.received.get();
      Thread.sleep(3000);
      bytes = (proxy.toClient.get() - b0) / (double) Math.max(1, one.received.get() - n0);
    } finally {
      sampling.period(0);
    }
    results.subscription.jmsWireBytesPerVector = bytes;
    Progress.log(
        String.format(
            Locale.ROOT,
            "wire: JMS 2500 doubles: %.0f bytes per message (%.3f x raw)",
            bytes,
            bytes / RAW_BYTES));
  }
}
