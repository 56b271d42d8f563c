package org.instrumentelement.ie.benchmark;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import org.instrumentelement.ie.benchmark.Results.LadderCell;
import org.instrumentelement.ie.benchmark.SoapRequests.Encoding;
import org.instrumentelement.ie.measure.IeProcess;
import org.instrumentelement.ie.measure.MockLaboratory;
import org.instrumentelement.ie.measure.ProcessCpu;

/**
 * The Sensor Abstraction Layer study's streaming ladder: 1, 10, 30, 70 and 100 clients getting
 * vectors of 10,000, 20,000, 40,000 and 80,000 bytes (1,250 to 10,000 doubles, one mock array IM
 * per size), by polling (BINARY {@code getAttribute}, each client as fast as it can, on one
 * keep-alive connection) and by subscription (each client a JMS subscriber on a connection of its
 * own, the IE sampling at a fixed rate; 0 clients: the sampling alone, per sample published), and
 * by the bare publisher's subscription ({@code bare}: the broker's cost without the IE's), and by a
 * plain TCP fan-out of the same bytes ({@code copy}: the floor under any broker's delivery, {@link
 * CopyFanOut}). Per cell: vectors per client per second, the IE process's CPU per vector and the
 * part of it its JIT compilers took, and its resident memory read twice a second, so that memory
 * that grows with the clients shows.
 */
record StreamingLadder(BenchmarkOptions options) implements Measurement {
  /** Resident memory is read this often during a cell's measured time (twice a second). */
  private static final long RSS_PERIOD_MILLIS = 500;

  /**
   * The sampling periods the {@code capacity} mode tries, in µs, fastest last: 100 to 4,000
   * samples/s.
   */
  static final List<Long> CAPACITY_PERIODS_MICROS =
      List.of(10_000L, 5_000L, 2_000L, 1_000L, 500L, 250L);

  /** A capacity step counts when every subscriber gets at least this share of the samples asked. */
  static final double CAPACITY_SHARE = 0.9;

  /**
   * The IE's options: access control off (subscribers need no account), nothing sampled until a
   * cell switches it on, an array IM {@code lab/array<length>} for every size, and room for the
   * clients' connections and requests from one address.
   */
  static List<String> ieOptions(BenchmarkOptions o) {
    int connections = Math.max(500, Collections.max(o.ladderClients()) + 50);
    List<String> opts =
        new ArrayList<>(
            List.of(
                "--security.enabled=false",
                "--broker.maxConnections=" + connections,
                "--broker.maxConnectionsPerAddress=" + connections,
                "--http.maxConnectionsPerAddress=" + connections,
                // The pollers all come from this machine's address: the default of 50 requests in
                // progress per address would answer the 51st client with TOO_MANY_REQUESTS.
                "--http.maxRequestsPerAddress=" + connections));
    opts.addAll(MockLaboratory.SAMPLING_OFF);
    for (int bytes : o.ladderBytes()) {
      int length = bytes / 8;
      String im = "--im.array" + length;
      if (length != 2500 && length != 1250) {
        opts.addAll(
            List.of(
                im + ".type=array",
                im + ".parent=lab",
                im + ".address=MOCK::array::" + length,
                im + ".param.length=" + length,
                im + ".attribute.vector.period=off"));
      }
    }
    return opts;
  }

  /**
   * What a cell's measured time gave: vectors (or, with no client, samples published) per second,
   * the IE's CPU per vector and of it its JIT compiler threads' share.
   */
  private record Window(
      double perSecond, double cpuMicros, double jitMicros, ResidentMemory.Summary rss) {
    /**
     * The cell of these figures, for {@code clients} clients of vectors of {@code length} (0: the
     * samples published to nobody).
     */
    LadderCell cell(String mode, int bytes, int length, int clients, long errors, long lost) {
      return new LadderCell(
          mode,
          bytes,
          length,
          clients,
          clients == 0 ? perSecond : perSecond / clients,
          perSecond,
          cpuMicros,
          jitMicros,
          rss.min(),
          rss.mean(),
          rss.max(),
          rss.readings(),
          errors,
          lost);
    }
  }

