package org.instrumentelement.ie.opcuapeer;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code --name=value} options of the peer's two commands, each name checked against the ones
 * the command knows, so that a typo is refused instead of measuring something else.
 */
record PeerOptions(Map<String, String> values) {

  /**
   * Reads the arguments.
   *
   * @param known the option names the command takes, without {@code --}
   * @throws IllegalArgumentException for an argument that is not {@code --name=value} or an unknown
   *     name
   */
  static PeerOptions parse(String[] args, Set<String> known) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String a : args) {
      int eq = a.indexOf('=');
      if (!a.startsWith("--") || eq < 0) {
        throw new IllegalArgumentException("options look like --name=value, not '" + a + "'");
      }
      String name = a.substring(2, eq);
      if (!known.contains(name)) {
        throw new IllegalArgumentException("unknown option --" + name + ", known: " + known);
      }
      values.put(name, a.substring(eq + 1));
    }
    return new PeerOptions(values);
  }

  String text(String name, String byDefault) {
    return values.getOrDefault(name, byDefault);
  }

  int integer(String name, int byDefault) {
    String s = values.get(name);
    try {
      return s == null ? byDefault : Integer.parseInt(s.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--" + name + " takes a whole number, not '" + s + "'");
    }
  }

  double number(String name, double byDefault) {
    String s = values.get(name);
    try {
      return s == null ? byDefault : Double.parseDouble(s.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--" + name + " takes a number, not '" + s + "'");
    }
  }

  List<Integer> integers(String name, String byDefault) {
    String s = values.getOrDefault(name, byDefault);
    try {
      return Arrays.stream(s.split(",")).map(p -> Integer.parseInt(p.trim())).toList();
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "--" + name + " takes whole numbers, comma-separated, not '" + s + "'");
    }
  }
}
