package org.instrumentelement.ie.config;

/**
 * One configuration key, declared once: its name, the text of its default, how its text is read and
 * what it means. The loader reads values with it, {@code --help} prints it, and a test holds
 * docs/configuration.md to it.
 *
 * @param name the key as written in files, on the command line ({@code --name=...}) and,
 *     upper-cased with {@code IE_}, in the environment
 * @param defaultText the default as it would be written; empty for none, null where the default is
 *     not a text of its own (a required IM setting, or one that takes a global key's value)
 * @param type how the text is read
 * @param meaning what the key does, in a line ({@code --help})
 * @param <T> the value's type
 */
public record ConfigKey<T>(String name, String defaultText, ConfigType<T> type, String meaning) {

  /** The value that {@code text}, given for this key, stands for. */
  public T read(String text) throws ConfigException {
    return type.read(name, text);
  }
}
