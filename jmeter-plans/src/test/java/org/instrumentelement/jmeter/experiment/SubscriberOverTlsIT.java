package org.instrumentelement.jmeter.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;
import org.instrumentelement.ie.measure.LocalhostKey;
import org.instrumentelement.jmeter.jms.JmsSubscriberSampler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JMeter subscriber against an Instrument Element with a key (HTTPS and the broker over TLS):
 * with the trust store it asks for the topic over HTTPS, subscribes over {@code ssl://} and counts
 * the TLS bytes; without it, its samples say what is missing.
 */
class SubscriberOverTlsIT {
  @TempDir Path dir;

  /**
   * The IE from its runnable jar with a key, on free ports (the TLS broker port too); the measured
   * IEs of the experiment are plain, so its launcher does not do this.
   */
  record TlsElement(Process process, String endpoint, String brokerUrl) implements AutoCloseable {
    static TlsElement start(Path keystore, Path log) throws Exception {
      List<String> cmd =
          List.of(
              Path.of(System.getProperty("java.home"), "bin", "java").toString(),
              "-jar",
              System.getProperty("ie.jar"),
              "--http.port=0",
              "--broker.port=0",
              "--broker.stompPort=-1",
              "--broker.mqttPort=-1",
              "--broker.tls.port=0",
              "--broker.tls.stompPort=-1",
              "--broker.tls.mqttPort=-1",
              "--http.tls.keystore=" + keystore,
              "--http.tls.keystorePassword=changeit",
              "--portal.contextPath=off",
              "--audit.file=off",
              "--data.dir=off",
              "--im.array2500.attribute.vector.period=50ms");
      Process p =
          new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
      String endpoint = null;
      String broker = null;
      while (endpoint == null || broker == null) {
        assertTrue(p.isAlive() && System.nanoTime() < deadline, "the IE did not start: " + log);
        for (String line : java.nio.file.Files.readAllLines(log)) {
          if (line.contains("SOAP endpoint: ")) {
            endpoint = line.substring(line.indexOf("SOAP endpoint: ") + 15).trim();
          }
          if (line.contains("Embedded broker over TLS: ")) {
            broker = line.substring(line.indexOf("over TLS: ") + 10).trim().split("\\s+")[0];
          }
        }
        TimeUnit.MILLISECONDS.sleep(100); // polls the log file; the IE is a process of its own
      }
      return new TlsElement(p, endpoint, broker);
    }

    @Override
    public void close() throws Exception {
      process.destroy();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    }
  }

  static JavaSamplerContext context(JmsSubscriberSampler s, String ieUrl, Path trustStore) {
    return SamplerArguments.context(
        s,
        Map.of(
            "ieUrl",
            ieUrl,
            "expectedLength",
            "2500",
            "trustStore",
            trustStore == null ? "" : trustStore.toString(),
            "trustStorePassword",
            "changeit"));
  }

  @Test
  void subscribesOverTlsWithTheTrustStore() throws Exception {
    LocalhostKey key = LocalhostKey.make(dir);
    Path keystore = key.keyStore();
    Path trust = key.trustStore();
    try (TlsElement ie = TlsElement.start(keystore, dir.resolve("ie.log"))) {
      assertTrue(ie.endpoint().startsWith("https://"), ie.endpoint());
      assertTrue(ie.brokerUrl().startsWith("ssl://"), ie.brokerUrl());

      JmsSubscriberSampler trusting = new JmsSubscriberSampler();
      JavaSamplerContext ctx = context(trusting, ie.endpoint(), trust);
      trusting.setupTest(ctx);
      try {
        int ok = 0;
        List<Long> bytes = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
          SampleResult r = trusting.runTest(ctx);
          bytes.add(r.getBytesAsLong());
          if (r.isSuccessful()) {
            ok++;
          } else {
            assertEquals(
                JmsSubscriberSampler.SEQUENCE_GAP, r.getResponseCode(), r.getResponseMessage());
          }
        }
        assertTrue(ok > 0, "no vector over TLS");
        // A 20,000-byte body each, in TLS records. Records read ahead count with an earlier
        // sample, so the sum tells: counting begins before the subscription, and every message
        // taken (a gap's too) was read after that.
        long total = bytes.stream().mapToLong(Long::longValue).sum();
        assertTrue(total > bytes.size() * 20_000L, "bytes counted on the TLS socket: " + bytes);
      } finally {
        trusting.teardownTest(ctx);
      }

      JmsSubscriberSampler untrusting = new JmsSubscriberSampler();
      JavaSamplerContext bare = context(untrusting, ie.endpoint(), null);
      untrusting.setupTest(bare);
      SampleResult r = untrusting.runTest(bare);
      untrusting.teardownTest(bare);
      assertFalse(r.isSuccessful());
      assertEquals("NO_SUBSCRIPTION", r.getResponseCode());
      assertTrue(r.getResponseMessage().contains("trustStore"), r.getResponseMessage());
    }
  }
}
