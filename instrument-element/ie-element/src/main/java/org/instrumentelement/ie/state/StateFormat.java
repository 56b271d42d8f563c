package org.instrumentelement.ie.state;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.instrumentelement.ie.security.Reservation;
import org.instrumentelement.im.alarm.AlarmLimits;
import org.instrumentelement.im.alarm.LimitKind;
import org.instrumentelement.im.sampling.ChangeFilter;
import org.instrumentelement.im.sampling.SamplingSettings;

/**
 * The keys of the state file, version {@value #VERSION}. IM paths ({@code lab/scope}) and item
 * names hold no dots, so a key splits on them:
 *
 * <pre>
 * format = 1
 * written = 2026-11-23T10:15:00Z
 * parameter.&lt;im&gt;.&lt;name&gt;.value | .source | .by | .at   a value taken at run time
 * configured.&lt;im&gt;.&lt;name&gt;                              the configuration's value at the last start
 * sampling.&lt;im&gt;.&lt;attribute&gt;.periodMillis | .deadband | .relativeDeadband | .heartbeatMillis
 *                                   | .by | .at          sampling set by configureSampling (a period
 *                                                        that is not whole milliseconds is written
 *                                                        as .periodMicros instead)
 * configuredSampling.&lt;im&gt;.&lt;attribute&gt;.periodMillis | ...  the configured sampling at the last start
 * alarm.&lt;im&gt;.&lt;attribute&gt;.&lt;statistic&gt;.lowAlarm | .lowWarning | .highWarning | .highAlarm
 *     | .hysteresis | .delayMillis | .by | .at      limits set by configureAlarmLimits (statistic
 *                                                  "value" for the attribute itself; a limit
 *                                                  absent is none)
 * configuredAlarm.&lt;im&gt;.&lt;attribute&gt;.&lt;statistic&gt;.lowAlarm | ...  the configured limits at the last start
 * reservation.&lt;n&gt;.im | .holder | .acquired | .expires    a reservation
 * addedIm.&lt;name&gt;.&lt;setting&gt;                            an IM added at run time: its
 *                                                  im.&lt;name&gt;.&lt;setting&gt; (which may hold dots)
 * </pre>
 *
 * Times are ISO-8601 UTC instants.
 */
public final class StateFormat {
  /** The version this IE writes and reads. */
  public static final int VERSION = 1;

  private StateFormat() {}

  /** The entries of the file for this state. */
  public static Map<String, String> encode(StoredState s, Instant written) {
    Map<String, String> out = new TreeMap<>();
    out.put("format", Integer.toString(VERSION));
    out.put("written", written.toString());
    s.parameters.forEach(
        (path, byName) ->
            byName.forEach(
                (name, p) -> {
                  String k = "parameter." + path + "." + name + ".";
                  out.put(k + "value", p.value());
                  out.put(k + "source", p.source());
                  out.put(k + "by", p.by());
                  out.put(k + "at", p.at().toString());
                }));
    s.configured.forEach(
        (path, byName) ->
            byName.forEach((name, v) -> out.put("configured." + path + "." + name, v)));
    s.sampling.forEach(
        (path, byAttribute) ->
            byAttribute.forEach(
                (a, st) -> {
                  String k = "sampling." + path + "." + a + ".";
                  putSettings(out, k, st.settings());
                  out.put(k + "by", st.by());
                  out.put(k + "at", st.at().toString());
                }));
    s.configuredSampling.forEach(
        (path, byAttribute) ->
            byAttribute.forEach(
                (a, st) -> putSettings(out, "configuredSampling." + path + "." + a + ".", st)));
    s.alarmLimits.forEach(
        (path, byNumber) ->
            byNumber.forEach(
                (n, l) -> {
                  String k = "alarm." + path + "." + n + ".";
                  putLimits(out, k, l.limits());
                  out.put(k + "by", l.by());
                  out.put(k + "at", l.at().toString());
                }));
    s.configuredAlarmLimits.forEach(
        (path, byNumber) ->
            byNumber.forEach(
                (n, l) -> putLimits(out, "configuredAlarm." + path + "." + n + ".", l)));
    s.addedIms.forEach(
        (name, settings) ->
            settings.forEach((setting, v) -> out.put("addedIm." + name + "." + setting, v)));
    for (int i = 0; i < s.reservations.size(); i++) {
      Reservation r = s.reservations.get(i);
      String k = "reservation." + i + ".";
      out.put(k + "im", r.subtree());
      out.put(k + "holder", r.holder());
      out.put(k + "acquired", r.acquired().toString());
      out.put(k + "expires", r.expires().toString());
    }
    return out;
  }

