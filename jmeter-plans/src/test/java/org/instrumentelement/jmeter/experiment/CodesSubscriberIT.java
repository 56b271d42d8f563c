package org.instrumentelement.jmeter.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;
import org.instrumentelement.ie.contract.MessageProperty;
import org.instrumentelement.ie.contract.TopicNames;
import org.instrumentelement.ie.contract.ValueCodec;
import org.instrumentelement.ie.measure.IeProcess;
import org.instrumentelement.ie.measure.MockLaboratory;
import org.instrumentelement.jmeter.jms.JmsSubscriberSampler;
import org.instrumentelement.jmeter.soap.IeSoapClient;
import org.instrumentelement.jmeter.soap.SubscriptionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JMeter subscriber on a codes topic of a real IE (its runnable jar, the array device in WORD):
 * its doubles are those of the doubles topic for the same sample, bit for bit, and it receives the
 * codes' bytes, not the doubles'. A CODES poll tells the runner which attributes have codes.
 */
class CodesSubscriberIT {
  private static final String IM = "lab/array1250";
  private static final int LENGTH = 1250;

  @TempDir Path dir;

  private static JavaSamplerContext context(JmsSubscriberSampler s, IeProcess ie, String topic) {
    return SamplerArguments.context(
        s,
        Map.of(
            "ieUrl",
            ie.serviceUrl(),
            "im",
            IM,
            "topic",
            topic,
            "expectedLength",
            Integer.toString(LENGTH)));
  }

  @Test
  void decodesCodesIntoTheDoublesOfTheDoublesTopicBitForBit() throws Exception {
    List<String> options = new ArrayList<>(MockLaboratory.SAMPLING_OFF);
    options.add("--im.array1250.param.format=WORD");
    try (IeProcess ie =
        IeProcess.launch(Path.of(System.getProperty("ie.jar")))
            .options(options)
            .log(dir.resolve("ie.log"))
            .start()) {
      IeSoapClient admin = new IeSoapClient(ie.serviceUrl(), "admin", "admin");
      assertEquals("INT16_CODES", admin.codesType(IM, "vector"));
      assertNull(admin.codesType("lab/array2500", "vector"), "REAL by default: no codes");

      SubscriptionInfo info = admin.subscriptionInfo(IM, "vector");
      Map<Long, double[]> doubles = new ConcurrentHashMap<>();
      ActiveMQConnectionFactory cf = new ActiveMQConnectionFactory(info.brokerUrl());
      cf.setWatchTopicAdvisories(false);
      Connection plain = cf.createConnection("observer", "observer");
      JmsSubscriberSampler sampler = new JmsSubscriberSampler();
      JavaSamplerContext ctx = context(sampler, ie, TopicNames.codes(info.topic()));
      try {
        Session session = plain.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer consumer = session.createConsumer(session.createTopic(info.topic()));
        consumer.setMessageListener(
            m -> {
              try {
                BytesMessage b = (BytesMessage) m;
                byte[] body = new byte[(int) b.getBodyLength()];
                b.readBytes(body);
                doubles.put(
                    m.getLongProperty(MessageProperty.SEQUENCE.key()),
                    ValueCodec.decodeDoubles(body));
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
        plain.start();
        sampler.setupTest(ctx);
        admin.configureSampling(IM, "vector", 50);

        int compared = 0;
        long bytes = 0;
        int samples = 0;
        for (int i = 0; i < 10; i++) {
          SampleResult r = sampler.runTest(ctx);
          bytes += r.getBytesAsLong();
          samples++;
          if (!r.isSuccessful()) {
            // The IE may drop an unsent sample when the shared cores are busy, and says so.
            assertEquals(
                JmsSubscriberSampler.SEQUENCE_GAP, r.getResponseCode(), r.getResponseMessage());
            continue;
          }
          long sequence = Long.parseLong(r.getResponseMessage().replace("sequence ", ""));
          double[] fromCodes = sampler.values();
          assertNotNull(fromCodes, "a codes message is decoded");
          assertEquals(LENGTH, fromCodes.length);
          // The doubles message of a sample is sent before its codes message.
          long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
          while (!doubles.containsKey(sequence) && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(10); // the plain subscriber's listener is another thread
          }
          double[] published = doubles.get(sequence);
          assertNotNull(published, "no doubles message with sequence " + sequence);
          long[] expected = new long[LENGTH];
          long[] actual = new long[LENGTH];
          for (int k = 0; k < LENGTH; k++) {
            expected[k] = Double.doubleToRawLongBits(published[k]);
            actual[k] = Double.doubleToRawLongBits(fromCodes[k]);
          }
          assertArrayEquals(expected, actual, "sequence " + sequence);
          compared++;
        }
        assertTrue(compared >= 5, "only " + compared + " of 10 samples compared");
        // 2,500 bytes of codes per sample and their properties, where doubles take 10,000.
        assertTrue(
            bytes > samples * 2 * (long) LENGTH && bytes < samples * 8 * (long) LENGTH,
            bytes + " bytes for " + samples + " samples");
      } finally {
        sampler.teardownTest(ctx);
        plain.close();
        admin.configureSampling(IM, "vector", 0);
      }
    }
  }
}
