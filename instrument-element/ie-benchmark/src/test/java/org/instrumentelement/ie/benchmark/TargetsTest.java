package org.instrumentelement.ie.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.instrumentelement.ie.benchmark.Results.PollingPoint;
import org.instrumentelement.ie.benchmark.Results.TargetResult;
import org.junit.jupiter.api.Test;

class TargetsTest {

  private static Map<String, TargetResult> byFigure(Results r) {
    return Targets.evaluate(r).stream()
        .collect(
            Collectors.toMap(
                TargetResult::figure, Function.identity(), (a, b) -> a, LinkedHashMap::new));
  }

  /**
   * Side-by-side figures whose ratios less the JVM's threads say otherwise: the target reads the
   * first.
   */
  private static Results.MaxAgeToFloor sideBySide(double[] ratios, double median, double max) {
    return new Results.MaxAgeToFloor(
        ratios, median, max, 20, 30, new double[] {1.5, 1.5, 1.5}, 1.5, 1.5);
  }

  @Test
  void maxAgeIsAtTheFloorWhenTheMedianPairIs() {
    Results r = new Results();
    String figure = "polling with maxAge / floor, IE CPU per answer, side by side";
    r.pollingMaxAgeToFloor = sideBySide(new double[] {0.8, 1.02, 1.1}, 1.02, 1.1);
    assertFalse(byFigure(r).get(figure).met(), "the median pair above the floor");
    r.pollingMaxAgeToFloor = sideBySide(new double[] {0.8, 1.0, 1.1}, 1.0, 1.1);
    assertEquals(1.0, byFigure(r).get(figure).value());
    assertTrue(byFigure(r).get(figure).met());
  }

  @Test
  void nothingMeasuredMeetsNothingAndSaysSo() {
    Map<String, TargetResult> t = byFigure(new Results());
    assertEquals(19, t.size(), "the soak's target only with a soak");
    for (TargetResult r : t.values()) {
      assertFalse(r.measured(), r.figure());
      assertFalse(r.met(), r.figure());
      assertTrue(Double.isNaN(r.value()), r.figure());
    }
  }

  @Test
  void pollingTargetsReadThe2500DoublesAnd40ClientsPointsAndTheBetterBinaryForm() {
    Results r = new Results();
    r.polling = new ArrayList<>();
    r.polling.add(new PollingPoint("BINARY", 2500, 40, 7000, 130, Double.NaN, 5.7, 0));
    r.polling.add(new PollingPoint("MTOM", 2500, 40, 6000, 110, Double.NaN, 6.7, 0));
    r.polling.add(new PollingPoint("XML", 2500, 40, 1000, 600, Double.NaN, 40, 0));
    r.polling.add(
        new PollingPoint("XML", 1250, 40, 2000, 100, Double.NaN, 20, 0)); // another length
    r.polling.add(
        new PollingPoint("BINARY", 2500, 5, 9000, 50, Double.NaN, 0.6, 0)); // another count
    r.wireBytesPerVector = new LinkedHashMap<>(Map.of("MTOM.2500", 21000.0, "XML.2500", 50000.0));
    Map<String, TargetResult> t = byFigure(r);

    TargetResult rate = t.get("polling, compact binary form, 40 clients: vectors/s");
    assertEquals(7000, rate.value());
    assertTrue(rate.met());
    TargetResult cpu = t.get("polling, compact binary form: IE CPU per response (us)");
    assertEquals(110, cpu.value());
    assertTrue(cpu.met());
    TargetResult xml = t.get("polling, XML form: IE CPU per response (us)");
    assertEquals(600, xml.value());
    assertFalse(xml.met());
    assertEquals(1.05, t.get("bytes per vector on the wire, binary SOAP (MTOM) / raw").value());
    assertEquals(2.5, t.get("bytes per vector on the wire, XML SOAP / raw").value());
  }

  @Test
  void subscriptionTargetsAndTheirRatioToXmlPolling() {
    Results r = new Results();
    r.polling = List.of(new PollingPoint("XML", 2500, 40, 1000, 500, Double.NaN, 40, 0));
    r.subscription = new Results.Subscription();
    r.subscription.fullRate = new Results.FullRate(500, 9600, 30, 100, 0, 10000, 25, 0.96);
    r.subscription.latency = new Results.Latency(4000, 1.5, 12, 8000, 40, 4000, 1.4, 9, 30);
    r.subscription.jmsWireBytesPerVector = 20300.0;
    Map<String, TargetResult> t = byFigure(r);

    assertTrue(t.get("subscription deliveries/s relative to bare ActiveMQ").met());
    r.subscription.fullRate = new Results.FullRate(500, 9400, 30, 100, 0, 10000, 25, 0.94);
    assertFalse(
        byFigure(r).get("subscription deliveries/s relative to bare ActiveMQ").met(),
        "issue 15: at least 0.95");
    assertTrue(t.get("latency p50 at 100 samples/s to 40 subscribers (ms)").met());
    assertFalse(t.get("latency p99 at 100 samples/s to 40 subscribers (ms)").met());
    assertTrue(t.get("IE + broker CPU per delivered vector at 100/s x 40 (us)").met());
    assertEquals(1.015, t.get("bytes per vector on the wire, JMS / raw").value(), 1e-9);
    TargetResult rel = t.get("IE CPU per delivered vector, subscription / XML polling");
    assertEquals(0.08, rel.value(), 1e-9);
    assertTrue(rel.met());
  }

