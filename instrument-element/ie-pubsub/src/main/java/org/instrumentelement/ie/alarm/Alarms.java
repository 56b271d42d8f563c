package org.instrumentelement.ie.alarm;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.instrumentelement.ie.config.AttributeConfig;
import org.instrumentelement.ie.config.ConfigException;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.element.ImNode;
import org.instrumentelement.ie.element.InstrumentElement;
import org.instrumentelement.ie.pubsub.SampledAttribute;
import org.instrumentelement.ie.pubsub.Subscriptions;
import org.instrumentelement.ie.state.StartupRestore;
import org.instrumentelement.ie.state.StateStore;
import org.instrumentelement.ie.state.StoredAlarmLimits;
import org.instrumentelement.im.ImContext;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.alarm.AlarmChange;
import org.instrumentelement.im.alarm.AlarmKind;
import org.instrumentelement.im.alarm.AlarmLimits;
import org.instrumentelement.im.alarm.AttributeAlarms;
import org.instrumentelement.im.alarm.Severity;
import org.instrumentelement.im.alarm.Statistic;
import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.Quality;
import org.instrumentelement.im.model.States;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueType;

/**
 * Where the alarms come from: an {@link AttributeAlarms} on the sampler of every subscribable
 * attribute (limits from {@code im.<name>.attribute.<attribute>.alarm.*} over those of the IM's
 * description, or set at run time, and failing reads), a listener on every IM that raises an alarm
 * while it is in ERROR, and the alarms an IM raises itself (a sensor network's silent nodes). All
 * of them report to one {@link AlarmBoard}.
 */
public final class Alarms {
  /** The name of an IM's own alarm (its state is ERROR). */
  public static final String STATE = "state";

  private final InstrumentElement ie;
  private final Subscriptions subscriptions;
  private final AlarmBoard board;
  private final int failuresToAlarm;
  private final StateStore store;
  private final Map<String, AttributeAlarms> byKey = new ConcurrentHashMap<>();

  /** Alarms whose limits set at run time are not kept across restarts. */
  public Alarms(
      InstrumentElement ie, Subscriptions subscriptions, AlarmBoard board, int failuresToAlarm) {
    this(ie, subscriptions, board, failuresToAlarm, StateStore.inMemory());
  }

  /**
   * @param failuresToAlarm reads failing in a row that raise an alarm ({@code
   *     alarm.sampleFailures})
   * @param store where limits set at run time are kept, and restored from at start ({@link
   *     StartupRestore#alarmLimits})
   */
  public Alarms(
      InstrumentElement ie,
      Subscriptions subscriptions,
      AlarmBoard board,
      int failuresToAlarm,
      StateStore store) {
    this.ie = ie;
    this.subscriptions = subscriptions;
    this.board = board;
    this.failuresToAlarm = failuresToAlarm;
    this.store = store;
  }

  public AlarmBoard board() {
    return board;
  }

  /**
   * Puts a check on every sampler with the configured limits, and watches every IM's state. The
   * samplers must exist ({@link Subscriptions#start}).
   *
   * @throws ConfigException limits on an attribute that is not sampled, or a statistic that does
   *     not fit the attribute's type
   */
  public void start() throws ConfigException {
    for (SampledAttribute s : subscriptions.list(null)) {
      track(s);
    }
    store.update(st -> st.retainAlarmLimits(byKey.keySet()));
    for (ImNode n : ie.nodes()) {
      configureLimits(n);
    }
    for (SampledAttribute s : subscriptions.list(null)) {
      s.sampler().check(byKey.get(key(s.imPath(), s.spec().name())));
    }
    for (ImNode n : ie.nodes()) {
      watch(n);
    }
  }

  /**
   * Gives an IM added at run time what {@link #start} gives the configured ones: a check on the
   * sampler of each of its subscribable attributes with the limits of its settings and its
   * descriptor, and its alarm when it is in ERROR. Its samplers must exist ({@link
   * Subscriptions#add}).
   *
   * @throws ConfigException limits on an attribute that is not sampled, or a statistic that does
   *     not fit the attribute's type; nothing is left of the IM's alarms then
   */
  public void add(ImNode n) throws ConfigException {
    List<SampledAttribute> sampled = subscriptions.list(n.path());
    for (SampledAttribute s : sampled) {
      track(s);
    }
    try {
      configureLimits(n);
    } catch (ConfigException | RuntimeException e) {
      byKey.keySet().removeIf(k -> k.startsWith(n.path() + "#"));
      throw e;
    }
    for (SampledAttribute s : sampled) {
      s.sampler().check(byKey.get(key(s.imPath(), s.spec().name())));
    }
    watch(n);
  }

