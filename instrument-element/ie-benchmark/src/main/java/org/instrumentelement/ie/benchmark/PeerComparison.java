package org.instrumentelement.ie.benchmark;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.instrumentelement.ie.benchmark.Results.PeerPollingPoint;
import org.instrumentelement.ie.benchmark.Results.PeerRatio;
import org.instrumentelement.ie.benchmark.Results.PeerSubscriptionRun;
import org.instrumentelement.ie.benchmark.Results.PollingPoint;

/**
 * The IE's figures over the OPC UA peer's, each against the peer's run just before and just after
 * the IE's (the machine's speed drifts between hours: only runs made side by side compare). Below 1
 * the IE spends less (CPU, bytes, latency) or, for rates, serves fewer than the peer.
 */
final class PeerComparison {
  private PeerComparison() {}

  /** The ratios of a run's figures; none where either side was not measured. */
  static List<PeerRatio> ratios(Results r) {
    List<PeerRatio> ratios = new ArrayList<>();
    Results.Peer peer = r.peer;
    if (peer == null) {
      return ratios;
    }
    if (r.polling != null && peer.polling != null) {
      for (PollingPoint p : r.polling) {
        String point =
            "polling " + p.encoding() + ", " + p.length() + " doubles, " + p.clients() + " clients";
        List<PeerPollingPoint> same =
            peer.polling.stream()
                .filter(q -> q.length() == p.length() && q.clients() == p.clients())
                .toList();
        if (!same.isEmpty()) {
          ratios.add(
              ratio(
                  point + ": IE CPU per response / OPC UA server CPU per read",
                  p.ieCpuMicrosPerResponse(),
                  same,
                  PeerPollingPoint::run,
                  PeerPollingPoint::serverCpuMicrosPerRead));
          ratios.add(
              ratio(
                  point + ": IE vectors/s / OPC UA reads/s",
                  p.vectorsPerSecond(),
                  same,
                  PeerPollingPoint::run,
                  PeerPollingPoint::readsPerSecond));
        }
      }
    }
    if (r.wireBytesPerVector != null && peer.wireBytesPerRead != null) {
      for (Map.Entry<String, Double> e : r.wireBytesPerVector.entrySet()) {
        String[] encodingAndLength = e.getKey().split("\\.");
        Double read = peer.wireBytesPerRead.get(encodingAndLength[1]);
        if (read != null) {
          ratios.add(
              new PeerRatio(
                  "bytes on the wire per vector, "
                      + encodingAndLength[0]
                      + " "
                      + encodingAndLength[1]
                      + " doubles: IE / OPC UA read",
                  e.getValue(),
                  read,
                  Double.NaN,
                  e.getValue() / read,
                  Double.NaN));
        }
      }
    }
    Results.Latency ie =
        r.subscription == null || r.subscription.latency == null ? null : r.subscription.latency;
    if (ie != null && peer.subscription != null && !peer.subscription.isEmpty()) {
      String run =
          "subscription, "
              + PeerSubscription.UPDATES_PER_SECOND
              + "/s x "
              + PeerSubscription.SUBSCRIBERS
              + ", "
              + PeerSubscription.LENGTH
              + " doubles";
      List<PeerSubscriptionRun> runs = peer.subscription;
      ratios.add(
          ratio(
              run + ": IE CPU per delivered vector / OPC UA server CPU per delivery",
              ie.ieCpuMicrosPerDelivery(),
              runs,
              PeerSubscriptionRun::run,
              PeerSubscriptionRun::serverCpuMicrosPerDelivery));
      ratios.add(
          ratio(
              run + ": latency p50, IE / OPC UA",
              ie.latencyP50Millis(),
              runs,
              PeerSubscriptionRun::run,
              PeerSubscriptionRun::latencyP50Millis));
      ratios.add(
          ratio(
              run + ": latency p99, IE / OPC UA",
              ie.latencyP99Millis(),
              runs,
              PeerSubscriptionRun::run,
              PeerSubscriptionRun::latencyP99Millis));
      ratios.add(
          ratio(
              run + ": deliveries/s, IE / OPC UA",
              ie.rate100DeliveriesPerSecond(),
              runs,
              PeerSubscriptionRun::run,
              PeerSubscriptionRun::deliveriesPerSecond));
      Double jms = r.subscription.jmsWireBytesPerVector;
      double delivery = runs.get(0).wireBytesPerDelivery();
      if (jms != null && Double.isFinite(delivery)) {
        ratios.add(
            new PeerRatio(
                run + ": bytes on the wire per delivery, IE (JMS) / OPC UA",
                jms,
                delivery,
                Double.NaN,
                jms / delivery,
                Double.NaN));
      }
    }
    return ratios;
  }

  private static <T> PeerRatio ratio(
      String figure,
      double ie,
      List<T> peerRuns,
      Function<T, String> run,
      ToDoubleFunction<T> value) {
    double before = figureOf(peerRuns, run, value, OpcUaPeer.BEFORE);
    double after = figureOf(peerRuns, run, value, OpcUaPeer.AFTER);
    return new PeerRatio(figure, ie, before, after, ie / before, ie / after);
  }

  private static <T> double figureOf(
      List<T> peerRuns, Function<T, String> run, ToDoubleFunction<T> value, String which) {
    return peerRuns.stream()
        .filter(p -> run.apply(p).equals(which))
        .mapToDouble(value)
        .findFirst()
        .orElse(Double.NaN);
  }

  /** Prints the ratios, one a line: the IE's figure, the peer's before and after, the ratios. */
  static void print(List<PeerRatio> ratios) {
    if (ratios.isEmpty()) {
      return;
    }
    Progress.log("IE / OPC UA peer (the peer's run before / after the IE's):");
    for (PeerRatio q : ratios) {
      Progress.log(
          String.format(
              Locale.ROOT,
              "  %s: %s over %s / %s = %s / %s",
              q.figure(),
              figure(q.ie()),
              figure(q.peerBefore()),
              figure(q.peerAfter()),
              ratio(q.ratioBefore()),
              ratio(q.ratioAfter())));
    }
  }

  private static String figure(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
  }

  private static String ratio(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
  }
}
