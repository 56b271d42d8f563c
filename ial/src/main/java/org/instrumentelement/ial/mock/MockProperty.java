package org.instrumentelement.ial.mock;

import java.util.List;
import java.util.Locale;

/**
 * A settable setting of a mock device: its type, limits, default and SCPI headers.
 *
 * @param perChannel whether each channel has its own value ({@code {ch}} in the headers)
 * @param getter the query header, or {@code null} if the property cannot be read
 * @param setter the command header, or {@code null} if the property cannot be set
 */
record MockProperty(
    String name,
    Type type,
    Object defaultValue,
    double min,
    double max,
    List<String> values,
    boolean perChannel,
    ScpiHeader getter,
    ScpiHeader setter) {

  enum Type {
    DOUBLE,
    INTEGER,
    BOOLEAN,
    ENUM,
    STRING
  }

  /** Thrown by {@link #parse} with the SCPI error the instrument would queue. */
  static final class Rejected extends Exception {
    private static final long serialVersionUID = 1L;
    final transient ScpiError error;

    Rejected(ScpiError error) {
      super(error.message(), null, false, false);
      this.error = error;
    }
  }

  /**
   * Converts a SCPI argument to this property's value, or rejects it as a real instrument would.
   */
  Object parse(String argument) throws Rejected {
    String arg = argument.trim();
    if (arg.isEmpty()) {
      throw new Rejected(ScpiError.MISSING_PARAMETER);
    }
    String upper = arg.toUpperCase(Locale.ROOT);
    switch (type) {
      case DOUBLE, INTEGER -> {
        double v;
        if (upper.equals("MIN") || upper.equals("MINIMUM")) {
          v = min;
        } else if (upper.equals("MAX") || upper.equals("MAXIMUM")) {
          v = max;
        } else if (upper.equals("DEF") || upper.equals("DEFAULT")) {
          return defaultValue;
        } else {
          try {
            v = Double.parseDouble(arg);
          } catch (NumberFormatException e) {
            throw new Rejected(ScpiError.DATA_TYPE.withDetail(arg));
          }
        }
        if (!Double.isFinite(v) || v < min || v > max) {
          throw new Rejected(ScpiError.OUT_OF_RANGE.withDetail(name + " " + arg));
        }
        return type == Type.INTEGER ? (Object) Math.round(v) : (Object) v;
      }
      case BOOLEAN -> {
        return switch (upper) {
          case "ON", "1" -> Boolean.TRUE;
          case "OFF", "0" -> Boolean.FALSE;
          default -> throw new Rejected(ScpiError.ILLEGAL_VALUE.withDetail(arg));
        };
      }
      case ENUM -> {
        for (String v : values) {
          if (v.equalsIgnoreCase(arg)) {
            return v;
          }
        }
        throw new Rejected(ScpiError.ILLEGAL_VALUE.withDetail(name + " " + arg));
      }
      case STRING -> {
        if (arg.length() >= 2 && (arg.startsWith("\"") && arg.endsWith("\""))) {
          return arg.substring(1, arg.length() - 1);
        }
        return arg;
      }
      default -> throw new AssertionError(type);
    }
  }

  /** The query reply for {@code value}. */
  String format(Object value) {
    return switch (type) {
      case BOOLEAN -> (Boolean) value ? "1" : "0";
      case STRING -> "\"" + value + "\"";
      default -> String.valueOf(value);
    };
  }
}
