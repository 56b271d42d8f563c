package org.instrumentelement.ial;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A parsed VISA-style resource string: {@code <interface>[board]::<field>::...[::<class>]}.
 *
 * <p>Examples: {@code TCPIP0::10.0.0.5::5025::SOCKET} (interface {@code TCPIP}, board 0, fields
 * {@code [10.0.0.5, 5025]}, class {@code SOCKET}); {@code MOCK::oscilloscope} (interface {@code
 * MOCK}, board 0, fields {@code [oscilloscope]}, class {@code INSTR}). Interface type and class are
 * case-insensitive and kept upper-case; fields keep their case. Each transport interprets the
 * fields itself.
 */
public record ResourceName(
    String text, String interfaceType, int board, List<String> fields, String resourceClass) {

  private static final Pattern INTERFACE = Pattern.compile("([A-Za-z]+)(\\d*)");
  private static final List<String> CLASSES =
      List.of("INSTR", "SOCKET", "RAW", "BACKPLANE", "SERVANT", "INTFC", "MEMACC");

  public ResourceName {
    fields = List.copyOf(fields);
  }

  /**
   * Parses a resource string.
   *
   * @throws InvalidResourceNameException if it is empty, has no interface type, or has empty fields
   */
  public static ResourceName parse(String text) throws InvalidResourceNameException {
    if (text == null || text.isBlank()) {
      throw new InvalidResourceNameException(String.valueOf(text), "empty");
    }
    String trimmed = text.trim();
    String[] parts = trimmed.split("::", -1);
    Matcher m = INTERFACE.matcher(parts[0]);
    if (!m.matches()) {
      throw new InvalidResourceNameException(
          trimmed, "it must start with an interface type such as TCPIP0 or MOCK");
    }
    String type = m.group(1).toUpperCase(Locale.ROOT);
    int board;
    try {
      board = m.group(2).isEmpty() ? 0 : Integer.parseInt(m.group(2));
    } catch (NumberFormatException e) {
      throw new InvalidResourceNameException(trimmed, "board number too large");
    }
    List<String> fields = new ArrayList<>();
    for (int i = 1; i < parts.length; i++) {
      if (parts[i].isBlank()) {
        throw new InvalidResourceNameException(trimmed, "field " + i + " is empty");
      }
      fields.add(parts[i].trim());
    }
    String cls = "INSTR";
    if (!fields.isEmpty()) {
      String last = fields.get(fields.size() - 1).toUpperCase(Locale.ROOT);
      if (CLASSES.contains(last)) {
        cls = last;
        fields.remove(fields.size() - 1);
      }
    }
    return new ResourceName(trimmed, type, board, fields, cls);
  }

  /** The field at {@code index}, or {@code fallback} when the resource string has fewer fields. */
  public String field(int index, String fallback) {
    return index < fields.size() ? fields.get(index) : fallback;
  }

  @Override
  public String toString() {
    return text;
  }
}
