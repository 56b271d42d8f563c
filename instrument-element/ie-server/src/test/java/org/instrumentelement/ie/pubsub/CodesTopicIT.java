package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.activemq.ActiveMQConnection;
import org.apache.activemq.command.ActiveMQBytesMessage;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.ExecuteCommand;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.SetParameter;
import org.instrumentelement.ie.client.soap.ValueType;
import org.instrumentelement.ie.client.soap.VectorEncoding;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.instrumentelement.ie.client.subscription.SampledValue;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.contract.BodyType;
import org.instrumentelement.ie.contract.TopicNames;
import org.instrumentelement.ie.contract.ValueCodec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A trace the mock Keysight scope sends as WORD or BYTE codes, through the real embedded broker: a
 * subscriber of the attribute's topic gets doubles as before, one of its codes topic gets the codes
 * with scale and offset, and the Java client turns them into the same doubles to the bit, in a
 * quarter (WORD) or an eighth (BYTE) of the message.
 */
class CodesTopicIT {
  static final Duration WAIT = Duration.ofSeconds(60);
  static RunningElement running;
  static InstrumentElementPort ie;
  static String topic;
  static String brokerUrl;

  @BeforeAll
  static void start() throws Exception {
    running =
        RunningElement.of(
            RunningElement.freePorts(
                ConfigLoader.load(
                    java.util.List.of(
                        "--im.kscope.parent=lab",
                        "--im.kscope.type=scpi",
                        "--im.kscope.descriptor=keysight-infiniivision",
                        "--im.kscope.address=MOCK::keysight-scope",
                        "--im.kscope.attribute.waveform.period=100ms"),
                    Map.of())));
    ie = running.client();
    GetSubscriptionInfo q = new GetSubscriptionInfo();
    q.setIm("lab/kscope");
    q.setAttribute("waveform");
    var info = ie.getSubscriptionInfo(q).getSubscription();
    topic = info.getTopic();
    brokerUrl = info.getBrokerUrl();
    assertEquals(ValueType.DOUBLE_ARRAY, info.getValueType(), "the attribute is still doubles");
    // A stopped scope holds one trace, published once: running, every sample is a new trace.
    ExecuteCommand start = new ExecuteCommand();
    start.setIm("lab/kscope");
    start.setCommand("start");
    ie.executeCommand(start);
  }

  @AfterAll
  static void stop() {
    running.close();
  }

  static void dataFormat(String format) throws Exception {
    SetParameter p = new SetParameter();
    p.setIm("lab/kscope");
    p.setParameter("dataFormat");
    p.setValue(InstrumentElementClient.stringValue(format));
    ie.setParameter(p);
  }

  @ParameterizedTest
  @CsvSource({"WORD, INT16_CODES, 2", "BYTE, INT8_CODES, 1"})
  void codesTopicCarriesTheSameDoublesInAFractionOfTheBytes(
      String format, String type, int bytesPerCode) throws Exception {
    dataFormat(format);
    Map<Long, SampledValue> doubles = new ConcurrentHashMap<>();
    Map<Long, SampledValue> codes = new ConcurrentHashMap<>();
    Map<Long, long[]> sizes = new ConcurrentHashMap<>(); // sequence -> {doubles, codes} bytes
    ActiveMQConnection raw = running.openWire("observer");
    try (AttributeSubscriber sub = AttributeSubscriber.connect(brokerUrl, "observer", "observer")) {
      Session session = raw.createSession(false, Session.AUTO_ACKNOWLEDGE);
      MessageConsumer plain = session.createConsumer(session.createTopic(topic));
      MessageConsumer coded = session.createConsumer(session.createTopic(TopicNames.codes(topic)));
      plain.setMessageListener(m -> size(sizes, m, 0));
      coded.setMessageListener(m -> size(sizes, m, 1));
      sub.subscribe(topic, v -> keep(doubles, v, format));
      sub.subscribe(TopicNames.codes(topic), v -> keep(codes, v, format));
      try {
        Collector.eventually(
            () -> matched(doubles, codes, sizes) >= 3, WAIT, "three samples on both topics");
      } catch (AssertionError e) {
        throw new AssertionError(
            e.getMessage() + ": " + doubles.keySet() + " " + codes.keySet() + " " + sizes.keySet());
      }
    } finally {
      raw.close();
    }
    int checked = 0;
    for (Map.Entry<Long, SampledValue> e : codes.entrySet()) {
      SampledValue d = doubles.get(e.getKey());
      long[] size = sizes.get(e.getKey());
      if (d == null || size == null || size[0] == 0 || size[1] == 0) {
        continue;
      }
      SampledValue c = e.getValue();
      assertEquals(type, c.type());
      assertEquals("DOUBLE_ARRAY", d.type());
      assertTrue(c.hasCodes());
      assertFalse(d.hasCodes());
      int[] k = c.codes();
      assertEquals(2500, k.length);
      assertEquals(2500, c.length());
      assertEquals(2500 * bytesPerCode, c.body().length);
      double[] fromCodes = c.doubles();
      double[] published = d.doubles();
      for (int i = 0; i < k.length; i++) {
        double formula = k[i] * c.scaling().scale() + c.scaling().offset();
        assertEquals(
            Double.doubleToLongBits(formula),
            Double.doubleToLongBits(published[i]),
            format + " sample " + i + " of " + e.getKey());
        assertEquals(Double.doubleToLongBits(formula), Double.doubleToLongBits(fromCodes[i]));
      }
      double ratio = (double) size[1] / size[0];
      System.out.printf(
          "%s: doubles message %d B, codes message %d B, ratio %.4f%n",
          format, size[0], size[1], ratio);
      // The bound for WORD; BYTE's has room for the Keysight's hole and clip codes
      // (ieNanCode, ieClipLowCode, ieClipHighCode: 57 bytes of properties).
      assertTrue(ratio <= (bytesPerCode == 2 ? 0.27 : 0.145), format + " ratio " + ratio);
      checked++;
    }
    assertTrue(checked >= 3, "samples checked on both topics: " + checked);
  }

