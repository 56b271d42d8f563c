package org.instrumentelement.ie.benchmark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The OPC UA peer's load client, a process of its own driven line by line (the protocol of {@code
 * LoadControl} in {@code ie-opcua-peer}): it runs one load at a time, many sessions polling or
 * subscribed, and answers what they counted, so that the benchmark reads the counts when it reads
 * the server's CPU time.
 */
final class PeerLoadClient implements AutoCloseable {
  /** Connecting and subscribing hundreds of sessions may take a while on shared cores. */
  private static final Duration ANSWER_WITHIN = Duration.ofSeconds(120);

  /**
   * What the load counted since it started.
   *
   * @param events reads answered well, or values delivered for the first time (not duplicates)
   * @param errors reads failed or wrong, values that were not a vector
   * @param delivered values with a sequence number not seen before (subscriptions)
   * @param lost sequence numbers never delivered, between a subscriber's first and its last
   * @param late numbers delivered after a later one (not lost)
   * @param duplicates numbers delivered again
   * @param lastError the last error, or null
   */
  record Counts(
      long events,
      long errors,
      long delivered,
      long lost,
      long late,
      long duplicates,
      String lastError) {}

  /** Latencies since the previous {@link #latency()}: how many, p50 and p99 in ms (NaN: none). */
  record Latency(long samples, double p50Millis, double p99Millis) {}

  private final PeerProcess process;

  private PeerLoadClient(PeerProcess process) {
    this.process = process;
  }

  static PeerLoadClient start(Path jar, String endpointUrl) throws IOException {
    PeerProcess p =
        PeerProcess.start(jar, List.of(), OpcUaPeer.LOAD, List.of("--endpoint=" + endpointUrl));
    try {
      String ready = p.nextLine(ANSWER_WITHIN);
      if (!ready.equals("ready")) {
        throw new IOException("the OPC UA load client said '" + ready + "' instead of ready");
      }
      return new PeerLoadClient(p);
    } catch (IOException | RuntimeException e) {
      p.close();
      throw e;
    }
  }

  /** Starts {@code clients} sessions reading the vector of this length in closed loops. */
  void poll(int length, int clients) throws IOException {
    ask("poll " + length + " " + clients);
  }

  /**
   * Starts {@code clients} sessions subscribed to the vector of this length.
   *
   * @return what the server granted: {@code publishingMillis} and {@code queue}
   */
  Map<String, String> subscribe(int length, int clients, int publishingMillis, int queue)
      throws IOException {
    return fields(
        ask("subscribe " + length + " " + clients + " " + publishingMillis + " " + queue));
  }

  /** The counts of the running load. */
  Counts counts() throws IOException {
    Map<String, String> f = fields(ask("counts"));
    return new Counts(
        number(f, "events"),
        number(f, "errors"),
        number(f, "delivered"),
        number(f, "lost"),
        number(f, "late"),
        number(f, "duplicates"),
        f.get("lastError"));
  }

  /** The events counted so far, for a {@link RateMeter}. */
  long events() {
    try {
      return counts().events();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The latencies recorded since the previous call, and a new window. */
  Latency latency() throws IOException {
    Map<String, String> f = fields(ask("latency"));
    return new Latency(
        number(f, "samples"), millis(number(f, "p50Micros")), millis(number(f, "p99Micros")));
  }

  /** Stops the load and closes its sessions. */
  void stop() throws IOException {
    ask("stop");
  }

  private String ask(String command) throws IOException {
    process.send(command);
    String answer = process.nextLine(ANSWER_WITHIN);
    if (answer.startsWith("error")) {
      throw new IOException("the OPC UA load client refused '" + command + "': " + answer);
    }
    return answer;
  }

  /**
   * The {@code name=value} fields of an answer after its first word; {@code lastError}, the last
   * field, takes the rest of the line.
   */
  static Map<String, String> fields(String answer) {
    Map<String, String> f = new LinkedHashMap<>();
    int error = answer.indexOf(" lastError=");
    String head = error < 0 ? answer : answer.substring(0, error);
    String[] words = head.trim().split("\\s+");
    for (int i = 1; i < words.length; i++) {
      int eq = words[i].indexOf('=');
      if (eq > 0) {
        f.put(words[i].substring(0, eq), words[i].substring(eq + 1));
      }
    }
    if (error >= 0) {
      f.put("lastError", answer.substring(error + " lastError=".length()));
    }
    return f;
  }

  private static long number(Map<String, String> fields, String name) throws IOException {
    String v = fields.get(name);
    if (v == null) {
      throw new IOException("the OPC UA load client's answer has no " + name + ": " + fields);
    }
    return Long.parseLong(v);
  }

  private static double millis(long micros) {
    return micros < 0 ? Double.NaN : micros / 1000.0;
  }

  /** Ends the load client: {@code quit}, then it exits at the end of its input. */
  @Override
  public void close() throws IOException {
    process.send("quit");
    process.close();
  }
}
