package org.instrumentelement.im.descriptor;

import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueSpec;

/**
 * Turns a query's reply into a typed value: SCPI numbers (NR1, NR2, NR3), booleans as {@code 1},
 * {@code 0}, {@code ON}, {@code OFF}, enum tokens back to their choices, quoted strings unquoted,
 * comma-separated lists into vectors. A reply that does not convert means the instrument does not
 * speak as its descriptor says: that is an instrument failure, not a client error.
 */
final class ReplyConverter {
  private static final java.util.regex.Pattern COMMA = java.util.regex.Pattern.compile("\\s*,\\s*");

  private ReplyConverter() {}

  static Value convert(String reply, ValueSpec spec, Map<String, String> tokens, String query)
      throws InstrumentException {
    String r = reply.trim();
    Instant now = Instant.now();
    try {
      return switch (spec.type()) {
        case DOUBLE -> Value.ofDouble(number(r), now);
        case INTEGER -> {
          double d = number(r);
          if (d != Math.rint(d)) {
            throw new NumberFormatException(r);
          }
          yield Value.ofInteger((long) d, now);
        }
        case BOOLEAN ->
            switch (r.toUpperCase(Locale.ROOT)) {
              case "1", "ON", "+1" -> Value.ofBoolean(true, now);
              case "0", "OFF", "+0" -> Value.ofBoolean(false, now);
              default -> throw new NumberFormatException(r);
            };
        case ENUM -> Value.ofEnum(choice(r, spec, tokens), now);
        case STRING ->
            Value.ofString(
                r.length() >= 2 && r.startsWith("\"") && r.endsWith("\"")
                    ? r.substring(1, r.length() - 1)
                    : r,
                now);
        case DOUBLE_ARRAY -> {
          String[] parts = r.isEmpty() ? new String[0] : COMMA.split(r);
          double[] d = new double[parts.length];
          for (int i = 0; i < d.length; i++) {
            d[i] = number(parts[i]);
          }
          yield Value.ofDoubles(d, now);
        }
      };
    } catch (NumberFormatException e) {
      throw new InstrumentException(
          "the reply to " + query + " was '" + abbreviate(r) + "', not " + spec.describe());
    }
  }

  private static double number(String s) {
    return Double.parseDouble(s.startsWith("+") ? s.substring(1) : s);
  }

  private static String choice(String reply, ValueSpec spec, Map<String, String> tokens) {
    String r =
        reply.startsWith("\"") && reply.endsWith("\"") && reply.length() >= 2
            ? reply.substring(1, reply.length() - 1)
            : reply;
    for (Map.Entry<String, String> t : tokens.entrySet()) {
      if (t.getValue().equalsIgnoreCase(r)) {
        return t.getKey();
      }
    }
    for (String c : spec.choices()) {
      if (c.equalsIgnoreCase(r)) {
        return c;
      }
    }
    throw new NumberFormatException(r);
  }

  private static String abbreviate(String s) {
    return s.length() <= 60 ? s : s.substring(0, 60) + "...";
  }
}
