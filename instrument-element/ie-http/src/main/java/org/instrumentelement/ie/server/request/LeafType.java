package org.instrumentelement.ie.server.request;

import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The XML Schema type of one leaf of a request (an element with text only, or an attribute), and
 * the check of its text. JAXB converts these texts leniently: an unknown enumeration name or a
 * boolean other than true/false/1/0 becomes null without a word, base64 skips characters it does
 * not know, and a double may be written in hexadecimal. These checks follow the schema, and accept
 * nothing JAXB would then fail on.
 *
 * @param kind how the text is checked
 * @param choices the names an enumeration accepts (empty for other kinds)
 */
public record LeafType(Kind kind, List<String> choices) {
  /** The kinds of leaf text in the requests. */
  public enum Kind {
    /** xs:string: any text. */
    TEXT,
    /** An xs:list of xs:double, checked item by item after binding (with the item's index). */
    DOUBLE_LIST,
    DOUBLE,
    LONG,
    INT,
    BOOLEAN,
    /** xs:dateTime with a UTC offset, as the IE reads timestamps. */
    DATE_TIME,
    /** xs:base64Binary, or an MTOM reference to an attachment. */
    BASE64,
    /** An enumeration of xs:string: exactly one of the names, no surrounding spaces. */
    ENUM
  }

  public static final LeafType TEXT = of(Kind.TEXT);
  public static final LeafType DOUBLE_LIST = of(Kind.DOUBLE_LIST);
  public static final LeafType DOUBLE = of(Kind.DOUBLE);
  public static final LeafType LONG = of(Kind.LONG);
  public static final LeafType INT = of(Kind.INT);
  public static final LeafType BOOLEAN = of(Kind.BOOLEAN);
  public static final LeafType DATE_TIME = of(Kind.DATE_TIME);
  public static final LeafType BASE64 = of(Kind.BASE64);

  /** The xs:double lexical space of XML Schema 1.0, which is also what JAXB parses. */
  private static final Pattern XS_DOUBLE =
      Pattern.compile("[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]+)?|-?INF|NaN");

  private static final Pattern XS_INTEGER = Pattern.compile("[+-]?[0-9]+");

  private static LeafType of(Kind kind) {
    return new LeafType(kind, List.of());
  }

  /** An enumeration accepting these names. */
  public static LeafType enumeration(List<String> choices) {
    return new LeafType(Kind.ENUM, List.copyOf(choices));
  }

  /** Whether the text needs a look at all (collected while it streams past). */
  public boolean checked() {
    return kind != Kind.TEXT && kind != Kind.DOUBLE_LIST && kind != Kind.BASE64;
  }

  /**
   * What is wrong with {@code text} as a value of this type, in words that complete "'text' ...",
   * or null if it is a valid value.
   */
  public String problem(String text) {
    String t = kind == Kind.ENUM ? text : collapse(text);
    return switch (kind) {
      case TEXT, DOUBLE_LIST, BASE64 -> null;
      case DOUBLE ->
          XS_DOUBLE.matcher(t).matches()
              ? null
              : "is not a number (xs:double: e.g. 0.002, -1.5E-3, INF, -INF or NaN)";
      case LONG ->
          fits(t, Long.MIN_VALUE, Long.MAX_VALUE)
              ? null
              : "is not a whole number in the 64-bit range (xs:long)";
      case INT ->
          fits(t, Integer.MIN_VALUE, Integer.MAX_VALUE)
              ? null
              : "is not a whole number in the 32-bit range (xs:int)";
      case BOOLEAN ->
          t.equals("true") || t.equals("false") || t.equals("1") || t.equals("0")
              ? null
              : "is not a boolean (true, false, 1 or 0)";
      case DATE_TIME ->
          isDateTime(t)
              ? null
              : "is not a date and time with a UTC offset (xs:dateTime, e.g. 2026-11-21T10:15:30Z)";
      case ENUM -> choices.contains(t) ? null : "is not one of " + String.join(", ", choices);
    };
  }

  private static boolean fits(String t, long min, long max) {
    if (!XS_INTEGER.matcher(t).matches()) {
      return false;
    }
    try {
      long v = Long.parseLong(t.startsWith("+") ? t.substring(1) : t);
      return v >= min && v <= max;
    } catch (NumberFormatException e) {
      return false; // beyond a long
    }
  }

  private static boolean isDateTime(String t) {
    try {
      OffsetDateTime.parse(t);
      return true;
    } catch (DateTimeParseException e) {
      return false;
    }
  }

  /** The text without the XML white space around it (xs:whiteSpace collapse, for one token). */
  static String collapse(String text) {
    int start = 0;
    int end = text.length();
    while (start < end && isXmlSpace(text.charAt(start))) {
      start++;
    }
    while (end > start && isXmlSpace(text.charAt(end - 1))) {
      end--;
    }
    return text.substring(start, end);
  }

  static boolean isXmlSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
  }
}
