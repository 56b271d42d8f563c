package org.instrumentelement.ie.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.benchmark.Results.PeerRatio;
import org.junit.jupiter.api.Test;

class PeerComparisonTest {

  /** An IE run of one polling point and the 100/s run, and the peer before and after it. */
  static Results run() {
    Results r = new Results();
    r.polling = new ArrayList<>();
    r.polling.add(new Results.PollingPoint("BINARY", 2500, 40, 27_500, 48.4, 16.2, 1.45, 0));
    r.polling.add(new Results.PollingPoint("XML", 2500, 40, 9_000, 143.3, 18.2, 4.4, 0));
    r.polling.add(new Results.PollingPoint("XML", 2500, 5, 3_000, 160, 20, 1.7, 0));
    r.wireBytesPerVector = new LinkedHashMap<>(Map.of("MTOM.2500", 21_180.0));
    r.subscription = new Results.Subscription();
    r.subscription.latency =
        new Results.Latency(4000, 0.83, 1.37, 60_000, 37.0, 4000, 0.87, 1.41, 37.4);
    r.subscription.jmsWireBytesPerVector = 20_500.0;
    r.peer = new Results.Peer();
    r.peer.implementation = "Eclipse Milo 1.1.2";
    r.peer.polling =
        List.of(peerPoint(OpcUaPeer.BEFORE, 8_800, 110), peerPoint(OpcUaPeer.AFTER, 8_000, 121));
    r.peer.wireBytesPerRead = new LinkedHashMap<>(Map.of("2500", 22_600.0));
    r.peer.subscription =
        List.of(
            peerRun(OpcUaPeer.BEFORE, 185, 8.3, 22_700),
            peerRun(OpcUaPeer.AFTER, 222, 12.4, Double.NaN));
    return r;
  }

  static Results.PeerPollingPoint peerPoint(String run, double rate, double cpu) {
    return new Results.PeerPollingPoint(
        run, 2500, 40, rate, cpu, 20, 40_000 / rate, 4.1, 9.7, 0, "0.5 0.4 0.3");
  }

  static Results.PeerSubscriptionRun peerRun(String run, double cpu, double p50, double wire) {
    return new Results.PeerSubscriptionRun(
        run,
        2500,
        40,
        100,
        10,
        10,
        4000,
        cpu,
        30,
        p50,
        76.5,
        60_000,
        240_000,
        0,
        0,
        3,
        0,
        wire,
        "0.5 0.4 0.3");
  }

  @Test
  void eachIeFigureIsOverThePeersRunsBeforeAndAfterIt() {
    List<PeerRatio> ratios = PeerComparison.ratios(run());
    PeerRatio cpu = ratios.get(0);
    assertEquals(
        "polling BINARY, 2500 doubles, 40 clients: IE CPU per response / OPC UA server CPU per read",
        cpu.figure());
    assertEquals(48.4, cpu.ie());
    assertEquals(110, cpu.peerBefore());
    assertEquals(121, cpu.peerAfter());
    assertEquals(0.44, cpu.ratioBefore(), 0.001);
    assertEquals(0.4, cpu.ratioAfter(), 0.001);
    PeerRatio rate = ratios.get(1);
    assertEquals(
        "polling BINARY, 2500 doubles, 40 clients: IE vectors/s / OPC UA reads/s", rate.figure());
    assertEquals(3.125, rate.ratioBefore(), 0.001);
    assertEquals(1.3, ratios.get(2).ratioBefore(), 0.01, "XML over the peer's binary read");
  }

  @Test
  void aPointThePeerDidNotRunHasNoRatio() {
    assertTrue(
        PeerComparison.ratios(run()).stream().noneMatch(q -> q.figure().contains("5 clients")));
  }

  @Test
  void bytesAndSubscriptionsAreCompared() {
    List<String> figures = PeerComparison.ratios(run()).stream().map(PeerRatio::figure).toList();
    assertEquals(
        List.of(
            "polling BINARY, 2500 doubles, 40 clients: IE CPU per response / OPC UA server CPU per read",
            "polling BINARY, 2500 doubles, 40 clients: IE vectors/s / OPC UA reads/s",
            "polling XML, 2500 doubles, 40 clients: IE CPU per response / OPC UA server CPU per read",
            "polling XML, 2500 doubles, 40 clients: IE vectors/s / OPC UA reads/s",
            "bytes on the wire per vector, MTOM 2500 doubles: IE / OPC UA read",
            "subscription, 100/s x 40, 2500 doubles: IE CPU per delivered vector / OPC UA server"
                + " CPU per delivery",
            "subscription, 100/s x 40, 2500 doubles: latency p50, IE / OPC UA",
            "subscription, 100/s x 40, 2500 doubles: latency p99, IE / OPC UA",
            "subscription, 100/s x 40, 2500 doubles: deliveries/s, IE / OPC UA",
            "subscription, 100/s x 40, 2500 doubles: bytes on the wire per delivery, IE (JMS) /"
                + " OPC UA"),
        figures);
    PeerRatio cpu = PeerComparison.ratios(run()).get(5);
    assertEquals(0.2, cpu.ratioBefore(), 0.001);
    assertEquals(37.0 / 222, cpu.ratioAfter(), 1e-9);
    PeerRatio wire = PeerComparison.ratios(run()).get(9);
    assertEquals(20_500.0 / 22_700, wire.ratioBefore(), 1e-9);
    assertTrue(Double.isNaN(wire.ratioAfter()), "measured once");
  }

  @Test
  void withoutThePeerThereAreNoRatios() {
    Results r = run();
    r.peer = null;
    assertTrue(PeerComparison.ratios(r).isEmpty());
  }
}
