package org.instrumentelement.jmeter.experiment;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.instrumentelement.ie.measure.Machine;
import org.instrumentelement.jmeter.soap.IeSoapClient;
import org.instrumentelement.jmeter.soap.SubscriptionInfo;

/**
 * Measures one point of the experiment: a polling point ({@code plans/polling.jmx}, N clients as
 * fast as the IE answers) or a subscription point ({@code plans/subscription.jmx}, N subscribers
 * while the IM samples at 1/Tr), printing it as it goes.
 */
final class PointRunner {
  private final Settings settings;
  private final PrintStream console;
  private final JMeterLauncher jmeter;
  private final MeasuredIe ie;

  PointRunner(Settings settings, PrintStream console, JMeterLauncher jmeter, MeasuredIe ie) {
    this.settings = settings;
    this.console = console;
    this.jmeter = jmeter;
    this.ie = ie;
  }

  /** The n-th of {@code total} points: polling in this encoding. */
  Point poll(
      int n,
      int total,
      String im,
      int length,
      String encoding,
      int clients,
      int warmup,
      int duration)
      throws IOException, InterruptedException {
    console.printf(
        Locale.ROOT,
        "[%d/%d] polling %s, %d doubles, %d clients: %d s warm-up + %d s%n",
        n,
        total,
        encoding,
        length,
        clients,
        warmup,
        duration);
    Map<String, String> props = properties(im, length, clients, warmup, duration);
    props.put("encoding", encoding);
    PlanRun run = run("polling", props, encoding, length, clients);
    Point p = point(encoding, length, clients, run, 0, Double.NaN, 0, 0, 0, 0);
    console.printf(
        Locale.ROOT,
        "      Tr %.2f ms, %.0f vectors/s, %.0f kB/s, %.0f B/vector, IE CPU %s ms/vector, %d errors%n",
        p.samples().meanElapsed,
        p.samples().rate(),
        p.trafficKbPerSecond(),
        p.bytesPerVector(),
        Decimal.of(p.ieCpuMillisPerVector(), 3),
        p.samples().errors);
    return p;
  }

  /** The n-th of {@code total} points: subscribers while the IM samples every round(tr) ms. */
  Point subscribe(
      int n, int total, String im, int length, int clients, double tr, int warmup, int duration)
      throws IOException, InterruptedException {
    return subscribe(n, total, im, length, clients, tr, warmup, duration, "JMS", "");
  }

  /**
   * The n-th of {@code total} points: subscribers to {@code topic} (empty: the attribute's, as
   * getSubscriptionInfo names it), labelled {@code mode} (JMS, or e.g. JMS-codes), while the IM
   * samples every {@code --jms.period} ms, or every round(tr) ms when it is empty.
   */
  Point subscribe(
      int n,
      int total,
      String im,
      int length,
      int clients,
      double tr,
      int warmup,
      int duration,
      String mode,
      String topic)
      throws IOException, InterruptedException {
    String fixed = settings.get("jms.period").trim();
    long period = fixed.isEmpty() ? Math.max(1, Math.round(tr)) : Long.parseLong(fixed);
    console.printf(
        Locale.ROOT,
        "[%d/%d] subscription %s, %d doubles, %d subscribers, IM sampling every %d ms"
            + " (Tr %.2f ms): %d s warm-up + %d s%n",
        n,
        total,
        mode + (topic.isEmpty() ? "" : " (" + topic + ")"),
        length,
        clients,
        period,
        tr,
        warmup,
        duration);
    String attribute = settings.get("attribute");
    SubscriptionInfo before = ie.configureSampling(im, attribute, period);
    Map<String, String> props = properties(im, length, clients, warmup, duration);
    props.put("receive.timeout", Long.toString(Math.max(5000, 20 * period)));
    props.put("mode", mode); // the samples' label: JMS and JMS-codes apart in the dashboard
    if (!topic.isEmpty()) {
      props.put("topic", topic.replace("{topic}", before.topic()));
    }
    PlanRun run;
    SubscriptionInfo after;
    SubscriptionInfo warmedUp;
    SubscriptionInfo measuredEnd;
    CompletableFuture<SubscriptionInfo> endOfWarmup = countersAfter(im, attribute, warmup);
    // The broker counts what it dropped for its current subscribers only, and the measured ones
    // leave at their end: read it a second before then, when only they are subscribed (the
    // runner's clock starts before JMeter's).
    CompletableFuture<SubscriptionInfo> endOfMeasurement =
        countersAfter(im, attribute, warmup + Math.max(0, duration - 1));
    try {
      run = run("subscription", props, mode, length, clients);
      after = ie.soap().subscriptionInfo(im, attribute);
      warmedUp = endOfWarmup.join();
      measuredEnd = endOfMeasurement.join();
    } catch (CompletionException e) {
      throw new IOException("reading the IE's counters during the run", e.getCause());
    } finally {
      endOfWarmup.cancel(false);
      endOfMeasurement.cancel(false);
      ie.configureSampling(im, attribute, 0);
    }
    Point p =
        point(
            mode,
            length,
            clients,
            run,
            period,
            tr,
            after.published() - before.published(),
            after.superseded() - warmedUp.superseded(),
            warmedUp.superseded() - before.superseded(),
            measuredEnd.discarded());
    console.printf(
        Locale.ROOT,
        "      %.1f messages/s per subscriber (target %.1f), %.0f kB/s, %.0f B/vector,"
            + " latency p50 %d ms, IE CPU %s ms/vector, %d missed, %d discarded by the broker,"
            + " %d errors%n",
        p.ratePerClient(),
        1000.0 / period,
        p.trafficKbPerSecond(),
        p.bytesPerVector(),
        p.samples().percentile(50),
        Decimal.of(p.ieCpuMillisPerVector(), 3),
        p.samples().missed,
        p.discarded(),
        p.samples().errors);
    return p;
  }

