package org.instrumentelement.ie.monitoring;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Figures about a running Instrument Element. Meters read their values from the parts they describe
 * when scraped, so nothing on the request or sampling path pays for them beyond one timer per SOAP
 * request.
 */
public final class Monitoring {
  private final StatusSource status;
  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final Instant started = Instant.now();
  private final ConcurrentHashMap<String, OperationFigures> operations = new ConcurrentHashMap<>();

  /** Counts of one SOAP operation, for getStatus; and its timers by outcome. */
  public static final class OperationFigures {
    final LongAdder requests = new LongAdder();
    final LongAdder faults = new LongAdder();
    final LongAdder totalNanos = new LongAdder();
    final AtomicLong maxNanos = new AtomicLong();

    /** The timer of answered requests, made on the first; others by outcome. */
    volatile Timer ok;

    final ConcurrentHashMap<String, Timer> otherOutcomes = new ConcurrentHashMap<>();

    public long requests() {
      return requests.sum();
    }

    public long faults() {
      return faults.sum();
    }

    public double meanMillis() {
      long n = requests.sum();
      return n == 0 ? 0 : totalNanos.sum() / 1e6 / n;
    }

    public double maxMillis() {
      return maxNanos.get() / 1e6;
    }

    void record(long nanos, boolean fault) {
      requests.increment();
      if (fault) {
        faults.increment();
      }
      totalNanos.add(nanos);
      long max = maxNanos.get();
      while (nanos > max && !maxNanos.compareAndSet(max, nanos)) {
        max = maxNanos.get();
      }
    }
  }

  /**
   * Monitoring with the JVM's and the process's meters; the Instrument Element's own parts add
   * theirs with {@link #bind}.
   *
   * @param status what readiness is made of
   */
  public Monitoring(StatusSource status) {
    this.status = status;
    new JvmMemoryMetrics().bindTo(registry);
    new JvmGcMetrics().bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ClassLoaderMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
    FunctionCounter.builder("ie.process.cpu.time", this, m -> m.processCpuNanos() / 1e9)
        .description("CPU time used by the Instrument Element process (with its embedded broker)")
        .baseUnit("seconds")
        .register(registry);
    Gauge.builder("ie.broker.connected", this, m -> m.brokerConnected() ? 1 : 0)
        .description("1 while the publisher is connected to the broker")
        .register(registry);
  }

  /** Adds the meters of one part (IMs, subscriptions, logins), read when scraped. */
  public Monitoring bind(MeterBinder meters) {
    meters.bindTo(registry);
    return this;
  }

  /**
   * Takes away the meters of one IM (those tagged with its path), once it is removed at run time.
   */
  public void forgetIm(String path) {
    for (Meter m : new ArrayList<>(registry.getMeters())) {
      if (path.equals(m.getId().getTag("im"))) {
        registry.remove(m);
      }
    }
  }

  /** Records one SOAP request. */
  public void recordRequest(String operation, String outcome, long nanos) {
    OperationFigures f = operations.get(operation);
    if (f == null) {
      f = operations.computeIfAbsent(operation, k -> new OperationFigures());
    }
    boolean ok = outcome.equals("OK");
    Timer timer = ok ? f.ok : null;
    if (timer == null) {
      timer = f.otherOutcomes.computeIfAbsent(outcome, o -> timer(operation, o));
      if (ok) {
        f.ok = timer;
      }
    }
    timer.record(nanos, TimeUnit.NANOSECONDS);
    f.record(nanos, !ok);
  }

  private Timer timer(String operation, String outcome) {
    return Timer.builder("ie.soap.requests")
        .description("SOAP requests by operation and outcome (OK or the fault code)")
        .tags("operation", operation, "outcome", outcome)
        .publishPercentiles(0.5, 0.99)
        .register(registry);
  }

  /** The Prometheus text exposition of every meter. */
  public String scrape() {
    return registry.scrape();
  }

  /** The process is up and serving. */
  public boolean live() {
    return true;
  }

  /** Ready for clients: every part has started and publishing reaches the broker. */
  public boolean ready() {
    return status.serving() && brokerConnected();
  }

  /** Whether the publisher reaches the broker. */
  public boolean brokerConnected() {
    return status.brokerConnected();
  }

  public Duration uptime() {
    return Duration.between(started, Instant.now());
  }

  /** CPU time of this process so far, in nanoseconds (0 where the JVM cannot tell). */
  public long processCpuNanos() {
    return ManagementFactory.getOperatingSystemMXBean()
            instanceof com.sun.management.OperatingSystemMXBean os
        ? Math.max(0, os.getProcessCpuTime())
        : 0;
  }

  public long heapUsedBytes() {
    MemoryMXBean m = ManagementFactory.getMemoryMXBean();
    return m.getHeapMemoryUsage().getUsed();
  }

  /** Request figures by operation, for getStatus. */
  public List<java.util.Map.Entry<String, OperationFigures>> operations() {
    return new ArrayList<>(new java.util.TreeMap<>(operations).entrySet());
  }
}
