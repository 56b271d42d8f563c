package org.instrumentelement.ial.mock;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.instrumentelement.ial.scpi.device.HeaderPattern;
import org.instrumentelement.ial.scpi.device.Keyword;
import org.instrumentelement.ial.scpi.device.ProgramData;
import org.instrumentelement.ial.scpi.device.ScpiError;
import org.instrumentelement.ial.scpi.device.ScpiErrorException;
import org.instrumentelement.ial.scpi.device.UnitSuffix;

/**
 * A setting of a mock device: its type, limits, default and SCPI headers, and how it reads a
 * parameter the way the instrument does (keywords in short or long form, MINimum / MAXimum /
 * DEFault, units with multipliers).
 *
 * @param keywords an enum's values; the value stored is the keyword's short form ({@code MSBF})
 * @param unit the suffix unit a number may carry ({@code V}, {@code S}), or {@code null} for none
 * @param aliases other spellings accepted, to the value they stand for ({@code ON} for {@code RUN})
 * @param replies what a query answers for a value, where it is not the value itself
 * @param auto a boolean property that the keyword {@code AUTO} turns on, and a number turns off (a
 *     range and its autorange), or {@code null}
 * @param longReplies whether queries answer keywords in long form (Tektronix with VERBose ON)
 * @param prefixes whether keywords are also taken in any prefix of their long form (Tektronix)
 * @param getter the query header, or {@code null} if the property cannot be read
 * @param setter the command header, or {@code null} if the property cannot be set
 * @param form how a query writes a number (the model's form for its type, or the property's own)
 */