  /** The IE's counters of the attribute's topic, read {@code seconds} from now. */
  private CompletableFuture<SubscriptionInfo> countersAfter(
      String im, String attribute, int seconds) {
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            return ie.soap().subscriptionInfo(im, attribute);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        },
        CompletableFuture.delayedExecutor(seconds, TimeUnit.SECONDS));
  }

  /** The JMeter properties every plan takes (docs/jmeter.md, "The plans"). */
  Map<String, String> properties(String im, int length, int clients, int warmup, int duration) {
    Map<String, String> props = new LinkedHashMap<>();
    props.put("ie.url", ie.clientEndpoint());
    // One account for SOAP (HTTP Basic) and the broker, as the IE's access control expects.
    props.put("ie.user", settings.get("ie.user"));
    props.put("ie.password", settings.get("ie.password"));
    props.put(
        "ie.authorization",
        IeSoapClient.basic(settings.get("ie.user"), settings.get("ie.password")));
    if (!ie.brokerUrl().isEmpty()) {
      props.put("broker.url", ie.brokerUrl());
    }
    props.put("im", im);
    props.put("attribute", settings.get("attribute"));
    props.put("vector.length", Integer.toString(length));
    props.put("threads", Integer.toString(clients));
    props.put("warmup", Integer.toString(warmup));
    props.put("duration", Integer.toString(duration));
    // The subscribers' topic prefetch; the polling plan has no use for it.
    String prefetch = settings.get("jms.prefetch").trim();
    if (!prefetch.isEmpty()) {
      props.put("prefetch", prefetch);
    }
    props.put("acknowledge", settings.get("jms.acknowledge").trim());
    return props;
  }

  private PlanRun run(
      String plan, Map<String, String> props, String encoding, int length, int clients)
      throws IOException, InterruptedException {
    return PlanRun.run(
        jmeter,
        settings.path("plans").resolve(plan + ".jmx"),
        props,
        settings.path("work"),
        Point.name(encoding, length, clients),
        ie.cpu(),
        console);
  }

  private static Point point(
      String encoding,
      int length,
      int clients,
      PlanRun run,
      long period,
      double tr,
      long published,
      long superseded,
      long supersededInWarmup,
      long discarded) {
    return new Point(
        encoding,
        length,
        clients,
        run.samples(),
        run.ieCpuSeconds(),
        run.jmeterCpuSeconds(),
        period,
        tr,
        published,
        superseded,
        supersededInWarmup,
        discarded,
        Machine.loadAverage());
  }
}
