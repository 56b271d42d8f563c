package org.instrumentelement.im.descriptor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.InstrumentException;

/**
 * A waveform preamble as the instrument sent it, cut into fields ({@code 1,0,2000,1,5.0E-6,...} or
 * Tektronix's {@code 2;16;BIN;RI;MSB;"Ch1, DC coupling";...}); separators inside double quotes do
 * not cut.
 */
final class Preamble {
  private final String text;
  private final List<String> fields;
  private final Map<String, Integer> indices;

  private Preamble(String text, List<String> fields, Map<String, Integer> indices) {
    this.text = text;
    this.fields = fields;
    this.indices = indices;
  }

  /** Cuts a reply into fields; {@code indices} says which field holds which quantity. */
  static Preamble parse(String reply, String separator, Map<String, Integer> indices) {
    List<String> fields = new ArrayList<>();
    boolean quoted = false;
    int start = 0;
    for (int i = 0; i < reply.length(); i++) {
      char c = reply.charAt(i);
      if (c == '"') {
        quoted = !quoted;
      } else if (!quoted && reply.startsWith(separator, i)) {
        fields.add(reply.substring(start, i).trim());
        start = i + separator.length();
        i = start - 1;
      }
    }
    fields.add(reply.substring(start).trim());
    return new Preamble(reply, fields, indices);
  }

  /** Whether the descriptor names a field for {@code quantity}. */
  boolean has(String quantity) {
    return indices.containsKey(quantity);
  }

  /**
   * The number in the field named {@code quantity}, or {@code fallback} if the descriptor names
   * none.
   *
   * @throws InstrumentException if the preamble is too short or the field is not a number: the
   *     instrument does not speak as the descriptor says
   */
  double number(String quantity, double fallback) throws InstrumentException {
    Integer i = indices.get(quantity);
    if (i == null) {
      return fallback;
    }
    if (i >= fields.size()) {
      throw new InstrumentException(
          "the preamble has "
              + fields.size()
              + " fields, "
              + quantity
              + " is field "
              + i
              + ": '"
              + text
              + "'");
    }
    String f = fields.get(i);
    try {
      return Double.parseDouble(f.startsWith("+") ? f.substring(1) : f);
    } catch (NumberFormatException e) {
      throw new InstrumentException(
          "preamble field " + i + " (" + quantity + ") is '" + f + "', not a number");
    }
  }
}