  static org.instrumentelement.ie.client.soap.Value poll(VectorEncoding encoding) throws Exception {
    GetAttribute g = new GetAttribute();
    g.setIm("lab/kscope");
    g.setAttribute("waveform");
    g.setEncoding(encoding);
    g.setMaxAge(60_000L); // the read the sampler made last: both encodings of one trace
    return ie.getAttribute(g).getValue();
  }

  @ParameterizedTest
  @CsvSource({"WORD, INT16_CODES, 2", "BYTE, INT8_CODES, 1"})
  void aPollForCodesGetsTheCodesAndTheSameDoubles(String format, String type, int bytesPerCode)
      throws Exception {
    dataFormat(format);
    int compared = 0;
    for (int attempt = 0; attempt < 50 && compared < 3; attempt++) {
      var codes = poll(VectorEncoding.CODES);
      var binary = poll(VectorEncoding.BINARY);
      var xml = poll(VectorEncoding.XML);
      if (codes.getData().length != 2500 * bytesPerCode
          || !codes.getTimestamp().equals(binary.getTimestamp())
          || !codes.getTimestamp().equals(xml.getTimestamp())) {
        continue; // a new read (or the trace before the change) came between the polls
      }
      assertEquals(type, codes.getCodes());
      assertEquals(2500, codes.getLength());
      assertEquals(null, binary.getCodes(), "BINARY is doubles as before");
      assertEquals(null, xml.getCodes(), "XML is doubles as before");
      assertEquals(2500 * 8, binary.getData().length);
      int[] k = ValueCodec.codes(BodyType.valueOf(type), codes.getData());
      double[] fromCodes = InstrumentElementClient.vector(codes);
      double[] doubles = InstrumentElementClient.vector(binary);
      double[] listed = InstrumentElementClient.vector(xml);
      for (int i = 0; i < k.length; i++) {
        long formula = Double.doubleToLongBits(k[i] * codes.getScale() + codes.getOffset());
        assertEquals(formula, Double.doubleToLongBits(fromCodes[i]), format + " sample " + i);
        assertEquals(formula, Double.doubleToLongBits(doubles[i]), format + " sample " + i);
        assertEquals(formula, Double.doubleToLongBits(listed[i]), format + " sample " + i);
      }
      compared++;
    }
    assertTrue(compared >= 1, "polls of one trace in three encodings compared: " + compared);
  }

  /** Keeps a sample read in the format asked for (the first may predate the change). */
  private static void keep(Map<Long, SampledValue> into, SampledValue v, String format) {
    int width = "WORD".equals(format) ? 2 : 1;
    boolean inFormat = v.hasCodes() ? v.body().length == v.length() * width : true;
    if (inFormat) {
      into.put(v.sequence(), v);
    }
  }

  /** The body and marshalled properties of a message as received: what the broker carried. */
  private static void size(Map<Long, long[]> sizes, Message m, int which) {
    try {
      ActiveMQBytesMessage b = (ActiveMQBytesMessage) m;
      long seq = b.getLongProperty("ieSequence");
      long bytes = b.getContent().getLength() + b.getMarshalledProperties().getLength();
      sizes.computeIfAbsent(seq, s -> new long[2])[which] = bytes;
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private static int matched(
      Map<Long, SampledValue> doubles, Map<Long, SampledValue> codes, Map<Long, long[]> sizes) {
    int n = 0;
    for (Long seq : new HashMap<>(codes).keySet()) {
      long[] s = sizes.get(seq);
      if (doubles.containsKey(seq) && s != null && s[0] > 0 && s[1] > 0) {
        n++;
      }
    }
    return n;
  }
}
