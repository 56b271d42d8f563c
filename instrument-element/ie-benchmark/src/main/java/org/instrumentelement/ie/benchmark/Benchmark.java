package org.instrumentelement.ie.benchmark;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.instrumentelement.ie.measure.IeProcess;
import org.instrumentelement.ie.measure.Machine;
import org.instrumentelement.ie.measure.MockLaboratory;
import org.instrumentelement.ie.measure.link.LinkAccuracy;

/**
 * The benchmark command. Starts the Instrument Element (the built runnable jar) as its own process
 * with the mock lab, then measures, after a warm-up and as the median of several repetitions:
 * polling rates and the IE's CPU time per response for each encoding, vector length and client
 * count; bytes per vector on the wire; subscription delivery rate against a bare ActiveMQ publisher
 * on the same broker; sample-to-subscriber latency and CPU per delivered vector at 100 samples/s;
 * the live-trace load of 10 to 2,000 VCR portal viewers ({@link ViewerLoad}); what recording costs
 * next to publishing ({@link RecordingCost}); when named, the streaming ladder ({@link
 * StreamingLadder}) and the loss run ({@link LossRun}); optionally the heap over a long mixed run.
 * With {@code --peer=opcua}, the OPC UA peer (Eclipse Milo, {@link OpcUaPeer}) is measured just
 * before and just after the IE's polling ({@link PeerPolling}) and subscription ({@link
 * PeerSubscription}) runs, and the IE's figures are given over the peer's ({@link PeerComparison}).
 * Prints progress and a summary, and writes every figure to a JSON file.
 *
 * <p>The measurements run in four stages, each on an IE of its own started for it: polling (access
 * control on, as a lab runs it), subscription (access control off, so that a bare publisher may
 * share the IE's broker), viewers (the portal on the IE's class path) and the soak. Load generator
 * and IE share the machine: every rate comes with the IE's own CPU time.
 */
public final class Benchmark {
  /** CXF logs through java.util.logging; only its warnings belong in the benchmark's output. */
  private static final Logger CXF_LOG = Logger.getLogger("org.apache.cxf");

  private final BenchmarkOptions options;
  private final RateMeter meter;

  private Benchmark(BenchmarkOptions options) {
    this.options = options;
    this.meter = new RateMeter(options.measure(), options.reps());
  }

