package org.instrumentelement.ie.benchmark;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.instrumentelement.ie.benchmark.RateMeter.Rates;
import org.instrumentelement.ie.benchmark.Results.PeerPollingPoint;
import org.instrumentelement.ie.measure.Machine;

/**
 * The OPC UA peer polled as the IE is ({@code --peer=opcua}): a fresh peer server with a {@code
 * Double[N]} variable per length, and for each length and client count of the IE's polling points
 * that many sessions reading it in closed loops ({@code Read(Value, maxAge=0)}); after a warm-up,
 * reads per second, the server's CPU time per read and the read's round trip, measured as the IE's
 * points are ({@link RateMeter}). Once, the bytes the server sends per read, one session polling
 * through a {@link CountingProxy}.
 */
record PeerPolling(BenchmarkOptions options, RateMeter meter) {
  /**
   * Runs the peer's points.
   *
   * @param run {@link OpcUaPeer#BEFORE} or {@link OpcUaPeer#AFTER} the IE's polling run
   */
  void run(String run, Results results) throws Exception {
    TreeSet<Integer> lengths = new TreeSet<>(options.lengths());
    lengths.add(Targets.LENGTH); // the warm-up's
    Progress.log(
        "opcua " + run + ": starting the OPC UA peer (polling, vectors of " + lengths + ")");
    String load = Machine.describe().loadAverages();
    try (OpcUaPeer peer =
            OpcUaPeer.start(
                options.peerJar(), options.serverJavaOptions(), List.copyOf(lengths), 0);
        PeerLoadClient clients = peer.load()) {
      results.peer.implementation = peer.implementation();
      Progress.log(
          "opcua "
              + run
              + ": "
              + peer.implementation()
              + ", warm-up "
              + options.warmup().toSeconds()
              + " s with "
              + Targets.CLIENTS
              + " sessions");
      clients.poll(Targets.LENGTH, Targets.CLIENTS);
      Thread.sleep(options.warmup().toMillis());
      for (int length : options.lengths()) {
        for (int n : options.clientCounts()) {
          results.peer.polling.add(point(run, peer, clients, length, n, load));
        }
      }
      clients.stop();
      if (results.peer.wireBytesPerRead == null) {
        results.peer.wireBytesPerRead = new LinkedHashMap<>();
        for (int length : options.lengths()) {
          double bytes = wireBytesPerRead(peer, length);
          results.peer.wireBytesPerRead.put(Integer.toString(length), bytes);
          Progress.log(
              String.format(
                  Locale.ROOT,
                  "opcua wire: %d doubles: %.0f bytes per read (%.3f x the raw %d)",
                  length,
                  bytes,
                  bytes / (8.0 * length),
                  8 * length));
        }
      }
    }
  }

  private PeerPollingPoint point(
      String run, OpcUaPeer peer, PeerLoadClient clients, int length, int n, String load)
      throws Exception {
    clients.poll(length, n);
    Thread.sleep(1000);
    clients.latency(); // the measured window starts here
    Rates m = meter.measure(peer.cpu(), clients::events);
    PeerLoadClient.Latency latency = clients.latency();
    PeerLoadClient.Counts counts = clients.counts();
    Progress.log(
        String.format(
            Locale.ROOT,
            "opcua %s: polling %4d doubles %2d sessions: %8.0f reads/s, server CPU %6.1f us/read"
                + " (system %.1f), p50 %.2f ms, p99 %.2f ms, errors %d%s",
            run,
            length,
            n,
            m.rate(),
            m.cpuMicros(),
            m.systemMicros(),
            latency.p50Millis(),
            latency.p99Millis(),
            counts.errors(),
            counts.lastError() == null ? "" : " (" + counts.lastError() + ")"));
    return new PeerPollingPoint(
        run,
        length,
        n,
        m.rate(),
        m.cpuMicros(),
        m.systemMicros(),
        n * 1000.0 / m.rate(),
        latency.p50Millis(),
        latency.p99Millis(),
        counts.errors(),
        load);
  }

  /** Bytes the server sends per read: one session polling through a relay that counts them. */
  private static double wireBytesPerRead(OpcUaPeer peer, int length) throws Exception {
    try (CountingProxy proxy = new CountingProxy(peer.port());
        PeerLoadClient one = peer.loadThrough(proxy.port())) {
      one.poll(length, 1);
      Thread.sleep(500);
      long b0 = proxy.toClient.get();
      long n0 = one.events();
      Thread.sleep(2000);
      return (proxy.toClient.get() - b0) / (double) Math.max(1, one.events() - n0);
    }
  }
}
