package org.instrumentelement.ial.mock;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The current value of every property of one device (one per channel for per-channel properties),
 * and frozen copies of them: what an acquisition was made with.
 */
final class MockSettings implements MockFormulas.Settings {
  private final MockDeviceDescription description;
  private final Map<String, Object[]> values = new HashMap<>();

  MockSettings(MockDeviceDescription description) {
    this.description = description;
    reset();
  }

  /** Every property back to its default, as at power-on or {@code *RST}. */
  void reset() {
    for (MockProperty p : description.properties.values()) {
      Object[] v = new Object[p.perChannel() ? description.channels : 1];
      Arrays.fill(v, p.defaultValue());
      values.put(p.name(), v);
    }
  }

  /** The value at {@code channel} (1-based; ignored for a property with one value). */
  @Override
  public Object value(String property, int channel) {
    return valueIn(values, property, channel);
  }

  private Object valueIn(Map<String, Object[]> from, String property, int channel) {
    MockProperty p = description.properties.get(property);
    if (p == null) {
      return null;
    }
    Object[] v = from.get(property);
    return v[p.perChannel() ? Math.min(Math.max(channel, 1), v.length) - 1 : 0];
  }

  /** Sets the value at {@code channel} (every channel with 0). */
  void set(MockProperty p, int channel, Object value) {
    Object[] v = values.get(p.name());
    if (channel == 0 || !p.perChannel()) {
      Arrays.fill(v, value);
    } else {
      v[channel - 1] = value;
    }
  }

  /** A copy of every value as it is now. */
  Map<String, Object[]> snapshot() {
    Map<String, Object[]> copy = new HashMap<>();
    values.forEach((k, v) -> copy.put(k, v.clone()));
    return copy;
  }

  /**
   * The values of {@code frozen}, except the properties in {@code live}, which read as they are
   * now.
   */
  MockFormulas.Settings overlay(Map<String, Object[]> frozen, Set<String> live) {
    return (property, channel) ->
        live.contains(property) ? value(property, channel) : valueIn(frozen, property, channel);
  }
}
