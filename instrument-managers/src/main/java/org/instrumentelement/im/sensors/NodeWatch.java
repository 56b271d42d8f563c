package org.instrumentelement.im.sensors;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.instrumentelement.im.alarm.AlarmChange;
import org.instrumentelement.im.alarm.AlarmKind;
import org.instrumentelement.im.alarm.AlarmListener;
import org.instrumentelement.im.alarm.Severity;

/**
 * Raises an alarm for every node of a sensor network that has gone silent (BAD: nothing received
 * for {@code staleAfter}) and clears it when the node reports again. Nodes are judged on a timer
 * while the IM is linked, since a silent node sends nothing that could be judged on arrival. A
 * declared node that has never reported is judged from when the watch began (a start of the IE is
 * not an alarm of every node that has not yet spoken).
 */
final class NodeWatch {
  /** The shortest and longest time between two judgements. */
  static final Duration MIN_TICK = Duration.ofMillis(50);

  static final Duration MAX_TICK = Duration.ofSeconds(1);

  private final List<AlarmListener> listeners = new CopyOnWriteArrayList<>();

  /** The raised alarm of each silent node. */
  private final Map<String, AlarmChange> silent = new HashMap<>(); // guarded by this

  private final Map<String, Instant> neverHeardSince = new HashMap<>(); // guarded by this
  private ScheduledExecutorService timer; // guarded by this
  private String im = "";

  /**
   * Adds a listener, and tells it the alarms raised already (the IM may have linked before the
   * listener came).
   */
  synchronized void addListener(AlarmListener l) {
    listeners.add(l);
    silent.values().forEach(l::changed);
  }

  /**
   * Begins judging the nodes, every quarter of {@code staleAfter} as it is at each judgement (from
   * 50 ms to 1 s).
   *
   * @param im the IM's path, for the alarms
   */
  synchronized void start(String im, Supplier<List<SensorNode>> nodes, Supplier<Duration> stale) {
    stop("");
    this.im = im;
    ScheduledExecutorService t =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread th = new Thread(r, "node-watch " + im);
              th.setDaemon(true);
              return th;
            });
    timer = t;
    schedule(
        t,
        nodes,
        stale,
        Duration.ZERO); // the first judgement soon; staleAfter read then, off the IM's thread
  }

  private void schedule(
      ScheduledExecutorService t,
      Supplier<List<SensorNode>> nodes,
      Supplier<Duration> stale,
      Duration staleAfter) {
    long tick =
        Math.max(MIN_TICK.toMillis(), Math.min(MAX_TICK.toMillis(), staleAfter.toMillis() / 4));
    try {
      t.schedule(
          () -> {
            Duration now = staleAfter;
            try {
              now = stale.get();
              check(nodes.get(), Instant.now(), now);
            } catch (RuntimeException e) {
              // Judged again at the next tick.
            }
            schedule(t, nodes, stale, now);
          },
          tick,
          TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.RejectedExecutionException stopped) {
      // The watch was stopped meanwhile.
    }
  }

  /** Stops judging and clears every node alarm: nothing is known of the nodes while unlinked. */
  synchronized void stop(String why) {
    if (timer != null) {
      timer.shutdownNow();
      timer = null;
    }
    for (String node : silent.keySet()) {
      tell(node, Severity.NONE, why);
    }
    silent.clear();
    neverHeardSince.clear();
  }

  /**
   * Judges every node now: raises the alarm of a node silent for longer than {@code staleAfter},
   * clears that of a node heard from since, or no longer in the network (forgotten).
   */
  synchronized void check(List<SensorNode> nodes, Instant now, Duration staleAfter) {
    Set<String> present = new HashSet<>();
    for (SensorNode n : nodes) {
      String name = n.name();
      present.add(name);
      Instant heard = n.received();
      if (heard == null) {
        heard = neverHeardSince.computeIfAbsent(name, x -> now);
      } else {
        neverHeardSince.remove(name);
      }
      boolean quiet = Duration.between(heard, now).compareTo(staleAfter) > 0;
      boolean raised = silent.containsKey(name);
      if (quiet && !raised) {
        silent.put(
            name,
            tell(
                name,
                Severity.ALARM,
                "node "
                    + name
                    + (n.received() == null
                        ? " has sent nothing since " + heard
                        : " has been silent since " + heard)
                    + " (staleAfter "
                    + staleAfter.toMillis() / 1000.0
                    + " s)"));
      } else if (!quiet && raised) {
        silent.remove(name);
        tell(name, Severity.NONE, "node " + name + " reports again");
      }
    }
    for (var it = silent.keySet().iterator(); it.hasNext(); ) {
      String name = it.next();
      if (!present.contains(name)) {
        it.remove();
        tell(name, Severity.NONE, "node " + name + " was forgotten");
      }
    }
    neverHeardSince.keySet().retainAll(present);
  }

  /** The nodes whose alarm is raised. */
  synchronized Set<String> silentNodes() {
    return Set.copyOf(silent.keySet());
  }

  /** The name of a node's alarm within its IM. */
  static String alarmName(String node) {
    return "nodes." + node;
  }

  private AlarmChange tell(String node, Severity severity, String message) {
    AlarmChange c =
        new AlarmChange(
            im,
            alarmName(node),
            AlarmKind.NODE,
            severity,
            null,
            Double.NaN,
            null,
            null,
            message,
            Instant.now());
    for (AlarmListener l : listeners) {
      l.changed(c);
    }
    return c;
  }
}
