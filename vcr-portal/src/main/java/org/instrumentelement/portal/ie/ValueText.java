package org.instrumentelement.portal.ie;

import java.util.Locale;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.client.soap.ValueType;
import org.instrumentelement.ie.contract.FaultCode;

/**
 * Converts between the IE's typed {@link Value}s and what a web page shows and sends: plain JSON
 * numbers, booleans and strings; and text typed by an operator into a value of a parameter's type.
 */
public final class ValueText {
  private ValueText() {}

  /**
   * The value as a JSON-friendly object: a Double, Long, Boolean or String; for a vector, its
   * length as a string ("2500 values"), since vectors go to traces, not tables.
   */
  public static Object plain(Value v) {
    if (v == null) {
      return null;
    }
    if (v.getDoubleValue() != null) {
      return v.getDoubleValue();
    }
    if (v.getIntegerValue() != null) {
      return v.getIntegerValue();
    }
    if (v.isBooleanValue() != null) {
      return v.isBooleanValue();
    }
    if (v.getStringValue() != null) {
      return v.getStringValue();
    }
    if (v.getData() != null || !v.getDoubles().isEmpty()) {
      return InstrumentElementClient.vector(v).length + " values";
    }
    return null;
  }

  /**
   * The value an operator typed, for an item of {@code type}. Only the syntax is checked here:
   * ranges, choices and states are the IE's to check, so its reasons reach the operator unchanged.
   *
   * @throws PortalError with code {@code WRONG_TYPE} if the text is not of the type
   */
  public static Value parse(ValueType type, String text, String item) throws PortalError {
    String t = text == null ? "" : text.trim();
    try {
      return switch (type) {
        case DOUBLE -> InstrumentElementClient.doubleValue(Double.parseDouble(t));
        case INTEGER -> InstrumentElementClient.integerValue(Long.parseLong(t));
        case BOOLEAN -> InstrumentElementClient.booleanValue(bool(t));
        case STRING, ENUM -> InstrumentElementClient.stringValue(t);
        case DOUBLE_ARRAY -> throw new IllegalArgumentException("vectors cannot be typed in");
      };
    } catch (IllegalArgumentException e) {
      String what =
          switch (type) {
            case DOUBLE -> "a number";
            case INTEGER -> "a whole number";
            case BOOLEAN -> "true or false";
            default -> "a " + type.name().toLowerCase(Locale.ROOT);
          };
      throw new PortalError(FaultCode.WRONG_TYPE.name(), "'" + t + "' is not " + what, item, 400);
    }
  }

  private static boolean bool(String t) {
    return switch (t.toLowerCase(Locale.ROOT)) {
      case "true", "on", "yes", "1" -> true;
      case "false", "off", "no", "0" -> false;
      default -> throw new IllegalArgumentException(t);
    };
  }
}
