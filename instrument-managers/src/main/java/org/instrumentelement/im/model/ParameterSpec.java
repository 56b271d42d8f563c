package org.instrumentelement.im.model;

import java.util.Set;

/**
 * A configuration setting of an IM. The IM keeps its value, applies it to the instrument when it
 * links and whenever it is set while connected.
 *
 * @param defaultValue the value before anyone sets it
 * @param settableIn states in which {@code setParameter} is allowed
 */
public record ParameterSpec(
    String name, ValueSpec spec, Value defaultValue, Set<String> settableIn, String description) {

  public ParameterSpec {
    settableIn = Set.copyOf(settableIn);
  }

  /** A parameter settable in UNLINKED, LINKED and RUNNING. */
  public static ParameterSpec of(
      String name, ValueSpec spec, Value defaultValue, String description) {
    return new ParameterSpec(
        name,
        spec,
        defaultValue,
        Set.of(States.UNLINKED, States.LINKED, States.RUNNING),
        description);
  }

  public ParameterSpec settableIn(String... states) {
    return new ParameterSpec(name, spec, defaultValue, Set.of(states), description);
  }
}
