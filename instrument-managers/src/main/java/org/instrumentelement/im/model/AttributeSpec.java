package org.instrumentelement.im.model;

import java.util.Set;

/**
 * An instrument variable. Reading it asks the instrument; writing a writable one sets it on the
 * instrument (unlike a parameter, the IM does not keep it).
 *
 * @param readableIn states in which {@code getAttribute} is allowed
 * @param writableIn states in which {@code setAttribute} is allowed (empty: read-only)
 * @param subscribable whether the IM may sample it and publish its changes
 */
public record AttributeSpec(
    String name,
    ValueSpec spec,
    Set<String> readableIn,
    Set<String> writableIn,
    boolean subscribable,
    String description) {

  public AttributeSpec {
    readableIn = Set.copyOf(readableIn);
    writableIn = Set.copyOf(writableIn);
  }

  /** A read-only attribute, readable while connected. */
  public static AttributeSpec readOnly(String name, ValueSpec spec, String description) {
    return new AttributeSpec(name, spec, States.CONNECTED, Set.of(), false, description);
  }

  /** A writable attribute, readable and writable while connected. */
  public static AttributeSpec writable(String name, ValueSpec spec, String description) {
    return new AttributeSpec(name, spec, States.CONNECTED, States.CONNECTED, false, description);
  }

  public boolean writable() {
    return !writableIn.isEmpty();
  }

  public AttributeSpec asSubscribable() {
    return new AttributeSpec(name, spec, readableIn, writableIn, true, description);
  }

  public AttributeSpec readableIn(String... states) {
    return new AttributeSpec(name, spec, Set.of(states), writableIn, subscribable, description);
  }
}