  @Override
  public void run(IeProcess ie, Results results) throws Exception {
    results.ladder = new ArrayList<>();
    // One SOAP client per IM for switching its sampling: building one costs seconds on a busy
    // machine, which would stretch every subscription cell.
    Map<String, SamplingControl> sampling = new HashMap<>();
    Map<Integer, CopyFanOut> copies = new HashMap<>();
    try {
      run(ie, results, sampling, copies);
    } finally {
      for (CopyFanOut c : copies.values()) {
        c.close();
      }
    }
    print(results.ladder);
  }

  private void run(
      IeProcess ie,
      Results results,
      Map<String, SamplingControl> sampling,
      Map<Integer, CopyFanOut> copies)
      throws Exception {
    int first = options.ladderBytes().get(0) / 8;
    for (String mode : options.ladderModes()) {
      Progress.log(
          "ladder: "
              + mode
              + " warm-up, "
              + options.warmup().toSeconds()
              + " s with 10 clients of "
              + first * 8
              + " bytes");
      // The subscription and bare warm-ups at a higher rate than the cells': the code run once per
      // sample is the same, and the JIT compiles it as many times sooner (at 100 samples/s it is
      // still compiling it minutes after the start, and its compilers' CPU would be charged to the
      // first cells' samples).
      cell(
          ie,
          sampling,
          copies,
          mode.equals("capacity") ? "subscription" : mode,
          first * 8,
          10,
          options.warmup().toMillis(),
          options.ladderWarmupPeriodMicros(),
          false);
      for (int bytes : options.ladderBytes()) {
        for (int clients : options.ladderClients()) {
          if (clients == 0 && !mode.equals("subscription")) {
            continue; // nothing to poll, no bare publisher's or fan-out's cost without readers
          }
          results.ladder.add(
              cell(
                  ie,
                  sampling,
                  copies,
                  mode,
                  bytes,
                  clients,
                  pushed(mode)
                      ? options.ladderPushWarmup().toMillis()
                      : options.ladderWarmup().toMillis(),
                  options.ladderPeriodMillis() * 1000L,
                  true));
        }
      }
      // The fan-outs' JVMs would otherwise sit beside the later modes' cells.
      for (CopyFanOut c : copies.values()) {
        c.close();
      }
      copies.clear();
    }
  }

  /**
   * Whether a mode's cells push samples at the ladder's fixed rate. Their warm-up is longer: a
   * cell's subscribers arrive after the last cell's left, the broker's advisories of those arrivals
   * and departures pass through its compiled delivery code with another message class and
   * deoptimize it, and at 100 samples/s the JIT takes longer than 5 s to compile it again (a
   * 10-subscriber cell with 5 s of warm-up had a third to a half of its CPU in the compiler
   * threads).
   */
  private static boolean pushed(String mode) {
    return mode.equals("subscription") || mode.equals("bare") || mode.equals("copy");
  }

  /**
   * One cell: its load started, warmed up, measured (when {@code measured}), and stopped; a
   * subscription, bare or copy cell's samples {@code periodMicros} apart.
   */
  private LadderCell cell(
      IeProcess ie,
      Map<String, SamplingControl> samplingByIm,
      Map<Integer, CopyFanOut> copies,
      String mode,
      int bytes,
      int clients,
      long warmupMillis,
      long periodMicros,
      boolean measured)
      throws Exception {
    int length = bytes / 8;
    if (mode.equals("polling")) {
      try (HttpLoad load = VectorPolls.start(ie, ie.httpPort(), Encoding.BINARY, length, clients)) {
        Thread.sleep(warmupMillis);
        if (!measured) {
          return null;
        }
        Window w = measure(ie.cpu(), load.responses::get);
        return logged(w.cell(mode, bytes, length, clients, load.errors.get(), 0), load.lastError());
      }
    }
    if (mode.equals("bare")) {
      return bare(ie, bytes, clients, warmupMillis, periodMicros, measured);
    }
    if (mode.equals("copy")) {
      CopyFanOut fanOut = copies.get(bytes);
      if (fanOut == null) {
        fanOut = CopyFanOut.start(bytes);
        copies.put(bytes, fanOut);
      }
      return copy(fanOut, bytes, clients, warmupMillis, periodMicros, measured);
    }
    String im = "lab/array" + length;
    SamplingControl sampling =
        samplingByIm.computeIfAbsent(im, name -> SamplingControl.connect(ie, name));
    if (mode.equals("capacity")) {
      return capacity(ie, sampling, im, bytes, clients, warmupMillis);
    }
    try (Subscribers subs = subscribers(ie, im, clients)) {
      sampling.periodMicros(periodMicros);
      try {
        Thread.sleep(warmupMillis);
        if (!measured) {
          return null;
        }
        // With no subscriber, the samples the IE published: what a sample costs before any
        // delivery.
        Window w = measure(ie.cpu(), clients == 0 ? () -> published(sampling) : subs.received::get);
        long lost = subs.ledgers().stream().mapToLong(l -> l.counts().lost()).sum();
        return logged(w.cell(mode, bytes, length, clients, 0, lost), null);
      } finally {
        sampling.period(0);
      }
    }
  }