  /**
   * Forgets the alarms of an IM removed at run time: its checks, its limits (also those kept for
   * the next start) and its active alarms, which clear.
   */
  public void remove(String imPath) {
    byKey.keySet().removeIf(k -> k.startsWith(imPath + "#"));
    store.update(st -> st.retainAlarmLimits(byKey.keySet()));
    for (Alarm a : board.active()) {
      if (a.im().equals(imPath)) {
        board.changed(
            new AlarmChange(
                a.im(),
                a.name(),
                a.kind(),
                Severity.NONE,
                a.attribute(),
                Double.NaN,
                null,
                null,
                imPath + " was removed",
                Instant.now()));
      }
    }
  }

  private void track(SampledAttribute s) {
    AttributeSpec spec = s.spec();
    byKey.put(
        key(s.imPath(), spec.name()),
        new AttributeAlarms(s.imPath(), spec.name(), spec.spec().units(), failuresToAlarm, board));
  }

  /** Watches the IM's state (its alarm while in ERROR) and takes the alarms it raises itself. */
  private void watch(ImNode n) {
    n.im().addStateListener(this::stateChanged);
    n.im().addAlarmListener(board);
    if (States.ERROR.equals(n.im().state())) {
      stateChanged(n.im(), "", States.ERROR);
    }
  }

  /**
   * Sets the limits of one IM's numbers: the configuration's over its description's, or those kept
   * from the last run.
   */
  private void configureLimits(ImNode n) throws ConfigException {
    Map<String, AttributeConfig> configured = n.config().attributes();
    for (Map.Entry<String, AttributeConfig> e : configured.entrySet()) {
      for (Map.Entry<Statistic, AlarmLimits> l : e.getValue().alarms().entrySet()) {
        String where =
            "im." + n.config().name() + ".attribute." + e.getKey() + ".alarm." + dot(l.getKey());
        try {
          check(n.path(), e.getKey(), l.getKey());
        } catch (ImException ex) {
          throw new ConfigException(where + "*: " + ex.getMessage());
        }
      }
    }
    Map<String, Map<Statistic, AlarmLimits>> described = n.im().describedAlarmLimits();
    for (Map.Entry<String, Map<Statistic, AlarmLimits>> e : described.entrySet()) {
      for (Statistic st : e.getValue().keySet()) {
        try {
          check(n.path(), e.getKey(), st);
        } catch (ImException ex) {
          throw new ConfigException(
              "im."
                  + n.config().name()
                  + ".descriptor "
                  + n.config().options().getOrDefault(ImContext.DESCRIPTOR, "")
                  + ": attribute."
                  + e.getKey()
                  + ".alarm."
                  + dot(st)
                  + "*: "
                  + ex.getMessage());
        }
      }
    }
    // Every number with limits in the configuration, in the IM's description or kept from the
    // last run.
    Set<String> numbers = new TreeSet<>();
    configured.forEach(
        (attribute, c) -> c.alarms().keySet().forEach(st -> numbers.add(number(attribute, st))));
    described.forEach(
        (attribute, m) -> m.keySet().forEach(st -> numbers.add(number(attribute, st))));
    numbers.addAll(store.read(st -> st.alarmLimits(n.path())).keySet());
    for (String number : numbers) {
      int dot = number.indexOf('.');
      String attribute = number.substring(0, dot);
      String stored = number.substring(dot + 1);
      Statistic statistic = stored.equals("value") ? Statistic.VALUE : Statistic.named(stored);
      AlarmLimits inFile =
          fromFiles(configured.get(attribute), described.get(attribute), statistic);
      AlarmLimits limits =
          StartupRestore.alarmLimits(
              store, n.path(), number, inFile == null ? AlarmLimits.NONE : inFile);
      try {
        if (statistic != null && limits.any()) {
          configure(n.path(), attribute, statistic, limits);
        }
      } catch (ImException ex) {
        // Kept from a run whose IM had other attributes: it no longer fits, forget it.
        store.update(st -> st.removeAlarmLimits(n.path(), number));
      }
    }
  }

  /**
   * A number's limits as the files set them: the configuration's replace the description's (a SCPI
   * descriptor's) for the whole number; null when neither sets any.
   */
  private static AlarmLimits fromFiles(
      AttributeConfig configured, Map<Statistic, AlarmLimits> described, Statistic statistic) {
    AlarmLimits inConfig = configured == null ? null : configured.alarms().get(statistic);
    if (inConfig != null) {
      return inConfig;
    }
    return described == null ? null : described.get(statistic);
  }

  /** The key of a number in the state store: {@code <attribute>.<statistic>} or {@code .value}. */
  private static String number(String attribute, Statistic s) {
    return attribute + "." + (s == Statistic.VALUE ? "value" : s.configName());
  }

  private static String dot(Statistic s) {
    return s == Statistic.VALUE ? "" : s.configName() + ".";
  }

