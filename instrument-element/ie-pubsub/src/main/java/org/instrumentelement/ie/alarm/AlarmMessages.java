package org.instrumentelement.ie.alarm;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.instrumentelement.ie.contract.TopicNames;
import org.instrumentelement.im.alarm.Severity;

/**
 * The messages of the alarm topic ({@code <prefix>.<ie>.alarms}): a JMS TextMessage whose body is
 * one JSON object (the event and every alarm active after it) and whose properties say what
 * happened, so that a subscriber can select on them. This class is the reference for
 * docs/alarms.md, "The alarm topic".
 *
 * <pre>
 * {"event":"RAISED","time":"2026-11-23T18:01:02.123Z","message":"...",
 *  "alarm":{"id":"lab/scope#peakToPeak","im":"lab/scope","name":"peakToPeak","kind":"LIMIT",
 *           "severity":"ALARM","attribute":"peakToPeak","value":3.4,"limit":"highAlarm",
 *           "limitValue":3.0,"message":"...","raised":"...","acknowledged":false},
 *  "active":[ ...every active alarm, as "alarm"... ]}</pre>
 */
public final class AlarmMessages {
  /** The last segment of the alarm topic's name. */
  public static final String TOPIC_SUFFIX = TopicNames.ALARMS;

  /** Per topic, from 1, +1 for every message: a gap means missed events. */
  public static final String SEQUENCE = "ieSequence";

  /** RAISED, CLEARED, ACKNOWLEDGED or SNAPSHOT. */
  public static final String EVENT = "ieEvent";

  /** The severity of the event's alarm (WARNING, ALARM); of a SNAPSHOT, the worst active one. */
  public static final String SEVERITY = "ieSeverity";

  /** The id of the event's alarm (absent in a SNAPSHOT). */
  public static final String ALARM = "ieAlarm";

  /** The IM of the event's alarm (absent in a SNAPSHOT). */
  public static final String IM = "ieIm";

  /** How many alarms are active after the event. */
  public static final String ACTIVE = "ieActive";

  private static final ObjectMapper JSON = new ObjectMapper();

  private AlarmMessages() {}

  /** The alarm topic of an Instrument Element. */
  public static String topic(String prefix, String ieName) {
    return prefix + "." + ieName + "." + TOPIC_SUFFIX;
  }

  /** The body of an event's message. */
  public static String body(AlarmEvent e) {
    ObjectNode root = JSON.createObjectNode();
    root.put("event", e.type().name());
    root.put("time", e.time().toString());
    root.put("message", e.message());
    if (e.alarm() != null) {
      root.set("alarm", json(e.alarm()));
    }
    ArrayNode active = root.putArray("active");
    e.active().forEach(a -> active.add(json(a)));
    return root.toString();
  }

  /** The properties of an event's message (besides those of every message: epoch, published). */
  public static Map<String, Object> properties(AlarmEvent e, long sequence) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put(SEQUENCE, sequence);
    p.put(EVENT, e.type().name());
    Severity severity = Severity.NONE;
    if (e.alarm() != null) {
      severity = e.alarm().severity();
      p.put(ALARM, e.alarm().id());
      p.put(IM, e.alarm().im());
    } else {
      for (Alarm a : e.active()) {
        severity = Severity.worst(severity, a.severity());
      }
    }
    p.put(SEVERITY, severity.name());
    p.put(ACTIVE, e.active().size());
    return p;
  }

  private static ObjectNode json(Alarm a) {
    ObjectNode n = JSON.createObjectNode();
    n.put("id", a.id());
    n.put("im", a.im());
    n.put("name", a.name());
    n.put("kind", a.kind().name());
    n.put("severity", a.severity().name());
    if (a.attribute() != null) {
      n.put("attribute", a.attribute());
    }
    if (!Double.isNaN(a.value())) {
      n.put("value", a.value());
    }
    if (a.limit() != null) {
      n.put("limit", a.limit().configName());
      n.put("limitValue", a.limitValue());
    }
    n.put("message", a.message());
    n.put("raised", a.raised().toString());
    n.put("acknowledged", a.isAcknowledged());
    if (a.isAcknowledged()) {
      n.put("acknowledgedBy", a.acknowledgedBy());
      n.put("acknowledgedAt", a.acknowledged().toString());
    }
    return n;
  }
}
