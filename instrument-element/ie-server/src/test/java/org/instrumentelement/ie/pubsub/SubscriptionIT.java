package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.soap.ExecuteCommand;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.ListSubscriptions;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;
import org.instrumentelement.ie.client.soap.ValueType;
import org.instrumentelement.ie.client.soap.VectorEncoding;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.instrumentelement.ie.client.subscription.SampledValue;
import org.instrumentelement.im.sampling.AttributeSampler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Subscriptions against the real embedded broker, through the SOAP API and the client library. */
class SubscriptionIT {
  static final Duration WAIT = Duration.ofSeconds(30);

  // Room for 40 subscribers on a busy machine: nobody is slow enough here to lose messages.
  @RegisterExtension
  static final SubscriptionLab lab = new SubscriptionLab("--broker.maxPendingMessages=5000");

  static SubscriptionInfo info(String im, String attribute) throws InstrumentElementFault {
    GetSubscriptionInfo q = new GetSubscriptionInfo();
    q.setIm(im);
    q.setAttribute(attribute);
    return lab.ie().getSubscriptionInfo(q).getSubscription();
  }

  /** A configureSampling request for an attribute, changing nothing yet. */
  static ConfigureSampling configure(String im, String attribute) {
    ConfigureSampling c = new ConfigureSampling();
    c.setIm(im);
    c.setAttribute(attribute);
    return c;
  }

  static SubscriptionInfo sampling(
      String im, String attribute, Long periodMillis, Double deadband, Double relative)
      throws InstrumentElementFault {
    ConfigureSampling c = configure(im, attribute);
    c.setSamplingPeriodMillis(periodMillis);
    c.setDeadband(deadband);
    c.setRelativeDeadband(relative);
    return lab.ie().configureSampling(c).getSubscription();
  }

  static void execute(String im, String command) throws InstrumentElementFault {
    ExecuteCommand c = new ExecuteCommand();
    c.setIm(im);
    c.setCommand(command);
    lab.ie().executeCommand(c);
  }

  static AttributeSampler sampler(String im, String attribute) throws Exception {
    return lab.running().runtime.subscriptions().get(im, attribute).sampler();
  }

  /** Waits until the sampler has read the attribute {@code n} more times. */
  static void awaitReads(String im, String attribute, int n) throws Exception {
    AttributeSampler s = sampler(im, attribute);
    long target = s.reads() + n;
    Collector.eventually(() -> s.reads() >= target, WAIT, n + " reads of " + im + " " + attribute);
  }

  @Test
  void subscriptionInfoTellsClientsWhatToSubscribeTo() throws Exception {
    SubscriptionInfo i = info("lab/scope", "waveform");
    assertEquals("ie.ie.lab.scope.waveform", i.getTopic());
    assertTrue(i.getBrokerUrl().startsWith("tcp://localhost:"), i.getBrokerUrl());
    assertEquals("/topic/ie.ie.lab.scope.waveform", i.getStompDestination());
    assertEquals("ie/ie/lab/scope/waveform", i.getMqttTopic());
    assertEquals(ValueType.DOUBLE_ARRAY, i.getValueType());
    assertEquals("V", i.getUnits());
    assertTrue(i.getMessageFormat().contains("little-endian"));
    List<String> topics = new ArrayList<>();
    lab.ie()
        .listSubscriptions(new ListSubscriptions())
        .getSubscription()
        .forEach(s -> topics.add(s.getTopic()));
    assertTrue(
        topics.containsAll(List.of("ie.ie.lab.array2500.vector", "ie.ie.lab.scope.peakToPeak")),
        topics.toString());
    InstrumentElementFault f =
        assertThrows(InstrumentElementFault.class, () -> info("lab/scope", "identity"));
    assertEquals("NOT_SUBSCRIBABLE", f.getFaultInfo().getCode());
    assertEquals(
        "OUT_OF_RANGE",
        assertThrows(
                InstrumentElementFault.class,
                () -> sampling("lab/scope", "waveform", -5L, null, null))
            .getFaultInfo()
            .getCode());
    assertEquals(
        "INVALID_VALUE",
        assertThrows(
                InstrumentElementFault.class,
                () -> sampling("lab/scope", "waveform", null, Double.NaN, null))
            .getFaultInfo()
            .getCode());
  }

  static SubscriptionInfo samplingMicros(String im, String attribute, Long millis, Long micros)
      throws InstrumentElementFault {
    ConfigureSampling c = configure(im, attribute);
    c.setSamplingPeriodMillis(millis);
    c.setSamplingPeriodMicros(micros);
    return lab.ie().configureSampling(c).getSubscription();
  }

  static String faultCode(org.junit.jupiter.api.function.Executable call) {
    return assertThrows(InstrumentElementFault.class, call).getFaultInfo().getCode();
  }

