package org.instrumentelement.ie.config;

import java.util.HashMap;
import java.util.Map;

/**
 * The resolved text of every global key (all layers merged, defaults included), read as typed
 * values through their {@link ConfigKey}s. The configuration's sections read themselves from it.
 */
public final class KeyValues {
  private final Map<String, String> texts;

  KeyValues(Map<String, String> texts) {
    this.texts = Map.copyOf(texts);
  }

  /** Every global key at its default. */
  static KeyValues defaults() {
    Map<String, String> texts = new HashMap<>();
    for (ConfigKey<?> k : ConfigKeys.all()) {
      texts.put(k.name(), k.defaultText());
    }
    return new KeyValues(texts);
  }

  /** The value of {@code key}. */
  public <T> T get(ConfigKey<T> key) throws ConfigException {
    String text = texts.get(key.name());
    if (text == null) {
      throw new IllegalStateException(key.name() + " is not a resolved key");
    }
    return key.read(text);
  }

  /** The text of {@code key}, as resolved. */
  public String text(ConfigKey<?> key) {
    return texts.get(key.name());
  }
}
