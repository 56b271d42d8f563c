package org.instrumentelement.ie.alarm;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.alarm.AlarmChange;
import org.instrumentelement.im.alarm.AlarmKind;
import org.instrumentelement.im.alarm.AlarmListener;
import org.instrumentelement.im.alarm.Severity;
import org.instrumentelement.im.model.ImException;

/**
 * The active alarms of an Instrument Element. Raises and clears them as it is told of changes,
 * records who acknowledged them, and hands every event, in order and with the active alarms after
 * it, to its listeners (the alarm topic), called under its lock so that they see the events in the
 * order they happened; a listener must not block.
 */
public final class AlarmBoard implements AlarmListener {
  private final Clock clock;
  private final Map<String, Alarm> active = new LinkedHashMap<>(); // guarded by this
  private final List<Consumer<AlarmEvent>> listeners = new CopyOnWriteArrayList<>();

  public AlarmBoard(Clock clock) {
    this.clock = clock;
  }

  /** Tells {@code listener} of every event from now on. */
  public void addListener(Consumer<AlarmEvent> listener) {
    listeners.add(listener);
  }

  @Override
  public synchronized void changed(AlarmChange c) {
    String id = Alarm.id(c.im(), c.name());
    Alarm old = active.get(id);
    if (c.cleared()) {
      if (old != null) {
        active.remove(id);
        emit(AlarmEvent.Type.CLEARED, old, c.message());
      }
      return;
    }
    if (old != null && old.severity() == c.severity() && old.kind() == c.kind()) {
      return; // the same condition, still there
    }
    Alarm a =
        new Alarm(
            id,
            c.im(),
            c.name(),
            c.kind(),
            c.severity(),
            c.attribute(),
            c.value(),
            c.limit(),
            c.limitValue(),
            c.message(),
            c.time(),
            null,
            null);
    active.put(id, a);
    emit(AlarmEvent.Type.RAISED, a, c.message());
  }

  /**
   * Records that {@code user} acknowledged an active alarm; acknowledging it again changes nothing.
   *
   * @return the alarm as acknowledged
   * @throws ImException UNKNOWN_ALARM when no alarm with that id is active
   */
  public synchronized Alarm acknowledge(String id, String user) throws ImException {
    Alarm a = active.get(id);
    if (a == null) {
      throw new ImException(
          FaultCode.UNKNOWN_ALARM, "no active alarm '" + id + "' (it may have cleared)");
    }
    if (a.isAcknowledged()) {
      return a;
    }
    Alarm acked = a.acknowledge(user, clock.instant());
    active.put(id, acked);
    emit(AlarmEvent.Type.ACKNOWLEDGED, acked, "acknowledged by " + user);
    return acked;
  }

  /** Every active alarm, oldest first. */
  public synchronized List<Alarm> active() {
    return new ArrayList<>(active.values());
  }

  /** The active alarm with this id, or null. */
  public synchronized Alarm get(String id) {
    return active.get(id);
  }

  /**
   * The worst severity of the limit alarms of one attribute (its value and its statistics): what a
   * polled value's quality shows.
   */
  public synchronized Severity limitSeverity(String im, String attribute) {
    Severity worst = Severity.NONE;
    for (Alarm a : active.values()) {
      if (a.kind() == AlarmKind.LIMIT && a.im().equals(im) && attribute.equals(a.attribute())) {
        worst = Severity.worst(worst, a.severity());
      }
    }
    return worst;
  }

  /** Hands the listeners a SNAPSHOT of the active alarms. */
  public synchronized void snapshot() {
    emit(AlarmEvent.Type.SNAPSHOT, null, "the active alarms");
  }

  private void emit(AlarmEvent.Type type, Alarm alarm, String message) {
    AlarmEvent e =
        new AlarmEvent(type, alarm, message, clock.instant(), new ArrayList<>(active.values()));
    for (Consumer<AlarmEvent> l : listeners) {
      l.accept(e);
    }
  }
}