record MockProperty(
    String name,
    Type type,
    Object defaultValue,
    double min,
    double max,
    List<Keyword> keywords,
    String unit,
    Map<String, String> aliases,
    Map<String, String> replies,
    String auto,
    boolean longReplies,
    boolean prefixes,
    boolean perChannel,
    HeaderPattern getter,
    HeaderPattern setter,
    NumberForm form) {
  private static final java.util.regex.Pattern KEYWORD_LIKE =
      java.util.regex.Pattern.compile("[A-Za-z].*");

  enum Type {
    DOUBLE,
    INTEGER,
    BOOLEAN,
    ENUM,
    STRING
  }

  /** What a parameter asks for: a value, or autoranging (the keyword AUTO with {@link #auto}). */
  static final Object AUTO = new Object();

  /** Reads the value a model file writes ({@code default}, an action's {@code sets}). */
  Object parse(String text) throws ScpiErrorException {
    return parse(ProgramData.parseList(text));
  }

  /**
   * Converts a command's parameters to this property's value, or refuses them with the error the
   * instrument would queue. A string property takes the whole list as sent ({@code REAL,32}).
   *
   * @return the value, or {@link #AUTO}
   */
  Object parse(List<ProgramData> parameters) throws ScpiErrorException {
    if (parameters.isEmpty()) {
      throw new ScpiErrorException(ScpiError.MISSING_PARAMETER.withDetail(name));
    }
    if (type == Type.STRING) {
      StringBuilder joined = new StringBuilder();
      for (ProgramData p : parameters) {
        joined.append(joined.isEmpty() ? "" : ",").append(p.text());
      }
      return joined.toString();
    }
    if (parameters.size() > 1) {
      throw new ScpiErrorException(ScpiError.PARAMETER_NOT_ALLOWED.withDetail(name));
    }
    return parse(parameters.get(0));
  }

  /** One parameter; see {@link #parse(List)}. */
  Object parse(ProgramData p) throws ScpiErrorException {
    String alias = alias(p);
    if (alias != null) {
      return parse(alias);
    }
    String word = p.kind() == ProgramData.Kind.CHARACTER ? p.text().toUpperCase(Locale.ROOT) : "";
    switch (type) {
      case DOUBLE, INTEGER -> {
        double v;
        if (word.equals("MIN") || word.equals("MINIMUM")) {
          v = min;
        } else if (word.equals("MAX") || word.equals("MAXIMUM")) {
          v = max;
        } else if (word.equals("DEF") || word.equals("DEFAULT")) {
          return defaultValue;
        } else if (word.equals("AUTO") && auto != null) {
          return AUTO;
        } else if (p.isNumeric()) {
          // Exact decimal arithmetic: 500US is the same double as 5e-4, as a client would expect.
          v =
              BigDecimal.valueOf(p.number())
                  .multiply(BigDecimal.valueOf(UnitSuffix.multiplier(p.suffix(), unit)))
                  .doubleValue();
        } else {
          throw new ScpiErrorException(ScpiError.DATA_TYPE.withDetail(name + " " + p));
        }
        if (!Double.isFinite(v) || v < min || v > max) {
          throw new ScpiErrorException(ScpiError.OUT_OF_RANGE.withDetail(name + " " + p));
        }
        return type == Type.INTEGER ? (Object) Math.round(v) : (Object) v;
      }
      case BOOLEAN -> {
        if (p.isNumeric() && p.suffix().isEmpty()) {
          return Math.round(p.number()) != 0;
        }
        return switch (word) {
          case "ON" -> Boolean.TRUE;
          case "OFF" -> Boolean.FALSE;
          default -> {
            if (p.kind() != ProgramData.Kind.CHARACTER) {
              throw new ScpiErrorException(ScpiError.DATA_TYPE.withDetail(name + " " + p));
            }
            throw new ScpiErrorException(ScpiError.ILLEGAL_VALUE.withDetail(name + " " + p));
          }
        };
      }
      case ENUM -> {
        if (p.kind() != ProgramData.Kind.CHARACTER) {
          throw new ScpiErrorException(ScpiError.DATA_TYPE.withDetail(name + " " + p));
        }
        for (Keyword k : keywords) {
          if (k.matches(p.text(), prefixes)) {
            return k.shortForm();
          }
        }
        throw new ScpiErrorException(ScpiError.ILLEGAL_VALUE.withDetail(name + " " + p));
      }
      default -> throw new AssertionError(type);
    }
  }

  private String alias(ProgramData p) {
    if (aliases.isEmpty()) {
      return null;
    }
    for (Map.Entry<String, String> a : aliases.entrySet()) {
      String key = a.getKey();
      boolean hit =
          p.kind() == ProgramData.Kind.CHARACTER
              ? KEYWORD_LIKE.matcher(key).matches() && Keyword.of(key).matches(p.text(), prefixes)
              : p.isNumeric()
                  && p.suffix().isEmpty()
                  && key.equals(MockFormulas.format(p.number()));
      if (hit) {
        return a.getValue();
      }
    }
    return null;
  }

  /** The query reply for {@code value}. */
  String format(Object value) {
    String key = String.valueOf(value);
    if (type == Type.BOOLEAN) {
      key = (Boolean) value ? "1" : "0";
    }
    String reply = replies.get(key);
    if (reply != null) {
      return reply;
    }
    return switch (type) {
      case BOOLEAN -> key;
      case STRING -> "\"" + value + "\"";
      case ENUM -> longReplies ? keyword(key).longForm() : key;
      case DOUBLE, INTEGER -> form.format(((Number) value).doubleValue());
    };
  }

  /** The keyword of a stored enum value. */
  Keyword keyword(String value) {
    for (Keyword k : keywords) {
      if (k.shortForm().equals(value)) {
        return k;
      }
    }
    throw new IllegalStateException(name + " holds " + value + ", not one of " + keywords);
  }

  /**
   * The value a model file names ({@code MSBFirst} or {@code MSBF}) as it is stored ({@code MSBF}).
   */
  String canonical(String declared) {
    try {
      return String.valueOf(parse(declared));
    } catch (ScpiErrorException e) {
      throw new IllegalArgumentException(
          "property " + name + ": '" + declared + "' is not one of its values");
    }
  }
}
