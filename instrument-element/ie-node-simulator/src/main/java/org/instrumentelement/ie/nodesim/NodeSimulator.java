package org.instrumentelement.ie.nodesim;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.fusesource.mqtt.client.Future;

/**
 * Starts N virtual sensor nodes, each publishing R readings a second to its topic of a
 * sensor-network IM over MQTT ({@code <prefix>/<ie>/<IM path>/nodes/<node>}), with noise, drop-outs
 * and restarts. As a command it prints what it sent every few seconds; tests start it in their JVM.
 */
public final class NodeSimulator implements AutoCloseable {
  /** Logins in flight at once while the nodes connect. */
  static final int CONNECTING = 50;

  private final SimulatorOptions options;
  private final List<VirtualNode> nodes = new ArrayList<>();
  private final ScheduledExecutorService timer;
  private final SSLContext tls;

  private NodeSimulator(SimulatorOptions options) {
    this.options = options;
    this.tls = tls(options);
    this.timer =
        Executors.newScheduledThreadPool(
            2,
            r -> {
              Thread t = new Thread(r, "node-simulator");
              t.setDaemon(true);
              return t;
            });
  }

  /**
   * Connects every node, {@value #CONNECTING} at a time (a thousand logins at once would outlast
   * the broker's login timeout on a busy machine), then starts publishing, each node at its own
   * random phase of the period. Nodes not connected after two minutes in all (a wrong password, no
   * broker) keep trying by themselves.
   */
  public static NodeSimulator start(SimulatorOptions options) {
    NodeSimulator s = new NodeSimulator(options);
    Random random = new Random(42);
    long periodMicros = Math.round(1e6 / options.rate());
    List<Future<Void>> connecting = new ArrayList<>();
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    for (int i = 0; i < options.nodes(); i++) {
      VirtualNode n =
          new VirtualNode(options.nodeName(i), options, s.tls, s.timer, random.nextLong());
      connecting.add(n.connect());
      s.nodes.add(n);
      if (connecting.size() == CONNECTING || i == options.nodes() - 1) {
        for (Future<Void> f : connecting) {
          try {
            f.await(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
          } catch (Exception e) {
            // not accepted (yet): the node keeps trying by itself and publishes once connected
          }
        }
        connecting.clear();
      }
    }
    for (VirtualNode n : s.nodes) {
      s.timer.scheduleAtFixedRate(
          n::tick,
          (long) (random.nextDouble() * periodMicros),
          periodMicros,
          TimeUnit.MICROSECONDS);
    }
    return s;
  }

  /**
   * The TLS context for a broker over TLS: trusting the IE's certificate from the trust store, or
   * the JVM's default trust; null for a plain broker.
   *
   * @throws IllegalArgumentException if the trust store cannot be read
   */
  static SSLContext tls(SimulatorOptions o) {
    if (!o.broker().startsWith("ssl://") && !o.broker().startsWith("tls://")) {
      return null;
    }
    try {
      if (o.trustStore().isEmpty()) {
        return SSLContext.getDefault();
      }
      KeyStore ks = KeyStore.getInstance("PKCS12");
      try (InputStream in = Files.newInputStream(Path.of(o.trustStore()))) {
        ks.load(in, o.trustStorePassword().toCharArray());
      }
      TrustManagerFactory tmf =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(ks);
      SSLContext ctx = SSLContext.getInstance("TLS");
      ctx.init(null, tmf.getTrustManagers(), null);
      return ctx;
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException(
          "--trust-store " + o.trustStore() + " cannot be read: " + e.getMessage(), e);
    }
  }

  public List<VirtualNode> nodes() {
    return List.copyOf(nodes);
  }

  /** Node {@code i}, from 0. */
  public VirtualNode node(int i) {
    return nodes.get(i);
  }

  /** Messages handed to the nodes' connections so far. */
  public long sent() {
    return nodes.stream().mapToLong(VirtualNode::sent).sum();
  }

  /** Nodes whose connection is up. */
  public long connected() {
    return nodes.stream().filter(VirtualNode::connected).count();
  }

  @Override
  /** Stops every node; waits up to 10 s for what they have sent to leave before disconnecting. */
  public void close() {
    timer.shutdownNow();
    List<Future<Void>> closing = new ArrayList<>();
    nodes.forEach(n -> closing.add(n.disconnect()));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    for (Future<Void> f : closing) {
      try {
        f.await(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (Exception e) {
        // gone or timed out: nothing more to wait for
      }
    }
  }

  public static void main(String[] args) throws InterruptedException {
    for (String a : args) {
      if (a.equals("--help") || a.equals("-h")) {
        help(System.out);
        return;
      }
    }
    SimulatorOptions o;
    NodeSimulator s;
    try {
      o = SimulatorOptions.parse(args);
      s = start(o);
    } catch (IllegalArgumentException e) {
      System.err.println("node-simulator: " + e.getMessage());
      System.exit(2);
      return;
    }
    Runtime.getRuntime().addShutdownHook(new Thread(s::close));
    System.out.printf(
        "%d nodes (%s ... %s) at %s messages/s each to %s/<node> on %s%n",
        o.nodes(), o.nodeName(0), o.nodeName(o.nodes() - 1), o.rate(), o.topicBase(), o.broker());
    long start = System.nanoTime();
    long end = o.duration().isZero() ? Long.MAX_VALUE : start + o.duration().toNanos();
    long lastSent = 0;
    while (System.nanoTime() < end) {
      Thread.sleep(Math.min(5000, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
      long sent = s.sent();
      System.out.printf(
          "sent %d (%d in the last period), skipped %d, restarts %d, connected %d of %d%n",
          sent,
          sent - lastSent,
          s.nodes.stream().mapToLong(VirtualNode::skipped).sum(),
          s.nodes.stream().mapToLong(VirtualNode::restarts).sum(),
          s.connected(),
          o.nodes());
      lastSent = sent;
    }
    s.close();
  }

  static void help(PrintStream out) {
    out.println("Usage: node-simulator [--option=value ...]");
    out.println();
    out.println(
        "Starts virtual sensor nodes publishing readings over MQTT to a sensor-network IM's topics,");
    out.println("<prefix>/<ie>/<IM path>/nodes/<node> (docs/sensor-networks.md).");
    out.println();
    for (String[] o : SimulatorOptions.OPTIONS) {
      out.printf("  --%-15s %s (default: %s)%n", o[0], o[2], o[1].isEmpty() ? "empty" : o[1]);
    }
  }
}
