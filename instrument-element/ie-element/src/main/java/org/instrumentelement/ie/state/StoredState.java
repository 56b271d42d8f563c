package org.instrumentelement.ie.state;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.instrumentelement.ie.security.Reservation;
import org.instrumentelement.im.alarm.AlarmLimits;
import org.instrumentelement.im.sampling.SamplingSettings;

/**
 * Everything kept across restarts, by IM path: run-time parameter values, the configuration's
 * parameter values at the last start (to tell whether the file changed since), run-time sampling
 * settings with the configured ones at the last start, and the reservations. Not thread-safe:
 * {@link StateStore} guards it.
 */
public final class StoredState {
  final Map<String, Map<String, StoredParameter>> parameters = new TreeMap<>();
  final Map<String, Map<String, String>> configured = new TreeMap<>();
  final Map<String, Map<String, StoredSampling>> sampling = new TreeMap<>();
  final Map<String, Map<String, SamplingSettings>> configuredSampling = new TreeMap<>();
  // By IM path, then by number: "<attribute>.<statistic>" ("value" for the attribute itself).
  final Map<String, Map<String, StoredAlarmLimits>> alarmLimits = new TreeMap<>();
  final Map<String, Map<String, AlarmLimits>> configuredAlarmLimits = new TreeMap<>();
  final List<Reservation> reservations = new ArrayList<>();
  // By IM name: its im.<name>.* settings (after the prefix), as addInstrumentManager took them.
  final Map<String, Map<String, String>> addedIms = new TreeMap<>();

  /** The run-time parameter values of one IM, by parameter name. */
  public Map<String, StoredParameter> parameters(String path) {
    return Map.copyOf(parameters.getOrDefault(path, Map.of()));
  }

  public void putParameter(String path, String name, StoredParameter p) {
    parameters.computeIfAbsent(path, k -> new TreeMap<>()).put(name, p);
  }

  public void removeParameter(String path, String name) {
    Map<String, StoredParameter> m = parameters.get(path);
    if (m != null) {
      m.remove(name);
      if (m.isEmpty()) {
        parameters.remove(path);
      }
    }
  }

  /** The configured parameter values (as text) of one IM at the last start; empty if none. */
  public Map<String, String> configured(String path) {
    return Map.copyOf(configured.getOrDefault(path, Map.of()));
  }

  public void setConfigured(String path, Map<String, String> values) {
    if (values.isEmpty()) {
      configured.remove(path);
    } else {
      configured.put(path, new TreeMap<>(values));
    }
  }

  /** The run-time sampling settings of an attribute, or {@code null}. */
  public StoredSampling sampling(String path, String attribute) {
    return sampling.getOrDefault(path, Map.of()).get(attribute);
  }

  public void putSampling(String path, String attribute, StoredSampling s) {
    sampling.computeIfAbsent(path, k -> new TreeMap<>()).put(attribute, s);
  }

  public void removeSampling(String path, String attribute) {
    Map<String, StoredSampling> m = sampling.get(path);
    if (m != null) {
      m.remove(attribute);
      if (m.isEmpty()) {
        sampling.remove(path);
      }
    }
  }

  /** The configured sampling settings of an attribute at the last start, or {@code null}. */
  public SamplingSettings configuredSampling(String path, String attribute) {
    return configuredSampling.getOrDefault(path, Map.of()).get(attribute);
  }

  public void setConfiguredSampling(String path, String attribute, SamplingSettings s) {
    configuredSampling.computeIfAbsent(path, k -> new TreeMap<>()).put(attribute, s);
  }

  /** Forgets the sampling of attributes that are no longer sampled ({@code path#attribute}). */
  public void retainSampling(Set<String> keys) {
    sampling.forEach((path, m) -> m.keySet().removeIf(a -> !keys.contains(path + "#" + a)));
    sampling.values().removeIf(Map::isEmpty);
    configuredSampling.forEach(
        (path, m) -> m.keySet().removeIf(a -> !keys.contains(path + "#" + a)));
    configuredSampling.values().removeIf(Map::isEmpty);
  }

  /** The reservations, as last changed. */
  public List<Reservation> reservations() {
    return List.copyOf(reservations);
  }

  public void setReservations(Collection<Reservation> r) {
    reservations.clear();
    reservations.addAll(r);
  }

  /** The run-time alarm limits of an IM, by number ({@code <attribute>.<statistic>}). */
  public Map<String, StoredAlarmLimits> alarmLimits(String path) {
    return Map.copyOf(alarmLimits.getOrDefault(path, Map.of()));
  }

  public void putAlarmLimits(String path, String number, StoredAlarmLimits l) {
    alarmLimits.computeIfAbsent(path, k -> new TreeMap<>()).put(number, l);
  }

  public void removeAlarmLimits(String path, String number) {
    Map<String, StoredAlarmLimits> m = alarmLimits.get(path);
    if (m != null) {
      m.remove(number);
      if (m.isEmpty()) {
        alarmLimits.remove(path);
      }
    }
  }

  /** The configured alarm limits of a number at the last start, or {@code null}. */
  public AlarmLimits configuredAlarmLimits(String path, String number) {
    return configuredAlarmLimits.getOrDefault(path, Map.of()).get(number);
  }

  public void setConfiguredAlarmLimits(String path, String number, AlarmLimits l) {
    configuredAlarmLimits.computeIfAbsent(path, k -> new TreeMap<>()).put(number, l);
  }

  /** Forgets the alarm limits of attributes that are no longer sampled ({@code path#attribute}). */
  public void retainAlarmLimits(Set<String> keys) {
    for (Map<String, ? extends Map<String, ?>> m : List.of(alarmLimits, configuredAlarmLimits)) {
      m.forEach(
          (path, byNumber) ->
              byNumber
                  .keySet()
                  .removeIf(n -> !keys.contains(path + "#" + n.substring(0, n.indexOf('.')))));
      m.values().removeIf(Map::isEmpty);
    }
  }

  /** The IMs added at run time, by name: their {@code im.<name>.*} settings after the prefix. */
  public Map<String, Map<String, String>> addedIms() {
    Map<String, Map<String, String>> out = new TreeMap<>();
    addedIms.forEach((name, settings) -> out.put(name, Map.copyOf(settings)));
    return out;
  }

  public void putAddedIm(String name, Map<String, String> settings) {
    addedIms.put(name, new TreeMap<>(settings));
  }

  public void removeAddedIm(String name) {
    addedIms.remove(name);
  }

  /** Forgets everything about IMs that are no longer configured. */
  public void retainIms(Set<String> paths) {
    parameters.keySet().retainAll(paths);
    configured.keySet().retainAll(paths);
    sampling.keySet().retainAll(paths);
    configuredSampling.keySet().retainAll(paths);
    alarmLimits.keySet().retainAll(paths);
    configuredAlarmLimits.keySet().retainAll(paths);
  }

  /** Whether nothing set at run time is kept (configured values at the last start aside). */
  public boolean hasRunTimeValues() {
    return !parameters.isEmpty()
        || !sampling.isEmpty()
        || !reservations.isEmpty()
        || !alarmLimits.isEmpty()
        || !addedIms.isEmpty();
  }
}
