package org.instrumentelement.im.model;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.instrumentelement.ie.contract.FaultCode;

/**
 * The type and limits of a value: what {@link #validate} accepts. Numbers have a closed range (NaN
 * and infinities are never accepted), enums a list of choices, strings and vectors a maximum
 * length. Strings never accept control characters ({@link FreeText}), so a value cannot smuggle a
 * message terminator to an instrument nor split a line of a log.
 *
 * @param units SI units for display ("V", "s/div"), or empty
 * @param min smallest accepted number (for vectors: smallest element)
 * @param max largest accepted number (for vectors: largest element)
 * @param choices the values of an ENUM, empty otherwise
 * @param maxLength longest STRING or DOUBLE_ARRAY accepted
 */
public record ValueSpec(
    ValueType type, String units, double min, double max, List<String> choices, int maxLength) {
  private static final java.util.regex.Pattern LIST_SEPARATOR =
      java.util.regex.Pattern.compile("[,\\s]+");

  /** Longest string accepted unless a spec says otherwise. */
  public static final int DEFAULT_MAX_STRING = 1024;

  /** Longest vector accepted unless a spec says otherwise. */
  public static final int DEFAULT_MAX_ARRAY = 10_000_000;

  public ValueSpec {
    units = units == null ? "" : units;
    choices = List.copyOf(choices);
    if (type == ValueType.ENUM && choices.isEmpty()) {
      throw new IllegalArgumentException("an ENUM needs choices");
    }
    if (min > max) {
      throw new IllegalArgumentException("min " + min + " > max " + max);
    }
  }

  public static ValueSpec number(String units, double min, double max) {
    return new ValueSpec(ValueType.DOUBLE, units, min, max, List.of(), 0);
  }

  public static ValueSpec number(String units) {
    return number(units, -Double.MAX_VALUE, Double.MAX_VALUE);
  }

  public static ValueSpec integer(long min, long max) {
    return new ValueSpec(ValueType.INTEGER, "", min, max, List.of(), 0);
  }

  public static ValueSpec bool() {
    return new ValueSpec(ValueType.BOOLEAN, "", 0, 0, List.of(), 0);
  }

  public static ValueSpec text(int maxLength) {
    return new ValueSpec(ValueType.STRING, "", 0, 0, List.of(), maxLength);
  }

  public static ValueSpec text() {
    return text(DEFAULT_MAX_STRING);
  }

  public static ValueSpec choice(String... choices) {
    return new ValueSpec(ValueType.ENUM, "", 0, 0, List.of(choices), 0);
  }

  public static ValueSpec vector(String units) {
    return new ValueSpec(
        ValueType.DOUBLE_ARRAY,
        units,
        -Double.MAX_VALUE,
        Double.MAX_VALUE,
        List.of(),
        DEFAULT_MAX_ARRAY);
  }

  /** Whether a range other than "any finite number" applies. */
  public boolean hasRange() {
    return (type == ValueType.DOUBLE || type == ValueType.INTEGER)
        && (min > -Double.MAX_VALUE || max < Double.MAX_VALUE);
  }

  /**
   * Checks {@code v} against this spec and converts it where that loses nothing (an INTEGER where a
   * DOUBLE is expected, a whole DOUBLE where an INTEGER is, any case of an enum choice).
   *
   * @param what the item's name, for the message
   * @throws ImException WRONG_TYPE, OUT_OF_RANGE or INVALID_VALUE
   */
  public Value validate(Value v, String what) throws ImException {
    if (v == null) {
      throw new ImException(
          FaultCode.WRONG_TYPE, what + ": no value given, expected " + describe());
    }
    Instant at = v.timestamp();
    switch (type) {
      case DOUBLE -> {
        if (v.type() != ValueType.DOUBLE && v.type() != ValueType.INTEGER) {
          throw wrongType(v, what);
        }
        double d = checkNumber(v.asDouble(), what);
        return v.type() == ValueType.DOUBLE ? v : Value.ofDouble(d, at);
      }
      case INTEGER -> {
        long n;
        if (v.type() == ValueType.INTEGER) {
          n = v.asLong();
        } else if (v.type() == ValueType.DOUBLE
            && v.asDouble() == Math.rint(v.asDouble())
            && Math.abs(v.asDouble()) < 0x1p53) {
          n = (long) v.asDouble();
        } else {
          throw wrongType(v, what);
        }
        checkNumber(n, what);
        return v.type() == ValueType.INTEGER ? v : Value.ofInteger(n, at);
      }
      case BOOLEAN -> {
        if (v.type() != ValueType.BOOLEAN) {
          throw wrongType(v, what);
        }
        return v;
      }
      case STRING -> {
        if (v.type() != ValueType.STRING) {
          throw wrongType(v, what);
        }
        checkText(v.asString(), what);
        return v;
      }
      case ENUM -> {
        if (v.type() != ValueType.ENUM && v.type() != ValueType.STRING) {
          throw wrongType(v, what);
        }
        for (String c : choices) {
          if (c.equalsIgnoreCase(v.asString())) {
            return Value.ofEnum(c, at);
          }
        }
        throw new ImException(
            FaultCode.OUT_OF_RANGE,
            what + ": '" + abbreviate(v.asString()) + "' is not one of " + choices);
      }
      case DOUBLE_ARRAY -> {
        if (v.type() != ValueType.DOUBLE_ARRAY) {
          throw wrongType(v, what);
        }
        double[] d = v.asDoubles();
        if (d.length > maxLength) {
          throw new ImException(
              FaultCode.OUT_OF_RANGE, what + ": " + d.length + " values, at most " + maxLength);
        }
        for (int i = 0; i < d.length; i++) {
          checkNumber(d[i], what + "[" + i + "]");
        }
        return v;
      }
      default -> throw new AssertionError(type);
    }
  }

  /**
   * Reads a value written as text (configuration files, command lines): numbers in Java/XML syntax,
   * booleans as true/false, vectors as comma- or space-separated numbers.
   */
  public Value parse(String text, String what) throws ImException {
    Instant now = Instant.now();
    String t = text.trim();
    try {
      Value raw =
          switch (type) {
            case DOUBLE -> Value.ofDouble(Double.parseDouble(t), now);
            case INTEGER -> Value.ofInteger(Long.parseLong(t), now);
            case BOOLEAN -> {
              String b = t.toLowerCase(Locale.ROOT);
              if (!b.equals("true") && !b.equals("false")) {
                throw new ImException(
                    FaultCode.WRONG_TYPE, what + ": '" + t + "' is not a boolean");
              }
              yield Value.ofBoolean(Boolean.parseBoolean(b), now);
            }
            case STRING -> Value.ofString(text, now);
            case ENUM -> Value.ofEnum(t, now);
            case DOUBLE_ARRAY -> {
              String[] parts = t.isEmpty() ? new String[0] : LIST_SEPARATOR.split(t);
              double[] d = new double[parts.length];
              for (int i = 0; i < parts.length; i++) {
                d[i] = Double.parseDouble(parts[i]);
              }
              yield Value.ofDoubles(d, now);
            }
          };
      return validate(raw, what);
    } catch (NumberFormatException e) {
      throw new ImException(
          FaultCode.WRONG_TYPE, what + ": '" + abbreviate(t) + "' is not " + describe());
    }
  }

  /** A short human description, e.g. "a number in [1e-09, 50] s/div". */
  public String describe() {
    return switch (type) {
      case DOUBLE -> "a number" + range() + unitsSuffix();
      case INTEGER -> "an integer" + range();
      case BOOLEAN -> "a boolean";
      case STRING -> "a string of at most " + maxLength + " characters";
      case ENUM -> "one of " + choices;
      case DOUBLE_ARRAY -> "a vector of numbers" + unitsSuffix();
    };
  }

  private String range() {
    if (!hasRange()) {
      return "";
    }
    return type == ValueType.INTEGER
        ? " in [" + (long) min + ", " + (long) max + "]"
        : " in [" + min + ", " + max + "]";
  }

  private String unitsSuffix() {
    return units.isEmpty() ? "" : " " + units;
  }

  private double checkNumber(double d, String what) throws ImException {
    if (!Double.isFinite(d)) {
      throw new ImException(FaultCode.INVALID_VALUE, what + ": " + d + " is not a finite number");
    }
    if (d < min || d > max) {
      throw new ImException(FaultCode.OUT_OF_RANGE, what + ": " + d + " is not" + range());
    }
    return d;
  }

  private void checkText(String s, String what) throws ImException {
    if (s.length() > maxLength) {
      throw new ImException(
          FaultCode.OUT_OF_RANGE, what + ": " + s.length() + " characters, at most " + maxLength);
    }
    FreeText.check(s, what);
  }

  private ImException wrongType(Value v, String what) {
    return new ImException(
        FaultCode.WRONG_TYPE, what + ": got " + v.type() + ", expected " + describe());
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 40) + "...";
  }
}
