package org.instrumentelement.ie.benchmark;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.instrumentelement.ie.benchmark.RateMeter.Rates;
import org.instrumentelement.ie.measure.Machine;

/**
 * The OPC UA peer's subscriptions next to the IE's 100 samples/s run ({@code --peer=opcua}): a
 * fresh peer server replacing its {@code Double[2500]} {@value #UPDATES_PER_SECOND} times a second,
 * and {@value #SUBSCRIBERS} sessions, each with one Subscription (publishing interval {@value
 * #PUBLISHING_MILLIS} ms, Milo's least by default) holding one MonitoredItem (sampling interval 0,
 * queue {@value #QUEUE}). After a warm-up: deliveries per second and the server's CPU time per
 * delivery ({@link RateMeter}), latency (arrival minus the update's time) p50 and p99 over the
 * measured time, and the sessions' account of the updates' sequence numbers over the whole run.
 * Once, the bytes the server sends one subscriber per delivered value, through a {@link
 * CountingProxy}.
 */
record PeerSubscription(BenchmarkOptions options, RateMeter meter) {
  static final int LENGTH = 2500;
  static final int SUBSCRIBERS = 40;
  static final int UPDATES_PER_SECOND = 100;
  static final int PUBLISHING_MILLIS = 10;
  static final int QUEUE = 10;

  /**
   * Runs the peer's subscriptions.
   *
   * @param run {@link OpcUaPeer#BEFORE} or {@link OpcUaPeer#AFTER} the IE's subscription runs
   */
  void run(String run, Results results) throws Exception {
    Progress.log(
        "opcua "
            + run
            + ": starting the OPC UA peer, "
            + UPDATES_PER_SECOND
            + " updates/s to "
            + SUBSCRIBERS
            + " subscriptions");
    String load = Machine.describe().loadAverages();
    try (OpcUaPeer peer =
            OpcUaPeer.start(
                options.peerJar(),
                options.serverJavaOptions(),
                List.of(LENGTH),
                UPDATES_PER_SECOND);
        PeerLoadClient clients = peer.load()) {
      results.peer.implementation = peer.implementation();
      Map<String, String> granted =
          clients.subscribe(LENGTH, SUBSCRIBERS, PUBLISHING_MILLIS, QUEUE);
      Thread.sleep(options.warmup().toMillis());
      clients.latency(); // the measured window starts here
      Rates m = meter.measure(peer.cpu(), clients::events);
      PeerLoadClient.Latency latency = clients.latency();
      PeerLoadClient.Counts counts = clients.counts();
      clients.stop();
      double wire = results.peer.subscription.isEmpty() ? wireBytesPerDelivery(peer) : Double.NaN;
      Progress.log(
          String.format(
              Locale.ROOT,
              "opcua %s: %d/s x %d: %.0f deliveries/s, p50 %.2f ms, p99 %.2f ms, server CPU %.1f"
                  + " us per delivery (system %.1f); %d delivered, %d lost, %d late, %d"
                  + " duplicates, errors %d%s",
              run,
              UPDATES_PER_SECOND,
              SUBSCRIBERS,
              m.rate(),
              latency.p50Millis(),
              latency.p99Millis(),
              m.cpuMicros(),
              m.systemMicros(),
              counts.delivered(),
              counts.lost(),
              counts.late(),
              counts.duplicates(),
              counts.errors(),
              Double.isNaN(wire)
                  ? ""
                  : String.format(Locale.ROOT, "; %.0f bytes per delivery", wire)));
      results.peer.subscription.add(
          new Results.PeerSubscriptionRun(
              run,
              LENGTH,
              SUBSCRIBERS,
              UPDATES_PER_SECOND,
              Double.parseDouble(granted.getOrDefault("publishingMillis", "NaN")),
              Long.parseLong(granted.getOrDefault("queue", "-1")),
              m.rate(),
              m.cpuMicros(),
              m.systemMicros(),
              latency.p50Millis(),
              latency.p99Millis(),
              latency.samples(),
              counts.delivered(),
              counts.lost(),
              counts.late(),
              counts.duplicates(),
              counts.errors(),
              wire,
              load));
    }
  }

  /**
   * Bytes the server sends per delivered value: one subscriber through a relay that counts them.
   */
  private static double wireBytesPerDelivery(OpcUaPeer peer) throws Exception {
    try (CountingProxy proxy = new CountingProxy(peer.port());
        PeerLoadClient one = peer.loadThrough(proxy.port())) {
      one.subscribe(LENGTH, 1, PUBLISHING_MILLIS, QUEUE);
      Thread.sleep(1000);
      long b0 = proxy.toClient.get();
      long n0 = one.events();
      Thread.sleep(2000);
      return (proxy.toClient.get() - b0) / (double) Math.max(1, one.events() - n0);
    }
  }
}
