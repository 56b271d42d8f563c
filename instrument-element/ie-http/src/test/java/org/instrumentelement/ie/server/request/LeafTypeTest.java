package org.instrumentelement.ie.server.request;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class LeafTypeTest {
  static void accepts(LeafType type, String... texts) {
    for (String t : texts) {
      assertNull(type.problem(t), type.kind() + " should accept '" + t + "'");
    }
  }

  static void refuses(LeafType type, String... texts) {
    for (String t : texts) {
      assertNotNull(type.problem(t), type.kind() + " should refuse '" + t + "'");
    }
  }

  @Test
  void doublesFollowXmlSchemaNotJava() {
    accepts(
        LeafType.DOUBLE, "0.002", "-1.5E-3", "1e5", "+2", ".5", "1.", "INF", "-INF", "NaN", " 7 ");
    refuses(
        LeafType.DOUBLE,
        "",
        "fast",
        "0x1p-9",
        "0.002d",
        "1f",
        "Infinity",
        "+INF",
        "nan",
        "1,5",
        "1_000",
        "1e",
        "--1");
  }

  @Test
  void wholeNumbersMustFitTheirRange() {
    accepts(LeafType.LONG, "0", "+7", "-9223372036854775808", "9223372036854775807", "\n42\t");
    refuses(LeafType.LONG, "", "1.5", "1e3", "0x10", "NaN", "INF", "9223372036854775808");
    accepts(LeafType.INT, "2147483647", "-2147483648");
    refuses(LeafType.INT, "2147483648", "abc", "1.0");
  }

  @Test
  void booleansAreTheFourSchemaSpellings() {
    accepts(LeafType.BOOLEAN, "true", "false", "1", "0", " true ");
    refuses(LeafType.BOOLEAN, "", "maybe", "TRUE", "True", "yes", "2", "truex");
  }

  @Test
  void enumerationsTakeExactNames() {
    LeafType encoding = LeafType.enumeration(List.of("XML", "BINARY"));
    accepts(encoding, "XML", "BINARY");
    refuses(encoding, "", "GZIP", "binary", " BINARY ", "XML\n");
    assertTrue(encoding.problem("HEX").contains("XML, BINARY"), encoding.problem("HEX"));
  }

  @Test
  void datesNeedAnOffset() {
    accepts(LeafType.DATE_TIME, "2026-11-21T10:15:30Z", "2026-11-21T10:15:30.123+01:00");
    refuses(LeafType.DATE_TIME, "yesterday", "2026-13-45T99:00:00Z", "2026-11-21T10:15:30", "");
  }

  @Test
  void textAndListsAreLeftToTheirOwnChecks() {
    accepts(LeafType.TEXT, "", "anything <at> all");
    accepts(LeafType.DOUBLE_LIST, "1 x 3");
    assertFalse(LeafType.TEXT.checked());
    assertFalse(LeafType.DOUBLE_LIST.checked());
  }

  @Test
  void base64IsCheckedAsItStreams() {
    assertTrue(base64(Base64.getMimeEncoder().encodeToString(new byte[100])));
    assertTrue(base64("AAAAAAAA+H8="));
    assertTrue(base64(""));
    assertFalse(base64("!!!!"));
    assertFalse(base64("AAA"));
    assertFalse(base64("A==="));
    assertFalse(base64("AA==AAAA"));
  }

  static boolean base64(String text) {
    Base64Text check = new Base64Text();
    char[] chars = text.toCharArray();
    // in two pieces, as a parser may deliver it
    int half = chars.length / 2;
    check.accept(chars, 0, half);
    check.accept(chars, half, chars.length - half);
    return check.valid();
  }
}
