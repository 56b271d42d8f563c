package org.instrumentelement.ie.opcuapeer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The load client's command protocol, with loads that need no server. */
class LoadControlTest {
  private final List<String> started = new ArrayList<>();
  private final List<FixedLoad> loads = new ArrayList<>();

  private final class FixedLoad implements Load {
    final String what;
    boolean closed;

    FixedLoad(String what) {
      this.what = what;
    }

    @Override
    public String started() {
      return what;
    }

    @Override
    public LoadCounts counts() {
      return new LoadCounts(7, 1, new SequenceAccount.Counts(6, 2, 1, 0), "bad\nvector");
    }

    @Override
    public LatencyRecorder.Percentiles takeLatencies() {
      return new LatencyRecorder.Percentiles(7, 400, 900);
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  private final LoadControl control =
      new LoadControl(
          new LoadControl.Loads() {
            @Override
            public Load poll(int length, int clients) {
              started.add("poll " + length + " " + clients);
              FixedLoad l = new FixedLoad("polling");
              loads.add(l);
              return l;
            }

            @Override
            public Load subscribe(int length, int clients, double publishingMillis, int queue) {
              started.add(
                  "subscribe " + length + " " + clients + " " + publishingMillis + " " + queue);
              FixedLoad l = new FixedLoad("subscribed publishingMillis=10.0 queue=10");
              loads.add(l);
              return l;
            }
          });

  @Test
  void withoutALoadTheCountsAreZero() {
    assertEquals(
        "counts events=0 errors=0 delivered=0 lost=0 late=0 duplicates=0",
        control.answer("counts"));
    assertEquals("latency samples=0 p50Micros=-1 p99Micros=-1", control.answer("latency"));
  }

  @Test
  void aLoadRunsUntilTheNextOneOrStop() {
    assertEquals("ok polling", control.answer("poll 2500 40"));
    assertEquals(
        "counts events=7 errors=1 delivered=6 lost=2 late=1 duplicates=0 lastError=bad vector",
        control.answer("counts"));
    assertEquals("latency samples=7 p50Micros=400 p99Micros=900", control.answer("latency"));
    assertEquals(
        "ok subscribed publishingMillis=10.0 queue=10", control.answer("subscribe 2500 1 10 10"));
    assertTrue(loads.get(0).closed, "the polling load was stopped first");
    assertEquals("ok stopped", control.answer("stop"));
    assertTrue(loads.get(1).closed);
    assertEquals(List.of("poll 2500 40", "subscribe 2500 1 10.0 10"), started);
    assertFalse(control.quit());
    assertEquals("ok quit", control.answer("quit"));
    assertTrue(control.quit());
  }

  @Test
  void aCommandNotUnderstoodIsAnsweredWithAnError() {
    assertEquals("error unknown command 'pol'", control.answer("pol 2500 40"));
    assertEquals("error poll takes 2 arguments, not 1", control.answer("poll 2500"));
    assertEquals("error a count of at least 1, not 0", control.answer("poll 2500 0"));
    assertTrue(control.answer("poll many 40").startsWith("error "));
    assertTrue(started.isEmpty());
  }

  @Test
  void optionsAreCheckedByName() {
    PeerOptions o = PeerOptions.parse(new String[] {"--lengths=1250, 2500"}, Set.of("lengths"));
    assertEquals(List.of(1250, 2500), o.integers("lengths", "2500"));
    assertEquals(0, o.integer("port", 0));
    assertThrows(
        IllegalArgumentException.class,
        () -> PeerOptions.parse(new String[] {"--lenghts=2500"}, Set.of("lengths")));
    assertThrows(
        IllegalArgumentException.class,
        () -> PeerOptions.parse(new String[] {"lengths=2500"}, Set.of("lengths")));
  }
}