  @Test
  void samplingPeriodsShorterThanAMillisecondAreGivenInMicroseconds() throws Exception {
    SubscriptionInfo before = info("lab/array2500", "vector");
    assertEquals(1000L, before.getSamplingPeriodMillis());
    assertEquals(1_000_000L, before.getSamplingPeriodMicros());
    try {
      SubscriptionInfo fast = samplingMicros("lab/array2500", "vector", null, 250L);
      assertEquals(250L, fast.getSamplingPeriodMicros());
      assertEquals(1L, fast.getSamplingPeriodMillis(), "whole milliseconds, rounded up");
      assertEquals(
          Duration.ofNanos(250_000), sampler("lab/array2500", "vector").settings().period());
      assertEquals(250L, info("lab/array2500", "vector").getSamplingPeriodMicros());
      // Faster than one read a millisecond, the old floor: more than 1.5 reads per elapsed ms over
      // some 200 ms window (a busy machine may need a few windows).
      AttributeSampler s = sampler("lab/array2500", "vector");
      long deadline = System.nanoTime() + WAIT.toNanos();
      double perMs = 0;
      while (perMs <= 1.5 && System.nanoTime() < deadline) {
        long r0 = s.reads();
        long t0 = System.nanoTime();
        Thread.sleep(200);
        perMs = (s.reads() - r0) / ((System.nanoTime() - t0) / 1e6);
      }
      assertTrue(perMs > 1.5, "reads per millisecond: " + perMs);

      // Faults leave the settings as they were.
      assertEquals(
          "OUT_OF_RANGE", faultCode(() -> samplingMicros("lab/array2500", "vector", null, 50L)));
      assertEquals(
          "OUT_OF_RANGE", faultCode(() -> samplingMicros("lab/array2500", "vector", null, -1L)));
      assertEquals(
          "INVALID_VALUE",
          faultCode(() -> samplingMicros("lab/array2500", "vector", 1L, 500L)),
          "two different periods");
      assertEquals(250L, info("lab/array2500", "vector").getSamplingPeriodMicros());

      // The same period in both units is one period.
      SubscriptionInfo both = samplingMicros("lab/array2500", "vector", 2L, 2000L);
      assertEquals(2L, both.getSamplingPeriodMillis());
      assertEquals(2000L, both.getSamplingPeriodMicros());
    } finally {
      samplingMicros("lab/array2500", "vector", before.getSamplingPeriodMillis(), null);
    }
    assertEquals(1_000_000L, info("lab/array2500", "vector").getSamplingPeriodMicros());
  }

  @Test
  void onlyChangesArePublishedAndANewSubscriberGetsTheCurrentValueAtOnce() throws Exception {
    execute("lab/scope", "stop");
    try {
      sampling("lab/scope", "waveform", 10L, 0.0, 0.0);
      awaitReads("lab/scope", "waveform", 3); // the held trace has been published
      long published = sampler("lab/scope", "waveform").published();
      try (AttributeSubscriber sub =
          AttributeSubscriber.connect(lab.brokerUrl(), "admin", "admin")) {
        Collector c = new Collector();
        sub.subscribe(lab.ie(), "lab/scope", "waveform", c);
        c.awaitCount(1, WAIT);
        assertEquals(published, c.last().sequence(), "the current value, at once");
        awaitReads("lab/scope", "waveform", 20);
        assertEquals(1, c.count(), "an unchanged trace is not published again");
        assertEquals(published, sampler("lab/scope", "waveform").published());
        execute("lab/scope", "single");
        c.awaitCount(2, WAIT);
        assertEquals(published + 1, c.last().sequence());
        GetAttribute g = new GetAttribute();
        g.setIm("lab/scope");
        g.setAttribute("waveform");
        g.setEncoding(VectorEncoding.BINARY);
        assertArrayEquals(
            InstrumentElementClient.vector(lab.ie().getAttribute(g).getValue()),
            c.last().doubles(),
            "the published trace is the held one");
        assertEquals("V", c.last().units());
        assertEquals("lab/scope", c.last().im());
        assertEquals(2500, c.last().length());
        assertFalse(c.last().heartbeat());
      }
    } finally {
      sampling("lab/scope", "waveform", 200L, 0.0, 0.0);
      execute("lab/scope", "start");
    }
  }

  @Test
  void vectorDeadbandHidesSmallChanges() throws Exception {
    // The array's vector is a 1 V sine at a random phase: no element moves by 5.
    sampling("lab/array1250", "vector", 5L, 5.0, 0.0);
    try (AttributeSubscriber sub = AttributeSubscriber.connect(lab.brokerUrl(), "admin", "admin")) {
      awaitReads("lab/array1250", "vector", 3);
      Collector c = new Collector();
      sub.subscribe(lab.ie(), "lab/array1250", "vector", c);
      c.awaitCount(1, WAIT);
      awaitReads("lab/array1250", "vector", 20);
      assertEquals(1, c.count());
      String topic = info("lab/array1250", "vector").getTopic();
      long supersededBefore = lab.running().runtime.publisher().superseded(topic);
      sampling("lab/array1250", "vector", null, 0.0, null);
      c.awaitCount(5, WAIT);
      assertInOrderAndAccounted(
          c, () -> lab.running().runtime.publisher().superseded(topic) - supersededBefore);
    } finally {
      sampling("lab/array1250", "vector", 1000L, 0.0, 0.0);
    }
  }