  private static void putLimits(Map<String, String> out, String k, AlarmLimits l) {
    for (LimitKind kind : LimitKind.values()) {
      Double v = l.limit(kind);
      if (v != null) {
        out.put(k + kind.configName(), Double.toString(v));
      }
    }
    out.put(k + "hysteresis", Double.toString(l.hysteresis()));
    out.put(k + "delayMillis", Long.toString(l.delay().toMillis()));
  }

  private static AlarmLimits limits(Map<String, String> f, String what)
      throws CorruptStateException {
    try {
      Double[] v = new Double[LimitKind.values().length];
      for (LimitKind kind : LimitKind.values()) {
        String text = f.get(kind.configName());
        v[kind.ordinal()] = text == null ? null : Double.valueOf(text);
      }
      return new AlarmLimits(
          v[LimitKind.LOW_ALARM.ordinal()],
          v[LimitKind.LOW_WARNING.ordinal()],
          v[LimitKind.HIGH_WARNING.ordinal()],
          v[LimitKind.HIGH_ALARM.ordinal()],
          Double.parseDouble(field(f, "hysteresis", what)),
          Duration.ofMillis(Long.parseLong(field(f, "delayMillis", what))));
    } catch (IllegalArgumentException e) {
      throw new CorruptStateException(
          "the alarm limits of " + what + " are malformed: " + e.getMessage());
    }
  }

  private static void putSettings(Map<String, String> out, String k, SamplingSettings s) {
    long nanos = s.period().toNanos();
    if (nanos % 1_000_000 == 0) {
      out.put(k + "periodMillis", Long.toString(nanos / 1_000_000));
    } else {
      out.put(k + "periodMicros", Long.toString(-Math.floorDiv(-nanos, 1000)));
    }
    out.put(k + "deadband", Double.toString(s.filter().absolute()));
    out.put(k + "relativeDeadband", Double.toString(s.filter().relative()));
    out.put(k + "heartbeatMillis", Long.toString(s.heartbeat().toMillis()));
  }

  /**
   * The state these entries describe.
   *
   * @throws CorruptStateException for another format version, an unknown key, a missing or
   *     malformed field
   */
  public static StoredState decode(Map<String, String> entries) throws CorruptStateException {
    StoredState s = new StoredState();
    if (entries.isEmpty()) {
      return s;
    }
    String format = entries.get("format");
    if (!Integer.toString(VERSION).equals(format)) {
      throw new CorruptStateException(
          "it has format "
              + format
              + ", this Instrument Element reads format "
              + VERSION
              + " (written by another version?)");
    }
    Map<String, Map<String, String>> parameters = new LinkedHashMap<>();
    Map<String, Map<String, String>> sampling = new LinkedHashMap<>();
    Map<String, Map<String, String>> configuredSampling = new LinkedHashMap<>();
    Map<String, Map<String, String>> alarms = new LinkedHashMap<>();
    Map<String, Map<String, String>> configuredAlarms = new LinkedHashMap<>();
    Map<String, Map<String, String>> reservations = new TreeMap<>();
    for (Map.Entry<String, String> e : entries.entrySet()) {
      String key = e.getKey();
      String[] k = key.split("\\.", -1);
      switch (k[0]) {
        case "format", "written" -> check(k.length == 1, key);
        case "parameter" -> group(parameters, k, 4, key).put(k[3], e.getValue());
        case "configured" -> {
          check(k.length == 3 && !k[1].isEmpty() && !k[2].isEmpty(), key);
          s.configured.computeIfAbsent(k[1], x -> new TreeMap<>()).put(k[2], e.getValue());
        }
        case "sampling" -> group(sampling, k, 4, key).put(k[3], e.getValue());
        case "configuredSampling" -> group(configuredSampling, k, 4, key).put(k[3], e.getValue());
        case "alarm" -> number(alarms, k, key).put(k[4], e.getValue());
        case "configuredAlarm" -> number(configuredAlarms, k, key).put(k[4], e.getValue());
        case "reservation" -> {
          check(k.length == 3 && k[1].matches("\\d{1,9}"), key);
          reservations
              .computeIfAbsent(String.format("%09d", Integer.parseInt(k[1])), x -> new TreeMap<>())
              .put(k[2], e.getValue());
        }
        case "addedIm" -> {
          check(k.length >= 3 && !k[1].isEmpty() && !k[2].isEmpty(), key);
          s.addedIms
              .computeIfAbsent(k[1], x -> new TreeMap<>())
              .put(key.substring("addedIm.".length() + k[1].length() + 1), e.getValue());
        }
        default -> throw new CorruptStateException("it has an unknown entry '" + key + "'");
      }
    }
    for (Map.Entry<String, Map<String, String>> e : parameters.entrySet()) {
      String[] id = e.getKey().split("\\.");
      Map<String, String> f = e.getValue();
      s.putParameter(
          id[0],
          id[1],
          new StoredParameter(
              field(f, "value", e.getKey()),
              field(f, "source", e.getKey()),
              field(f, "by", e.getKey()),
              instant(field(f, "at", e.getKey()), e.getKey())));
    }
    for (Map.Entry<String, Map<String, String>> e : sampling.entrySet()) {
      String[] id = e.getKey().split("\\.");
      Map<String, String> f = e.getValue();
      s.putSampling(
          id[0],
          id[1],
          new StoredSampling(
              settings(f, e.getKey()),
              field(f, "by", e.getKey()),
              instant(field(f, "at", e.getKey()), e.getKey())));
    }
    for (Map.Entry<String, Map<String, String>> e : configuredSampling.entrySet()) {
      String[] id = e.getKey().split("\\.");
      s.setConfiguredSampling(id[0], id[1], settings(e.getValue(), e.getKey()));
    }
    for (Map.Entry<String, Map<String, String>> e : alarms.entrySet()) {
      String[] id = e.getKey().split("\\.", 2);
      Map<String, String> f = e.getValue();
      s.putAlarmLimits(
          id[0],
          id[1],
          new StoredAlarmLimits(
              limits(f, e.getKey()),
              field(f, "by", e.getKey()),
              instant(field(f, "at", e.getKey()), e.getKey())));
    }
    for (Map.Entry<String, Map<String, String>> e : configuredAlarms.entrySet()) {
      String[] id = e.getKey().split("\\.", 2);
      s.setConfiguredAlarmLimits(id[0], id[1], limits(e.getValue(), e.getKey()));
    }
    for (Map.Entry<String, Map<String, String>> e : reservations.entrySet()) {
      Map<String, String> f = e.getValue();
      String what = "reservation " + e.getKey();
      s.reservations.add(
          new Reservation(
              field(f, "im", what),
              field(f, "holder", what),
              instant(field(f, "acquired", what), what),
              instant(field(f, "expires", what), what)));
    }
    return s;
  }

