package org.instrumentelement.im.sampling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.mock.MockSessionProvider;
import org.instrumentelement.im.ImContext;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.managers.OscilloscopeManager;
import org.instrumentelement.im.model.Value;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class AttributeSamplerTest {
  private final MockSessionProvider mocks = new MockSessionProvider();
  private final ResourceManager rm = new ResourceManager().register(mocks);
  private final InstrumentManager scope = new OscilloscopeManager();
  private final List<Sample> published = new CopyOnWriteArrayList<>();
  private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();

  @BeforeEach
  void open() throws Exception {
    scope.open(
        new ImContext(
            "lab/scope",
            "MOCK::oscilloscope",
            rm,
            Map.of(),
            Duration.ofSeconds(1),
            true,
            false,
            List::of));
  }

  @AfterEach
  void close() {
    scheduler.shutdownNow();
    scope.close();
    rm.close();
  }

  private AttributeSampler sampler(String attribute, ChangeFilter f, Duration heartbeat) {
    return new AttributeSampler(
        scope,
        attribute,
        new SamplingSettings(Duration.ZERO, f, heartbeat),
        published::add,
        scheduler);
  }

  @Test
  void onlyChangesArePublishedWithConsecutiveSequenceNumbers() throws Exception {
    AttributeSampler s = sampler("waveform", ChangeFilter.EXACT, Duration.ZERO);
    s.sampleOnce(); // LINKED: the scope holds its trace
    s.sampleOnce();
    s.sampleOnce();
    assertEquals(1, published.size(), "a held trace is published once");
    scope.executeCommand("start", Map.of());
    s.sampleOnce();
    s.sampleOnce();
    assertEquals(3, published.size(), "a running scope changes at every acquisition");
    assertEquals(List.of(1L, 2L, 3L), published.stream().map(Sample::sequence).toList());
    assertEquals(5, s.reads());
    assertEquals("lab/scope", published.get(0).imPath());
    assertEquals(2500, published.get(0).value().asDoubles().length);
  }

  @Test
  void deadbandSuppressesNoise() throws Exception {
    scope.executeCommand("start", Map.of());
    // Channel 4 is 0 V of DC with 50 mV rms noise: a 1 V deadband hides the noise entirely.
    scope.setParameter("channel", Value.ofEnum("CH4", Instant.now()));
    scope.setParameter("voltsPerDiv", Value.ofDouble(0.1, Instant.now()));
    AttributeSampler quiet = sampler("waveform", new ChangeFilter(1.0, 0), Duration.ZERO);
    for (int i = 0; i < 5; i++) {
      quiet.sampleOnce();
    }
    assertEquals(1, published.size());
    AttributeSampler exact = sampler("waveform", ChangeFilter.EXACT, Duration.ZERO);
    for (int i = 0; i < 5; i++) {
      exact.sampleOnce();
    }
    assertEquals(6, published.size());
  }

  @Test
  void heartbeatRepublishesAnUnchangedValue() throws Exception {
    AttributeSampler s = sampler("identity", ChangeFilter.EXACT, Duration.ofNanos(1));
    s.sampleOnce();
    s.sampleOnce();
    assertEquals(2, published.size());
    assertFalse(published.get(0).heartbeat());
    assertTrue(published.get(1).heartbeat());
    assertEquals(2, published.get(1).sequence());
  }

  @Test
  void nothingIsReadWhileTheImIsNotConnected() throws Exception {
    scope.executeCommand("unlink", Map.of());
    AttributeSampler s = sampler("waveform", ChangeFilter.EXACT, Duration.ZERO);
    s.sampleOnce();
    assertEquals(0, s.reads());
    assertEquals(0, published.size());
  }

  @Test
  void scheduledSamplingRunsAndStopsOnClose() throws Exception {
    scope.executeCommand("start", Map.of());
    CountDownLatch three = new CountDownLatch(3);
    AttributeSampler s =
        new AttributeSampler(
            scope,
            "waveform",
            new SamplingSettings(Duration.ofMillis(20), ChangeFilter.EXACT, Duration.ZERO),
            sample -> three.countDown(),
            scheduler);
    s.start();
    assertTrue(three.await(10, TimeUnit.SECONDS));
    s.close();
    long after = s.reads();
    // Once closed, no new task is scheduled: wait for one more scheduler turn and compare.
    scheduler.submit(() -> {}).get();
    assertTrue(s.reads() <= after + 1);
    s.update(s.settings().withPeriod(Duration.ofMillis(1)));
    scheduler.submit(() -> {}).get();
    Thread.sleep(20);
    assertTrue(s.reads() <= after + 1, "update after close does not restart");
  }

  private static boolean threadAlive(String name) {
    return Thread.getAllStackTraces().keySet().stream()
        .anyMatch(t -> t.getName().equals(name) && t.isAlive());
  }

  private static void eventually(java.util.function.BooleanSupplier condition, String what)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      assertTrue(System.nanoTime() < deadline, what);
      Thread.sleep(5);
    }
  }

  @Test
  void aFastPeriodIsSampledOnAThreadOfItsOwnThatEndsWithIt() throws Exception {
    scope.executeCommand("start", Map.of());
    List<String> threads = new CopyOnWriteArrayList<>();
    AttributeSampler s =
        new AttributeSampler(
            scope,
            "waveform",
            new SamplingSettings(Duration.ofNanos(500_000), ChangeFilter.EXACT, Duration.ZERO),
            sample -> threads.add(Thread.currentThread().getName()),
            scheduler);
    String own = "ie-sampler-lab/scope-waveform";
    s.start();
    eventually(() -> threads.size() >= 10, "10 samples");
    assertEquals(List.of(own), threads.stream().distinct().toList());

    // Slower than OWN_THREAD_BELOW: back on the shared scheduler, and the own thread ends.
    s.update(s.settings().withPeriod(AttributeSampler.OWN_THREAD_BELOW));
    eventually(() -> !threadAlive(own), "the sampler's own thread ends");
    int before = threads.size();
    eventually(() -> threads.size() >= before + 2, "samples on the scheduler");
    assertFalse(threads.subList(before + 1, threads.size()).contains(own));

    // Fast again, then closed: the thread ends and reads stop.
    s.update(s.settings().withPeriod(Duration.ofMillis(1)));
    eventually(() -> threadAlive(own), "a new own thread");
    s.close();
    eventually(() -> !threadAlive(own), "the own thread ends on close");
    long reads = s.reads();
    Thread.sleep(30);
    assertEquals(reads, s.reads(), "no reads after close");
  }
}
