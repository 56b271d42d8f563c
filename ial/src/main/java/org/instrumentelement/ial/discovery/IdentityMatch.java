package org.instrumentelement.ial.discovery;

import java.util.Map;

/**
 * Something that fits an instrument's identity: a SCPI descriptor an IM can drive it with, or a
 * mock model that simulates it.
 *
 * @param kind what it is, for people ({@code descriptor}, {@code mock model})
 * @param name its name ({@code keysight-infiniivision}, {@code keysight-scope})
 * @param settings the {@code im.<name>.*} settings (after {@code im.<name>.}), in order, that drive
 *     the instrument with it, its address aside ({@code type = scpi}, {@code descriptor = ...});
 *     empty if it does not drive a real instrument (a mock model)
 */
public record IdentityMatch(String kind, String name, Map<String, String> settings) {
  public IdentityMatch {
    settings = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(settings));
  }

  @Override
  public String toString() {
    return kind + " " + name;
  }
}