  /** Runs the benchmark; exit code 2 for a command line it does not understand. */
  public static void main(String[] args) throws Exception {
    if (CommandLine.asksForHelp(args)) {
      System.out.print(CommandLine.usage());
      return;
    }
    BenchmarkOptions options;
    try {
      options = BenchmarkOptions.from(CommandLine.parse(args));
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    CXF_LOG.setLevel(Level.WARNING);
    Results results = new Benchmark(options).run();
    ResultsFile.write(results, options.output());
    Progress.log("figures written to " + options.output());
    // ActiveMQ's consumers with optimizeAcknowledge start a thread of their own (not a daemon) to
    // send acknowledgements, and one may start it again after it was closed: once, such a thread
    // kept the finished benchmark from exiting.
    System.exit(0);
  }

  private Results run() throws Exception {
    Results results = new Results();
    results.started = Instant.now().toString();
    results.machine = Results.MachineFigures.of(Machine.describe());
    results.settings = options.summary();
    if (options.comparesWithPeer()) {
      results.peer = new Results.Peer();
    }
    if (options.link() != null) {
      LinkAccuracy a = LinkAccuracy.measure(options.link(), options.linkVia());
      Progress.log("link: " + a.summary());
      results.link = Results.Link.of(a);
    }
    PeerPolling peerPolling =
        options.comparesWithPeer() && options.runs("polling")
            ? new PeerPolling(options, meter)
            : null;
    if (peerPolling != null) {
      results.peer.polling = new ArrayList<>();
      peerPolling.run(OpcUaPeer.BEFORE, results);
    }
    if (options.runs("polling") || options.runs("floor") || options.runs("maxage")) {
      Progress.log("polling: starting the IE");
      results.polling = new ArrayList<>();
      results.wireBytesPerVector = new LinkedHashMap<>();
      List<Measurement> polling = new ArrayList<>();
      if (options.runs("polling")) {
        polling.add(new PollingRates(options, meter));
      }
      boolean floor = options.runs("polling") || options.runs("floor");
      boolean maxAge = options.runs("polling") || options.runs("maxage");
      if (floor && maxAge) {
        polling.add(new PollingMaxAgeBesideFloor(options));
      } else if (floor) {
        polling.add(new PollingFloor(options, meter));
      } else if (maxAge) {
        polling.add(new PollingMaxAge(options, meter));
      }
      if (options.runs("polling")) {
        polling.add(new PollingWireBytes(options));
      }
      stage(MockLaboratory.SAMPLING_OFF, polling, results);
    }
    if (peerPolling != null) {
      peerPolling.run(OpcUaPeer.AFTER, results);
    }
    PeerSubscription peerSubscription =
        options.comparesWithPeer() && options.runsSubscription()
            ? new PeerSubscription(options, meter)
            : null;
    if (peerSubscription != null) {
      results.peer.subscription = new ArrayList<>();
      peerSubscription.run(OpcUaPeer.BEFORE, results);
    }
    if (options.runsSubscription()) {
      Progress.log(
          "subscription: starting the IE (access control off, so that a bare publisher may share"
              + " its broker)");
      results.subscription = new Results.Subscription();
      List<Measurement> subscription = new ArrayList<>();
      if (options.runs("subscription")) {
        subscription.add(new SubscriptionRate(options, meter));
      }
      subscription.add(new SubscriptionLatency(options, meter));
      subscription.add(new JmsWireBytes());
      List<String> ieOptions = new ArrayList<>(List.of("--security.enabled=false"));
      ieOptions.addAll(MockLaboratory.SAMPLING_OFF);
      stage(ieOptions, subscription, results);
    }
    if (peerSubscription != null) {
      peerSubscription.run(OpcUaPeer.AFTER, results);
    }
    if (options.comparesWithPeer()) {
      results.peer.ratios = PeerComparison.ratios(results);
      PeerComparison.print(results.peer.ratios);
    }
    if (options.runs("tls")) {
      Progress.log(
          "tls: starting the IE with a development key (HTTPS, the broker's TLS connector, and"
              + " its plain one on the loopback interface)");
      DevelopmentKeys keys = DevelopmentKeys.make();
      List<String> ieOptions = new ArrayList<>(List.of("--security.enabled=false"));
      ieOptions.addAll(MockLaboratory.SAMPLING_OFF);
      ieOptions.addAll(keys.ieOptions());
      try (IeProcess ie =
          IeProcess.launch(options.ieJar())
              .javaOptions(options.serverJavaOptions())
              .options(ieOptions)
              .trusting(keys.clientTls().context())
              .start()) {
        new SubscriptionOverTls(options, meter, keys.clientTls()).run(ie, results);
      }
    }
    if (options.runs("viewers")) {
      Progress.log(
          "viewers: starting the IE with the VCR portal (access control on: each viewer signs in)");
      try (IeProcess ie =
          IeProcess.launch(options.ieJar())
              .alongside(options.portal())
              .javaOptions(options.serverJavaOptions())
              .options(ViewerLoad.ieOptions(options))
              .start()) {
        new ViewerLoad(options).run(ie, results);
      }
    }
    if (options.runs("ladder")) {
      Progress.log(
          "ladder: starting the IE (access control off) with an array IM per message size");
      stage(StreamingLadder.ieOptions(options), List.of(new StreamingLadder(options)), results);
    }
    if (options.runs("loss")) {
      Progress.log("loss: starting the IE (access control off)");
      stage(LossRun.ieOptions(options), List.of(new LossRun(options)), results);
    }
    if (options.runs("sensors")) {
      Progress.log("sensors: starting the IE with a sensor-network IM (access control off)");
      stage(SensorNetworkLoad.ieOptions(options), List.of(new SensorNetworkLoad(options)), results);
    }
    if (options.runs("recording")) {
      Progress.log("recording: starting the IE with a data directory (access control off)");
      java.nio.file.Path dataDir = RecordingCost.newDataDirectory();
      try {
        stage(RecordingCost.ieOptions(dataDir), List.of(new RecordingCost(options)), results);
      } finally {
        RecordingCost.removeDirectory(dataDir);
      }
    }
    if (options.runs("history")) {
      new HistoryCost(options).run(results);
    }
    if (!options.soak().isZero()) {
      Progress.log(
          "soak: "
              + options.soak().toMinutes()
              + " min of 40 pollers (binary) and 40 subscribers at 100/s");
      stage(HeapSoak.IE_OPTIONS, List.of(new HeapSoak(options.soak())), results);
    }
    results.targets = Targets.evaluate(results);
    return results;
  }

  /**
   * Starts an IE with these options (behind {@code --link} when given), runs the measurements on it
   * in turn, and stops it.
   */
  private void stage(List<String> ieOptions, List<Measurement> measurements, Results results)
      throws Exception {
    try (IeProcess ie =
        IeProcess.launch(options.ieJar())
            .javaOptions(options.serverJavaOptions())
            .options(ieOptions)
            .through(options.link(), options.linkVia())
            .start()) {
      for (Measurement m : measurements) {
        m.run(ie, results);
      }
    }
  }
}