  @Test
  void theSoakAddsItsTarget() {
    Results r = new Results();
    r.soak = new Results.Soak(-0.2, 300, 290, 1000, 2000, 0);
    TargetResult soak = byFigure(r).get("heap after GC over the soak: growth (MB/min)");
    assertTrue(soak.measured());
    assertTrue(soak.met());
  }

  @Test
  void theBetterOfTwoFiguresCopesWithAMissingOne() {
    assertEquals(3.0, Targets.best(3, Double.NaN, true));
    assertEquals(3.0, Targets.best(Double.NaN, 3, false));
    assertEquals(5.0, Targets.best(3, 5, true));
    assertEquals(3.0, Targets.best(3, 5, false));
    assertTrue(Double.isNaN(Targets.best(Double.NaN, Double.NaN, true)));
  }

  @Test
  void liveTraceTargetsReadThe500And2000ViewerPoints() {
    Results r = new Results();
    r.viewers = new ArrayList<>();
    r.viewers.add(viewers(100, 20, 9, 12, 0, 80));
    r.viewers.add(viewers(500, 19.9, 60, 130, 0, 45));
    r.viewers.add(viewers(2000, 11, 150, 190, 2, 40));
    Map<String, TargetResult> t = byFigure(r);
    assertTrue(t.get("live traces, 500 viewers: frames/s per viewer").met());
    TargetResult p99 = t.get("live traces, 500 viewers: latency p99 (ms)");
    assertEquals(60, p99.value());
    assertTrue(p99.met());
    assertTrue(t.get("live traces, 500 viewers: IE CPU per delivered frame (us)").met());
    TargetResult errors = t.get("live traces, 2,000 viewers: errors");
    assertEquals(2, errors.value());
    assertFalse(errors.met());
    assertEquals(190, t.get("live traces, 2,000 viewers: oldest frame (ms)").value());
  }

  private static Results.ViewerPoint viewers(
      int n, double rate, double p99, double max, long errors, double cpu) {
    return new Results.ViewerPoint(
        n,
        "binary",
        2,
        rate,
        rate,
        p99 / 3,
        p99,
        max,
        0,
        1000,
        cpu,
        cpu - 5,
        30,
        12116,
        1,
        0,
        1,
        errors,
        "0.5 0.4 0.3");
  }

  @Test
  void aSensorNetworkMeetsItsTargetWithNoMessageLost() {
    Results r = new Results();
    r.sensors = new Results.SensorNetwork(1000, 10, 5000, 5000, 0, 0, 12, 30, 100, 40, 20, "1 1 1");
    TargetResult lost = byFigure(r).get("sensor network: node messages lost");
    assertTrue(lost.measured());
    assertTrue(lost.met());
    r.sensors = new Results.SensorNetwork(1000, 10, 5000, 4999, 1, 1, 12, 30, 100, 40, 20, "1 1 1");
    assertFalse(byFigure(r).get("sensor network: node messages lost").met());
  }

  @Test
  void theLossRunsTargetsOnlyWithALossRunNothingSupersededNothingLost() {
    Results r = new Results();
    r.loss =
        new Results.Loss(
            "1000 samples/s x 40 subscribers, 3 min",
            40,
            180,
            180_000,
            0,
            0L,
            7_200_000,
            7_199_990,
            10,
            0,
            0,
            0,
            2,
            60_000,
            3,
            0.1,
            0.3,
            null,
            List.of());
    Map<String, TargetResult> t = byFigure(r);
    assertEquals(21, t.size());
    assertTrue(t.get("loss run: samples superseded by the IE's publisher").met());
    TargetResult lost = t.get("loss run: samples lost, over all subscribers");
    assertEquals(10, lost.value());
    assertFalse(lost.met());
  }

  @Test
  void aRecordingMeetsItsTargetWithNoSampleDropped() {
    Results r = new Results();
    assertFalse(byFigure(r).get("recording 1,000 vectors/s: samples dropped").measured());
    r.recording =
        new Results.Recording(1000, 2500, 998, 105, 997, 187, 82, 20000, 0, 20033, "1 1 1");
    assertTrue(byFigure(r).get("recording 1,000 vectors/s: samples dropped").met());
    r.recording =
        new Results.Recording(1000, 2500, 998, 105, 997, 187, 82, 20000, 3, 20033, "1 1 1");
    assertFalse(byFigure(r).get("recording 1,000 vectors/s: samples dropped").met());
  }

  @Test
  void theCodesTargetsComeWithTheCodesPartAndReadItsWordFigures() {
    Results r = new Results();
    assertEquals(19, byFigure(r).size());
    r.codes = CodesFigures.of(CodesFigures.bytes(), CodesFigures.word(20000, 6000));
    Map<String, TargetResult> t = byFigure(r);
    assertEquals(21, t.size());
    TargetResult topic = t.get("scope trace, WORD codes / doubles: bytes per topic message");
    assertEquals(5240 / 20210.0, topic.value(), 1e-12);
    assertTrue(topic.met());
    TargetResult history = t.get("scope trace, WORD codes / doubles: history bytes per trace");
    assertEquals(0.3, history.value(), 1e-12);
    assertFalse(history.met());
  }
}