  private void stateChanged(InstrumentManager im, String from, String to) {
    if (States.ERROR.equals(to)) {
      board.changed(
          new AlarmChange(
              im.path(),
              STATE,
              AlarmKind.IM_ERROR,
              Severity.ALARM,
              null,
              Double.NaN,
              null,
              null,
              im.path() + " is in ERROR: " + im.lastError(),
              Instant.now()));
    } else if (States.ERROR.equals(from)) {
      board.changed(
          new AlarmChange(
              im.path(),
              STATE,
              AlarmKind.IM_ERROR,
              Severity.NONE,
              null,
              Double.NaN,
              null,
              null,
              im.path() + " is " + to + " again",
              Instant.now()));
    }
    if (States.UNLINKED.equals(to)) {
      for (AttributeAlarms a : byKey.values()) {
        if (a.im().equals(im.path())) {
          a.idle(im.path() + " was unlinked: " + a.attribute() + " is no longer read");
        }
      }
    }
  }

  /** The limits in effect on one attribute, by statistic. */
  public Map<Statistic, AlarmLimits> limits(String im, String attribute) throws ImException {
    return alarmsOf(im, attribute).limits();
  }

  /**
   * Sets the limits of one number of an attribute, at once ({@link AlarmLimits#NONE} removes them);
   * not kept across restarts.
   *
   * @throws ImException UNKNOWN_IM, UNKNOWN_ATTRIBUTE, NOT_SUBSCRIBABLE (limits are evaluated on
   *     samples), WRONG_TYPE (a statistic of a scalar, none of a vector, or not a number)
   */
  public void configure(String im, String attribute, Statistic statistic, AlarmLimits limits)
      throws ImException {
    check(im, attribute, statistic).limits(statistic, limits);
  }

  /**
   * Sets the limits of one number as {@link #configure(String, String, Statistic, AlarmLimits)},
   * and keeps them for the next start before returning.
   *
   * @param by the admin who set them
   */
  public void configure(
      String im, String attribute, Statistic statistic, AlarmLimits limits, String by)
      throws ImException {
    AttributeAlarms a = check(im, attribute, statistic);
    synchronized (a) {
      a.limits(statistic, limits);
      store.update(
          st ->
              st.putAlarmLimits(
                  im,
                  number(attribute, statistic),
                  new StoredAlarmLimits(limits, by, store.clock().instant())));
    }
  }

  /** The alarms of an attribute that may have limits on this number. */
  private AttributeAlarms check(String im, String attribute, Statistic statistic)
      throws ImException {
    AttributeAlarms a = alarmsOf(im, attribute);
    ValueType type = ie.node(im).im().model().attribute(attribute).spec().type();
    if (!statistic.appliesTo(type)) {
      String why =
          switch (type) {
            case DOUBLE_ARRAY ->
                "'"
                    + attribute
                    + "' is a vector: limits apply to one of its statistics (min, max, mean,"
                    + " rms, peakToPeak)";
            case DOUBLE, INTEGER ->
                "'" + attribute + "' is a single number: limits apply to it, without a statistic";
            default -> "'" + attribute + "' is not a number (" + type + "): it cannot have limits";
          };
      throw new ImException(FaultCode.WRONG_TYPE, why);
    }
    return a;
  }

  private AttributeAlarms alarmsOf(String im, String attribute) throws ImException {
    ie.node(im).im().model().attribute(attribute);
    AttributeAlarms a = byKey.get(key(im, attribute));
    if (a == null) {
      throw new ImException(
          FaultCode.NOT_SUBSCRIBABLE,
          "alarm limits are evaluated on the samples of subscribable attributes, and '"
              + attribute
              + "' of "
              + im
              + " is not sampled (make it subscribable)");
    }
    return a;
  }

  /** Every sampled attribute that has limits, as {@code im#attribute} with its limits. */
  public List<Map.Entry<String, Map<Statistic, AlarmLimits>>> allLimits() {
    return byKey.entrySet().stream()
        .filter(e -> !e.getValue().limits().isEmpty())
        .map(e -> Map.entry(e.getKey(), e.getValue().limits()))
        .sorted(Map.Entry.comparingByKey())
        .toList();
  }

  /**
   * A polled value with the quality of its attribute's alarm state (as the sampler last judged it):
   * a good value of an attribute beyond a limit is WARNING or ALARM.
   */
  public Value withAlarmQuality(String im, String attribute, Value v) {
    if (v.quality() != Quality.GOOD) {
      return v;
    }
    AttributeAlarms a = byKey.get(key(im, attribute));
    if (a == null || !a.limited()) {
      return v;
    }
    Severity s = board.limitSeverity(im, attribute);
    return s == Severity.NONE ? v : v.withQuality(s.quality());
  }

  private static String key(String im, String attribute) {
    return im + "#" + attribute;
  }
}
