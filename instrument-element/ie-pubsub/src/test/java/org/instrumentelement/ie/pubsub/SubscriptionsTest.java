package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.config.IeConfig;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.contract.TopicNames;
import org.instrumentelement.ie.element.InstrumentElement;
import org.instrumentelement.ie.state.StateStore;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.sampling.Sample;
import org.instrumentelement.im.sampling.SamplingSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The subscriptions without a broker: each sampler is bound to its topic when it is created, and
 * run-time changes go through {@link Subscriptions#configure}.
 */
class SubscriptionsTest {
  private InstrumentElement ie;
  private StateStore store;
  private Subscriptions subscriptions;
  private final List<PublishedTopic> bound = new CopyOnWriteArrayList<>();
  private final Map<String, List<Sample>> received = new ConcurrentHashMap<>();

  @BeforeEach
  void start() throws Exception {
    IeConfig config = ConfigLoader.load(List.of(), Map.of());
    ie = new InstrumentElement(config);
    ie.start();
    store = StateStore.inMemory();
    subscriptions = new Subscriptions(ie, config, store);
    subscriptions.start(
        topic -> {
          bound.add(topic);
          List<Sample> samples = new CopyOnWriteArrayList<>();
          received.put(topic.topic(), samples);
          return samples::add;
        });
  }

  @AfterEach
  void stop() {
    subscriptions.close();
    ie.close();
  }

  @Test
  void everySamplerIsBoundToItsTopicUnitsPathAndAttribute() throws Exception {
    List<SampledAttribute> all = subscriptions.list(null);
    assertEquals(all.size(), bound.size(), "one binding per subscribable attribute");
    for (SampledAttribute s : all) {
      PublishedTopic t =
          bound.stream().filter(b -> b.topic().equals(s.topic())).findFirst().orElseThrow();
      assertEquals(TopicNames.topic("ie", "ie", s.imPath(), s.spec().name()), t.topic());
      assertEquals(s.imPath(), t.imPath());
      assertEquals(s.spec().name(), t.attribute());
      assertEquals(s.spec().spec().units(), t.units());
    }
    PublishedTopic waveform =
        bound.stream()
            .filter(b -> b.topic().equals("ie.ie.lab.scope.waveform"))
            .findFirst()
            .orElseThrow();
    assertEquals("V", waveform.units());
  }

  @Test
  void aSampleGoesToTheSinkOfItsOwnTopic() throws Exception {
    SampledAttribute vector = subscriptions.get("lab/array2500", "vector");
    vector.sampler().sampleOnce();
    List<Sample> samples = received.get(vector.topic());
    assertFalse(samples.isEmpty(), "the step driven here reached the vector's sink");
    assertEquals(2500, samples.get(samples.size() - 1).value().asDoubles().length);
    for (PublishedTopic t : bound) {
      for (Sample x : received.get(t.topic())) {
        assertEquals(t.imPath() + " " + t.attribute(), x.imPath() + " " + x.attribute(), t.topic());
      }
    }
  }

  @Test
  void configureChangesOnlyWhatItNamesAndKeepsIt() throws Exception {
    SampledAttribute before = subscriptions.get("lab/scope", "peakToPeak");
    SamplingSettings old = before.sampler().settings();
    SampledAttribute after =
        subscriptions.configure(
            "lab/scope", "peakToPeak", new SamplingChange(null, 0.5, null, null), "admin");
    SamplingSettings now = after.sampler().settings();
    assertEquals(0.5, now.filter().absolute());
    assertEquals(old.period(), now.period());
    assertEquals(old.filter().relative(), now.filter().relative());
    assertEquals(old.heartbeat(), now.heartbeat());

    subscriptions.configure(
        "lab/scope",
        "peakToPeak",
        new SamplingChange(Duration.ofMillis(250), null, null, null),
        "admin");
    SamplingSettings both = after.sampler().settings();
    assertEquals(Duration.ofMillis(250), both.period());
    assertEquals(0.5, both.filter().absolute(), "the earlier change holds");
    var kept = store.read(s -> s.sampling("lab/scope", "peakToPeak"));
    assertNotNull(kept, "kept for the next start");
    assertEquals(both, kept.settings());
    assertEquals("admin", kept.by());
  }

  @Test
  void anAttributeThatIsNotSubscribableHasNoTopic() {
    ImException e =
        assertThrows(
            ImException.class,
            () ->
                subscriptions.configure(
                    "lab/scope", "timeIncrement", new SamplingChange(null, null, null, null), "a"));
    assertEquals(FaultCode.NOT_SUBSCRIBABLE, e.code());
  }
}