  /** {@code clients} subscribers of the IE's samples of {@code im}. */
  private static Subscribers subscribers(IeProcess ie, String im, int clients) throws Exception {
    return new Subscribers(
        clients, ie.brokerUrl(), null, null, SamplingControl.topic(im), SamplingControl.ACQUIRED);
  }

  /**
   * The samples the IE has published. Asked again once if the call fails: the SOAP client's
   * keep-alive connection has been idle through the warm-up, and once a run found it closed by the
   * server as the call went out ("header parser received no bytes").
   */
  private static long published(SamplingControl sampling) {
    try {
      return sampling.info().getPublished();
    } catch (Exception first) {
      try {
        return sampling.info().getPublished();
      } catch (Exception e) {
        e.addSuppressed(first);
        throw new IllegalStateException("getSubscriptionInfo failed: " + e, e);
      }
    }
  }

  /**
   * A bare cell: the subscription cell's subscribers, and instead of the IE's sampling a bare
   * ActiveMQ publisher ({@link BarePublisher}, in this process) sending a message of the same size
   * and properties at the same rate to a topic of the IE's embedded broker. The IE process's CPU is
   * then the broker's alone, with the settings it gives every topic: what delivery costs without
   * the IE's sampling and publishing.
   */
  private LadderCell bare(
      IeProcess ie, int bytes, int clients, long warmupMillis, long periodMicros, boolean measured)
      throws Exception {
    int length = bytes / 8;
    String topic = "bench.ladder.bare" + length;
    int rate = (int) Math.max(1, 1_000_000 / periodMicros);
    try (Subscribers subs =
            new Subscribers(clients, ie.brokerUrl(), null, null, topic, BarePublisher.SENT);
        BarePublisher pub = new BarePublisher(ie.brokerUrl(), topic, bytes, rate)) {
      Thread.sleep(warmupMillis);
      if (!measured) {
        return null;
      }
      Window w = measure(ie.cpu(), subs.received::get);
      return logged(w.cell("bare", bytes, length, clients, 0, lost(subs)), null);
    }
  }

  /**
   * A copy cell: {@code clients} readers of a plain TCP fan-out ({@link CopyFanOut}, a process of
   * its own) sending the vector's bytes to each of them every {@code periodMicros}. Its CPU per
   * delivered message stands where the IE's does in the other cells: the floor under a delivery.
   */
  private LadderCell copy(
      CopyFanOut fanOut,
      int bytes,
      int clients,
      long warmupMillis,
      long periodMicros,
      boolean measured)
      throws Exception {
    try (CopyFanOut.Readers readers = fanOut.readers(clients)) {
      fanOut.periodMicros(periodMicros);
      try {
        Thread.sleep(warmupMillis);
        if (!measured) {
          return null;
        }
        long lost0 = readers.lost.get();
        Window w = measure(fanOut.cpu(), readers.received::get);
        return logged(
            w.cell("copy", bytes, bytes / 8, clients, 0, readers.lost.get() - lost0), null);
      } finally {
        fanOut.periodMicros(0);
      }
    }
  }