  /** The fields of {@code <kind>.<im>.<item>.<field>}, grouped by {@code <im>.<item>}. */
  private static Map<String, String> group(
      Map<String, Map<String, String>> groups, String[] k, int parts, String key)
      throws CorruptStateException {
    check(k.length == parts && !k[1].isEmpty() && !k[2].isEmpty() && !k[3].isEmpty(), key);
    return groups.computeIfAbsent(k[1] + "." + k[2], x -> new TreeMap<>());
  }

  /**
   * The fields of {@code <kind>.<im>.<attribute>.<statistic>.<field>}, grouped by {@code
   * <im>.<attribute>.<statistic>}.
   */
  private static Map<String, String> number(
      Map<String, Map<String, String>> groups, String[] k, String key)
      throws CorruptStateException {
    check(
        k.length == 5 && !k[1].isEmpty() && !k[2].isEmpty() && !k[3].isEmpty() && !k[4].isEmpty(),
        key);
    return groups.computeIfAbsent(k[1] + "." + k[2] + "." + k[3], x -> new TreeMap<>());
  }

  private static SamplingSettings settings(Map<String, String> f, String what)
      throws CorruptStateException {
    try {
      return new SamplingSettings(
          f.containsKey("periodMicros")
              ? Duration.ofNanos(Math.multiplyExact(Long.parseLong(f.get("periodMicros")), 1000))
              : Duration.ofMillis(Long.parseLong(field(f, "periodMillis", what))),
          new ChangeFilter(
              Double.parseDouble(field(f, "deadband", what)),
              Double.parseDouble(field(f, "relativeDeadband", what))),
          Duration.ofMillis(Long.parseLong(field(f, "heartbeatMillis", what))));
    } catch (IllegalArgumentException | ArithmeticException e) {
      throw new CorruptStateException(
          "the sampling of " + what + " is malformed: " + e.getMessage());
    }
  }

  private static String field(Map<String, String> f, String name, String what)
      throws CorruptStateException {
    String v = f.get(name);
    if (v == null) {
      throw new CorruptStateException(what + " has no " + name);
    }
    return v;
  }

  private static Instant instant(String text, String what) throws CorruptStateException {
    try {
      return Instant.parse(text.trim());
    } catch (DateTimeParseException e) {
      throw new CorruptStateException(what + ": '" + text + "' is not a time");
    }
  }

  private static void check(boolean ok, String key) throws CorruptStateException {
    if (!ok) {
      throw new CorruptStateException("it has a malformed entry '" + key + "'");
    }
  }
}
