package org.instrumentelement.ie.measure.link;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * A shaped link made by the kernel: a {@code prio} queueing discipline at the root of {@code lo}
 * whose band 2 (towards the targets' ports) and band 3 (from them) each hold a {@code netem} with
 * half the round trip as delay and the link's rate; u32 filters send only the targets' ports there,
 * so other traffic on the loopback interface is not touched. Needs {@code tc}, the {@code
 * sch_netem} module and CAP_NET_ADMIN; {@link #tryOpen} answers null where any of them is missing,
 * or when {@code lo} already has a root queueing discipline of someone else's. {@link #close}
 * removes it.
 */
final class NetemLink implements ShapedLink {
  private static volatile String lastRefusal = "not tried";

  private final LinkShape shape;

  private NetemLink(LinkShape shape) {
    this.shape = shape;
  }

  /** The link through netem, or null (with {@link #lastRefusal} saying why) when it cannot be. */
  static NetemLink tryOpen(LinkShape shape, List<InetSocketAddress> targets) {
    String delay = shape.oneWayDelay().toNanos() / 1000 + "us";
    String rate = shape.bitsPerSecond() + "bit";
    List<List<String>> commands = new ArrayList<>();
    commands.add(
        List.of(
            "tc", "qdisc", "add", "dev", "lo", "root", "handle", "1:", "prio", "bands", "4",
            "priomap", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0",
            "0"));
    for (String band : List.of("2", "3")) {
      commands.add(
          List.of(
              "tc",
              "qdisc",
              "add",
              "dev",
              "lo",
              "parent",
              "1:" + band,
              "handle",
              band + "0:",
              "netem",
              "delay",
              delay,
              "rate",
              rate,
              "limit",
              "100000"));
    }
    for (InetSocketAddress t : targets) {
      String port = Integer.toString(t.getPort());
      commands.add(filter("dport", port, "1:2"));
      commands.add(filter("sport", port, "1:3"));
    }
    boolean rootAdded = false;
    for (List<String> c : commands) {
      String refusal = run(c);
      if (refusal != null) {
        lastRefusal = String.join(" ", c.subList(0, Math.min(c.size(), 9))) + ": " + refusal;
        if (rootAdded) {
          run(List.of("tc", "qdisc", "del", "dev", "lo", "root"));
        }
        return null;
      }
      rootAdded = true;
    }
    return new NetemLink(shape);
  }

  private static List<String> filter(String field, String port, String band) {
    return List.of(
        "tc",
        "filter",
        "add",
        "dev",
        "lo",
        "parent",
        "1:",
        "protocol",
        "ip",
        "prio",
        "1",
        "u32",
        "match",
        "ip",
        field,
        port,
        "0xffff",
        "flowid",
        band);
  }

  /** Why the last {@link #tryOpen} answered null. */
  static String lastRefusal() {
    return lastRefusal;
  }

  /** Runs a command; null when it succeeded, else its error output. */
  private static String run(List<String> command) {
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      if (!p.waitFor(10, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return "no answer within 10 s";
      }
      return p.exitValue() == 0 ? null : out.isEmpty() ? "exit " + p.exitValue() : out;
    } catch (IOException e) {
      return e.getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    }
  }

  @Override
  public LinkShape shape() {
    return shape;
  }

  @Override
  public String mechanism() {
    return String.format(
        Locale.ROOT,
        "the kernel's tc netem on lo (%s ms each way, %s bit/s per direction)",
        shape.oneWayDelay().toNanos() / 1e6,
        shape.bitsPerSecond());
  }

  @Override
  public InetSocketAddress clientAddress(InetSocketAddress target) {
    return target;
  }

  @Override
  public void close() {
    run(List.of("tc", "qdisc", "del", "dev", "lo", "root"));
  }
}
