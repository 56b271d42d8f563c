package org.instrumentelement.ie.pubsub;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import org.instrumentelement.ie.config.AttributeConfig;
import org.instrumentelement.ie.config.ConfigException;
import org.instrumentelement.ie.config.IeConfig;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.contract.TopicNames;
import org.instrumentelement.ie.element.ImNode;
import org.instrumentelement.ie.element.InstrumentElement;
import org.instrumentelement.ie.state.StartupRestore;
import org.instrumentelement.ie.state.StateStore;
import org.instrumentelement.ie.state.StoredSampling;
import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.sampling.AttributeSampler;
import org.instrumentelement.im.sampling.ChangeFilter;
import org.instrumentelement.im.sampling.Reading;
import org.instrumentelement.im.sampling.SampleSink;
import org.instrumentelement.im.sampling.SamplingSettings;

/**
 * The subscribable attributes of an Instrument Element and their samplers. An attribute is
 * subscribable when its IM's model says so, unless the configuration says otherwise ({@code
 * im.<name>.attribute.<attribute>.subscribable}); its sampling settings come from the
 * configuration, then the global {@code sampling.*} defaults, and can be changed at run time; such
 * changes are kept in the {@link StateStore} and restored at the next start ({@link
 * StartupRestore#sampling}).
 *
 * <p>Each sampler is given, when it is created, the sink of its own {@link PublishedTopic} (topic,
 * units, IM path, attribute), so that a sample travels only downward from the sampler to the
 * broker. Run-time changes ({@code configureSampling}) go through {@link #configure}.
 */
public final class Subscriptions implements AutoCloseable {
  private final InstrumentElement ie;
  private final IeConfig config;
  private final StateStore store;
  private final Map<String, SampledAttribute> byKey = new LinkedHashMap<>();
  private final java.util.List<SamplingListener> samplingListeners =
      new java.util.concurrent.CopyOnWriteArrayList<>();

  /** Told when an attribute's sampling is switched on or off (configureSampling). */
  @FunctionalInterface
  public interface SamplingListener {
    void samplingChanged(String imPath, String attribute, boolean on);
  }

  /** Tells {@code l} of every change of sampling on or off from now on. */
  public void addSamplingListener(SamplingListener l) {
    samplingListeners.add(l);
  }

  private ScheduledExecutorService scheduler;
  private TopicSinks sinks;

  /** Subscriptions whose run-time settings are not kept across restarts. */
  public Subscriptions(InstrumentElement ie, IeConfig config) {
    this(ie, config, StateStore.inMemory());
  }

  public Subscriptions(InstrumentElement ie, IeConfig config, StateStore store) {
    this.ie = ie;
    this.config = config;
    this.store = store;
  }

  /** The topic of an attribute under this element's naming convention. */
  public String topic(String imPath, String attribute) {
    return TopicNames.topic(config.broker().topicPrefix(), config.name(), imPath, attribute);
  }