  @Test
  void scalarDeadbandsAbsoluteAndRelative() throws Exception {
    // peakToPeak of the running scope is about 3 V and jitters by tens of millivolts.
    try (AttributeSubscriber sub = AttributeSubscriber.connect(lab.brokerUrl(), "admin", "admin")) {
      sampling("lab/scope", "peakToPeak", 5L, 1.0, 0.0);
      awaitReads("lab/scope", "peakToPeak", 3);
      Collector c = new Collector();
      sub.subscribe(lab.ie(), "lab/scope", "peakToPeak", c);
      c.awaitCount(1, WAIT);
      assertTrue(c.last().asDouble() > 2 && c.last().asDouble() < 4, "p-p " + c.last().asDouble());
      awaitReads("lab/scope", "peakToPeak", 20);
      assertEquals(1, c.count(), "absolute deadband of 1 V");
      sampling("lab/scope", "peakToPeak", null, 0.0, 0.5);
      awaitReads("lab/scope", "peakToPeak", 20);
      assertEquals(1, c.count(), "relative deadband of 50 %");
      sampling("lab/scope", "peakToPeak", null, 0.0, 0.0);
      c.awaitCount(4, WAIT);
    } finally {
      sampling("lab/scope", "peakToPeak", 500L, 0.01, 0.0);
    }
  }

  @Test
  void fortySubscribersReceiveEveryValueInOrder() throws Exception {
    int subscribers = 40;
    int wanted = 50;
    List<AttributeSubscriber> connections = new ArrayList<>();
    List<Collector> collectors = new ArrayList<>();
    try {
      for (int i = 0; i < subscribers; i++) {
        AttributeSubscriber s = AttributeSubscriber.connect(lab.brokerUrl(), "admin", "admin");
        connections.add(s);
        Collector c = new Collector();
        s.subscribe(lab.ie(), "lab/array2500", "vector", c);
        collectors.add(c);
      }
      sampling("lab/array2500", "vector", 20L, 0.0, 0.0);
      for (Collector c : collectors) {
        c.awaitCount(wanted, WAIT);
      }
      String topic = info("lab/array2500", "vector").getTopic();
      long last = collectors.get(0).sequences().get(wanted - 1);
      for (Collector c : collectors) {
        assertInOrderAndAccounted(c, () -> lab.running().runtime.publisher().superseded(topic));
        assertTrue(c.sequences().contains(last), "every subscriber got sequence " + last);
        for (SampledValue v : c.snapshot()) {
          assertEquals(2500, v.doubles().length);
        }
      }
      SubscriptionInfo i = info("lab/array2500", "vector");
      assertNotNull(i.getSubscribers());
      assertTrue(i.getSubscribers() >= subscribers, "subscribers " + i.getSubscribers());
    } finally {
      sampling("lab/array2500", "vector", 1000L, 0.0, 0.0);
      connections.forEach(AttributeSubscriber::close);
    }
  }

  /**
   * Sequence numbers only grow, and every value missed is one the publisher replaced by a newer one
   * before the broker took it (which it does rather than make sampling wait).
   */
  static void assertInOrderAndAccounted(Collector c, java.util.function.LongSupplier superseded) {
    long missed = c.checkOrderAndGaps();
    // Read after the collector's view: the counter only grows, so it covers every gap seen.
    long replaced = superseded.getAsLong();
    assertTrue(missed <= replaced, "missed " + missed + " but only " + replaced + " superseded");
  }

  @Test
  void heartbeatRepublishesAnUnchangedValue() throws Exception {
    execute("lab/scope", "stop");
    try (AttributeSubscriber sub = AttributeSubscriber.connect(lab.brokerUrl(), "admin", "admin")) {
      ConfigureSampling cfg = configure("lab/scope", "waveform");
      cfg.setSamplingPeriodMillis(5L);
      cfg.setHeartbeatMillis(20L);
      assertEquals(20L, lab.ie().configureSampling(cfg).getSubscription().getHeartbeatMillis());
      Collector c = new Collector();
      sub.subscribe(lab.ie(), "lab/scope", "waveform", c);
      c.await(
          () -> c.values.stream().filter(SampledValue::heartbeat).count() >= 2,
          WAIT,
          "2 heartbeats");
    } finally {
      ConfigureSampling cfg = configure("lab/scope", "waveform");
      cfg.setSamplingPeriodMillis(200L);
      cfg.setHeartbeatMillis(0L);
      lab.ie().configureSampling(cfg);
      execute("lab/scope", "start");
    }
  }
}
