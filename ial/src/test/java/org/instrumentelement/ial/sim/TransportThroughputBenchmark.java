package org.instrumentelement.ial.sim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.hislip.HislipSessionProvider;
import org.instrumentelement.ial.mock.MockSessionProvider;
import org.instrumentelement.ial.socket.SocketSessionProvider;
import org.instrumentelement.ial.vxi11.Vxi11SessionProvider;

/**
 * How fast a 1,000,000-point binary waveform comes over each transport on loopback, from the
 * simulator in the same JVM: float64 (8 MB, the mock oscilloscope) and uint16 (2 MB, the Keysight
 * model in WORD format). The scope is stopped, so the simulator sends the same held trace and the
 * figures measure the transport, not the waveform synthesis. Each case is read {@code --warmup}
 * times, then timed {@code --repetitions} times; the median is reported.
 *
 * <p>Not a test: run it with {@code mvn -B -pl ial -Pbenchmark test-compile exec:java}. It writes
 * {@code ial/target/benchmarks/transport-throughput.json}.
 */
public final class TransportThroughputBenchmark {
  private static final int POINTS = 1_000_000;

  private record Case(String transport, String format, String resource, String setup) {}

  private record Result(
      String transport,
      String format,
      int bytes,
      double medianMs,
      double minMs,
      double maxMs,
      double mbPerSecond) {}

  private TransportThroughputBenchmark() {}

  public static void main(String[] args) throws Exception {
    int warmup = 20;
    int repetitions = 15;
    Path out = Path.of("target", "benchmarks", "transport-throughput.json");
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--warmup" -> warmup = Integer.parseInt(args[i + 1]);
        case "--repetitions" -> repetitions = Integer.parseInt(args[i + 1]);
        case "--out" -> out = Path.of(args[i + 1]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    try (InstrumentSimulator sim =
            InstrumentSimulator.builder().models("oscilloscope", "keysight-scope").build().start();
        ResourceManager rm = new ResourceManager()) {
      rm.register(new MockSessionProvider())
          .register(new SocketSessionProvider())
          .register(new Vxi11SessionProvider(sim.portmapperPort()))
          .register(new HislipSessionProvider());
      String float64 = ":WAVeform:POINts " + POINTS + ";:STOP";
      String uint16 = ":WAVeform:FORMat WORD;:WAVeform:POINts " + POINTS + ";:STOP";
      List<Case> cases =
          List.of(
              new Case("in-memory mock", "float64", "MOCK::oscilloscope", float64),
              new Case("raw socket", "float64", sim.socketResource(0), float64),
              new Case("VXI-11", "float64", sim.vxi11Resource(0), float64),
              new Case("HiSLIP", "float64", sim.hislipResource(0), float64),
              new Case("in-memory mock", "uint16", "MOCK::keysight-scope", uint16),
              new Case("raw socket", "uint16", sim.socketResource(1), uint16),
              new Case("VXI-11", "uint16", sim.vxi11Resource(1), uint16),
              new Case("HiSLIP", "uint16", sim.hislipResource(1), uint16));
      List<Result> results = new ArrayList<>();
      System.out.printf(
          "%-16s %-8s %10s %10s %10s %10s %10s%n",
          "transport", "format", "bytes", "median ms", "min ms", "max ms", "MB/s");
      for (Case c : cases) {
        Result r = run(rm, c, warmup, repetitions);
        results.add(r);
        System.out.printf(
            Locale.ROOT,
            "%-16s %-8s %10d %10.2f %10.2f %10.2f %10.0f%n",
            r.transport(),
            r.format(),
            r.bytes(),
            r.medianMs(),
            r.minMs(),
            r.maxMs(),
            r.mbPerSecond());
      }
      write(out, results, warmup, repetitions);
      System.out.println("written to " + out.toAbsolutePath());
    }
  }

  private static Result run(ResourceManager rm, Case c, int warmup, int repetitions)
      throws Exception {
    String query = ":WAVeform:DATA?";
    try (InstrumentSession s = rm.open(c.resource())) {
      s.setTimeout(Duration.ofSeconds(30));
      s.write("*RST;*CLS");
      s.write(c.setup());
      int bytes = 0;
      for (int i = 0; i < warmup; i++) {
        bytes = s.queryBinaryBlock(query).length;
      }
      double[] ms = new double[repetitions];
      for (int i = 0; i < repetitions; i++) {
        long t0 = System.nanoTime();
        bytes = s.queryBinaryBlock(query).length;
        ms[i] = (System.nanoTime() - t0) / 1e6;
      }
      if (!s.query(":SYSTem:ERRor?").startsWith("0,")) {
        throw new IllegalStateException(c + ": the instrument reported an error");
      }
      Arrays.sort(ms);
      double median = ms[ms.length / 2];
      return new Result(
          c.transport(),
          c.format(),
          bytes,
          median,
          ms[0],
          ms[ms.length - 1],
          bytes / 1e6 / (median / 1e3));
    }
  }

  private static void write(Path out, List<Result> results, int warmup, int repetitions)
      throws IOException {
    StringBuilder json = new StringBuilder();
    json.append("{\n")
        .append("  \"points\": ")
        .append(POINTS)
        .append(",\n  \"warmupReads\": ")
        .append(warmup)
        .append(",\n  \"repetitions\": ")
        .append(repetitions)
        .append(",\n  \"statistic\": \"median\",\n  \"cpus\": ")
        .append(Runtime.getRuntime().availableProcessors())
        .append(",\n  \"java\": \"")
        .append(System.getProperty("java.version"))
        .append("\",\n  \"results\": [\n");
    for (int i = 0; i < results.size(); i++) {
      Result r = results.get(i);
      json.append(
          String.format(
              Locale.ROOT,
              "    {\"transport\": \"%s\", \"format\": \"%s\", \"bytes\": %d, \"medianMs\": %.3f,"
                  + " \"minMs\": %.3f, \"maxMs\": %.3f, \"mbPerSecond\": %.1f}%s%n",
              r.transport(),
              r.format(),
              r.bytes(),
              r.medianMs(),
              r.minMs(),
              r.maxMs(),
              r.mbPerSecond(),
              i + 1 < results.size() ? "," : ""));
    }
    json.append("  ]\n}\n");
    Files.createDirectories(out.toAbsolutePath().getParent());
    Files.writeString(out, json, StandardCharsets.UTF_8);
  }
}