  /**
   * Creates and starts a sampler for every subscribable attribute, each publishing through the sink
   * {@code sinks} binds to its topic. The IMs must be started.
   */
  public synchronized void start(TopicSinks sinks) throws ConfigException {
    this.sinks = sinks;
    List<Found> found = new ArrayList<>();
    for (ImNode n : ie.nodes()) {
      found.addAll(subscribable(n));
    }
    Set<String> sampled = new HashSet<>();
    found.forEach(f -> sampled.add(key(f.node().path(), f.spec().name())));
    store.update(s -> s.retainSampling(sampled));
    AtomicInteger count = new AtomicInteger();
    scheduler =
        Executors.newScheduledThreadPool(
            Math.max(2, Math.min(found.size(), 16)),
            r -> {
              Thread t = new Thread(r, "ie-sampler-" + count.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    found.forEach(this::sample);
  }

  /**
   * Starts sampling the subscribable attributes of an IM added at run time, each publishing on its
   * topic as those of the configured IMs do.
   *
   * @throws ConfigException settings of attributes the IM does not have
   */
  public synchronized void add(ImNode n) throws ConfigException {
    if (scheduler == null) {
      throw new IllegalStateException("the subscriptions are not started");
    }
    subscribable(n).forEach(this::sample);
  }

  /** Stops sampling the attributes of an IM removed at run time, and forgets their settings. */
  public synchronized void remove(String imPath) {
    byKey
        .values()
        .removeIf(
            s -> {
              if (s.imPath().equals(imPath)) {
                s.sampler().close();
                return true;
              }
              return false;
            });
    store.update(st -> st.retainSampling(byKey.keySet()));
  }

  private record Found(ImNode node, AttributeSpec spec, SamplingSettings settings) {}

  /** The subscribable attributes of an IM with their sampling settings. */
  private List<Found> subscribable(ImNode n) throws ConfigException {
    List<Found> found = new ArrayList<>();
    for (String name : n.config().attributes().keySet()) {
      try {
        n.im().model().attribute(name);
      } catch (ImException ex) {
        throw new ConfigException(
            "im." + n.config().name() + ".attribute." + name + ": " + ex.getMessage());
      }
    }
    for (AttributeSpec a : n.im().model().attributes()) {
      AttributeConfig c = n.config().attributes().get(a.name());
      boolean subscribable =
          c != null && c.subscribable() != null ? c.subscribable() : a.subscribable();
      if (subscribable) {
        found.add(new Found(n, a, StartupRestore.sampling(store, n.path(), a.name(), settings(c))));
      }
    }
    return found;
  }

  private void sample(Found f) {
    String path = f.node().path();
    String name = f.spec().name();
    PublishedTopic published =
        new PublishedTopic(topic(path, name), f.spec().spec().units(), path, name);
    SampleSink sink = sinks.bind(published);
    AttributeSampler sampler =
        new AttributeSampler(f.node().im(), name, f.settings(), sink, scheduler);
    byKey.put(key(path, name), new SampledAttribute(path, f.spec(), published.topic(), sampler));
    sampler.start();
  }

  private SamplingSettings settings(AttributeConfig c) {
    Duration period = c != null && c.period() != null ? c.period() : config.samplingPeriod();
    double absolute = c != null && c.deadband() != null ? c.deadband() : 0;
    double relative = c != null && c.relativeDeadband() != null ? c.relativeDeadband() : 0;
    Duration heartbeat =
        c != null && c.heartbeat() != null ? c.heartbeat() : config.samplingHeartbeat();
    return new SamplingSettings(period, new ChangeFilter(absolute, relative), heartbeat);
  }

  /**
   * A subscribable attribute.
   *
   * @throws ImException UNKNOWN_IM, UNKNOWN_ATTRIBUTE or NOT_SUBSCRIBABLE
   */
  public SampledAttribute get(String imPath, String attribute) throws ImException {
    ImNode n = ie.node(imPath);
    n.im().model().attribute(attribute);
    SampledAttribute s;
    synchronized (this) {
      s = byKey.get(key(imPath, attribute));
    }
    if (s == null) {
      throw new ImException(
          FaultCode.NOT_SUBSCRIBABLE,
          "attribute '" + attribute + "' of " + imPath + " is not subscribable");
    }
    return s;
  }

  /**
   * The newest value the sampler of an attribute read, or null when it is not sampled or has not
   * read yet (no exception: asked on the polling path, where most attributes are not sampled).
   */
  public Reading latest(String imPath, String attribute) {
    SampledAttribute s;
    synchronized (this) {
      s = byKey.get(key(imPath, attribute));
    }
    return s == null ? null : s.sampler().latest();
  }

  /** Every subscribable attribute, of one IM or (path {@code null}) of all. */
  public synchronized List<SampledAttribute> list(String imPath) {
    return byKey.values().stream()
        .filter(s -> imPath == null || s.imPath().equals(imPath))
        .toList();
  }

  /**
   * Changes how an attribute is sampled, at once, and keeps the change for the next start before
   * returning. The change applies to the settings in effect, so that two changes of different
   * settings made at the same time both hold.
   *
   * @param by the admin who changed it
   * @throws ImException UNKNOWN_IM, UNKNOWN_ATTRIBUTE or NOT_SUBSCRIBABLE
   */
  public SampledAttribute configure(
      String imPath, String attribute, SamplingChange change, String by) throws ImException {
    SampledAttribute s = get(imPath, attribute);
    boolean was;
    boolean on;
    synchronized (s) {
      was = !s.sampler().settings().period().isZero();
      SamplingSettings settings = change.applyTo(s.sampler().settings());
      on = !settings.period().isZero();
      s.sampler().update(settings);
      store.update(
          st ->
              st.putSampling(
                  imPath, attribute, new StoredSampling(settings, by, store.clock().instant())));
    }
    if (was != on) {
      samplingListeners.forEach(l -> l.samplingChanged(imPath, attribute, on));
    }
    return s;
  }

  private static String key(String imPath, String attribute) {
    return imPath + "#" + attribute;
  }

  @Override
  public synchronized void close() {
    byKey.values().forEach(s -> s.sampler().close());
    byKey.clear();
    if (scheduler != null) {
      scheduler.shutdownNow();
      scheduler = null;
    }
  }
}