  /**
   * The highest rate {@code clients} subscribers get without loss: the IE samples ever faster
   * ({@link #CAPACITY_PERIODS_MICROS}), each step warmed up and measured like a subscription cell,
   * until a step loses a number or delivers less than {@link #CAPACITY_SHARE} of the samples asked.
   * The cell is the last step that did neither (the first step's, with its loss, if none).
   */
  private LadderCell capacity(
      IeProcess ie, SamplingControl sampling, String im, int bytes, int clients, long warmupMillis)
      throws Exception {
    int length = bytes / 8;
    LadderCell best = null;
    try (Subscribers subs = subscribers(ie, im, clients)) {
      try {
        for (long period : CAPACITY_PERIODS_MICROS) {
          sampling.periodMicros(period);
          Thread.sleep(warmupMillis);
          long lost0 = lost(subs);
          Window w = measure(ie.cpu(), subs.received::get);
          long lost = lost(subs) - lost0;
          LadderCell c = w.cell("capacity", bytes, length, clients, 0, lost);
          double asked = 1e6 / period;
          Progress.log(
              String.format(
                  Locale.ROOT,
                  "ladder: capacity step %.0f samples/s: %.1f vectors/s per client, IE CPU %.1f us"
                      + " per vector, lost %d",
                  asked,
                  c.vectorsPerClientPerSecond(),
                  c.ieCpuMicrosPerVector(),
                  lost));
          boolean kept = lost == 0 && c.vectorsPerClientPerSecond() >= CAPACITY_SHARE * asked;
          if (kept || best == null) {
            best = c;
          }
          if (!kept) {
            break;
          }
        }
      } finally {
        sampling.period(0);
      }
    }
    return logged(best, null);
  }

  private static long lost(Subscribers subs) {
    return subs.ledgers().stream().mapToLong(l -> l.counts().lost()).sum();
  }

  /**
   * Vectors per second and the CPU per vector of the process serving them (the IE's, or the copy
   * fan-out's) over the cell's time, its memory meanwhile.
   */
  private Window measure(ProcessCpu process, LongSupplier vectors) throws InterruptedException {
    try (ResidentMemory rss = new ResidentMemory(process.pid(), RSS_PERIOD_MILLIS)) {
      double c0 = process.seconds();
      double j0 = CompilerCpu.seconds(process.pid());
      long n0 = vectors.getAsLong();
      long t0 = System.nanoTime();
      Thread.sleep(options.ladderMeasure().toMillis());
      long n = vectors.getAsLong() - n0;
      double cpu = process.seconds() - c0;
      double jit = Math.max(0, CompilerCpu.seconds(process.pid()) - j0);
      double rate = Statistics.perSecond(n, System.nanoTime() - t0);
      return new Window(
          rate,
          n == 0 ? Double.NaN : cpu * 1e6 / n,
          n == 0 ? Double.NaN : jit * 1e6 / n,
          rss.summary());
    }
  }

  private static LadderCell logged(LadderCell c, String lastError) {
    Progress.log(
        String.format(
            Locale.ROOT,
            "ladder: %-12s %6d bytes %3d clients: %8.1f vectors/s per client, IE CPU %7.1f us per"
                + " vector (JIT %.1f), RSS %.0f-%.0f MB, errors %d, lost %d%s",
            c.mode(),
            c.bytes(),
            c.clients(),
            c.vectorsPerClientPerSecond(),
            c.ieCpuMicrosPerVector(),
            c.ieJitMicrosPerVector(),
            c.rssMinMegabytes(),
            c.rssMaxMegabytes(),
            c.errors(),
            c.lost(),
            lastError == null || c.errors() == 0 ? "" : " (" + lastError + ")"));
    return c;
  }

  /** The ladder as one table, mode by mode and size by size, clients growing down the rows. */
  private static void print(List<LadderCell> cells) {
    System.out.printf(
        Locale.ROOT,
        "%-12s %6s %7s %14s %10s %12s %8s %25s %7s %7s%n",
        "mode",
        "bytes",
        "clients",
        "vec/s/client",
        "vec/s",
        "IE us/vec",
        "JIT",
        "RSS MB min/mean/max",
        "errors",
        "lost");
    for (LadderCell c : cells) {
      System.out.printf(
          Locale.ROOT,
          "%-12s %6d %7d %14.1f %10.1f %12.1f %8.1f %25s %7d %7d%n",
          c.mode(),
          c.bytes(),
          c.clients(),
          c.vectorsPerClientPerSecond(),
          c.vectorsPerSecond(),
          c.ieCpuMicrosPerVector(),
          c.ieJitMicrosPerVector(),
          String.format(
              Locale.ROOT,
              "%.0f/%.0f/%.0f",
              c.rssMinMegabytes(),
              c.rssMeanMegabytes(),
              c.rssMaxMegabytes()),
          c.errors(),
          c.lost());
    }
    System.out.flush();
  }
}
